#include "core/fill/shared_learning.h"

namespace xwdb {

SharedLearning::SharedLearning(int var_count) : weights_(var_count, 1.0) {}

void SharedLearning::Exchange(Member* member, std::vector<Word>* words, std::vector<Nogood>* nogoods,
                              std::vector<double>* weights) {
  std::lock_guard<std::mutex> lock(mu_);
  for (Word& w : *words) words_.push_back({member->id, w});
  for (Nogood& n : *nogoods) {
    if (n.size() <= kMaxSharedNogoodLength) nogoods_.push_back({member->id, std::move(n)});
  }
  words->clear();
  nogoods->clear();
  for (; member->words_read < words_.size(); ++member->words_read) {
    const auto& [from, w] = words_[member->words_read];
    if (from != member->id) words->push_back(w);
  }
  for (; member->nogoods_read < nogoods_.size(); ++member->nogoods_read) {
    const auto& [from, n] = nogoods_[member->nogoods_read];
    if (from != member->id) nogoods->push_back(n);
  }
  // The weights: this member's gains since it last took the sum, added to
  // the sum, which it takes.
  if (member->weights_taken.empty()) member->weights_taken.assign(weights_.size(), 1.0);
  for (size_t x = 0; x < weights_.size() && x < weights->size(); ++x) {
    weights_[x] += (*weights)[x] - member->weights_taken[x];
    (*weights)[x] = weights_[x];
    member->weights_taken[x] = weights_[x];
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
