// The constructor's word lists end to end, on real xwdbd processes on
// 127.0.0.1: calls with lists answer as the dictionary rebuilt with the
// edits would (Match, Suggest, Fill); an edit that returned survives
// SIGKILL; three replicas, each with its own lists, answer a list edited
// through one of them (the client sends the entries where a replica lacks
// the version); a token sees and edits only its own lists; the limits.
#include <signal.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/xwdb_client.h"
#include "gtest/gtest.h"
#include "tests/testing/daemon_process.h"
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
const char kXwdbClient[] = XWDB_BINARY_DIR "/client/xwdb-client";

std::unique_ptr<XwdbClient> ConnectTo(const std::string& address, const std::string& token = "") {
  ClientOptions o;
  o.address = address;
  o.token = token;
  o.deadline_seconds = 30;
  auto c = XwdbClient::Connect(o);
  EXPECT_TRUE(c.ok()) << c.status();
  return std::move(*c);
}

std::string RandomWord(std::mt19937& rng, int letters) {
  std::string w(5, 'A');
  for (char& c : w) c = static_cast<char>('A' + rng() % letters);
  return w;
}

class WordListsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // A scored dictionary of 5-letter words over A-E, and a list that
    // blocks, rescores and adds (new words use F too).
    std::mt19937 rng(11);
    for (int i = 0; i < 1500; ++i) base_[RandomWord(rng, 5)] = static_cast<int>(rng() % 101);
    std::vector<std::string> known;
    for (const auto& [w, s] : base_) known.push_back(w);
    for (int i = 0; i < 300; ++i) {
      const int kind = static_cast<int>(rng() % 3);
      const std::string word = kind == 2 ? RandomWord(rng, 6) : known[rng() % known.size()];
      v1::WordListEntry e;
      e.set_word(word);
      e.set_score(kind == 0 ? -1 : static_cast<int>(rng() % 101));
      list_[word] = e;
    }
    std::map<std::string, int> edited = base_;
    for (const auto& [w, e] : list_) {
      if (e.score() < 0) {
        edited.erase(w);
      } else {
        edited[w] = e.score();
      }
    }
    ASSERT_EQ(Import("base.db", base_), 0);
    ASSERT_EQ(Import("edited.db", edited), 0);
  }

  int Import(const std::string& db, const std::map<std::string, int>& words) {
    std::string text;
    for (const auto& [w, s] : words) absl::StrAppend(&text, w, ";", s, "\n");
    const std::string file = dir_.Sub(db + ".txt");
    FILE* f = std::fopen(file.c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    return testing::RunProgram({kXwdb, "import", "--db", dir_.Sub(db), "--format", "scored", file},
                               dir_.Sub(db + ".log"));
  }

  std::unique_ptr<DaemonProcess> Start(const std::string& db, const std::string& lists,
                                       std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--db", "words=" + dir_.Sub(db), "--call-log", "off", "--fill-threads", "1"};
    if (!lists.empty()) args.insert(args.end(), {"--lists", dir_.Sub(lists)});
    args.insert(args.end(), more.begin(), more.end());
    return std::make_unique<DaemonProcess>(kXwdbd, dir_.path(), args);
  }

  v1::PutWordListRequest PutRequest(const std::string& name) const {
    v1::PutWordListRequest put;
    put.set_name(name);
    for (const auto& [w, e] : list_) *put.add_entries() = e;
    return put;
  }

  testing::TempDir dir_;
  std::map<std::string, int> base_;
  std::map<std::string, v1::WordListEntry> list_;
};

std::string Words(const v1::MatchResponse& r) {
  std::vector<std::string> out;
  for (const v1::ScoredWord& w : r.words()) out.push_back(absl::StrCat(w.word(), ":", w.score()));
  return absl::StrCat(r.total(), " ", absl::StrJoin(out, " "));
}

TEST_F(WordListsTest, CallsWithAListAnswerAsTheRebuiltDictionary) {
  auto with = Start("base.db", "lists");
  auto rebuilt = Start("edited.db", "");
  ASSERT_TRUE(with->ok()) << with->log();
  ASSERT_TRUE(rebuilt->ok()) << rebuilt->log();
  auto a = ConnectTo(with->address());
  auto b = ConnectTo(rebuilt->address());
  auto version = a->PutWordList(PutRequest("mine"));
  ASSERT_TRUE(version.ok()) << version.status();
  EXPECT_EQ(version->entries(), list_.size());
  v1::WordListRef ref;
  ref.set_name("mine");
  ref.set_digest(version->digest());
  std::mt19937 rng(5);
  for (int q = 0; q < 60; ++q) {
    std::string pattern = RandomWord(rng, 6);
    for (char& c : pattern) c = rng() % 3 == 0 ? c : '.';
    v1::MatchRequest m;
    m.set_pattern(pattern);
    m.set_limit(40);
    m.set_min_score(static_cast<int>(rng() % 30));
    auto want = b->Match(m);
    *m.add_lists() = ref;
    auto got = a->Match(m);
    ASSERT_TRUE(want.ok() && got.ok()) << want.status() << got.status();
    EXPECT_EQ(Words(*got), Words(*want)) << pattern;
  }
  // Fills and suggestions on a grid: the same index, so the same answers.
  v1::FillRequest fill;
  for (const char* row : {".....", ".....", "..#..", ".....", "....."}) fill.add_rows(row);
  fill.mutable_options()->set_timeout_seconds(20);
  v1::SuggestRequest suggest;
  suggest.mutable_rows()->CopyFrom(fill.rows());
  suggest.mutable_slot()->set_name("1A");
  suggest.set_limit(30);
  for (uint32_t seed = 1; seed <= 3; ++seed) {
    fill.mutable_options()->set_seed(seed);
    fill.clear_lists();
    auto want = b->Fill(fill);
    *fill.add_lists() = ref;
    auto got = a->Fill(fill);
    ASSERT_TRUE(want.ok() && got.ok()) << want.status() << got.status();
    EXPECT_EQ(got->outcome(), want->outcome());
    ASSERT_EQ(got->fills_size(), want->fills_size());
    for (int i = 0; i < got->fills_size(); ++i) {
      EXPECT_EQ(absl::StrJoin(got->fills(i).rows(), "/"), absl::StrJoin(want->fills(i).rows(), "/"));
    }
  }
  auto want = b->Suggest(suggest);
  *suggest.add_lists() = ref;
  auto got = a->Suggest(suggest);
  ASSERT_TRUE(want.ok() && got.ok()) << want.status() << got.status();
  ASSERT_EQ(got->suggestions_size(), want->suggestions_size());
  for (int i = 0; i < got->suggestions_size(); ++i) {
    EXPECT_EQ(got->suggestions(i).word(), want->suggestions(i).word());
    EXPECT_EQ(got->suggestions(i).alive(), want->suggestions(i).alive());
  }
  // A blocked word is never matched, an added one is.
  for (const auto& [w, e] : list_) {
    v1::MatchRequest m;
    m.set_pattern(w);
    *m.add_lists() = ref;
    auto r = a->Match(m);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->total(), e.score() < 0 ? 0u : 1u) << w;
    if (e.score() >= 0 && r->words_size() == 1) {
      EXPECT_EQ(r->words(0).score(), e.score()) << w;
    }
  }
}

TEST_F(WordListsTest, AnEditIsInEffectForTheNextCallAndSurvivesKill9) {
  auto d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  auto c = ConnectTo(d->address());
  const std::string blocked = base_.begin()->first;
  v1::EditWordListRequest edit;
  edit.set_name("mine");
  v1::WordListEdit* e = edit.add_edits();
  e->set_op(v1::WORD_LIST_BLOCK);
  e->set_word(blocked);
  e = edit.add_edits();
  e->set_op(v1::WORD_LIST_ADD);
  e->set_word("FFFFF");
  e->set_score(77);
  e->set_clue("Five F's");
  auto version = c->EditWordList(edit);
  ASSERT_TRUE(version.ok()) << version.status();
  EXPECT_EQ(version->entries(), 2u);
  v1::MatchRequest m;
  m.set_pattern(blocked);
  v1::WordListRef* ref = m.add_lists();
  ref->set_name("mine");
  ref->set_digest(version->digest());
  auto r = c->Match(m);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->total(), 0u);
  // An edit made on an older version is refused, not merged blindly.
  edit.set_base_digest(std::string(64, '0'));
  EXPECT_EQ(c->EditWordList(edit).status().code(), absl::StatusCode::kFailedPrecondition);

  d->Signal(SIGKILL);
  EXPECT_EQ(d->Wait(10), 128 + SIGKILL);
  d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  c = ConnectTo(d->address());
  m.set_pattern("FFFFF");
  r = c->Match(m);  // by digest: the daemon still has that version
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->words_size(), 1);
  EXPECT_EQ(r->words(0).score(), 77);
  v1::GetCluesRequest clues;
  clues.add_words("fffff");
  *clues.add_lists() = *ref;
  auto cl = c->GetClues(clues);
  ASSERT_TRUE(cl.ok()) << cl.status();
  ASSERT_GE(cl->answers(0).clues_size(), 1);
  EXPECT_EQ(cl->answers(0).clues(0).text(), "Five F's");
  EXPECT_TRUE(cl->answers(0).clues(0).own());
  // Undo: the word is the dictionary's again.
  v1::EditWordListRequest undo;
  undo.set_name("mine");
  undo.add_edits()->set_op(v1::WORD_LIST_REMOVE);
  undo.mutable_edits(0)->set_word(blocked);
  auto after = c->EditWordList(undo);
  ASSERT_TRUE(after.ok()) << after.status();
  m.set_pattern(blocked);
  m.mutable_lists(0)->set_digest(after->digest());
  r = c->Match(m);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->total(), 1u);
  // At most 32 lists per token: the 33rd is refused, naming the limit.
  v1::PutWordListRequest put;
  put.add_entries()->set_word("FFFFA");
  for (int i = 1; i < 32; ++i) {
    put.set_name(absl::StrCat("list", i));
    ASSERT_TRUE(c->PutWordList(put).ok()) << i;
  }
  put.set_name("one-too-many");
  auto refused = c->PutWordList(put);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(refused.status().message().find("at most 32 lists per token"), std::string::npos) << refused.status();
  v1::ListWordListsRequest ls;
  EXPECT_EQ(c->ListWordLists(ls)->lists_size(), 32);
}

// Three replicas, each with its own lists, behind the client's round
// robin: a list edited through one is applied by every one, the client
// sending the entries to a replica that lacks the version.
TEST_F(WordListsTest, AnEditThroughOneReplicaIsInEffectOnEvery) {
  std::vector<std::unique_ptr<DaemonProcess>> replicas;
  std::vector<std::string> addresses;
  for (int i = 0; i < 3; ++i) {
    replicas.push_back(Start("base.db", absl::StrCat("lists", i)));
    ASSERT_TRUE(replicas.back()->ok()) << replicas.back()->log();
    addresses.push_back(replicas.back()->address());
  }
  const std::string lists_dir = dir_.Sub("constructor");
  const std::string all = absl::StrJoin(addresses, ",");
  const std::string blocked = base_.rbegin()->first;
  auto run = [&](std::vector<std::string> args, const std::string& server) {
    args.insert(args.begin(), kXwdbClient);
    args.insert(args.end(), {"--server", server, "--lists-dir", lists_dir});
    return testing::RunProgram(args, dir_.Sub("client.out"));
  };
  ASSERT_EQ(run({"list", "block", "mine", blocked}, addresses[0]), 0);
  ASSERT_EQ(run({"list", "add", "mine", "fffff", "--score", "80"}, addresses[1]), 0);
  for (int i = 0; i < 3; ++i) {
    // Each replica alone: the match must see both edits.
    ASSERT_EQ(run({"match", "FFFFF", blocked, "--list", "mine", "--json"}, addresses[i]), 0);
    const std::string out = testing::ReadFile(dir_.Sub("client.out"));
    EXPECT_NE(out.find("\"FFFFF\""), std::string::npos) << i << ": " << out;
    EXPECT_NE(out.find("\"total\": 0"), std::string::npos) << i << ": " << out;
  }
  // Through round robin, call after call.
  for (int k = 0; k < 6; ++k) {
    ASSERT_EQ(run({"match", "FFFFF", "--list", "mine", "--count"}, all), 0);
    EXPECT_EQ(testing::ReadFile(dir_.Sub("client.out")), "1\n");
  }
}

TEST_F(WordListsTest, ATokenSeesAndEditsOnlyItsOwnListsAndTheLimitsHold) {
  testing::WriteFile(dir_.Sub("users"),
                     "# name token [admin]\nalice alice-token-0123456789\nbob bob-token-0123456789 admin\n");
  auto d = Start("base.db", "lists",
                 {"--users-file", dir_.Sub("users"), "--list-edits-per-second", "1"});
  ASSERT_TRUE(d->ok()) << d->log();
  auto alice = ConnectTo(d->address(), "alice-token-0123456789");
  auto bob = ConnectTo(d->address(), "bob-token-0123456789");
  auto nobody = ConnectTo(d->address());
  v1::PutWordListRequest put;
  put.set_name("mine");
  v1::WordListEntry* e = put.add_entries();
  e->set_word("FFFFF");
  e->set_score(60);
  ASSERT_TRUE(alice->PutWordList(put).ok());
  EXPECT_EQ(nobody->PutWordList(put).status().code(), absl::StatusCode::kUnauthenticated);
  v1::ListWordListsRequest ls;
  auto bobs = bob->ListWordLists(ls);
  ASSERT_TRUE(bobs.ok());
  EXPECT_EQ(bobs->lists_size(), 0);
  v1::GetWordListRequest get;
  get.set_name("mine");
  EXPECT_EQ(bob->GetWordList(get).status().code(), absl::StatusCode::kNotFound);
  v1::MatchRequest m;
  m.set_pattern("FFFFF");
  m.add_lists()->set_name("mine");
  EXPECT_EQ(bob->Match(m).status().code(), absl::StatusCode::kNotFound);
  auto r = alice->Match(m);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->total(), 1u);
  // The shared scope: an admin edits it, anyone applies it.
  put.set_shared(true);
  put.set_name("house");
  EXPECT_EQ(alice->PutWordList(put).status().code(), absl::StatusCode::kPermissionDenied);
  ASSERT_TRUE(bob->PutWordList(put).ok());
  m.mutable_lists(0)->set_name("house");
  m.mutable_lists(0)->set_shared(true);
  r = alice->Match(m);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->total(), 1u);
  // The shared list named after a dictionary is the operator's overrides:
  // every call on it applies them, named or not.
  const std::string banned = base_.begin()->first;
  v1::MatchRequest plain;
  plain.set_pattern(banned);
  ASSERT_EQ(alice->Match(plain)->total(), 1u);
  v1::PutWordListRequest overrides;
  overrides.set_name("words");
  overrides.set_shared(true);
  v1::WordListEntry* ban = overrides.add_entries();
  ban->set_word(banned);
  ban->set_score(-1);
  ASSERT_TRUE(bob->PutWordList(overrides).ok());
  EXPECT_EQ(alice->Match(plain)->total(), 0u);
  EXPECT_EQ(bob->Match(plain)->total(), 0u);
  // Sizes, each refusal naming its field or limit.
  v1::PutWordListRequest big;
  big.set_name("big");
  big.add_entries()->set_word(std::string(101, 'A'));
  auto refused = alice->PutWordList(big);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(refused.status().message().find("entries[0].word: over 100 bytes"), std::string::npos)
      << refused.status();
  big.set_name("no/slashes");
  EXPECT_EQ(alice->PutWordList(big).status().code(), absl::StatusCode::kInvalidArgument);
  v1::MatchRequest nine = m;
  for (int i = 0; i < 8; ++i) *nine.add_lists() = m.lists(0);
  refused = absl::Status(alice->Match(nine).status());
  EXPECT_NE(refused.status().message().find("lists: at most 8"), std::string::npos) << refused.status();
  // Edits per second: 1, with a burst of 10; alice spent 1.
  v1::EditWordListRequest edit;
  edit.set_name("mine");
  for (int i = 0; i < 12; ++i) {
    v1::WordListEdit* one = edit.add_edits();
    one->set_op(v1::WORD_LIST_ADD);
    one->set_word(absl::StrCat("FFFF", std::string(1, static_cast<char>('A' + i))));
    one->set_score(50);
  }
  refused = absl::Status(alice->EditWordList(edit).status());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(refused.status().message().find("edits a second"), std::string::npos) << refused.status();
  // 12 edits are more than the whole burst: the answer says to split the
  // call, not to wait.
  EXPECT_NE(refused.status().message().find("split it into calls of at most 10"), std::string::npos)
      << refused.status();
  // An edit that would leave a list not kept yet empty creates nothing.
  v1::EditWordListRequest empty;
  empty.set_name("ghost");
  EXPECT_EQ(bob->EditWordList(empty).status().code(), absl::StatusCode::kNotFound);
  v1::WordListEdit* remove = empty.add_edits();
  remove->set_op(v1::WORD_LIST_REMOVE);
  remove->set_word("FFFFF");
  auto ghost = bob->EditWordList(empty);
  EXPECT_EQ(ghost.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(ghost.status().message().find("nothing was created"), std::string::npos) << ghost.status();
  bobs = bob->ListWordLists(ls);
  ASSERT_TRUE(bobs.ok());
  EXPECT_EQ(bobs->lists_size(), 0);
}

TEST_F(WordListsTest, TheDefaultRatePassesOneCallOfTheMostEdits) {
  auto d = Start("base.db", "");
  ASSERT_TRUE(d->ok()) << d->log();
  auto client = ConnectTo(d->address());
  v1::EditWordListRequest edit;
  edit.set_name("big");
  for (int i = 0; i < 1000; ++i) {
    v1::WordListEdit* one = edit.add_edits();
    one->set_op(v1::WORD_LIST_ADD);
    std::string word = "FFFFF";
    for (int k = 0, n = i; k < 5; ++k, n /= 6) word[k] = static_cast<char>('A' + n % 6);
    one->set_word(word);
    one->set_score(50);
  }
  auto version = client->EditWordList(edit);
  ASSERT_TRUE(version.ok()) << version.status();
  EXPECT_EQ(version->entries(), 1000u);
}

TEST_F(WordListsTest, AUserCannotTakeTheDaemonsOwnNames) {
  for (const char* name : {"operator", "local"}) {
    testing::WriteFile(dir_.Sub("users"), absl::StrCat(name, " some-token-0123456789abc\n"));
    auto d = Start("base.db", "", {"--users-file", dir_.Sub("users")});
    EXPECT_FALSE(d->ok()) << name;
    EXPECT_NE(d->log().find("is the daemon's own name for a token owner"), std::string::npos) << d->log();
  }
}

TEST_F(WordListsTest, TheOperatorsBanHoldsAgainstEveryUsersList) {
  testing::WriteFile(dir_.Sub("users"),
                     "alice alice-token-0123456789\nboss boss-token-0123456789 admin\n");
  auto d = Start("base.db", "lists", {"--users-file", dir_.Sub("users")});
  ASSERT_TRUE(d->ok()) << d->log();
  auto alice = ConnectTo(d->address(), "alice-token-0123456789");
  auto boss = ConnectTo(d->address(), "boss-token-0123456789");
  auto it = base_.begin();
  const std::string banned = it->first, rescored = std::next(it)->first;
  // The operator's overrides of the dictionary: one word banned, one
  // rescored.
  v1::PutWordListRequest overrides;
  overrides.set_name("words");
  overrides.set_shared(true);
  v1::WordListEntry* e = overrides.add_entries();
  e->set_word(banned);
  e->set_score(-1);
  e = overrides.add_entries();
  e->set_word(rescored);
  e->set_score(3);
  ASSERT_TRUE(boss->PutWordList(overrides).ok());
  // alice asks for both words back in a list of her own, and in a
  // one-call "shared" list (not hers to keep).
  v1::PutWordListRequest mine;
  mine.set_name("mine");
  for (const std::string& w : {banned, rescored}) {
    e = mine.add_entries();
    e->set_word(w);
    e->set_score(90);
  }
  ASSERT_TRUE(alice->PutWordList(mine).ok());
  for (const std::string how : {"own", "one-call shared", "admin's own"}) {
    SCOPED_TRACE(how);
    v1::MatchRequest m;
    v1::WordListRef* ref = m.add_lists();
    ref->set_name(how == "one-call shared" ? "words" : "mine");
    if (how == "one-call shared") {
      ref->set_shared(true);
      *ref->mutable_entries() = mine.entries();
    }
    XwdbClient& who = how == "admin's own" ? *boss : *alice;
    if (how == "admin's own") {
      ASSERT_TRUE(boss->PutWordList(mine).ok());
    }
    m.set_pattern(banned);
    auto r = who.Match(m);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->total(), 0u) << "a user's list brought back a word the operator banned";
    // A rescore of the operator's is the constructor's to change.
    m.set_pattern(rescored);
    r = who.Match(m);
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_EQ(r->words_size(), 1);
    EXPECT_EQ(r->words(0).score(), 90);
  }
  // A fill cannot use the banned word either: the only 5-letter answer
  // pattern that fits is the banned word itself.
  v1::MatchRequest without;
  without.set_pattern(banned);
  EXPECT_EQ(alice->Match(without)->total(), 0u);
}

TEST_F(WordListsTest, AListOfTheDocumentedMostEntriesFitsInOneCall) {
  auto d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  auto c = ConnectTo(d->address());
  v1::PutWordListRequest put;
  put.set_name("most");
  for (int i = 0; i < 100001; ++i) {
    std::string word(12, 'A');
    for (int k = 0, n = i; k < 12 && n > 0; ++k, n /= 26) word[11 - k] = static_cast<char>('A' + n % 26);
    v1::WordListEntry* e = put.add_entries();
    e->set_word(word);
    e->set_score(i % 101);
  }
  // One over the limit: refused by the limit's name, not by the transport.
  auto refused = c->PutWordList(put);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument) << refused.status();
  EXPECT_NE(refused.status().message().find("entries: at most 100000 entries"), std::string::npos)
      << refused.status();
  put.mutable_entries()->RemoveLast();
  ASSERT_GT(put.ByteSizeLong(), 1u << 20);
  auto kept = c->PutWordList(put);
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(kept->entries(), 100000u);
}

// The last write-ahead log of a --lists directory.
std::string LastLog(const std::string& dir) {
  std::string last;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".log" && e.path().string() > last) last = e.path().string();
  }
  return last;
}

TEST_F(WordListsTest, ADamagedListsDirectoryIsRefusedByNameAndSalvaged) {
  auto d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  auto c = ConnectTo(d->address());
  ASSERT_TRUE(c->PutWordList(PutRequest("mine")).ok());
  for (int i = 0; i < 20; ++i) {
    v1::EditWordListRequest edit;
    edit.set_name("mine");
    v1::WordListEdit* e = edit.add_edits();
    e->set_op(v1::WORD_LIST_ADD);
    e->set_word(absl::StrCat("FFFF", std::string(1, static_cast<char>('A' + i))));
    e->set_score(40);
    ASSERT_TRUE(c->EditWordList(edit).ok());
  }
  d->Signal(SIGKILL);
  d->Wait(10);
  const std::string log = LastLog(dir_.Sub("lists"));
  ASSERT_FALSE(log.empty());
  std::filesystem::resize_file(log, std::filesystem::file_size(log) * 9 / 10);
  d = Start("base.db", "lists");
  EXPECT_FALSE(d->ok());
  EXPECT_NE(d->log().find("were acknowledged"), std::string::npos) << d->log();
  EXPECT_NE(d->log().find("--lists-salvage"), std::string::npos) << d->log();
  d = Start("base.db", "lists", {"--lists-salvage"});
  ASSERT_TRUE(d->ok()) << d->log();
  EXPECT_NE(d->log().find("salvage: kept word list 'mine'"), std::string::npos) << d->log();
  EXPECT_NE(d->log().find("are lost"), std::string::npos) << d->log();
  c = ConnectTo(d->address());
  v1::GetWordListRequest get;
  get.set_name("mine");
  auto got = c->GetWordList(get);
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_GE(got->version().entries(), list_.size());
  EXPECT_LT(got->version().entries(), list_.size() + 20);
  EXPECT_TRUE(std::filesystem::exists(dir_.Sub("lists.damaged-1")));
}

TEST_F(WordListsTest, AFullDiskIsAnErrorNamingTheLimitAndTheDaemonRecoversWithoutARestart) {
  auto d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  auto c = ConnectTo(d->address());
  ASSERT_TRUE(c->PutWordList(PutRequest("first")).ok());
  // The daemon's file size limit, as a full disk would: a little more than
  // its write-ahead log holds now.
  rlimit limit{};
  ASSERT_EQ(prlimit(d->pid(), RLIMIT_FSIZE, nullptr, &limit), 0);
  const rlimit old = limit;
  limit.rlim_cur = std::filesystem::file_size(LastLog(dir_.Sub("lists"))) + 4096;
  ASSERT_EQ(prlimit(d->pid(), RLIMIT_FSIZE, &limit, nullptr), 0);
  v1::PutWordListRequest big;
  big.set_name("big");
  for (int i = 0; i < 3000; ++i) {
    v1::WordListEntry* e = big.add_entries();
    e->set_word(absl::StrCat("GG", std::string(1, static_cast<char>('A' + i % 26)),
                             std::string(1, static_cast<char>('A' + i / 26 % 26)),
                             std::string(1, static_cast<char>('A' + i / 676))));
    e->set_score(50);
    e->set_clue("a clue long enough to take room on the disk");
  }
  for (int attempt = 0; attempt < 2; ++attempt) {
    auto full = c->PutWordList(big);
    EXPECT_EQ(full.status().code(), absl::StatusCode::kResourceExhausted) << full.status();
    EXPECT_NE(full.status().message().find("file size limit"), std::string::npos) << full.status();
    EXPECT_EQ(full.status().message().find(dir_.path()), std::string::npos)
        << "the message names the server's path: " << full.status();
  }
  // The daemon is alive and serves the lists it has.
  v1::MatchRequest m;
  m.set_pattern(list_.begin()->first);
  m.add_lists()->set_name("first");
  ASSERT_TRUE(c->Match(m).ok());
  // Room again: the same call passes, without a restart.
  ASSERT_EQ(prlimit(d->pid(), RLIMIT_FSIZE, &old, nullptr), 0);
  auto kept = c->PutWordList(big);
  ASSERT_TRUE(kept.ok()) << kept.status();
  d->Signal(SIGTERM);
  EXPECT_EQ(d->Wait(30), 0) << d->log();
  d = Start("base.db", "lists");
  ASSERT_TRUE(d->ok()) << d->log();
  c = ConnectTo(d->address());
  v1::ListWordListsRequest ls;
  auto lists = c->ListWordLists(ls);
  ASSERT_TRUE(lists.ok());
  EXPECT_EQ(lists->lists_size(), 2);
}

}  // namespace
}  // namespace xwdb
