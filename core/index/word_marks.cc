#include "core/index/word_marks.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/index/mask_index.h"
#include "core/store/word_flags.h"

namespace xwdb {

absl::StatusOr<uint8_t> ParseAllowedMarks(const std::vector<std::string>& names) {
  uint8_t marks = 0;
  for (const std::string& list : names) {
    for (absl::string_view name : absl::StrSplit(list, ',', absl::SkipWhitespace())) {
      name = absl::StripAsciiWhitespace(name);
      if (absl::EqualsIgnoreCase(name, "unclued")) {
        marks |= kMarkUnclued;
        continue;
      }
      absl::StatusOr<uint8_t> kind = ParseFlagKind(name);
      if (!kind.ok()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "unknown '", name, "': expected vulgar, slur, insult, sensitive, offensive (all four) or unclued"));
      }
      marks |= MarksOfWordFlags(*kind);
    }
  }
  return marks;
}

std::vector<std::string> MarkNames(uint8_t marks) {
  std::vector<std::string> names = FlagKindNames(WordFlagsOfMarks(marks));
  if (marks & kMarkUnclued) names.emplace_back("unclued");
  return names;
}

std::vector<std::string> OffenseNames(const MaskIndex& index, absl::string_view codes) {
  const auto id = index.Find(codes);
  if (!id) return {};
  return MarkNames(index.marks(static_cast<int>(codes.size()), *id) & kMarkOffensive);
}

}  // namespace xwdb
