// Faults during a real `xwdb import` process: SIGKILL at moments spread over
// the import, and a disk that fills up (a file size limit). The dictionary
// always opens afterwards and holds either all of that import or none of it,
// with the earlier import intact.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "core/store/store.h"
#include "gtest/gtest.h"
#include "tests/testing/daemon_process.h"
#include "tests/testing/temp_dir.h"

namespace xwdb {
namespace {

const char kXwdb[] = XWDB_BINARY_DIR "/tools/xwdb";

struct Counts {
  uint64_t words = 0, clues = 0, generation = 0;
  friend bool operator==(const Counts&, const Counts&) = default;
};

Counts CountAll(const std::string& db) {
  Counts c;
  auto store = Store::Open(db, {.read_only = true});
  EXPECT_TRUE(store.ok()) << store.status();
  if (!store.ok()) return c;
  c.generation = (*store)->meta() ? (*store)->meta()->generation : 0;
  EXPECT_TRUE((*store)->ForEachWord([&](absl::string_view, const WordRecord&) {
    ++c.words;
    return true;
  }).ok());
  EXPECT_TRUE((*store)->ForEachClue([&](absl::string_view, uint64_t, const ClueRecord&) {
    ++c.clues;
    return true;
  }).ok());
  return c;
}

// Starts `xwdb import --db DB FILE`; returns its pid. `max_file_bytes` > 0:
// no file it writes may grow past that (RLIMIT_FSIZE: writes past it fail
// with EFBIG, as on a full disk). Its stderr goes to `log` if given.
pid_t StartImport(const std::string& db, const std::string& file, rlim_t max_file_bytes = 0,
                  const std::string& log = "/dev/null") {
  const pid_t pid = fork();
  if (pid == 0) {
    freopen("/dev/null", "w", stdout);
    freopen(log.c_str(), "w", stderr);
    if (max_file_bytes > 0) {
      signal(SIGXFSZ, SIG_IGN);  // the write fails instead of killing the process
      const rlimit limit{max_file_bytes, max_file_bytes};
      setrlimit(RLIMIT_FSIZE, &limit);
    }
    // --wait: a snapshot may hold the writer's lock for a moment.
    execl(kXwdb, kXwdb, "import", "--db", db.c_str(), "--format", "pipe", "--wait", "60", file.c_str(), nullptr);
    _exit(127);
  }
  return pid;
}

int Wait(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

// A large clue file: `answers` distinct answers with a clue each.
std::string BigClueFile(int answers) {
  std::mt19937 rng(42);
  std::string big;
  for (int i = 0; i < answers; ++i) {
    std::string word;
    for (int n = 3 + static_cast<int>(rng() % 10); n > 0; --n) word.push_back(static_cast<char>('a' + rng() % 26));
    absl::StrAppend(&big, word, "|Clue number ", i, " for ", word, "\n");
  }
  return big;
}

// A dictionary of three words (base_db, holding `before`) and a large
// clue file to import into it.
class ImportFaultTest : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::WriteFile(dir.Sub("big.txt"), BigClueFile(150000));
    testing::WriteFile(dir.Sub("base.txt"), "APPLE|Fruit\nBANANA|Yellow fruit\nCHERRY|Red fruit\n");
    ASSERT_EQ(Wait(StartImport(base_db, dir.Sub("base.txt"))), 0);
    before = CountAll(base_db);
    ASSERT_EQ(before.words, 3u);
  }
  testing::TempDir dir;
  const std::string base_db = dir.Sub("base.db");
  Counts before;
};

TEST_F(ImportFaultTest, KilledImportsAreAllOrNothing) {

  // One uninterrupted run gives the "all" state and the time it takes.
  const std::string full_db = dir.Sub("full.db");
  std::filesystem::copy(base_db, full_db, std::filesystem::copy_options::recursive);
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(Wait(StartImport(full_db, dir.Sub("big.txt"))), 0);
  const auto full_time = std::chrono::steady_clock::now() - start;
  const Counts after = CountAll(full_db);
  ASSERT_GT(after.words, before.words);

  int none = 0, all = 0;
  for (int run = 0; run < 20; ++run) {
    SCOPED_TRACE(absl::StrCat("run ", run));
    const std::string db = dir.Sub(absl::StrCat("run", run, ".db"));
    std::filesystem::copy(base_db, db, std::filesystem::copy_options::recursive);
    // Ten moments spread over the whole import, ten over its last 40%,
    // where the merge and the commit (table files, ingestion) run.
    const auto full_us = std::chrono::duration_cast<std::chrono::microseconds>(full_time);
    const auto delay = run < 10 ? full_us * (run + 1) / 11 : full_us * 6 / 10 + full_us * 4 * (run - 9) / 110;
    const pid_t pid = StartImport(db, dir.Sub("big.txt"));
    std::this_thread::sleep_for(delay);
    kill(pid, SIGKILL);
    Wait(pid);
    const Counts got = CountAll(db);
    EXPECT_TRUE(got == before || got == after)
        << "words " << got.words << " clues " << got.clues << " generation " << got.generation;
    none += got == before;
    all += got == after;
    // The database is still writable and the earlier import intact.
    ASSERT_EQ(Wait(StartImport(db, dir.Sub("base.txt"))), 0);
    EXPECT_GE(CountAll(db).words, before.words);
    std::filesystem::remove_all(db);
  }
  EXPECT_EQ(none + all, 20);
  std::printf("kill test: %d runs held none of the import, %d all of it\n", none, all);
}

// Snapshots taken at moments spread over a running import each hold the
// dictionary before the import or after it, whole, and open on their own;
// the import is not disturbed.
TEST_F(ImportFaultTest, SnapshotsDuringAnImportAreWholeGenerations) {
  const std::string full_db = dir.Sub("full.db");
  std::filesystem::copy(base_db, full_db, std::filesystem::copy_options::recursive);
  const auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(Wait(StartImport(full_db, dir.Sub("big.txt"))), 0);
  const auto full_us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
  const Counts after = CountAll(full_db);

  int none = 0, all = 0;
  for (int run = 0; run < 6; ++run) {
    SCOPED_TRACE(absl::StrCat("run ", run));
    const std::string db = dir.Sub(absl::StrCat("snap-run", run, ".db"));
    const std::string snapshot = dir.Sub(absl::StrCat("snapshot", run));
    std::filesystem::copy(base_db, db, std::filesystem::copy_options::recursive);
    const pid_t pid = StartImport(db, dir.Sub("big.txt"));
    std::this_thread::sleep_for(full_us * run / 6);
    const std::string log = dir.Sub(absl::StrCat("snapshot", run, ".log"));
    const int code = testing::RunProgram({kXwdb, "snapshot", "--db", db, "--out", snapshot, "--wait", "120"}, log);
    EXPECT_EQ(code, 0) << testing::ReadFile(log);
    EXPECT_EQ(Wait(pid), 0) << "the import ran to its end beside the snapshot";
    EXPECT_EQ(CountAll(db), after);
    const Counts got = CountAll(snapshot);
    EXPECT_TRUE(got == before || got == after)
        << "words " << got.words << " clues " << got.clues << " generation " << got.generation;
    none += got == before;
    all += got == after;
    std::filesystem::remove_all(db);
    std::filesystem::remove_all(snapshot);
  }
  EXPECT_EQ(none + all, 6);
  std::printf("snapshot test: %d snapshots before the import, %d after it\n", none, all);
}

// A snapshot killed at moments spread over its run leaves nothing under
// the snapshot's name (or the whole snapshot), and the next snapshot to
// that name is taken.
TEST_F(ImportFaultTest, ASnapshotKilledHalfWayLeavesNoHalfSnapshot) {
  const std::string& db = base_db;
  const std::string snapshot = dir.Sub("killed-snapshot");
  auto start_snapshot = [&] {
    const pid_t pid = fork();
    if (pid == 0) {
      freopen("/dev/null", "w", stdout);
      freopen("/dev/null", "w", stderr);
      execl(kXwdb, kXwdb, "snapshot", "--db", db.c_str(), "--out", snapshot.c_str(), "--wait", "60", nullptr);
      _exit(127);
    }
    return pid;
  };
  const auto begin = std::chrono::steady_clock::now();
  ASSERT_EQ(Wait(start_snapshot()), 0);
  const auto whole = std::chrono::steady_clock::now() - begin;
  std::filesystem::remove_all(snapshot);
  int killed = 0;
  for (int run = 0; run < 8; ++run) {
    SCOPED_TRACE(absl::StrCat("run ", run));
    const pid_t pid = start_snapshot();
    std::this_thread::sleep_for(whole * run / 8);
    kill(pid, SIGKILL);
    const int status = Wait(pid);
    killed += WIFSIGNALED(status);
    if (std::filesystem::exists(snapshot)) {
      // Only a whole snapshot has the name: it opens, as the dictionary,
      // with its index file.
      EXPECT_TRUE(CountAll(snapshot) == before);
      EXPECT_TRUE(std::filesystem::exists(snapshot + "/xwdb-mask-index"));
      std::filesystem::remove_all(snapshot);
    }
    // The next snapshot to the same name is taken, whole.
    const std::string log = dir.Sub("snapshot-again.log");
    ASSERT_EQ(testing::RunProgram({kXwdb, "snapshot", "--db", db, "--out", snapshot, "--wait", "60"}, log), 0)
        << testing::ReadFile(log);
    EXPECT_TRUE(CountAll(snapshot) == before);
    EXPECT_TRUE(std::filesystem::exists(snapshot + "/xwdb-mask-index"));
    EXPECT_FALSE(std::filesystem::exists(snapshot + ".partial"));
    std::filesystem::remove_all(snapshot);
  }
  std::printf("snapshot kill test: %d of 8 killed before they ended\n", killed);
}

// The disk fills up during an import: the import fails with a message that
// says so, and the dictionary opens with its earlier content; once there is
// room again, the same import goes in.
TEST_F(ImportFaultTest, FullDiskIsAClearErrorAndLosesNothing) {
  const std::string& db = base_db;
  // Limits from one that stops the first table file to one that lets most
  // of the import through.
  for (rlim_t limit : {rlim_t{64} << 10, rlim_t{1} << 20, rlim_t{4} << 20}) {
    SCOPED_TRACE(absl::StrCat("file size limit ", limit));
    const std::string log = dir.Sub("full.log");
    const int status = Wait(StartImport(db, dir.Sub("big.txt"), limit, log));
    ASSERT_TRUE(WIFEXITED(status)) << "the import died instead of failing: " << testing::ReadFile(log);
    EXPECT_EQ(WEXITSTATUS(status), 1) << testing::ReadFile(log);
    const std::string message = testing::ReadFile(log);
    EXPECT_NE(message.find("File too large"), std::string::npos) << message;
    EXPECT_TRUE(CountAll(db) == before) << "words " << CountAll(db).words;
  }
  ASSERT_EQ(Wait(StartImport(db, dir.Sub("big.txt"))), 0);
  EXPECT_GT(CountAll(db).words, before.words);
}

}  // namespace
}  // namespace xwdb
