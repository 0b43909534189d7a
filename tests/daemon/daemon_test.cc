// xwdbd end to end: a real daemon process on 127.0.0.1 (port chosen at run
// time), real RocksDB dictionaries built by the real `xwdb import`, called
// through XwdbClient.
#include <signal.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <set>
#include <thread>

#include "absl/strings/str_cat.h"
#include "client/xwdb_client.h"
#include "gtest/gtest.h"
#include "tests/testing/daemon_process.h"
#include "tests/testing/small_dictionary.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

namespace v1 = ::xwdb::v1;
using client::ClientOptions;
using client::XwdbClient;
using testing::DaemonProcess;
using Clock = std::chrono::steady_clock;

const char kXwdb[] = XWDB_BINARY_DIR "/tools/xwdb";
const char kXwdbd[] = XWDB_BINARY_DIR "/daemon/xwdbd";

double SecondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Two dictionaries: "small" (a few scored words with clues) and "hard"
// (random 10-letter words over A-E: a 10x10 open grid keeps a search busy
// for as long as it is allowed).
class DaemonTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir;
    testing::WriteFile(dir_->Sub("small.txt"),
                       "cat;60\ncot;80\nare;50\nten;40\nace;70\ntoe;30\nate;20\neon;90\ncut;65\n");
    testing::WriteFile(dir_->Sub("clues.txt"), "CAT|Feline friend\nCAT|Tom, for one\nTEN|Decade's years\n");
    ASSERT_EQ(testing::RunProgram({kXwdb, "import", "--db", Small(), "--format", "scored", dir_->Sub("small.txt")},
                                  dir_->Sub("import1.log")), 0);
    ASSERT_EQ(testing::RunProgram({kXwdb, "import", "--db", Small(), "--format", "pipe", dir_->Sub("clues.txt")},
                                  dir_->Sub("import2.log")), 0);
    testing::WriteFile(dir_->Sub("hard.txt"), testing::RandomWordList(20000, 10, 5, 3));
    ASSERT_EQ(testing::RunProgram({kXwdb, "import", "--db", dir_->Sub("hard.db"), "--format", "plain",
                                   dir_->Sub("hard.txt")}, dir_->Sub("import3.log")), 0);
  }
  static void TearDownTestSuite() { delete dir_; }
  static std::string Small() { return dir_->Sub("small.db"); }

  std::unique_ptr<DaemonProcess> Start(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"--db", "small=" + Small(), "--db", "hard=" + dir_->Sub("hard.db")};
    args.insert(args.end(), extra.begin(), extra.end());
    auto d = std::make_unique<DaemonProcess>(kXwdbd, dir_->path(), args);
    EXPECT_TRUE(d->ok()) << d->log();
    return d;
  }
  static std::unique_ptr<XwdbClient> Connect(const DaemonProcess& d, const std::string& token = "") {
    ClientOptions o;
    o.address = d.address();
    o.token = token;
    return std::move(*XwdbClient::Connect(o));
  }
  static v1::FillRequest HardFill(double timeout_seconds) {
    v1::FillRequest r;
    r.set_dictionary("hard");
    for (int i = 0; i < 10; ++i) r.add_rows("..........");
    r.mutable_options()->set_timeout_seconds(timeout_seconds);
    return r;
  }
  static v1::FillRequest SmallFill() {
    v1::FillRequest r;
    r.set_dictionary("small");
    for (const char* row : {"c..", "...", "..n"}) r.add_rows(row);
    r.mutable_options()->set_allow_duplicates(true);
    // Most of "small"'s words have no clue: a fill allowed them.
    r.mutable_options()->add_allow("unclued");
    return r;
  }

  // A small fill gets a place in the pool within `seconds` (it is refused
  // with RESOURCE_EXHAUSTED while an earlier fill still holds the place).
  static ::testing::AssertionResult PoolFreeWithin(XwdbClient& c, double seconds) {
    const auto start = Clock::now();
    for (;;) {
      auto small = c.Fill(SmallFill());
      if (small.ok()) return ::testing::AssertionSuccess();
      if (small.status().code() != absl::StatusCode::kResourceExhausted) {
        return ::testing::AssertionFailure() << small.status();
      }
      if (SecondsSince(start) > seconds) {
        return ::testing::AssertionFailure() << "still holds the pool after " << seconds << " s";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  static testing::TempDir* dir_;
};

testing::TempDir* DaemonTest::dir_ = nullptr;

TEST_F(DaemonTest, ServesDictionariesMatchesFillsAndClues) {
  auto d = Start();
  auto c = Connect(*d);
  auto dicts = c->ListDictionaries();
  ASSERT_TRUE(dicts.ok()) << dicts.status();
  ASSERT_EQ(dicts->dictionaries_size(), 2);
  EXPECT_EQ(dicts->dictionaries(0).name(), "small");
  EXPECT_EQ(dicts->dictionaries(0).word_count(), 9u);
  EXPECT_EQ(dicts->dictionaries(0).clue_count(), 3u);
  EXPECT_EQ(dicts->dictionaries(0).locale(), "en");
  EXPECT_EQ(dicts->dictionaries(0).generation(), 2u);

  v1::MatchRequest m;
  m.set_pattern("c.t");  // the default dictionary: small
  auto match = c->Match(m);
  ASSERT_TRUE(match.ok()) << match.status();
  ASSERT_EQ(match->words_size(), 3);
  EXPECT_EQ(match->words(0).word(), "COT");  // best first
  EXPECT_EQ(match->words(0).score(), 80);
  EXPECT_EQ(match->total(), 3u);
  m.add_exclude("cot");
  m.set_letter_sets(true);
  match = c->Match(m);
  ASSERT_TRUE(match.ok());
  EXPECT_EQ(match->total(), 2u);
  ASSERT_EQ(match->letters_size(), 3);
  EXPECT_EQ(match->letters(1), "AU");
  m.set_pattern("*e");
  m.set_letter_sets(false);
  m.set_count_only(true);
  match = c->Match(m);
  ASSERT_TRUE(match.ok());
  EXPECT_EQ(match->total(), 4u);  // ARE ACE TOE ATE
  EXPECT_EQ(match->words_size(), 0);

  std::vector<v1::FillProgress> progress;
  auto fill = c->Fill(SmallFill(), [&](const v1::FillProgress& p) { progress.push_back(p); });
  ASSERT_TRUE(fill.ok()) << fill.status();
  EXPECT_EQ(fill->outcome(), v1::FILLED);
  EXPECT_EQ(fill->settled_by(), "search");
  ASSERT_EQ(fill->fills_size(), 1);
  EXPECT_EQ(fill->fills(0).rows(0), "CAT");
  EXPECT_EQ(fill->fills(0).rows(2), "TEN");
  EXPECT_EQ(fill->fills(0).entries(0).word(), "CAT");
  EXPECT_EQ(fill->fills(0).entries(0).number(), 1);

  // The SAT member alone settles it too, and says so.
  v1::FillRequest by_sat = SmallFill();
  by_sat.mutable_options()->set_sat(v1::SAT_MEMBER_ONLY);
  fill = c->Fill(by_sat);
  ASSERT_TRUE(fill.ok()) << fill.status();
  ASSERT_EQ(fill->outcome(), v1::FILLED);
  EXPECT_EQ(fill->settled_by(), "sat");
  EXPECT_EQ(fill->fills(0).rows(0).front(), 'C');
  EXPECT_EQ(fill->fills(0).rows(2).back(), 'N');

  v1::FillRequest locked = SmallFill();
  v1::LockedEntry* e = locked.add_locked();
  e->set_row(2);
  e->set_column(1);
  e->set_direction(v1::ACROSS);
  e->set_word("ace");
  fill = c->Fill(locked);
  ASSERT_TRUE(fill.ok()) << fill.status();
  ASSERT_EQ(fill->outcome(), v1::FILLED);
  EXPECT_EQ(fill->fills(0).rows(1), "ACE");

  // A whole file instead of rows: an xd puzzle half done (its letters kept).
  v1::FillRequest from_file;
  from_file.set_dictionary("small");
  from_file.set_puzzle("Title: Half\n\n\nC.T\n...\n..N\n\n\nA1. Pet ~ CAT\n");
  from_file.mutable_options()->set_allow_duplicates(true);
  from_file.mutable_options()->add_allow("unclued");
  fill = c->Fill(from_file);
  ASSERT_TRUE(fill.ok()) << fill.status();
  ASSERT_EQ(fill->outcome(), v1::FILLED);
  const std::string top = fill->fills(0).rows(0), bottom = fill->fills(0).rows(2);
  EXPECT_EQ(top.front(), 'C');  // the given letters stay
  EXPECT_EQ(top.back(), 'T');
  EXPECT_EQ(bottom.back(), 'N');
  from_file.add_rows("...");
  EXPECT_EQ(c->Fill(from_file).status().code(), absl::StatusCode::kInvalidArgument);

  v1::FillRequest impossible;
  impossible.set_dictionary("small");
  for (const char* row : {"q..", "...", "..."}) impossible.add_rows(row);
  fill = c->Fill(impossible);
  ASSERT_TRUE(fill.ok()) << fill.status();
  EXPECT_EQ(fill->outcome(), v1::IMPOSSIBLE);
  EXPECT_NE(fill->reason().find("1 across (row 1, column 1): no word fits Q.."), std::string::npos) << fill->reason();

  v1::GetCluesRequest cr;
  cr.add_words("cat");
  cr.add_words("ten");
  cr.add_words("eon");
  cr.set_limit_per_word(1);
  auto clues = c->GetClues(cr);
  ASSERT_TRUE(clues.ok()) << clues.status();
  ASSERT_EQ(clues->answers_size(), 3);
  EXPECT_EQ(clues->answers(0).word(), "CAT");
  EXPECT_EQ(clues->answers(0).total(), 2u);
  ASSERT_EQ(clues->answers(0).clues_size(), 1);
  EXPECT_EQ(clues->answers(1).clues(0).text(), "Decade's years");
  EXPECT_EQ(clues->answers(1).clues(0).kind(), "definition");  // a clue file's: unranked
  EXPECT_TRUE(clues->answers(1).clues(0).printable());
  EXPECT_EQ(clues->answers(2).clues_size(), 0);

  auto stats = c->GetServerStats();
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->fills(), 5u);
  EXPECT_EQ(stats->calls(), 12u);  // 1 list, 3 matches, 6 fills (one refused), 1 clues, this one
  EXPECT_EQ(stats->errors(), 1u);
  EXPECT_NE(d->log().find("Match dictionary=small status=0"), std::string::npos) << d->log();
}

TEST_F(DaemonTest, CluesAFilledGridByNumber) {
  auto d = Start();
  auto c = Connect(*d);
  v1::GetCluesRequest r;
  for (const char* row : {"CAT", "ARE", "TEN"}) r.add_grid_rows(row);
  r.set_format(v1::PUZZLE_FORMAT_IPUZ);
  auto got = c->GetClues(r);
  ASSERT_TRUE(got.ok()) << got.status();
  ASSERT_EQ(got->across_size(), 3);
  ASSERT_EQ(got->down_size(), 3);
  EXPECT_EQ(got->across(0).number(), 1);
  EXPECT_EQ(got->across(0).answer(), "CAT");
  // CAT twice, its two clues once each.
  EXPECT_EQ(std::set<std::string>({got->across(0).clue(), got->down(0).clue()}),
            std::set<std::string>({"Feline friend", "Tom, for one"}));
  EXPECT_EQ(got->across(1).number(), 4);
  EXPECT_EQ(got->across(0).kind(), "definition");
  EXPECT_EQ(got->across(1).clue(), "");           // ARE has none: missing
  EXPECT_EQ(got->across(1).kind(), "");
  EXPECT_EQ(got->down(2).answer(), "TEN");
  EXPECT_EQ(got->down(2).number(), 3);
  EXPECT_NE(got->rendered().find("\"http://ipuz.org/crossword#1\""), std::string::npos) << got->rendered();

  r.add_words("cat");
  EXPECT_EQ(c->GetClues(r).status().code(), absl::StatusCode::kInvalidArgument);
  r.clear_words();
  r.set_grid_rows(1, "A.E");
  const absl::Status unfilled = c->GetClues(r).status();
  EXPECT_EQ(unfilled.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(unfilled.message().find("grid_rows: 4 across (row 2, column 1) is not filled"), std::string::npos)
      << unfilled;
}

// Circled, shaded and rebus cells: the answers through a rebus spell it,
// the rendered puzzle keeps the marks, and a bad mark is named.
TEST_F(DaemonTest, CluesAGridWithARebusAndCircles) {
  auto d = Start();
  auto c = Connect(*d);
  v1::GetCluesRequest r;
  for (const char* row : {"CAT", "A.E", "TEN"}) r.add_grid_rows(row);
  v1::CellMark* rebus = r.add_cells();
  rebus->set_row(2);
  rebus->set_column(2);
  rebus->set_rebus("heart");
  v1::CellMark* circle = r.add_cells();
  circle->set_row(1);
  circle->set_column(1);
  circle->set_circled(true);
  r.set_format(v1::PUZZLE_FORMAT_IPUZ);
  auto got = c->GetClues(r);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ(got->across(1).answer(), "AHEARTE");
  EXPECT_EQ(got->down(1).answer(), "AHEARTE");
  EXPECT_EQ(got->across(0).answer(), "CAT");
  EXPECT_NE(got->rendered().find("\"HEART\""), std::string::npos) << got->rendered();
  EXPECT_NE(got->rendered().find("\"shapebg\": \"circle\""), std::string::npos) << got->rendered();

  auto refused = [&](const std::function<void(v1::GetCluesRequest*)>& change) {
    v1::GetCluesRequest bad = r;
    change(&bad);
    const absl::Status s = c->GetClues(bad).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    return std::string(s.message());
  };
  EXPECT_NE(refused([](auto* b) { b->mutable_cells(1)->set_row(4); }).find("cells[1]: row 4, column 1 is outside"),
            std::string::npos);
  EXPECT_NE(refused([](auto* b) { b->mutable_cells(0)->set_rebus("h3art"); }).find("cells[0].rebus: 'h3art'"),
            std::string::npos);
  EXPECT_NE(refused([](auto* b) { b->mutable_cells(1)->set_row(2); b->mutable_cells(1)->set_column(2); })
                .find("cells[1]: row 2, column 2 is marked twice"),
            std::string::npos);
  EXPECT_NE(refused([](auto* b) { b->set_grid_rows(1, "AXE"); }).find("row 2, column 2: the grid's letter"),
            std::string::npos);
  EXPECT_NE(refused([](auto* b) { b->mutable_cells()->RemoveLast(); b->mutable_cells()->RemoveLast(); })
                .find("4 across (row 2, column 1) is not filled"),
            std::string::npos);
  EXPECT_NE(refused([](auto* b) {
              for (int i = 0; i < 9; ++i) *b->add_cells() = b->cells(1);
            }).find("cells: 11 marks for 9 cells"),
            std::string::npos);
}

// A call carries the constructor's own clues: listed first for a word,
// chosen first for a grid (unless one gives the answer away); the sizes are
// bounded and a bad one is named.
TEST_F(DaemonTest, OwnCluesComeFirstAndAreBounded) {
  auto d = Start();
  auto c = Connect(*d);
  v1::GetCluesRequest words;
  words.add_words("cat");
  v1::OwnClue* own = words.add_own_clues();
  own->set_answer("cat");
  own->set_clue("Mouser");
  own = words.add_own_clues();
  own->set_answer("ca t");
  own->set_clue("Cat's meow");  // gives CAT away: listed last, not printable
  auto got = c->GetClues(words);
  ASSERT_TRUE(got.ok()) << got.status();
  ASSERT_EQ(got->answers(0).clues_size(), 4);
  EXPECT_EQ(got->answers(0).total(), 4u);
  EXPECT_EQ(got->answers(0).clues(0).text(), "Mouser");
  EXPECT_TRUE(got->answers(0).clues(0).own());
  EXPECT_EQ(got->answers(0).clues(0).kind(), "your clue");
  EXPECT_FALSE(got->answers(0).clues(1).own());
  EXPECT_EQ(got->answers(0).clues(3).text(), "Cat's meow");
  EXPECT_FALSE(got->answers(0).clues(3).printable());

  v1::GetCluesRequest grid;
  for (const char* row : {"CAT", "ARE", "TEN"}) grid.add_grid_rows(row);
  *grid.mutable_own_clues() = words.own_clues();
  got = c->GetClues(grid);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ(got->across(0).clue(), "Mouser");
  EXPECT_TRUE(got->across(0).own());
  EXPECT_EQ(got->across(0).kind(), "your clue");
  EXPECT_NE(got->down(0).clue(), "Cat's meow");

  auto expect_invalid = [](const absl::Status& s, const std::string& field) {
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_EQ(s.message().substr(0, field.size()), field) << s;
  };
  v1::GetCluesRequest bad = words;
  bad.mutable_own_clues(1)->set_answer("c4t");
  expect_invalid(c->GetClues(bad).status(), "own_clues[1].answer");
  bad = words;
  bad.mutable_own_clues(0)->set_clue(std::string(1001, 'x'));
  expect_invalid(c->GetClues(bad).status(), "own_clues[0].clue:");
  bad = words;
  for (int i = 0; i < 1000; ++i) *bad.add_own_clues() = words.own_clues(0);
  expect_invalid(c->GetClues(bad).status(), "own_clues:");
  bad = words;
  for (int i = 0; i < 17; ++i) bad.add_prefer_sources("archive");
  expect_invalid(c->GetClues(bad).status(), "prefer_sources:");
  bad = words;
  bad.add_prefer_sources(std::string(201, 'x'));
  expect_invalid(c->GetClues(bad).status(), "prefer_sources[0]:");
}

TEST_F(DaemonTest, BadRequestsNameTheField) {
  auto d = Start({"--fill-threads", "2"});
  auto c = Connect(*d);
  auto expect_invalid = [](const absl::Status& s, const std::string& field) {
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_EQ(s.message().substr(0, field.size()), field) << s;
  };
  v1::MatchRequest m;
  m.set_pattern("c[t");
  expect_invalid(c->Match(m).status(), "pattern:");
  m.set_pattern(std::string(5000, '.'));
  expect_invalid(c->Match(m).status(), "pattern:");
  m.set_pattern("c.t");
  m.set_limit(1000000);
  expect_invalid(c->Match(m).status(), "limit:");
  m.set_limit(10);
  m.add_exclude("c4t");
  expect_invalid(c->Match(m).status(), "exclude[0]:");
  m.clear_exclude();
  m.set_dictionary("../../etc");
  const absl::Status missing = c->Match(m).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.message().find("known: small, hard"), std::string::npos) << missing;

  v1::FillRequest f = SmallFill();
  f.mutable_options()->set_solutions(1000);
  expect_invalid(c->Fill(f).status(), "options.solutions:");
  f = SmallFill();
  f.mutable_options()->set_threads(3);
  expect_invalid(c->Fill(f).status(), "options.threads:");
  f = SmallFill();
  f.mutable_options()->set_sat(static_cast<v1::SatMember>(7));
  expect_invalid(c->Fill(f).status(), "options.sat:");
  f = SmallFill();
  for (int i = 0; i < 70; ++i) f.add_rows("...");
  expect_invalid(c->Fill(f).status(), "rows:");
  f = SmallFill();
  f.set_rows(1, std::string(300, '.'));
  expect_invalid(c->Fill(f).status(), "rows[1]:");
  f = SmallFill();
  f.set_rows(1, ".5.");
  const absl::Status cell = c->Fill(f).status();
  EXPECT_EQ(cell.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(cell.message().find("row 2, column 2"), std::string::npos) << cell;
  f = SmallFill();
  v1::LockedEntry* e = f.add_locked();
  e->set_row(3);
  e->set_column(2);
  e->set_direction(v1::ACROSS);
  e->set_word("cat");
  expect_invalid(c->Fill(f).status(), "locked[0]:");
  f.mutable_locked(0)->set_direction(v1::DIRECTION_UNSPECIFIED);
  expect_invalid(c->Fill(f).status(), "locked[0].direction:");

  v1::GetCluesRequest cr;
  for (int i = 0; i < 1001; ++i) cr.add_words("cat");
  expect_invalid(c->GetClues(cr).status(), "words:");
  // The daemon still serves.
  m.set_dictionary("");
  EXPECT_TRUE(c->Match(m).ok());
}

// MatchMany gives each query exactly the answer Match gives it (the same
// words, scores, totals, letter sets and generation), for patterns of every
// kind and every option; refusals name the query; the daemon reports the
// CPU it used.
TEST_F(DaemonTest, MatchManyAnswersEachQueryAsMatchDoes) {
  auto d = Start();
  auto c = Connect(*d);
  const auto stats_before = c->GetServerStats();
  ASSERT_TRUE(stats_before.ok());
  std::mt19937 rng(11);
  auto letter = [&rng] { return static_cast<char>('A' + rng() % 5); };
  v1::MatchManyRequest many;
  many.set_dictionary("hard");
  for (int i = 0; i < 300; ++i) {
    std::string pattern;
    switch (i % 4) {
      case 0:  // letters and dots
        for (int k = 0; k < 10; ++k) pattern += rng() % 3 == 0 ? letter() : '.';
        break;
      case 1:  // a class, a negated class
        pattern = absl::StrCat(std::string(1, letter()), "[AB][^C]", std::string(7, '.'));
        break;
      case 2:  // stars
        pattern = absl::StrCat(std::string(1, letter()), "*", std::string(1, letter()));
        break;
      default:  // no match at all, or a short slot
        pattern = rng() % 2 ? "ZZZ" : std::string(10, letter());
    }
    v1::MatchRequest* q = many.add_queries();
    q->set_pattern(pattern);
    q->set_limit(static_cast<int>(rng() % 30));  // 0: the default 100
    q->set_offset(static_cast<int>(rng() % 3));
    q->set_count_only(i % 7 == 3);
    q->set_letter_sets(i % 4 != 2 && i % 5 == 1);
    if (i % 6 == 0) q->add_exclude(std::string(10, letter()));
  }
  auto answer = c->MatchMany(many);
  ASSERT_TRUE(answer.ok()) << answer.status();
  ASSERT_EQ(answer->results_size(), many.queries_size());
  EXPECT_EQ(answer->generation(), 1u);
  int with_words = 0;
  for (int i = 0; i < many.queries_size(); ++i) {
    v1::MatchRequest one = many.queries(i);
    one.set_dictionary("hard");
    auto single = c->Match(one);
    ASSERT_TRUE(single.ok()) << single.status();
    EXPECT_EQ(answer->results(i).SerializeAsString(), single->SerializeAsString())
        << "query " << i << " (" << one.pattern() << "): " << answer->results(i).ShortDebugString() << " vs "
        << single->ShortDebugString();
    with_words += answer->results(i).words_size() > 0;
  }
  EXPECT_GT(with_words, 100);  // the comparison compared words, not only empty answers

  auto expect_invalid = [](const absl::Status& s, const std::string& field) {
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_EQ(s.message().substr(0, field.size()), field) << s;
  };
  v1::MatchManyRequest bad;
  bad.add_queries()->set_pattern("c.t");
  bad.add_queries()->set_pattern("c[t");
  expect_invalid(c->MatchMany(bad).status(), "queries[1].pattern:");
  bad.mutable_queries(1)->set_pattern("c.t");
  bad.mutable_queries(1)->add_exclude("c4t");
  expect_invalid(c->MatchMany(bad).status(), "queries[1].exclude[0]:");
  bad.mutable_queries(1)->clear_exclude();
  bad.mutable_queries(0)->set_limit(-1);
  expect_invalid(c->MatchMany(bad).status(), "queries[0].limit:");
  bad.mutable_queries(0)->set_limit(0);
  bad.mutable_queries(0)->set_dictionary("hard");
  expect_invalid(c->MatchMany(bad).status(), "queries[0].dictionary:");
  bad.mutable_queries(0)->set_dictionary("small");  // the call's (the default), by name
  auto fine = c->MatchMany(bad);
  ASSERT_TRUE(fine.ok()) << fine.status();
  EXPECT_EQ(fine->results(0).total(), 3u);
  bad.mutable_queries(0)->clear_dictionary();
  for (int i = 0; i < 11; ++i) {
    v1::MatchRequest* q = bad.add_queries();
    q->set_pattern("c.t");
    q->set_limit(10000);
  }
  expect_invalid(c->MatchMany(bad).status(), "queries: their pages ask for");
  for (int i = 0; i < 11; ++i) bad.mutable_queries(2 + i)->set_count_only(true);  // counting asks for no page
  EXPECT_TRUE(c->MatchMany(bad).ok());
  v1::MatchManyRequest excluding;
  for (int i = 0; i < 2; ++i) {
    v1::MatchRequest* q = excluding.add_queries();
    q->set_pattern("c.t");
    for (int k = 0; k < 5001; ++k) q->add_exclude("cat");
  }
  expect_invalid(c->MatchMany(excluding).status(), "queries: 10002 excluded words");
  v1::MatchManyRequest too_many;
  for (int i = 0; i < 1001; ++i) too_many.add_queries()->set_pattern("c.t");
  expect_invalid(c->MatchMany(too_many).status(), "queries: at most 1000");
  auto empty = c->MatchMany(v1::MatchManyRequest());
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ(empty->results_size(), 0);
  EXPECT_EQ(empty->generation(), 2u);  // "small" was imported twice

  const auto stats = c->GetServerStats();
  ASSERT_TRUE(stats.ok());
  EXPECT_GT(stats->cpu_seconds(), 0);
  EXPECT_GE(stats->cpu_seconds(), stats_before->cpu_seconds());
  EXPECT_NE(d->log().find("MatchMany dictionary=hard status=0"), std::string::npos) << d->log();
  EXPECT_NE(d->log().find("MatchMany dictionary=small status=3"), std::string::npos) << d->log();
}

// The operator's bound on the SAT member's formula (its memory): at 0 it
// never runs, and asked for alone it settles nothing.
TEST_F(DaemonTest, SatMaxLiteralsKeepsTheSatMemberOut) {
  auto d = Start({"--sat-max-literals", "0", "--fill-threads", "3"});
  auto c = Connect(*d);
  v1::FillRequest f = SmallFill();
  f.mutable_options()->set_sat(v1::SAT_MEMBER_ONLY);
  auto fill = c->Fill(f);
  ASSERT_TRUE(fill.ok()) << fill.status();
  EXPECT_EQ(fill->outcome(), v1::TIMED_OUT);
  EXPECT_NE(fill->reason().find("too big"), std::string::npos) << fill->reason();
  f.mutable_options()->set_sat(v1::SAT_MEMBER_AUTO);
  f.mutable_options()->set_threads(3);  // the SAT member's place, taken by a search
  fill = c->Fill(f);
  ASSERT_TRUE(fill.ok()) << fill.status();
  EXPECT_EQ(fill->outcome(), v1::FILLED);
  EXPECT_EQ(fill->settled_by(), "search");
}

TEST_F(DaemonTest, DeadlineAndCancellationStopTheFill) {
  auto d = Start({"--fill-threads", "1", "--fill-queue", "0"});
  auto c = Connect(*d);
  // The client's deadline.
  grpc::ClientContext* seen = nullptr;
  const auto start = Clock::now();
  auto r = c->Fill(HardFill(60), nullptr, [&](grpc::ClientContext* ctx) {
    seen = ctx;
    ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
  });
  EXPECT_EQ(r.status().code(), absl::StatusCode::kDeadlineExceeded) << r.status();
  EXPECT_NE(seen, nullptr);
  // Bounds far below the fill's own 60 s, and loose: other tests (a
  // browser among them) may share the machine's two cores.
  EXPECT_LT(SecondsSince(start), 10.0);
  // The pool (one place, no queue) is free again soon: the fill stopped.
  EXPECT_TRUE(PoolFreeWithin(*c, 5.0)) << "the fill past its deadline";

  // Cancellation from another thread.
  client::CallCanceller cancel;
  std::thread canceller([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel.Cancel();
  });
  r = c->Fill(HardFill(60), nullptr, nullptr, &cancel);
  canceller.join();
  EXPECT_EQ(r.status().code(), absl::StatusCode::kCancelled) << r.status();
  EXPECT_TRUE(PoolFreeWithin(*c, 5.0)) << "the cancelled fill";

  // The request's own limit: a result saying so, progress on the way.
  int events = 0;
  r = c->Fill(HardFill(0.7), [&](const v1::FillProgress& p) {
    ++events;
    EXPECT_EQ(p.slots_total(), 20);
    EXPECT_EQ(p.best_rows_size(), 10);
  });
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->outcome(), v1::TIMED_OUT);
  EXPECT_GE(events, 1);
}

TEST_F(DaemonTest, OverloadIsRefusedAtOnceAndMatchesKeepFlowing) {
  // "At once" and "keep flowing" are checked by order, not by a clock (a
  // sanitizer build on a shared machine can take half a second for a call):
  // the refusal and every match must come back while the first fill is still
  // searching, which a call queued behind the fills could not do.
  auto d = Start({"--fill-threads", "1", "--fill-queue", "1"});
  auto c = Connect(*d);
  std::vector<std::thread> busy;
  std::atomic<int> timed_out{0};
  std::atomic<int> finished{0};
  for (int i = 0; i < 2; ++i) {  // one searching, one queued
    busy.emplace_back([&] {
      auto r = c->Fill(HardFill(8));  // seconds of margin for the calls below
      if (r.ok() && r->outcome() == v1::TIMED_OUT) ++timed_out;
      ++finished;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  auto refused = c->Fill(SmallFill());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted) << refused.status();
  EXPECT_EQ(finished.load(), 0) << "the refusal waited for a fill";
  // Matches are not stuck behind the fills.
  v1::MatchRequest m;
  m.set_pattern("c.t");
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(c->Match(m).ok());
  EXPECT_EQ(finished.load(), 0) << "the matches waited for a fill";
  for (auto& t : busy) t.join();
  EXPECT_EQ(timed_out.load(), 2);  // the queued fill ran after the first
  auto stats = c->GetServerStats();
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->fills_refused(), 1u);
}

TEST_F(DaemonTest, TokenIsCheckedOnEveryCall) {
  testing::WriteFile(dir_->Sub("token"), "s3cret-token-0123456789\n");
  auto d = Start({"--token-file", dir_->Sub("token")});
  v1::MatchRequest m;
  m.set_pattern("c.t");
  EXPECT_EQ(Connect(*d)->Match(m).status().code(), absl::StatusCode::kUnauthenticated);
  EXPECT_EQ(Connect(*d, "wrong")->Match(m).status().code(), absl::StatusCode::kUnauthenticated);
  EXPECT_EQ(Connect(*d)->ListDictionaries().status().code(), absl::StatusCode::kUnauthenticated);
  EXPECT_EQ(Connect(*d)->Fill(SmallFill()).status().code(), absl::StatusCode::kUnauthenticated);
  auto good = Connect(*d, "s3cret-token-0123456789");
  EXPECT_TRUE(good->Match(m).ok());
  EXPECT_TRUE(good->Fill(SmallFill()).ok());
}

TEST_F(DaemonTest, RefusesPlaintextBeyondLoopbackAndBadDictionaries) {
  testing::TempDir dir;
  EXPECT_EQ(testing::RunProgram({kXwdbd, "--db", "small=" + Small(), "--listen", "0.0.0.0:0"}, dir.Sub("a.log")), 1);
  EXPECT_NE(testing::ReadFile(dir.Sub("a.log")).find("not a loopback address"), std::string::npos);
  EXPECT_EQ(testing::RunProgram({kXwdbd, "--db", "../x=" + Small()}, dir.Sub("b.log")), 1);
  EXPECT_NE(testing::ReadFile(dir.Sub("b.log")).find("dictionary name '../x'"), std::string::npos);
  EXPECT_EQ(testing::RunProgram({kXwdbd, "--db", "none=" + dir.Sub("nothing")}, dir.Sub("c.log")), 1);
  EXPECT_NE(testing::ReadFile(dir.Sub("c.log")).find("dictionary 'none'"), std::string::npos);
}

TEST_F(DaemonTest, ReloadUnderLoadLosesNoCall) {
  testing::TempDir dir;
  const std::string db = dir.Sub("db");
  testing::WriteFile(dir.Sub("a.txt"), "cat;60\ncot;80\n");
  ASSERT_EQ(testing::RunProgram({kXwdb, "import", "--db", db, "--format", "scored", dir.Sub("a.txt")},
                                dir.Sub("a.log")), 0);
  auto d = std::make_unique<DaemonProcess>(kXwdbd, dir.path(), std::vector<std::string>{"--db", "en=" + db});
  ASSERT_TRUE(d->ok()) << d->log();
  auto c = Connect(*d);
  std::atomic<bool> stop{false};
  std::atomic<int> calls{0}, failures{0};
  std::vector<std::thread> load;
  for (int t = 0; t < 4; ++t) {
    load.emplace_back([&] {
      v1::MatchRequest m;
      m.set_pattern("c.t");
      while (!stop) {
        auto r = c->Match(m);
        ++calls;
        if (!r.ok() || r->total() < 2) ++failures;
      }
    });
  }
  // The writer runs beside the daemon; then SIGHUP, twice.
  testing::WriteFile(dir.Sub("b.txt"), "cut;65\n");
  ASSERT_EQ(testing::RunProgram({kXwdb, "import", "--db", db, "--format", "scored", dir.Sub("b.txt")},
                                dir.Sub("b.log")), 0);
  // Each SIGHUP is sent once the one before has been counted: two signals
  // in flight together may be one reload (a slow machine, a sanitizer).
  for (uint64_t i = 1; i <= 2; ++i) {
    d->Signal(SIGHUP);
    for (int wait = 0; wait < 300; ++wait) {
      auto s = c->GetServerStats();
      if (s.ok() && s->reloads() >= i) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  stop = true;
  for (auto& t : load) t.join();
  EXPECT_GT(calls.load(), 100);
  EXPECT_EQ(failures.load(), 0);
  v1::MatchRequest m;
  m.set_pattern("c.t");
  auto r = c->Match(m);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total(), 3u) << d->log();  // CUT is served now
  auto stats = c->GetServerStats();
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->reloads(), 2u);
}

// Everything the daemon answers for a fixed set of calls, as one string.
std::string Answers(XwdbClient& c, const v1::FillRequest& fill) {
  std::string out;
  for (const char* pattern : {"c.t", "...", "c*", "[ac]..", "....."}) {
    v1::MatchRequest m;
    m.set_dictionary("small");
    m.set_pattern(pattern);
    auto r = c.Match(m);
    if (!r.ok()) return "error: " + r.status().ToString();
    absl::StrAppend(&out, pattern, " ", r->total(), ":");
    for (const auto& w : r->words()) absl::StrAppend(&out, " ", w.word(), "/", w.score());
    out += "\n";
  }
  auto f = c.Fill(fill);
  if (!f.ok()) return "error: " + f.status().ToString();
  for (const auto& row : f->fills(0).rows()) absl::StrAppend(&out, row, "\n");
  v1::GetCluesRequest clues;
  clues.set_dictionary("small");
  clues.add_words("cat");
  clues.add_words("cot");
  auto cl = c.GetClues(clues);
  if (!cl.ok()) return "error: " + cl.status().ToString();
  absl::StrAppend(&out, cl->DebugString());
  return out;
}

// SIGKILL in the middle of a mixed load, then a restart on the same
// dictionaries: the new daemon gives the same answers as the first did
// before the load (the daemon opens dictionaries read-only: a crash can
// lose nothing).
TEST_F(DaemonTest, KilledUnderLoadRestartsWithTheSameAnswers) {
  v1::FillRequest fill = SmallFill();
  fill.mutable_options()->set_seed(5);
  fill.mutable_options()->set_threads(1);
  std::string before;
  {
    auto d = Start();
    before = Answers(*Connect(*d), fill);
    ASSERT_EQ(before.find("error"), std::string::npos) << before;
    auto c = Connect(*d);
    std::atomic<bool> stop{false};
    std::atomic<int> calls{0};
    std::vector<std::thread> load;
    for (int t = 0; t < 6; ++t) {
      load.emplace_back([&, t] {
        while (!stop) {
          if (t % 3 == 0) {
            (void)c->Fill(SmallFill());
          } else {
            v1::MatchRequest m;
            m.set_dictionary(t % 3 == 1 ? "small" : "hard");
            m.set_pattern(t % 3 == 1 ? "c.." : "a.b.*");
            (void)c->Match(m);
          }
          ++calls;
        }
      });
    }
    while (calls < 200) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    d->Signal(SIGKILL);
    EXPECT_EQ(d->Wait(10), 128 + SIGKILL);
    stop = true;
    for (auto& t : load) t.join();
  }
  auto again = Start();
  ASSERT_TRUE(again->ok());
  EXPECT_EQ(Answers(*Connect(*again), fill), before);
}

TEST_F(DaemonTest, SigtermLetsCallsFinishThenCancelsThem) {
  auto d = Start({"--grace", "0.3"});
  auto c = Connect(*d);
  absl::Status fill_status;
  std::thread fill([&] { fill_status = c->Fill(HardFill(60)).status(); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto start = Clock::now();
  d->Signal(SIGTERM);
  EXPECT_EQ(d->Wait(5), 0);
  EXPECT_LT(SecondsSince(start), 3.0);
  fill.join();
  EXPECT_FALSE(fill_status.ok());  // cut off after the grace period
}

}  // namespace
}  // namespace xwdb
