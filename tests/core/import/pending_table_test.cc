#include "core/import/pending_table.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/base/byte_arena.h"

namespace xwdb {
namespace {

struct Counted {
  absl::string_view key;  // in the test's arena
  int count = 0;
  absl::string_view Key() const { return key; }
};

// Against a std::map as the reference: the same keys found, counts kept,
// the order first seen.
TEST(PendingTableTest, AgreesWithAMapAndKeepsTheOrderFirstSeen) {
  ByteArena arena;
  PendingTable<Counted> table;
  table.Reserve(1000);  // fewer than are added: growing past it must work too
  std::map<std::string, int> reference;
  std::vector<std::string> first_seen;
  std::mt19937 rng(11);
  for (int step = 0; step < 50000; ++step) {
    std::string key(1 + rng() % 4, 'a');
    for (char& c : key) c = static_cast<char>('a' + rng() % 6);
    ++reference[key];
    if (Counted* c = table.Find(key)) {
      ++c->count;
      continue;
    }
    first_seen.push_back(key);
    table.Add(Counted{arena.Copy(key), 1});
  }
  ASSERT_EQ(table.size(), reference.size());
  for (size_t i = 0; i < first_seen.size(); ++i) EXPECT_EQ(table.records()[i].key, first_seen[i]);
  for (const auto& [key, count] : reference) {
    const Counted* c = table.Find(key);
    ASSERT_NE(c, nullptr) << key;
    EXPECT_EQ(c->count, count) << key;
  }
  EXPECT_FALSE(table.Contains("zzzzz"));
}

}  // namespace
}  // namespace xwdb
