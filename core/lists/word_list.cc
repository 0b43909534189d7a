#include "core/lists/word_list.h"

#include <openssl/evp.h>

#include <algorithm>
#include <charconv>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/base/list_lines.h"
#include "core/index/word_marks.h"
#include "core/text/alphabet.h"

namespace xwdb {

absl::Status WordList::Normalize(Normalizer* normalizer, std::string* answer, WordListEntry* entry) {
  if (!IsValidUtf8(*answer)) return absl::InvalidArgumentError("answer: not UTF-8");
  std::string codes;
  if (TextVerdict v = normalizer->NormalizeAnswer(*answer, &codes); v != TextVerdict::kOk) {
    return absl::InvalidArgumentError(absl::StrCat("answer '", *answer, "': ", TextVerdictName(v)));
  }
  if (codes.size() > static_cast<size_t>(MaskIndex::kMaxLength)) {
    return absl::InvalidArgumentError(
        absl::StrCat("answer '", *answer, "': over ", MaskIndex::kMaxLength, " letters"));
  }
  if (entry->score != WordListEntry::kBlocked && (entry->score < 0 || entry->score > kMaxScore)) {
    return absl::InvalidArgumentError(
        absl::StrCat("score ", entry->score, ": not 0 to ", kMaxScore, " (or -1 to block)"));
  }
  if (!entry->clue.empty()) {
    if (!IsValidUtf8(entry->clue)) return absl::InvalidArgumentError("clue: not UTF-8");
    std::string clue;
    if (TextVerdict v = normalizer->NormalizeClue(entry->clue, &clue); v == TextVerdict::kEmpty) {
      clue.clear();
    } else if (v != TextVerdict::kOk) {
      return absl::InvalidArgumentError(absl::StrCat("clue: ", TextVerdictName(v)));
    }
    entry->clue = std::move(clue);
  }
  *answer = normalizer->alphabet().Decode(codes);
  return absl::OkStatus();
}

WordList::ReadResult WordList::Read(absl::string_view text, absl::string_view file_name, Normalizer* normalizer) {
  ReadResult out;
  ForEachListLine(text, file_name, [&](absl::string_view line, const std::string& where) {
    const size_t semicolon = line.find(';');
    if (semicolon == absl::string_view::npos) {
      out.problems.push_back(absl::StrCat(where, "no ';' between the answer and its score"));
      return;
    }
    std::string answer(line.substr(0, semicolon));
    absl::string_view rest = line.substr(semicolon + 1);
    const size_t second = rest.find(';');
    const absl::string_view score_text = absl::StripAsciiWhitespace(rest.substr(0, second));
    WordListEntry entry;
    int score = 0;
    const auto [end, error] = std::from_chars(score_text.data(), score_text.data() + score_text.size(), score);
    if (error != std::errc() || end != score_text.data() + score_text.size()) {
      out.problems.push_back(absl::StrCat(where, "score '", score_text, "': not a whole number"));
      return;
    }
    entry.score = score < 0 ? WordListEntry::kBlocked : score;
    if (second != absl::string_view::npos) entry.clue = std::string(rest.substr(second + 1));
    if (absl::Status s = Normalize(normalizer, &answer, &entry); !s.ok()) {
      out.problems.push_back(absl::StrCat(where, s.message()));
      return;
    }
    out.list.Set(answer, std::move(entry));
  });
  return out;
}

absl::StatusOr<WordList> WordList::Parse(absl::string_view canonical) {
  WordList list;
  size_t line_number = 0;
  for (absl::string_view line : absl::StrSplit(canonical, '\n', absl::SkipEmpty())) {
    ++line_number;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, absl::MaxSplits(';', 2));
    int score = 0;
    if (fields.size() < 2 || fields[0].empty() || !IsValidUtf8(line) ||
        std::from_chars(fields[1].data(), fields[1].data() + fields[1].size(), score).ptr !=
            fields[1].data() + fields[1].size() ||
        score < WordListEntry::kBlocked || score > kMaxScore) {
      return absl::DataLossError(absl::StrCat("line ", line_number, ": not ANSWER;SCORE[;CLUE]"));
    }
    list.Set(std::string(fields[0]), WordListEntry{score, fields.size() > 2 ? std::string(fields[2]) : ""});
  }
  return list;
}

const WordListEntry* WordList::Find(const std::string& answer) const {
  auto it = entries_.find(answer);
  return it == entries_.end() ? nullptr : &it->second;
}

std::string WordList::Format() const {
  std::string text;
  for (const auto& [answer, entry] : entries_) {
    absl::StrAppend(&text, answer, ";", entry.score);
    if (!entry.clue.empty()) absl::StrAppend(&text, ";", entry.clue);
    text += '\n';
  }
  return text;
}

std::vector<WordList::Change> WordList::Diff(const WordList& before, const WordList& after) {
  std::vector<Change> changes;
  auto b = before.entries_.begin(), a = after.entries_.begin();
  while (b != before.entries_.end() || a != after.entries_.end()) {
    if (a == after.entries_.end() || (b != before.entries_.end() && b->first < a->first)) {
      changes.push_back(Change{b->first, std::nullopt});
      ++b;
    } else if (b == before.entries_.end() || a->first < b->first) {
      changes.push_back(Change{a->first, a->second});
      ++a;
    } else {
      if (!(a->second == b->second)) changes.push_back(Change{a->first, a->second});
      ++a;
      ++b;
    }
  }
  return changes;
}

std::string WordList::Digest() const {
  const std::string text = Format();
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr);
  return absl::BytesToHexString(absl::string_view(reinterpret_cast<const char*>(digest), size));
}

namespace {

// The lists' entries merged, a later list's winning, by letter codes.
std::map<std::string, const WordListEntry*> Merged(const Alphabet& alphabet, absl::Span<const WordList* const> lists) {
  std::map<std::string, const WordListEntry*> merged;
  std::string codes;
  for (const WordList* list : lists) {
    for (const auto& [answer, entry] : list->entries()) {
      if (!alphabet.Encode(answer, &codes) || codes.empty()) continue;
      merged[codes] = &entry;
    }
  }
  return merged;
}

}  // namespace

std::vector<MaskIndex::WordEdit> IndexEdits(const MaskIndex& base, absl::Span<const WordList* const> lists) {
  std::vector<MaskIndex::WordEdit> edits;
  for (const auto& [codes, entry] : Merged(base.alphabet(), lists)) {
    MaskIndex::WordEdit edit{codes, entry->blocked(), 0, 0};
    if (!edit.remove) {
      edit.score = static_cast<uint8_t>(entry->score);
      if (std::optional<uint32_t> id = base.Find(codes)) {
        edit.marks = base.marks(static_cast<int>(codes.size()), *id) & ~kMarkUnclued;
      }
    }
    edits.push_back(std::move(edit));
  }
  return edits;
}

void AddListClues(const Alphabet& alphabet, absl::Span<const WordList* const> lists, OwnClues* own) {
  std::string codes;
  for (auto it = lists.rbegin(); it != lists.rend(); ++it) {
    for (const auto& [answer, entry] : (*it)->entries()) {
      if (entry.blocked() || entry.clue.empty() || !alphabet.Encode(answer, &codes) || codes.empty()) continue;
      std::vector<std::string>& clues = (*own)[codes];
      if (std::find(clues.begin(), clues.end(), entry.clue) == clues.end()) clues.push_back(entry.clue);
    }
  }
}

}  // namespace xwdb
