// SharedLearning: what the search members of a portfolio tell each other.
//
// Every member searches the same grid under the same rules (only their
// seeds and restart schedules differ), so their variables are numbered
// alike and what one proves holds for all:
//   - words proven out of a slot (refuted with no decision in the reason):
//     every member drops them at its next restart;
//   - short nogoods (a few assignments that no fill makes together): every
//     member adds them to its store at its next restart.
// Members exchange at their restarts (the root, nothing assigned), and
// words also between a run's first decisions (each one refuted there is a
// word proven out): the hot path below them never takes the lock. The
// slots' weights (dom/wdeg) are not shared: summed over the members they
// made the members search alike, and on the academic grids that took back most of what two members
// gain (bench/run-thread-scaling.sh: the median time at 2 threads against
// 1 was 0.98 with the weights shared, 0.66 without).
//
// Thread safety: every method may be called from any member's thread.
#ifndef XWDB_CORE_FILL_SHARED_LEARNING_H_
#define XWDB_CORE_FILL_SHARED_LEARNING_H_

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "core/fill/nogood_store.h"

namespace xwdb {

class SharedLearning {
 public:
  // Nogoods longer than this stay with the member that learned them: a long
  // one seldom acts, and each costs every member its watches.
  static constexpr size_t kMaxSharedNogoodLength = 3;

  using Word = std::pair<int, uint32_t>;  // (variable, word id)
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

  // Words alone, between two of a run's first decisions (the run's own
  // level: every word removed there is proven out, with no decision behind
  // it): publishes `words` (emptied) and fills it with the other members'
  // words published since `member` last read them. The nogoods wait for the
  // next Exchange.
  void ExchangeWords(Member* member, std::vector<Word>* words);

  // Everything published so far (tests check each against a search).
  std::vector<Word> words() const;
  std::vector<Nogood> nogoods() const;

 private:
  // Publishes `*words` as member's and replaces them with the other
  // members' unread ones. REQUIRES: mu_ held.
  void SwapWords(Member* member, std::vector<Word>* words);

  mutable std::mutex mu_;
  std::vector<std::pair<int, Word>> words_;      // (member, word)
  std::vector<std::pair<int, Nogood>> nogoods_;  // (member, nogood)
};

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_SHARED_LEARNING_H_
