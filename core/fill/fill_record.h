// The Fill a caller sees, built from a Domains and the words chosen for its
// variables: the grid with the words written in, each slot with its
// number, word and score (given entries locked, unselected ones open), and
// the lowest and mean scores. Every member of the portfolio (the CP search,
// the SAT member) reports its fills this way.
#ifndef XWDB_CORE_FILL_FILL_RECORD_H_
#define XWDB_CORE_FILL_FILL_RECORD_H_

#include <vector>

#include "core/fill/domains.h"
#include "core/fill/fill_result.h"

namespace xwdb {

// words[x]: the word id of variable x, or -1 for a variable left open (not
// selected). REQUIRES: words.size() == d.var_count(); every chosen word is
// of its variable's length. `seconds`: since the search began.
Fill MakeFill(const Domains& d, const std::vector<int>& words, double seconds);

}  // namespace xwdb

#endif  // XWDB_CORE_FILL_FILL_RECORD_H_
