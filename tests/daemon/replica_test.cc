// Three xwdbd replicas on 127.0.0.1 behind gRPC's own client-side load
// balancing (XwdbClient over an address list: round robin over the healthy
// replicas, retries of the read-only calls): a replica killed with SIGKILL
// under load costs no Match call; a fill running on it is asked for again
// by xwdb-client and answered by another; a replica restarted on its port
// takes load again; a new snapshot rolled through the replicas with SIGHUP
// under load costs no call, and every answer comes whole from the old or
// the new generation.
#include <signal.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
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
const char kXwdbClient[] = XWDB_BINARY_DIR "/client/xwdb-client";
constexpr int kReplicas = 3;

double SecondsSince(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::unique_ptr<XwdbClient> ConnectTo(const std::string& address) {
  ClientOptions o;
  o.address = address;
  // Generous: under the sanitizers, beside other tests, a call can wait
  // long for a core; a missed deadline would read as a lost call.
  o.deadline_seconds = 30;
  auto c = XwdbClient::Connect(o);
  EXPECT_TRUE(c.ok()) << c.status();
  return std::move(*c);
}

// Matches from several threads through one round-robin client until
// stopped; each answer is kept as (generation, total) for the checks. Odd
// threads ask for every pattern in one MatchMany call, and each of its
// answers is kept with the call's generation: a call answered by two
// generations would give some pattern the other generation's total.
class MatchLoad {
 public:
  MatchLoad(XwdbClient* client, int threads) {
    for (int t = 0; t < threads; ++t) {
      threads_.emplace_back([this, client, t] {
        for (uint64_t i = 0; !stop_.load(); ++i) {
          if (t % 2 == 1) {
            AskMany(client);
            continue;
          }
          v1::MatchRequest r;
          r.set_dictionary("words");
          r.set_pattern(kPatterns[(i + t) % kPatterns.size()]);
          r.set_count_only(true);
          auto m = client->Match(r);
          std::lock_guard<std::mutex> lock(mu_);
          if (!m.ok()) {
            failures_.push_back(std::string(m.status().ToString()));
            continue;
          }
          answers_.push_back({r.pattern(), m->generation(), m->total()});
        }
      });
    }
  }
  ~MatchLoad() { Stop(); }

  void Stop() {
    stop_ = true;
    for (auto& t : threads_) t.join();
    threads_.clear();
  }
  size_t answered() {
    std::lock_guard<std::mutex> lock(mu_);
    return answers_.size();
  }

  struct Answer {
    std::string pattern;
    uint64_t generation;
    uint64_t total;
  };
  static inline const std::vector<std::string> kPatterns = {"?????", "A????", "??B??", "????F", "F?F??"};
  std::vector<Answer> answers_;
  std::vector<std::string> failures_;
  std::atomic<int> many_calls_{0};

 private:
  void AskMany(XwdbClient* client) {
    v1::MatchManyRequest r;
    r.set_dictionary("words");
    for (const std::string& pattern : kPatterns) {
      v1::MatchRequest* q = r.add_queries();
      q->set_pattern(pattern);
      q->set_count_only(true);
    }
    auto m = client->MatchMany(r);
    std::lock_guard<std::mutex> lock(mu_);
    if (!m.ok() || m->results_size() != r.queries_size()) {
      failures_.push_back(m.ok() ? "a MatchMany answer without one result per query" : m.status().ToString());
      return;
    }
    ++many_calls_;
    for (int q = 0; q < r.queries_size(); ++q) {
      answers_.push_back({r.queries(q).pattern(), m->generation(), m->results(q).total()});
      if (m->results(q).generation() != m->generation()) failures_.push_back("a result of another generation");
    }
  }

  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::vector<std::thread> threads_;
};

class ReplicaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // "words": generation 1 is random words over A-E; a later import adds
    // words with F. Replicas serve the snapshot a symbolic link points at,
    // as an operator rolls them forward.
    testing::WriteFile(dir_.Sub("words1.txt"), testing::RandomWordList(3000, 5, 5, 1));
    testing::WriteFile(dir_.Sub("words2.txt"), testing::RandomWordList(3000, 5, 6, 2));
    ASSERT_EQ(Xwdb({"import", "--db", dir_.Sub("words.db"), "--format", "plain", dir_.Sub("words1.txt")}), 0);
    ASSERT_EQ(Xwdb({"snapshot", "--db", dir_.Sub("words.db"), "--out", dir_.Sub("snap-1")}), 0);
    std::filesystem::create_symlink(dir_.Sub("snap-1"), dir_.Sub("current"));
    // "hard": random 10-letter words over A-E; a 10x10 open grid keeps a
    // search busy for as long as it is allowed.
    testing::WriteFile(dir_.Sub("hard.txt"), testing::RandomWordList(20000, 10, 5, 3));
    ASSERT_EQ(Xwdb({"import", "--db", dir_.Sub("hard.db"), "--format", "plain", dir_.Sub("hard.txt")}), 0);
    for (int i = 0; i < kReplicas; ++i) {
      replicas_.push_back(Start("127.0.0.1:0"));
      ASSERT_TRUE(replicas_.back()->ok()) << replicas_.back()->log();
      addresses_.push_back(replicas_.back()->address());
    }
    all_ = ConnectTo(absl::StrJoin(addresses_, ","));
  }

  int Xwdb(std::vector<std::string> args) {
    args.insert(args.begin(), kXwdb);
    return testing::RunProgram(args, dir_.Sub(absl::StrCat("xwdb-", ++runs_, ".log")));
  }

  std::unique_ptr<DaemonProcess> Start(const std::string& listen) {
    return std::make_unique<DaemonProcess>(
        kXwdbd, dir_.path(),
        std::vector<std::string>{"--db", "words=" + dir_.Sub("current"), "--db", "hard=" + dir_.Sub("hard.db"),
                                 "--listen", listen, "--call-log", "off", "--fill-threads", "1"});
  }

  // The calls replica `i` has answered, asked of it alone.
  uint64_t CallsOf(int i) {
    auto stats = ConnectTo(addresses_[i])->GetServerStats();
    return stats.ok() ? stats->calls() : 0;
  }

  // The total of `pattern` in "words" as one replica answers it now.
  std::pair<uint64_t, uint64_t> GenerationAndTotal(int replica, const std::string& pattern) {
    v1::MatchRequest r;
    r.set_dictionary("words");
    r.set_pattern(pattern);
    r.set_count_only(true);
    auto m = ConnectTo(addresses_[replica])->Match(r);
    EXPECT_TRUE(m.ok()) << m.status();
    return m.ok() ? std::pair{m->generation(), m->total()} : std::pair<uint64_t, uint64_t>{0, 0};
  }

  testing::TempDir dir_;
  int runs_ = 0;
  std::vector<std::unique_ptr<DaemonProcess>> replicas_;
  std::vector<std::string> addresses_;
  std::unique_ptr<XwdbClient> all_;
};

TEST_F(ReplicaTest, KilledReplicaCostsNoMatchCallAndTakesLoadWhenBack) {
  MatchLoad load(all_.get(), 4);
  auto wait_answers = [&](size_t more) {
    const size_t target = load.answered() + more;
    const auto start = Clock::now();
    while (load.answered() < target && SecondsSince(start) < 30) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  };
  wait_answers(2000);
  const uint64_t served_before = CallsOf(1);
  EXPECT_GT(served_before, 100u) << "round robin sends every replica its share";

  replicas_[1]->Signal(SIGKILL);
  ASSERT_EQ(replicas_[1]->Wait(10), 128 + SIGKILL);
  wait_answers(3000);

  // Back on its port: it takes load again.
  replicas_[1] = Start(addresses_[1]);
  ASSERT_TRUE(replicas_[1]->ok()) << replicas_[1]->log();
  const auto start = Clock::now();
  while (CallsOf(1) < 200 && SecondsSince(start) < 30) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  load.Stop();
  EXPECT_GE(CallsOf(1), 200u) << "the restarted replica gets calls again";
  EXPECT_TRUE(load.failures_.empty()) << load.failures_.size() << " failed calls, the first: " << load.failures_[0];
  EXPECT_GT(load.answers_.size(), 5000u);
}

TEST_F(ReplicaTest, FillOnAKilledReplicaIsAskedForAgainOnAnother) {
  std::string grid;
  for (int i = 0; i < 10; ++i) grid += "..........\n";
  testing::WriteFile(dir_.Sub("open10.txt"), grid);
  const std::string out = dir_.Sub("client-fill.log");
  std::atomic<int> exit_code{-1};
  const auto start = Clock::now();
  std::thread fill([&] {
    exit_code = testing::RunProgram({kXwdbClient, "fill", "--server", absl::StrJoin(addresses_, ","), "--dict", "hard",
                                     "--timeout", "3", dir_.Sub("open10.txt")},
                                    out);
  });
  // The replica searching it: the one with a fill running, looked for
  // while the client still waits on it.
  std::vector<std::unique_ptr<XwdbClient>> each;
  for (const std::string& address : addresses_) each.push_back(ConnectTo(address));
  int busy = -1;
  while (busy < 0 && exit_code.load() == -1 && SecondsSince(start) < 20) {
    for (int i = 0; i < kReplicas && busy < 0; ++i) {
      auto stats = each[i]->GetServerStats();
      if (stats.ok() && stats->fills_running() > 0) busy = i;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (busy < 0) {
    // Say why: the client's exit and log, and what each replica served.
    std::string served;
    for (int i = 0; i < kReplicas; ++i) {
      auto stats = each[i]->GetServerStats();
      absl::StrAppend(&served, " replica ", i, ": ",
                      stats.ok() ? absl::StrCat(stats->fills(), " fills, ", stats->calls(), " calls")
                                 : stats.status().ToString());
    }
    for (auto& r : replicas_) r->Signal(SIGKILL);  // the client, if it still waits, ends
    fill.join();
    std::ifstream in(out);
    FAIL() << "no replica was seen running the fill in " << SecondsSince(start) << " s; the client exited "
           << exit_code.load() << ";" << served << "\nthe client's log:\n"
           << std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
  replicas_[busy]->Signal(SIGKILL);
  fill.join();
  const double seconds = SecondsSince(start);

  std::ifstream in(out);
  const std::string log((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(log.find("(UNAVAILABLE); asking once more"), std::string::npos) << log;
  EXPECT_EQ(exit_code.load(), 3) << "the second attempt ran to its time limit (exit 3, timed out)\n" << log;
  EXPECT_GT(seconds, 3.0);
  // It was searched to its end on one of the others.
  uint64_t fills = 0;
  for (int i = 0; i < kReplicas; ++i) {
    if (i == busy) continue;
    auto stats = ConnectTo(addresses_[i])->GetServerStats();
    ASSERT_TRUE(stats.ok()) << stats.status();
    fills += stats->fills();
  }
  EXPECT_EQ(fills, 1u);
}

TEST_F(ReplicaTest, SnapshotRolledThroughUnderLoadCostsNoCallAndNeverMixesGenerations) {
  // The figures of generation 1, from every replica.
  std::map<std::pair<uint64_t, std::string>, uint64_t> expected;
  for (const std::string& p : MatchLoad::kPatterns) {
    for (int i = 0; i < kReplicas; ++i) {
      auto [generation, total] = GenerationAndTotal(i, p);
      ASSERT_EQ(generation, 1u);
      expected[{generation, p}] = total;
    }
  }
  MatchLoad load(all_.get(), 4);
  // A new generation, snapshotted under load; the link moved at once.
  ASSERT_EQ(Xwdb({"import", "--db", dir_.Sub("words.db"), "--format", "plain", dir_.Sub("words2.txt")}), 0);
  ASSERT_EQ(Xwdb({"snapshot", "--db", dir_.Sub("words.db"), "--out", dir_.Sub("snap-2")}), 0);
  std::filesystem::create_symlink(dir_.Sub("snap-2"), dir_.Sub("current.new"));
  std::filesystem::rename(dir_.Sub("current.new"), dir_.Sub("current"));
  // Each replica in turn: SIGHUP, and on once it serves generation 2.
  for (int i = 0; i < kReplicas; ++i) {
    const size_t before = load.answered();
    const int many_before = load.many_calls_.load();
    replicas_[i]->Signal(SIGHUP);
    const auto start = Clock::now();
    while (GenerationAndTotal(i, "?????").first != 2 && SecondsSince(start) < 30) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_EQ(GenerationAndTotal(i, "?????").first, 2u) << replicas_[i]->log();
    // Both kinds of call go on past the reload (MatchMany calls may be
    // slower than Match calls on a loaded machine).
    while ((load.answered() < before + 500 || load.many_calls_.load() < many_before + 40) &&
           SecondsSince(start) < 60) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  load.Stop();
  for (const std::string& p : MatchLoad::kPatterns) {
    for (int i = 0; i < kReplicas; ++i) {
      auto [generation, total] = GenerationAndTotal(i, p);
      ASSERT_EQ(generation, 2u);
      expected[{generation, p}] = total;
    }
  }
  ASSERT_GT((expected[{2, "F?F??"}]), 0u);
  ASSERT_EQ((expected[{1, "F?F??"}]), 0u);

  EXPECT_TRUE(load.failures_.empty()) << load.failures_.size() << " failed calls, the first: " << load.failures_[0];
  std::map<uint64_t, int> by_generation;
  int wrong = 0;
  for (const MatchLoad::Answer& a : load.answers_) {
    ++by_generation[a.generation];
    auto it = expected.find({a.generation, a.pattern});
    if (it == expected.end() || it->second != a.total) ++wrong;
  }
  EXPECT_EQ(wrong, 0) << "answers that are not one generation's whole answer";
  EXPECT_GT(by_generation[1], 0);
  EXPECT_GT(by_generation[2], 0);
  EXPECT_EQ(by_generation.size(), 2u);
  EXPECT_GT(load.many_calls_.load(), 100);
}

}  // namespace
}  // namespace xwdb
