// The kinds of flagged entries (schema::kFlagVulgar ...) by name, as the
// faces spell them: `xwdb match --allow vulgar`, a flags list's lines,
// JSON's "flags": ["slur"].
#ifndef XWDB_CORE_STORE_WORD_FLAGS_H_
#define XWDB_CORE_STORE_WORD_FLAGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace xwdb {

// "vulgar", "slur", "insult", "sensitive"; "offensive" is all four.
// Returns the schema::WordFlag bits of one name; fails naming the valid ones.
absl::StatusOr<uint8_t> ParseFlagKind(absl::string_view name);
// A list separated by commas (spaces around names ignored, case ignored);
// an empty list is no kind. Fails on the first unknown name.
absl::StatusOr<uint8_t> ParseFlagKinds(absl::string_view list);
// The names of the kinds among `flags`, in the order above.
std::vector<std::string> FlagKindNames(uint8_t flags);
// The same, joined with ","; empty if none.
std::string FlagKindList(uint8_t flags);

}  // namespace xwdb

#endif  // XWDB_CORE_STORE_WORD_FLAGS_H_
