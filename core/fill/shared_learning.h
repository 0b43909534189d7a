// SharedLearning: what the search members of a portfolio tell each other.
//
// Every member searches the same grid under the same rules (only their
// seeds and restart schedules differ), so their variables are numbered
// alike and what one proves holds for all:
//   - words proven out of a slot (refuted with no decision in the reason;
//     a pattern: every word of the slot with some letters there): every
//     member drops them at once (where it is in its search, and again at
//     its run's level and its restarts);
//   - short nogoods (a few assignments that no fill makes together): every
//     member adds them to its store at its next restart.
// Members exchange everything at their restarts (the root, nothing
// assigned), and words also at any node of a run, as soon as another has
// published some (a look without the lock says whether there are any, so
// the hot path takes the lock only when there is something to take). The
// slots' weights (dom/wdeg) are not shared: summed over the members they
// made the members search alike, and on the academic grids that took back
// most of what two members gain (bench/run-thread-scaling.sh: the median
// time at 2 threads against 1 was 0.98 with the weights shared, 0.66
// without).
//
// Thread safety: every method may be called from any member's thread.
#ifndef XWDB_CORE_FILL_SHARED_LEARNING_H_
#define XWDB_CORE_FILL_SHARED_LEARNING_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "core/fill/nogood_store.h"
#include "core/fill/word_pattern.h"

namespace xwdb {

class SharedLearning {
 public:
  // Nogoods longer than this stay with the member that learned them: a long
  // one seldom acts, and each costs every member its watches.
  static constexpr size_t kMaxSharedNogoodLength = 3;

  using Word = WordPattern;  // the words of a pattern, out of its variable
  using Nogood = std::vector<NogoodStore::Literal>;

  // What a member has read so far.
  struct Member {
    int id = 0;
    size_t words_read = 0;
    size_t nogoods_read = 0;
  };

  // One exchange of `member`'s: publishes `words` and `nogoods` (which it
  // learned since its last exchange; both are emptied), and fills them
  // with what the other members published since then.
  void Exchange(Member* member, std::vector<Word>* words, std::vector<Nogood>* nogoods);

  // Words alone, at any node of a run (a word proven out holds in every
  // branch): publishes `words` (emptied) and fills it with the other
  // members' words published since `member` last read them. The nogoods
  // wait for the next Exchange.
  void ExchangeWords(Member* member, std::vector<Word>* words);

  // Whether some member published words that `member` has not read: a
  // look without the lock, so that a member deep in its search can ask at
  // every node (a stale answer only delays the words to a later node).
  bool HasUnread(const Member& member) const {
    return word_count_.load(std::memory_order_acquire) > member.words_read;
  }

  // Everything published so far (tests check each against a search).
  std::vector<Word> words() const;
  std::vector<Nogood> nogoods() const;

 private:
  // Publishes `*words` as member's and replaces them with the other
  // members' unread ones. REQUIRES: mu_ held.
  void SwapWords(Member* member, std::vector<Word>* words);

  mutable std::mutex mu_;
  std::vector<std::pair<int, Word>> words_;      // (member, word)
  std::atomic<size_t> word_count_{0};            // words_.size(), for HasUnread
  std::vector<std::pair<int, Nogood>> nogoods_;  // (member, nogood)
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SHARED_LEARNING_H_
