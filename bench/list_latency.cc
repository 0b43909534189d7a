// Edit-to-effect latency of a constructor's word list (figures, not tests):
// how long from the start of an edit until a call that names the new
// version is answered, on one daemon and across replicas (the call lands on
// a replica that has not seen the edit: it answers FAILED_PRECONDITION and
// the call is sent again with the list's entries, as xwdb-client and the
// page do). The list has --entries entries (random words of 5 to 9
// letters, a third blocked); each round edits one word. Medians and 90th
// percentiles of --rounds rounds, and a Match with the list against one
// without, on the same daemon.
//
// Usage: list_latency --servers A,B,C [--entries N] [--rounds N]
// Run it alone, with the daemons it names (bench/run-list-bench.sh).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "client/xwdb_client.h"

namespace {

namespace v1 = ::xwdb::v1;
using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * (v.size() - 1) + 0.5))];
}

std::unique_ptr<xwdb::client::XwdbClient> ConnectTo(const std::string& address) {
  xwdb::client::ClientOptions o;
  o.address = address;
  o.deadline_seconds = 60;
  auto c = xwdb::client::XwdbClient::Connect(o);
  if (!c.ok()) {
    std::fprintf(stderr, "list_latency: %s\n", std::string(c.status().message()).c_str());
    std::exit(1);
  }
  return std::move(*c);
}

// A Match of `word` naming the list's version; on FAILED_PRECONDITION,
// again with the entries. Returns whether the entries were sent.
bool MatchWithList(xwdb::client::XwdbClient& c, const std::string& word, const std::string& digest,
                   const v1::PutWordListRequest& list) {
  v1::MatchRequest m;
  m.set_pattern(word);
  v1::WordListRef* ref = m.add_lists();
  ref->set_name(list.name());
  ref->set_digest(digest);
  auto r = c.Match(m);
  if (r.ok()) return false;
  if (r.status().code() != absl::StatusCode::kFailedPrecondition) {
    std::fprintf(stderr, "list_latency: %s\n", std::string(r.status().message()).c_str());
    std::exit(1);
  }
  *ref->mutable_entries() = list.entries();
  r = c.Match(m);
  if (!r.ok()) {
    std::fprintf(stderr, "list_latency: %s\n", std::string(r.status().message()).c_str());
    std::exit(1);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> servers;
  int entries = 10000, rounds = 21;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--servers" && i + 1 < argc) {
      servers = absl::StrSplit(argv[++i], ',');
    } else if (arg == "--entries" && i + 1 < argc) {
      entries = std::atoi(argv[++i]);
    } else if (arg == "--rounds" && i + 1 < argc) {
      rounds = std::atoi(argv[++i]);
    } else {
      std::fprintf(stderr, "usage: list_latency --servers A,B,C [--entries N] [--rounds N]\n");
      return 2;
    }
  }
  if (servers.empty()) return 2;
  std::vector<std::unique_ptr<xwdb::client::XwdbClient>> clients;
  for (const std::string& s : servers) clients.push_back(ConnectTo(s));
  std::mt19937 rng(3);
  v1::PutWordListRequest list;
  list.set_name("bench");
  for (int i = 0; i < entries; ++i) {
    std::string w(5 + rng() % 5, 'A');
    for (char& ch : w) ch = static_cast<char>('A' + rng() % 26);
    v1::WordListEntry* e = list.add_entries();
    e->set_word(w);
    e->set_score(i % 3 == 0 ? -1 : static_cast<int>(rng() % 101));
  }
  auto version = clients[0]->PutWordList(list);
  if (!version.ok()) {
    std::fprintf(stderr, "list_latency: %s\n", std::string(version.status().message()).c_str());
    return 1;
  }
  std::string digest = version->digest();
  std::printf("# Edit to effect, a list of %d entries, %d rounds\n\n", entries, rounds);
  std::printf("| where the next call lands | median ms | p90 ms | entries sent again |\n|---|---:|---:|---:|\n");
  for (int across = 0; across < (servers.size() > 1 ? 2 : 1); ++across) {
    std::vector<double> ms;
    int resent = 0;
    for (int r = 0; r < rounds; ++r) {
      const size_t editor = static_cast<size_t>(r) % servers.size();
      const size_t caller = across ? (editor + 1) % servers.size() : editor;
      std::string word(6, 'A');
      for (char& ch : word) ch = static_cast<char>('A' + rng() % 26);
      v1::EditWordListRequest edit;
      edit.set_name("bench");
      edit.set_base_digest(digest);
      v1::WordListEdit* e = edit.add_edits();
      e->set_op(v1::WORD_LIST_ADD);
      e->set_word(word);
      e->set_score(60);
      const auto start = Clock::now();
      auto v = clients[editor]->EditWordList(edit);
      if (!v.ok()) {
        // This replica holds another version: the whole list, as clients do.
        v1::WordListEntry* added = list.add_entries();
        added->set_word(word);
        added->set_score(60);
        v = clients[editor]->PutWordList(list);
        list.mutable_entries()->RemoveLast();
      }
      if (!v.ok()) {
        std::fprintf(stderr, "list_latency: %s\n", std::string(v.status().message()).c_str());
        return 1;
      }
      digest = v->digest();
      v1::WordListEntry* added = list.add_entries();
      added->set_word(word);
      added->set_score(60);
      resent += MatchWithList(*clients[caller], word, digest, list);
      ms.push_back(MsSince(start));
    }
    std::printf("| %s | %.1f | %.1f | %d of %d |\n",
                across ? "another replica (lacks the edit)" : "the daemon that made the edit", Percentile(ms, 0.5),
                Percentile(ms, 0.9), resent, rounds);
  }
  // A Match with the list (its index cached) against one without.
  std::vector<double> with, without;
  for (int r = 0; r < 200; ++r) {
    v1::MatchRequest m;
    m.set_pattern(absl::StrCat(std::string(1, static_cast<char>('A' + r % 26)), "...."));
    m.set_limit(50);
    for (int side = 0; side < 2; ++side) {
      const bool use_list = (r + side) % 2 == 1;
      if (use_list) {
        v1::WordListRef* ref = m.add_lists();
        ref->set_name("bench");
        ref->set_digest(digest);
      } else {
        m.clear_lists();
      }
      const auto start = Clock::now();
      auto got = clients[0]->Match(m);
      (use_list ? with : without).push_back(MsSince(start));
      if (!got.ok()) {
        if (got.status().code() == absl::StatusCode::kFailedPrecondition) {
          (void)MatchWithList(*clients[0], m.pattern(), digest, list);
          continue;
        }
        std::fprintf(stderr, "list_latency: %s\n", std::string(got.status().message()).c_str());
        return 1;
      }
    }
  }
  std::printf("\n| Match of a 5-letter pattern, best 50, on one daemon | median ms | p90 ms |\n|---|---:|---:|\n");
  std::printf("| without a list | %.3f | %.3f |\n", Percentile(without, 0.5), Percentile(without, 0.9));
  std::printf("| with the %d-entry list | %.3f | %.3f |\n", entries, Percentile(with, 0.5), Percentile(with, 0.9));
  std::printf("| ratio of the medians | %.2f | |\n", Percentile(with, 0.5) / Percentile(without, 0.5));
  return 0;
}
