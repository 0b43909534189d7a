#include "core/lists/word_list.h"

#include <map>
#include <random>
#include <set>

#include "absl/strings/str_cat.h"
#include "core/fill/solver.h"
#include "core/index/word_marks.h"
#include "core/lists/list_index_cache.h"
#include "core/text/profile.h"
#include "gtest/gtest.h"
#include "tests/testing/fill_reference.h"
#include "tests/testing/small_dictionary.h"

namespace xwdb {
namespace {

std::unique_ptr<Normalizer> English() {
  return std::move(*Normalizer::Create(*ProfileForLocale("en", ProfileOptions{})));
}

Alphabet Latin() { return *Alphabet::FromUtf8("ABCDEFGHIJKLMNOPQRSTUVWXYZ"); }

TEST(WordListTest, ReadsTheTradedFormatAndNamesEveryBadLine) {
  auto normalizer = English();
  const auto read = WordList::Read(
      "# my list\n"
      "ice cream;60;Frozen dessert\n"
      "   \n"
      "ONEWORD\n"
      "gnu;x\n"
      "nope;101\n"
      "r2d2;50\n"
      "  ;50\n"
      "etui;-1\n"
      "Oreo;70;Cookie; with cream\n"
      "oreo;75\n",
      "mine.txt", normalizer.get());
  EXPECT_EQ(read.problems, (std::vector<std::string>{
                               "mine.txt:4: no ';' between the answer and its score",
                               "mine.txt:5: score 'x': not a whole number",
                               "mine.txt:6: score 101: not 0 to 100 (or -1 to block)",
                               "mine.txt:7: answer 'r2d2': digit",
                               "mine.txt:8: answer '  ': empty",
                           }));
  ASSERT_EQ(read.list.size(), 3u);
  EXPECT_EQ(*read.list.Find("ICECREAM"), (WordListEntry{60, "Frozen dessert"}));
  EXPECT_TRUE(read.list.Find("ETUI")->blocked());
  EXPECT_EQ(*read.list.Find("OREO"), (WordListEntry{75, ""}));  // the later line wins
  EXPECT_EQ(read.list.Format(), "ETUI;-1\nICECREAM;60;Frozen dessert\nOREO;75\n");
}

TEST(WordListTest, FormatReadsBackAndTheDigestNamesTheContent) {
  auto normalizer = English();
  WordList a;
  a.Set("OREO", {70, "Cookie; with cream"});
  a.Set("ETUI", {WordListEntry::kBlocked, ""});
  const auto back = WordList::Read(a.Format(), "a", normalizer.get());
  EXPECT_TRUE(back.problems.empty());
  EXPECT_EQ(back.list, a);
  EXPECT_EQ(back.list.Digest(), a.Digest());
  EXPECT_EQ(a.Digest().size(), 64u);
  WordList b = a;
  b.Set("OREO", {71, "Cookie; with cream"});
  EXPECT_NE(b.Digest(), a.Digest());
  b.Set("OREO", {70, "Cookie; with cream"});
  EXPECT_EQ(b.Digest(), a.Digest());  // the same entries, however made
  // The SHA-256 of the canonical text (a fixed vector: another hash, or
  // another text, would change it).
  WordList one;
  one.Set("A", {1, ""});
  EXPECT_EQ(one.Format(), "A;1\n");
  EXPECT_EQ(one.Digest(), "48257e2dfc43e3e70ea4c40fa2da83f07c44eda5f69ca4a9c3647e5569fca791");
}

// A random base (scores, marks) and random lists over it.
struct Case {
  std::map<std::string, std::pair<uint8_t, uint8_t>> base;  // codes -> score, marks
  std::vector<WordList> lists;
};

Case RandomCase(std::mt19937& rng, int letters, int words, int max_length) {
  Case c;
  const Alphabet latin = Latin();
  auto random_word = [&] {
    std::string w(2 + rng() % (max_length - 1), '\0');
    for (char& ch : w) ch = static_cast<char>(1 + rng() % letters);
    return w;
  };
  for (int i = 0; i < words; ++i) {
    c.base[random_word()] = {static_cast<uint8_t>(rng() % 101),
                             static_cast<uint8_t>(rng() % 4 == 0 ? 1u << (rng() % MaskIndex::kMarkBits) : 0)};
  }
  std::vector<std::string> known;
  for (const auto& [w, sm] : c.base) known.push_back(w);
  const int list_count = 1 + static_cast<int>(rng() % 3);
  for (int l = 0; l < list_count; ++l) {
    WordList list;
    const int edits = static_cast<int>(rng() % (words / 2 + 2));
    for (int e = 0; e < edits; ++e) {
      const std::string codes = rng() % 2 ? known[rng() % known.size()] : random_word();
      WordListEntry entry{rng() % 3 == 0 ? WordListEntry::kBlocked : static_cast<int>(rng() % 101),
                          rng() % 2 ? "A clue" : ""};
      list.Set(latin.Decode(codes), entry);
    }
    c.lists.push_back(std::move(list));
  }
  return c;
}

// The reference: the edited word set built from scratch.
std::shared_ptr<const MaskIndex> Rebuilt(const Case& c) {
  const Alphabet latin = Latin();
  std::map<std::string, std::pair<uint8_t, uint8_t>> words = c.base;
  for (const WordList& list : c.lists) {
    for (const auto& [answer, entry] : list.entries()) {
      std::string codes;
      EXPECT_TRUE(latin.Encode(answer, &codes));
      if (entry.blocked()) {
        words.erase(codes);
      } else {
        const uint8_t marks = c.base.count(codes) ? c.base.at(codes).second & ~kMarkUnclued : 0;
        words[codes] = {static_cast<uint8_t>(entry.score), marks};
      }
    }
  }
  MaskIndex::Builder builder(latin);
  for (const auto& [codes, sm] : words) builder.Add(codes, sm.first, sm.second);
  return std::move(builder).Build();
}

std::shared_ptr<const MaskIndex> BaseOf(const Case& c) {
  MaskIndex::Builder builder(Latin());
  for (const auto& [codes, sm] : c.base) builder.Add(codes, sm.first, sm.second);
  return std::move(builder).Build();
}

std::vector<const WordList*> Pointers(const std::vector<WordList>& lists) {
  std::vector<const WordList*> out;
  for (const WordList& l : lists) out.push_back(&l);
  return out;
}

// Same words under the same ids, with the same scores and marks; the same
// answers to finds, score ranges, withheld sets and mask queries.
void ExpectSameIndex(const MaskIndex& got, const MaskIndex& want, std::mt19937& rng, int letters) {
  ASSERT_EQ(got.word_count(), want.word_count());
  ASSERT_EQ(got.max_length(), want.max_length());
  for (int length = 1; length <= 8; ++length) {
    ASSERT_EQ(got.word_count(length), want.word_count(length)) << "length " << length;
    for (uint32_t id = 0; id < want.word_count(length); ++id) {
      ASSERT_EQ(got.letters(length, id), want.letters(length, id)) << "length " << length << " id " << id;
      ASSERT_EQ(got.score(length, id), want.score(length, id));
      ASSERT_EQ(got.marks(length, id), want.marks(length, id));
      ASSERT_EQ(got.Find(want.letters(length, id)), id);
    }
    for (int s : {0, 1, 50, 99, 100}) EXPECT_EQ(got.ScoreEnd(length, s), want.ScoreEnd(length, s));
    for (uint8_t m = 1; m < (1u << MaskIndex::kMarkBits); ++m) {
      const uint64_t *g = got.Withheld(length, m), *w = want.Withheld(length, m);
      ASSERT_EQ(g == nullptr, w == nullptr);
      for (size_t b = 0; w != nullptr && b < want.blocks(length); ++b) ASSERT_EQ(g[b], w[b]);
    }
    for (int q = 0; q < 20 && want.word_count(length) > 0; ++q) {
      Mask mask(length, LetterSet::All(26));
      for (int p = 0; p < length; ++p) {
        if (rng() % 2) mask[p] = LetterSet::Of(static_cast<Letter>(1 + rng() % letters));
      }
      const MaskFilter filter{static_cast<int>(rng() % 60), {}, static_cast<uint8_t>(rng() % 4)};
      EXPECT_EQ(got.Count(mask, filter), want.Count(mask, filter));
      std::vector<std::string> g, w;
      got.ForEachMatch(mask, filter, [&](uint32_t id) { g.emplace_back(got.letters(length, id)); return true; });
      want.ForEachMatch(mask, filter, [&](uint32_t id) { w.emplace_back(want.letters(length, id)); return true; });
      EXPECT_EQ(g, w);
      const auto gp = got.Project(mask, filter), wp = want.Project(mask, filter);
      EXPECT_EQ(gp.count, wp.count);
      EXPECT_EQ(gp.letters, wp.letters);
    }
  }
}

TEST(ListIndexTest, AnEditedIndexIsTheIndexOfTheEditedWords) {
  std::mt19937 rng(3030);
  for (int round = 0; round < 200; ++round) {
    SCOPED_TRACE(absl::StrCat("round ", round));
    const int letters = 2 + static_cast<int>(rng() % 4);
    const Case c = RandomCase(rng, letters, 5 + static_cast<int>(rng() % 150), 7);
    const auto base = BaseOf(c);
    const auto pointers = Pointers(c.lists);
    const auto edited = MaskIndex::Edited(base, IndexEdits(*base, pointers));
    ExpectSameIndex(*edited, *Rebuilt(c), rng, letters);
    EXPECT_EQ(edited->base(), base);
    // The base is left as it was.
    ExpectSameIndex(*base, *BaseOf(c), rng, letters);
  }
}

// Each edit from the last version's index (`like`): the untouched lengths
// are shared with it, and the result is still the rebuilt one.
TEST(ListIndexTest, OneEditAtATimeSharesTheLengthsItLeavesAlone) {
  std::mt19937 rng(4040);
  const Alphabet latin = Latin();
  for (int round = 0; round < 20; ++round) {
    Case c = RandomCase(rng, 4, 200, 7);
    c.lists.resize(1);
    const auto base = BaseOf(c);
    std::shared_ptr<const MaskIndex> last;
    for (int step = 0; step < 15; ++step) {
      SCOPED_TRACE(absl::StrCat("round ", round, " step ", step));
      std::string codes(2 + rng() % 6, '\0');
      for (char& ch : codes) ch = static_cast<char>(1 + rng() % 4);
      const std::string answer = latin.Decode(codes);
      if (rng() % 4 == 0 && !c.lists[0].empty()) {
        c.lists[0].Remove(c.lists[0].entries().begin()->first);
      } else {
        c.lists[0].Set(answer, {rng() % 3 == 0 ? WordListEntry::kBlocked : static_cast<int>(rng() % 101), ""});
      }
      const auto pointers = Pointers(c.lists);
      auto next = MaskIndex::Edited(base, IndexEdits(*base, pointers), last.get());
      ExpectSameIndex(*next, *Rebuilt(c), rng, 4);
      if (last != nullptr) {
        int shared = 0;
        for (int length = 2; length <= 7; ++length) {
          // A length is shared with the last version only if it holds the same words.
          if (next->word_count(length) > 0 && next->letters(length, 0).data() == last->letters(length, 0).data()) {
            ++shared;
          }
        }
        EXPECT_GE(shared, 3);  // one edit touches one length (two with a removal)
      }
      last = next;
    }
  }
}

// Fills over a dictionary with lists are the fills over the dictionary
// rebuilt with the edits (the same seed gives the same fill), and agree
// with brute force over the edited words.
TEST(ListIndexTest, FillsWithListsAreFillsOfTheRebuiltDictionary) {
  std::mt19937 rng(5050);
  int filled = 0, impossible = 0;
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE(absl::StrCat("round ", round));
    Case c = RandomCase(rng, 3, 40 + static_cast<int>(rng() % 80), 4);
    for (auto& [w, sm] : c.base) sm.second = 0;
    const auto base = BaseOf(c);
    const auto pointers = Pointers(c.lists);
    const auto edited = MaskIndex::Edited(base, IndexEdits(*base, pointers));
    const auto rebuilt = Rebuilt(c);
    const Grid g = testing::TinyGrid(rng);
    FillOptions options;
    options.seed = round;
    options.withheld = 0;
    FillResult with_lists = (*Solver::Create(edited, g, options))->Solve();
    FillResult reference = (*Solver::Create(rebuilt, g, options))->Solve();
    ASSERT_EQ(with_lists.outcome, reference.outcome);
    std::set<std::string> words;
    for (int length = 1; length <= 4; ++length) {
      for (uint32_t id = 0; id < rebuilt->word_count(length); ++id) words.emplace(rebuilt->letters(length, id));
    }
    if (with_lists.outcome == FillOutcome::kFilled) {
      ++filled;
      EXPECT_EQ(with_lists.fills[0].grid.ToText(Latin()), reference.fills[0].grid.ToText(Latin()));
      EXPECT_EQ(testing::CheckFill(g, with_lists.fills[0].grid, words, 2, false), std::vector<std::string>{});
    } else {
      ++impossible;
      EXPECT_FALSE(testing::BruteForceFillExists(g, words, 2, false));
    }
  }
  EXPECT_GT(filled, 20);
  EXPECT_GT(impossible, 5);
}

TEST(ListIndexTest, ListCluesJoinTheConstructorsOwnLaterListsFirst) {
  WordList first, second;
  first.Set("OREO", {70, "Cookie"});
  first.Set("ETUI", {60, "Needle case"});
  second.Set("OREO", {80, "Black-and-white treat"});
  second.Set("ETUI", {WordListEntry::kBlocked, "Never"});
  OwnClues own;
  own[testing::Codes("OREO")] = {"Mine"};
  const std::vector<const WordList*> lists = {&first, &second};
  AddListClues(Latin(), lists, &own);
  EXPECT_EQ(own[testing::Codes("OREO")], (std::vector<std::string>{"Mine", "Black-and-white treat", "Cookie"}));
  EXPECT_EQ(own[testing::Codes("ETUI")], (std::vector<std::string>{"Needle case"}));
}

TEST(ListIndexCacheTest, ReusesAnIndexAndBuildsANewVersionFromTheLast) {
  std::mt19937 rng(6060);
  Case c = RandomCase(rng, 4, 300, 7);
  c.lists.resize(1);
  const auto base = BaseOf(c);
  ListIndexCache cache(size_t{64} << 20);
  auto get = [&] {
    const auto pointers = Pointers(c.lists);
    const std::vector<std::string> digests = {c.lists[0].Digest()};
    return cache.Get(base, pointers, digests, "me/mine");
  };
  EXPECT_EQ(cache.Get(base, {}, {}, "me"), base);
  const auto first = get();
  EXPECT_EQ(get(), first);  // a hit: the same index
  EXPECT_EQ(cache.stats().hits, 1u);
  EXPECT_EQ(cache.stats().builds, 1u);
  c.lists[0].Set("ABCDABC", {90, ""});  // a 7-letter word
  const auto second = get();
  EXPECT_NE(second, first);
  ExpectSameIndex(*second, *Rebuilt(c), rng, 4);
  for (int length = 2; length <= 6; ++length) {
    if (first->word_count(length) > 0) {
      EXPECT_EQ(second->letters(length, 0).data(), first->letters(length, 0).data());
    }
  }
  EXPECT_EQ(cache.stats().builds, 2u);
  cache.Clear();
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_NE(get(), second);  // built again after Clear
}

TEST(ListIndexCacheTest, EvictsTheLeastRecentPastItsBudget) {
  std::mt19937 rng(7070);
  Case c = RandomCase(rng, 4, 300, 7);
  const auto base = BaseOf(c);
  ListIndexCache cache(1);  // room for the latest only
  std::vector<WordList> lists(3);
  for (int i = 0; i < 3; ++i) lists[i].Set(absl::StrCat("AB", std::string(i + 1, 'C')), {50, ""});
  for (int i = 0; i < 3; ++i) {
    const WordList* one[] = {&lists[i]};
    const std::string digest[] = {lists[i].Digest()};
    cache.Get(base, one, digest, absl::StrCat("list", i));
  }
  EXPECT_EQ(cache.stats().entries, 1u);
}

}  // namespace
}  // namespace xwdb
