#include "core/fill/shared_learning.h"

namespace xwdb {

void SharedLearning::Exchange(Member* member, std::vector<Word>* words, std::vector<Nogood>* nogoods) {
  std::lock_guard<std::mutex> lock(mu_);
  SwapWords(member, words);
  for (Nogood& n : *nogoods) {
    if (n.size() <= kMaxSharedNogoodLength) nogoods_.push_back({member->id, std::move(n)});
  }
  nogoods->clear();
  for (; member->nogoods_read < nogoods_.size(); ++member->nogoods_read) {
    const auto& [from, n] = nogoods_[member->nogoods_read];
    if (from != member->id) nogoods->push_back(n);
  }
}

void SharedLearning::ExchangeWords(Member* member, std::vector<Word>* words) {
  std::lock_guard<std::mutex> lock(mu_);
  SwapWords(member, words);
}

void SharedLearning::SwapWords(Member* member, std::vector<Word>* words) {
  for (Word& w : *words) words_.push_back({member->id, w});
  word_count_.store(words_.size(), std::memory_order_release);
  words->clear();
  for (; member->words_read < words_.size(); ++member->words_read) {
    const auto& [from, w] = words_[member->words_read];
    if (from != member->id) words->push_back(w);
  }
}

std::vector<SharedLearning::Word> SharedLearning::words() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<Word> out;
  for (const auto& [member, w] : words_) out.push_back(w);
  return out;
}

std::vector<SharedLearning::Nogood> SharedLearning::nogoods() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<Nogood> out;
  for (const auto& [member, n] : nogoods_) out.push_back(n);
  return out;
}

}  // namespace xwdb
