// Reader for a WordNet 3.0 dict directory (Debian: /usr/share/wordnet).
//
// Reads data.noun, data.verb, data.adj and data.adv. Each synset line gives
// its lemmas and a gloss; every lemma becomes an entry (underscores are
// spaces: ice_cream -> "ice cream"; adjective markers such as "(a)" are
// removed) and gets the synset's clue: the first ';'-separated clause of the
// gloss that is not a quoted example, with its first letter capitalized.
// The license header lines (starting with two spaces) are skipped as blank.
#ifndef XWDB_CORE_IMPORT_WORDNET_READER_H_
#define XWDB_CORE_IMPORT_WORDNET_READER_H_

#include <string>

#include "absl/status/status.h"
#include "core/import/input_text.h"
#include "core/import/record.h"

namespace xwdb {

absl::Status ReadWordNet(const std::string& dir, RecordSink* sink);

// Parses one data-file line into its lemmas and clue; false if it is not a
// synset line. Exposed for tests.
bool ParseWordNetLine(absl::string_view line, std::vector<std::string>* lemmas, std::string* clue);

}  // namespace xwdb

#endif  // XWDB_CORE_IMPORT_WORDNET_READER_H_
