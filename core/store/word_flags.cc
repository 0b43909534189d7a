#include "core/store/word_flags.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "core/store/schema.h"

namespace xwdb {
namespace {

constexpr std::pair<const char*, uint8_t> kKinds[] = {
    {"vulgar", schema::kFlagVulgar},
    {"slur", schema::kFlagSlur},
    {"insult", schema::kFlagInsult},
    {"sensitive", schema::kFlagSensitive},
};

}  // namespace

absl::StatusOr<uint8_t> ParseFlagKind(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(absl::StripAsciiWhitespace(name));
  if (lower == "offensive") return schema::kOffensiveFlags;
  for (const auto& [kind, bit] : kKinds) {
    if (lower == kind) return bit;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown kind '", name, "': expected vulgar, slur, insult, sensitive or offensive (all four)"));
}

absl::StatusOr<uint8_t> ParseFlagKinds(absl::string_view list) {
  uint8_t flags = 0;
  if (absl::StripAsciiWhitespace(list).empty()) return flags;
  for (absl::string_view name : absl::StrSplit(list, ',')) {
    absl::StatusOr<uint8_t> bit = ParseFlagKind(name);
    if (!bit.ok()) return bit.status();
    flags |= *bit;
  }
  return flags;
}

std::vector<std::string> FlagKindNames(uint8_t flags) {
  std::vector<std::string> names;
  for (const auto& [kind, bit] : kKinds) {
    if (flags & bit) names.emplace_back(kind);
  }
  return names;
}

std::string FlagKindList(uint8_t flags) { return absl::StrJoin(FlagKindNames(flags), ","); }

}  // namespace xwdb
