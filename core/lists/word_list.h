// WordList: a constructor's edits of a dictionary ("never give me this
// word", "I like this one", "add my theme entry"), applied over it at query
// time without touching the dictionary.
//
// A list is a set of entries, one per answer: the answer with a score
// (0..100) and optionally a clue, or the answer blocked. Over a dictionary,
// a scored entry adds the word or gives it that score, a blocked one
// removes it; several lists apply in order, a later list's entry of a word
// winning. Undoing an edit is removing the entry (the word is the
// dictionary's again).
//
// The file (the `word;score` format constructors trade): one
// `ANSWER;SCORE` or `ANSWER;SCORE;CLUE` a line, `#` comments and blank
// lines skipped; a negative score (written `-1`) blocks. Answers are
// normalized like the dictionary's (`ice cream` is ICECREAM).
//
// A list's identity is the SHA-256 of its canonical text (Format(): the
// entries in answer order): two lists with the same entries have the same
// digest wherever they were made, which is what lets a client name a list
// by its digest to any replica (docs/word_lists.md).
//
// Thread safety: a const WordList may be shared; editing is not
// thread-safe.
#ifndef XWDB_CORE_LISTS_WORD_LIST_H_
#define XWDB_CORE_LISTS_WORD_LIST_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "core/clue/clue_picker.h"
#include "core/index/mask_index.h"
#include "core/text/normalizer.h"

namespace xwdb {

struct WordListEntry {
  static constexpr int kBlocked = -1;
  int score = 50;    // 0..100, or kBlocked
  std::string clue;  // may be empty
  bool blocked() const { return score == kBlocked; }
  friend bool operator==(const WordListEntry&, const WordListEntry&) = default;
};

class WordList {
 public:
  static constexpr int kMaxScore = 100;

  // Normalized answer (UTF-8 letters of the alphabet, ICECREAM) -> entry.
  using Entries = std::map<std::string, WordListEntry>;

  // A list read from a file's text: the entries of its good lines, and one
  // problem per bad line ("FILE:LINE: what is wrong"); the other lines
  // still go in. A later line of the same answer replaces an earlier one.
  struct ReadResult;
  static ReadResult Read(absl::string_view text, absl::string_view file_name, Normalizer* normalizer);

  // The list of a canonical text (Format()) as kept: answers taken as
  // they are. Fails naming the first line that is not `ANSWER;SCORE[;CLUE]`
  // with a score of -1 or 0..100 (a damaged record).
  static absl::StatusOr<WordList> Parse(absl::string_view canonical);

  // Checks and normalizes one entry's answer (`*answer` becomes its
  // normalized letters) and its clue (stored as the dictionary stores
  // clues); fails naming the field ("answer: ...", "score: ...",
  // "clue: ...").
  static absl::Status Normalize(Normalizer* normalizer, std::string* answer, WordListEntry* entry);

  // Sets the entry of a normalized answer (adds, rescores, blocks).
  void Set(const std::string& answer, WordListEntry entry) { entries_[answer] = std::move(entry); }
  // Removes an answer's entry (undo); false if it had none.
  bool Remove(const std::string& answer) { return entries_.erase(answer) > 0; }
  const WordListEntry* Find(const std::string& answer) const;
  const Entries& entries() const { return entries_; }
  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // The canonical text: the file format, entries in answer order, blocked
  // ones as `ANSWER;-1`. Read(Format()) gives the same list.
  std::string Format() const;

  // What turns one version of a list into another: an answer's new entry,
  // or none (its entry removed).
  struct Change {
    std::string answer;
    std::optional<WordListEntry> entry;
    friend bool operator==(const Change&, const Change&) = default;
  };
  // The changes from `before` to `after`, in answer order. Linear in the
  // lists' sizes.
  static std::vector<Change> Diff(const WordList& before, const WordList& after);
  // The SHA-256 of Format(), 64 lower-case hex digits.
  std::string Digest() const;

  friend bool operator==(const WordList&, const WordList&) = default;

 private:
  Entries entries_;
};

struct WordList::ReadResult {
  WordList list;
  std::vector<std::string> problems;
};

// What `lists`, applied in order, make of `base`'s words, as edits for
// MaskIndex::Edited(): a blocked word is removed; a scored one takes that
// score, and the dictionary's offense marks if it has any (a constructor
// allows a kind by request, as for any word), but never the mark of a word
// without a printable clue (the constructor asked for it and clues it).
// Answers outside base's alphabet are skipped.
std::vector<MaskIndex::WordEdit> IndexEdits(const MaskIndex& base, absl::Span<const WordList* const> lists);

// Adds the clues of `lists`' scored entries to `own` (after the clues it
// holds; a later list's first): what a clue look-up offers as the
// constructor's own.
void AddListClues(const Alphabet& alphabet, absl::Span<const WordList* const> lists, OwnClues* own);

}  // namespace xwdb

#endif  // XWDB_CORE_LISTS_WORD_LIST_H_
