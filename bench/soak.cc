// Soak test: `clients` concurrent clients call a running xwdbd for
// `seconds`, mixing Match (most calls, as an editor asks while a
// constructor types), GetClues and Fill (a 5x5 and, now and then, a 15x15
// that holds a place in the fill pool for a while). It reports, per method,
// calls, errors by status code and latency percentiles, and the daemon's
// resident memory (from /proc/PID/status) at the start, its peak, and at
// the end. RESOURCE_EXHAUSTED from a full fill pool is the intended answer
// to overload; any other error makes the exit status 1.
//
// Usage: soak --server ADDR --db PATH [--pid PID] [--clients 64] [--seconds 60]
//             [--token TOKEN]
// PATH: the dictionary the daemon serves as its default (for words to ask
// about). PID: the daemon's process, for its memory.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "client/xwdb_client.h"
#include "core/index/index_loader.h"
#include "core/store/store.h"

namespace xwdb {
namespace {

namespace v1 = ::xwdb::v1;
using Clock = std::chrono::steady_clock;

// Resident and peak resident size of `pid` in KiB (VmRSS, VmHWM), or 0.
std::pair<long, long> Memory(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long rss = 0, hwm = 0;
  while (in >> key) {
    if (key == "VmRSS:") in >> rss;
    if (key == "VmHWM:") in >> hwm;
  }
  return {rss, hwm};
}

struct MethodFigures {
  std::vector<float> latencies_ms;
  std::map<std::string, uint64_t> codes;  // status code name -> calls
};

int Main(int argc, char** argv) {
  std::string server, db, token;
  int pid = 0, clients = 64;
  double seconds = 60;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--server" && i + 1 < argc) server = argv[++i];
    else if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--pid" && i + 1 < argc) pid = std::atoi(argv[++i]);
    else if (a == "--clients" && i + 1 < argc) clients = std::atoi(argv[++i]);
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--token" && i + 1 < argc) token = argv[++i];
    else {
      std::fprintf(stderr, "usage: soak --server ADDR --db PATH [--pid PID] [--clients N] [--seconds S] [--token T]\n");
      return 2;
    }
  }
  if (server.empty() || db.empty() || clients < 1) {
    std::fprintf(stderr, "soak: --server and --db are required\n");
    return 2;
  }
  auto store = Store::Open(db, {.read_only = true});
  if (!store.ok()) {
    std::fprintf(stderr, "soak: %s\n", std::string(store.status().message()).c_str());
    return 1;
  }
  auto index = LoadMaskIndex(**store);
  if (!index.ok()) {
    std::fprintf(stderr, "soak: %s\n", std::string(index.status().message()).c_str());
    return 1;
  }
  const MaskIndex& words = **index;

  const char* const kMethods[] = {"Match", "GetClues", "Fill 5x5", "Fill 15x15"};
  std::vector<std::vector<MethodFigures>> figures(clients, std::vector<MethodFigures>(4));
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  const auto start_memory = pid ? Memory(pid) : std::pair<long, long>{0, 0};
  long peak_sampled = start_memory.first;
  // The daemon's resident size at each tenth of the run: a leak keeps
  // growing to the end, a working set levels off.
  std::vector<long> rss_by_tenth;
  const auto start = Clock::now();
  for (int k = 0; k < clients; ++k) {
    threads.emplace_back([&, k] {
      client::ClientOptions o;
      o.address = server;
      o.token = token;
      o.deadline_seconds = 30;
      o.own_connection = k % 8 == 0;  // eight connections, shared by the clients
      auto c = client::XwdbClient::Connect(o);
      if (!c.ok()) return;
      std::mt19937 rng(k + 1);
      auto word = [&] {
        const int length = 3 + static_cast<int>(rng() % 10);
        const uint64_t n = words.word_count(length);
        return n ? words.alphabet().Decode(words.letters(length, uint32_t(rng() % n))) : std::string("cat");
      };
      while (!stop.load(std::memory_order_relaxed)) {
        const unsigned roll = rng() % 100;
        const int method = roll < 80 ? 0 : roll < 92 ? 1 : roll < 99 ? 2 : 3;
        const auto t = Clock::now();
        absl::Status status;
        if (method == 0) {
          std::string pattern = word();
          for (char& ch : pattern) {
            if (rng() % 2) ch = '.';
          }
          v1::MatchRequest m;
          m.set_pattern(pattern);
          m.set_limit(20);
          status = (*c)->Match(m).status();
        } else if (method == 1) {
          v1::GetCluesRequest r;
          for (int n = 0; n < 5; ++n) r.add_words(word());
          status = (*c)->GetClues(r).status();
        } else {
          v1::FillRequest f;
          if (method == 2) {
            for (const char* row : {"...#.", ".....", ".....", ".....", ".#..."}) f.add_rows(row);
          } else {
            for (int r = 0; r < 15; ++r) f.add_rows(r == 7 ? "....#.....#...." : "...............");
          }
          f.mutable_options()->set_seed(static_cast<uint32_t>(rng()));
          f.mutable_options()->set_timeout_seconds(2);
          status = (*c)->Fill(f).status();
        }
        MethodFigures& m = figures[k][method];
        m.latencies_ms.push_back(std::chrono::duration<float, std::milli>(Clock::now() - t).count());
        ++m.codes[absl::StatusCodeToString(status.code())];
      }
    });
  }
  while (Clock::now() - start < std::chrono::microseconds(int64_t(seconds * 1e6))) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    if (!pid) continue;
    const long rss = Memory(pid).first;
    peak_sampled = std::max(peak_sampled, rss);
    const double done = std::chrono::duration<double>(Clock::now() - start).count() / seconds;
    while (rss_by_tenth.size() < 10 && done >= 0.1 * double(rss_by_tenth.size() + 1)) rss_by_tenth.push_back(rss);
  }
  stop = true;
  for (auto& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const auto end_memory = pid ? Memory(pid) : std::pair<long, long>{0, 0};
  if (pid && rss_by_tenth.size() == 9) rss_by_tenth.push_back(end_memory.first);  // the run's end

  std::printf("%d clients, %.0f s, server %s\n\n", clients, elapsed, server.c_str());
  std::printf("| call | calls | per s | p50 ms | p90 ms | p99 ms | max ms | answers |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---|\n");
  uint64_t bad = 0, total = 0;
  for (int method = 0; method < 4; ++method) {
    std::vector<float> all;
    std::map<std::string, uint64_t> codes;
    for (int k = 0; k < clients; ++k) {
      const MethodFigures& m = figures[k][method];
      all.insert(all.end(), m.latencies_ms.begin(), m.latencies_ms.end());
      for (const auto& [code, n] : m.codes) codes[code] += n;
    }
    std::sort(all.begin(), all.end());
    auto pct = [&](double p) { return all.empty() ? 0.0 : all[std::min(all.size() - 1, size_t(all.size() * p))]; };
    std::string answers;
    for (const auto& [code, n] : codes) {
      answers += (answers.empty() ? "" : ", ") + code + " " + std::to_string(n);
      if (code != "OK" && code != "RESOURCE_EXHAUSTED") bad += n;
    }
    total += all.size();
    std::printf("| %s | %zu | %.0f | %.2f | %.2f | %.2f | %.2f | %s |\n", kMethods[method], all.size(),
                all.size() / elapsed, pct(0.5), pct(0.9), pct(0.99), all.empty() ? 0.0 : all.back(), answers.c_str());
  }
  std::printf("\ncalls %llu, errors other than RESOURCE_EXHAUSTED: %llu\n", static_cast<unsigned long long>(total),
              static_cast<unsigned long long>(bad));
  if (pid) {
    std::printf("daemon resident memory: start %.1f MiB, peak %.1f MiB (sampled; kernel high-water mark %.1f MiB), "
                "end %.1f MiB\n",
                start_memory.first / 1024.0, peak_sampled / 1024.0, end_memory.second / 1024.0,
                end_memory.first / 1024.0);
    std::printf("resident memory at each tenth of the run (MiB):");
    for (long rss : rss_by_tenth) std::printf(" %.1f", rss / 1024.0);
    if (rss_by_tenth.size() == 10) {
      std::printf("\nsecond half: %+.1f MiB (%+.1f%% of the size at half time)", (rss_by_tenth[9] - rss_by_tenth[4]) / 1024.0,
                  100.0 * double(rss_by_tenth[9] - rss_by_tenth[4]) / double(std::max(1L, rss_by_tenth[4])));
    }
    std::printf("\n");
  }
  return bad == 0 && total > 0 ? 0 : 1;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
