// Load generator: N concurrent clients calling Match, MatchMany (and small
// fills) through a real gRPC server and a real HTTP/JSON server on
// 127.0.0.1, against the same calls made in-process on the same service
// object (what each transport costs).
//
// Usage: load_bench --db PATH [--clients 32] [--seconds 5] [--channels 4]
//                   [--batch 20]      (patterns per MatchMany call)
//                   [--server ADDR[,ADDR...]]  (running xwdbd replicas instead)
//                   [--server-pid PID[,PID...]]  (their CPU from /proc, for
//                                  daemons without ServerStats.cpu_seconds)
//                   [--http-server PORT]  (its HTTP face on 127.0.0.1)
//                   [--calls match|fill|all]
//
// "HTTP/JSON" uses `clients` threads, each with its own keep-alive
// connection (HttpJsonClient, on Boost.Beast), sending the request as JSON
// and parsing the JSON answer back into a message, as a client would; a
// call whose connection fails before its answer is sent once more (every
// call is read-only), and the rows say how many were.
// "gRPC" keeps `clients` calls in flight with the callback client API (each
// completion sends the next); "gRPC sync" uses `clients` threads, each
// blocking on its call: it shows what the client side costs.
//
// The "cpu" columns: with --server, the CPU the daemons used (their
// ServerStats.cpu_seconds, each replica asked directly) per pattern
// answered, and so the patterns one core of a replica answers per second:
// the capacity figure, apart from the load generator's own CPU. With the
// server in this process they are the whole process's CPU, load generator
// included. Run it alone: it measures throughput on the whole machine.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"

#include "bench/http_json_client.h"
#include "client/xwdb_client.h"
#include "core/fill/solver.h"
#include "daemon/grpc/grpc_service.h"
#include "daemon/http/http_face.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb {
namespace {

namespace v1 = ::xwdb::v1;
using Clock = std::chrono::steady_clock;

struct Figures {
  uint64_t calls = 0, errors = 0;
  double seconds = 0, p50_us = 0, p99_us = 0;
  int patterns_per_call = 1;
  double cpu_seconds = -1;  // unknown when negative
  double rate() const { return calls / seconds; }
  double pattern_rate() const { return rate() * patterns_per_call; }
  double cpu_us_per_pattern() const { return cpu_seconds * 1e6 / (double(calls) * patterns_per_call); }
};

// Runs `call` from `clients` threads for `seconds`; latencies of every call.
template <typename Call>
Figures Drive(int clients, double seconds, Call call) {
  std::atomic<bool> stop{false};
  std::vector<std::vector<float>> latencies(clients);
  std::vector<uint64_t> errors(clients, 0);
  std::vector<std::thread> threads;
  const auto start = Clock::now();
  for (int k = 0; k < clients; ++k) {
    threads.emplace_back([&, k] {
      std::mt19937 rng(k + 1);
      while (!stop.load(std::memory_order_relaxed)) {
        const auto t = Clock::now();
        if (!call(k, rng)) ++errors[k];
        latencies[k].push_back(std::chrono::duration<float, std::micro>(Clock::now() - t).count());
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::microseconds(int64_t(seconds * 1e6)));
  stop = true;
  for (auto& t : threads) t.join();
  Figures f;
  f.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<float> all;
  for (int k = 0; k < clients; ++k) {
    all.insert(all.end(), latencies[k].begin(), latencies[k].end());
    f.errors += errors[k];
  }
  f.calls = all.size();
  if (!all.empty()) {
    std::sort(all.begin(), all.end());
    f.p50_us = all[all.size() / 2];
    f.p99_us = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  }
  return f;
}

// `window` calls kept in flight with gRPC's callback client API: each one,
// when it completes, starts the next (as many clients, each waiting for its
// answer, with no thread per client). `start` begins one call on a stub.
template <typename Request, typename Response>
Figures DriveAsync(int window, double seconds, std::vector<std::unique_ptr<client::XwdbClient>>& stubs,
                   const std::function<Request(std::mt19937&)>& make_request,
                   const std::function<void(v1::Xwdb::Stub*, grpc::ClientContext*, const Request*, Response*,
                                            std::function<void(grpc::Status)>)>& start) {
  struct Chain {
    std::mt19937 rng;
    std::unique_ptr<grpc::ClientContext> context;
    Request request;
    Response response;
    Clock::time_point sent;
    std::vector<float> latencies;
    uint64_t errors = 0;
  };
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::condition_variable done;
  int active = window;
  std::vector<Chain> chains(window);
  std::function<void(int)> send = [&](int k) {
    Chain& c = chains[k];
    c.context = std::make_unique<grpc::ClientContext>();
    c.request = make_request(c.rng);
    c.response.Clear();
    c.sent = Clock::now();
    start(stubs[k % stubs.size()]->stub(), c.context.get(), &c.request, &c.response, [&, k](grpc::Status status) {
      Chain& me = chains[k];
      me.latencies.push_back(std::chrono::duration<float, std::micro>(Clock::now() - me.sent).count());
      if (!status.ok()) ++me.errors;
      if (!stop.load(std::memory_order_relaxed)) {
        send(k);
        return;
      }
      std::lock_guard<std::mutex> lock(mu);
      if (--active == 0) done.notify_all();
    });
  };
  const auto start_time = Clock::now();
  for (int k = 0; k < window; ++k) {
    chains[k].rng.seed(k + 1);
    send(k);
  }
  std::this_thread::sleep_for(std::chrono::microseconds(int64_t(seconds * 1e6)));
  stop = true;
  {
    std::unique_lock<std::mutex> lock(mu);
    done.wait(lock, [&] { return active == 0; });
  }
  Figures f;
  f.seconds = std::chrono::duration<double>(Clock::now() - start_time).count();
  std::vector<float> all;
  for (Chain& c : chains) {
    all.insert(all.end(), c.latencies.begin(), c.latencies.end());
    f.errors += c.errors;
  }
  f.calls = all.size();
  std::sort(all.begin(), all.end());
  if (!all.empty()) {
    f.p50_us = all[all.size() / 2];
    f.p99_us = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  }
  return f;
}

// CPU seconds process `pid` has used, from /proc (-1 if unreadable).
double ProcCpuSeconds(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command's closing parenthesis: state is field 3,
  // utime and stime are fields 14 and 15.
  const size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::vector<std::string> fields = absl::StrSplit(stat.substr(close + 2), ' ');
  if (fields.size() < 13) return -1;
  return (std::stod(fields[11]) + std::stod(fields[12])) / sysconf(_SC_CLK_TCK);
}

// Daemons given by process id (--server-pid), for those that predate
// ServerStats.cpu_seconds.
std::vector<std::string> server_pids;

// CPU seconds used so far: by the daemons of `replicas` (each asked on its
// own channel, or read from /proc with --server-pid), or by this process
// when there are none.
double CpuSeconds(const std::vector<std::unique_ptr<client::XwdbClient>>& replicas) {
  if (!replicas.empty() && !server_pids.empty()) {
    double total = 0;
    for (const std::string& pid : server_pids) {
      const double one = ProcCpuSeconds(pid);
      if (one < 0) return -1;
      total += one;
    }
    return total;
  }
  if (replicas.empty()) {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec +
           usage.ru_stime.tv_usec / 1e6;
  }
  double total = 0;
  for (const auto& replica : replicas) {
    auto stats = replica->GetServerStats();
    if (!stats.ok()) {
      std::fprintf(stderr, "load_bench: GetServerStats: %s\n", std::string(stats.status().message()).c_str());
      return -1;
    }
    total += stats->cpu_seconds();
  }
  return total;
}

// Runs `row` and records the CPU it cost (see CpuSeconds; `replicas` null:
// not known).
using Replicas = std::vector<std::unique_ptr<client::XwdbClient>>;
Figures Measured(const Replicas* replicas, int patterns_per_call, const std::function<Figures()>& row) {
  const double before = replicas ? CpuSeconds(*replicas) : -1;
  Figures f = row();
  const double after = replicas ? CpuSeconds(*replicas) : -1;
  f.patterns_per_call = patterns_per_call;
  if (before >= 0 && after >= 0) f.cpu_seconds = after - before;
  return f;
}

// After an HTTP row: how many calls were sent a second time.
void PrintRetries(const std::vector<std::unique_ptr<bench::HttpJsonClient>>& clients) {
  int retries = 0;
  for (const auto& c : clients) retries += c->retries();
  std::printf("  (HTTP calls sent again after their connection failed: %d)\n", retries);
}

void Print(const char* what, const char* how, const Figures& f, const Figures* baseline) {
  std::printf("%-10s %-11s %9.0f/s %9.0f/s %9.1f %9.1f %7llu", what, how, f.rate(), f.pattern_rate(), f.p50_us,
              f.p99_us, static_cast<unsigned long long>(f.errors));
  if (f.cpu_seconds >= 0 && f.calls > 0) {
    std::printf(" %9.1f %9.0f/s", f.cpu_us_per_pattern(), 1e6 / f.cpu_us_per_pattern());
  } else {
    std::printf(" %9s %11s", "-", "-");
  }
  if (baseline) std::printf("   %.1fx the in-process rate", baseline->pattern_rate() / f.pattern_rate());
  std::printf("\n");
}

int Main(int argc, char** argv) {
  // As xwdbd and xwdb-client do (daemon/main.cc says why).
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  std::string db, server_address;
  int http_port = 0;
  int clients = 32, channels = 4, batch = 20;
  double seconds = 5;
  std::string calls = "all";  // match, fill or all
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--server" && i + 1 < argc) server_address = argv[++i];
    else if (a == "--http-server" && i + 1 < argc) http_port = std::atoi(argv[++i]);
    else if (a == "--clients" && i + 1 < argc) clients = std::atoi(argv[++i]);
    else if (a == "--channels" && i + 1 < argc) channels = std::atoi(argv[++i]);
    else if (a == "--batch" && i + 1 < argc) batch = std::atoi(argv[++i]);
    else if (a == "--server-pid" && i + 1 < argc) server_pids = absl::StrSplit(argv[++i], ',');
    else if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--calls" && i + 1 < argc) calls = argv[++i];
    else {
      std::fprintf(stderr,
                   "usage: load_bench --db PATH [--clients N] [--seconds S] [--channels C] [--batch B] "
                   "[--server ADDR[,ADDR...] [--server-pid PID[,PID...]]] [--http-server PORT] "
                   "[--calls match|fill|all]\n");
      return 2;
    }
  }
  if (db.empty() || clients < 1 || channels < 1 || batch < 1 || batch > 1000) {
    std::fprintf(stderr, "load_bench: --db PATH is required\n");
    return 2;
  }
  auto set = daemon::DictionarySet::Load({{"bench", db}});
  if (!set.ok()) {
    std::fprintf(stderr, "load_bench: %s\n", std::string(set.status().message()).c_str());
    return 1;
  }
  // Patterns: dictionary words of 3 to 15 letters with about half their
  // letters hidden, as a constructor's editor asks while filling.
  const MaskIndex& index = *(*set)->all().front()->index;
  std::vector<std::string> patterns;
  std::mt19937 rng(7);
  for (int n = 0; n < 20000; ++n) {
    const int length = 3 + static_cast<int>(rng() % 13);
    if (index.word_count(length) == 0) continue;
    std::string word = index.alphabet().Decode(index.letters(length, uint32_t(rng() % index.word_count(length))));
    for (char& c : word) {
      if (rng() % 2) c = '.';
    }
    patterns.push_back(word);
  }
  std::function<v1::MatchRequest(std::mt19937&)> match_request = [&](std::mt19937& r) {
    v1::MatchRequest m;
    m.set_pattern(patterns[r() % patterns.size()]);
    m.set_limit(20);
    return m;
  };
  // A MatchMany call: `batch` such patterns, as a page asks for a grid's slots.
  std::function<v1::MatchManyRequest(std::mt19937&)> match_many_request = [&](std::mt19937& r) {
    v1::MatchManyRequest m;
    for (int i = 0; i < batch; ++i) *m.add_queries() = match_request(r);
    return m;
  };
  // The small fill: a 5x5 with two blocks, by gRPC as rows, in-process as a Grid.
  const std::vector<std::string> fill_rows = {"...#.", ".....", ".....", ".....", ".#..."};
  v1::FillRequest fill_request;
  for (const std::string& row : fill_rows) fill_request.add_rows(row);
  Grid fill_grid(5, 5);
  for (int cell = 0; cell < 25; ++cell) {
    if (fill_rows[cell / 5][cell % 5] == '#') fill_grid.Set(cell, Grid::kBlock);
  }

  daemon::ServiceOptions options;
  options.call_log = nullptr;
  options.fill_pool = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.fill_queue = 4 * clients;
  daemon::XwdbService service(*set, options);
  daemon::GrpcService grpc_face(&service);
  std::unique_ptr<grpc::Server> server;
  if (server_address.empty()) {
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(&grpc_face);
    daemon::ApplyServerSettings(&builder);
    server = builder.BuildAndStart();
    server_address = "127.0.0.1:" + std::to_string(port);
  }
  std::unique_ptr<daemon::HttpFace> http_face;
  if (http_port == 0) {
    daemon::HttpOptions http_options;
    http_options.threads = clients + 8;
    http_face = std::make_unique<daemon::HttpFace>(&service, http_options);
    auto port = http_face->Start("127.0.0.1:0");
    if (!port.ok()) {
      std::fprintf(stderr, "load_bench: %s\n", std::string(port.status().message()).c_str());
      return 1;
    }
    http_port = *port;
  }
  // One keep-alive connection per client thread, opened just before the
  // HTTP rows (the server closes connections idle for 5 s).
  std::vector<std::unique_ptr<bench::HttpJsonClient>> http_clients;
  auto open_http_clients = [&] {
    http_clients.clear();
    for (int k = 0; k < clients; ++k) {
      http_clients.push_back(std::make_unique<bench::HttpJsonClient>("127.0.0.1", http_port));
    }
  };
  google::protobuf::util::JsonPrintOptions json_print;
  json_print.preserve_proto_field_names = true;
  std::vector<std::unique_ptr<client::XwdbClient>> stubs;
  for (int k = 0; k < channels; ++k) {
    client::ClientOptions o;
    o.address = server_address;
    o.deadline_seconds = 30;
    o.own_connection = true;  // one TCP connection per channel
    stubs.push_back(std::move(*client::XwdbClient::Connect(o)));
  }
  // Each replica of an address list on a channel of its own, for its CPU.
  Replicas replicas;
  if (!server) {
    for (absl::string_view address : absl::StrSplit(server_address, ',')) {
      client::ClientOptions o;
      o.address = std::string(address);
      o.deadline_seconds = 10;
      o.own_connection = true;
      replicas.push_back(std::move(*client::XwdbClient::Connect(o)));
    }
  }

  // Whose CPU each row is measured on: the in-process rows', this process;
  // the transports', the daemons (their own, or this process when the
  // server runs here). An HTTP face here beside remote daemons: not known.
  const Replicas in_process;
  const Replicas* http_server = http_face ? (server ? &in_process : nullptr) : &replicas;
  std::printf("dictionary %s: %llu words; %d clients, %d channels, %d patterns per MatchMany, %.0f s per row, "
              "%u cores, server %s\n",
              db.c_str(), static_cast<unsigned long long>(index.word_count()), clients, channels, batch, seconds,
              std::thread::hardware_concurrency(), server ? "in this process" : server_address.c_str());
  std::printf("cpu: %s\n\n", server                 ? "this whole process (load generator included)"
                             : server_pids.empty() ? "the daemons' own (ServerStats.cpu_seconds)"
                                                   : "the daemons' own (/proc/PID/stat)");
  std::printf("%-10s %-11s %11s %11s %9s %9s %7s %9s %11s\n", "call", "path", "calls", "patterns", "p50 us",
              "p99 us", "errors", "cpu us/p", "per core");

  if (calls != "fill") {
    const Figures local_match = Measured(&in_process, 1, [&] {
      return Drive(clients, seconds, [&](int, std::mt19937& r) {
        v1::MatchResponse response;
        return service.Match(daemon::CallContext(), match_request(r), &response).ok();
      });
    });
    Print("Match", "in-process", local_match, nullptr);
    const Figures local_many = Measured(&in_process, batch, [&] {
      return Drive(clients, seconds, [&](int, std::mt19937& r) {
        v1::MatchManyResponse response;
        return service.MatchMany(daemon::CallContext(), match_many_request(r), &response).ok();
      });
    });
    Print("MatchMany", "in-process", local_many, nullptr);
    const Figures grpc_match = Measured(&replicas, 1, [&] {
      return DriveAsync<v1::MatchRequest, v1::MatchResponse>(
          clients, seconds, stubs, match_request, [](auto* stub, auto* context, auto* q, auto* r, auto done) {
            stub->async()->Match(context, q, r, std::move(done));
          });
    });
    Print("Match", "gRPC", grpc_match, &local_match);
    const Figures grpc_many = Measured(&replicas, batch, [&] {
      return DriveAsync<v1::MatchManyRequest, v1::MatchManyResponse>(
          clients, seconds, stubs, match_many_request, [](auto* stub, auto* context, auto* q, auto* r, auto done) {
            stub->async()->MatchMany(context, q, r, std::move(done));
          });
    });
    Print("MatchMany", "gRPC", grpc_many, &local_many);
    const Figures grpc_match_sync = Measured(&replicas, 1, [&] {
      return Drive(clients, seconds,
                   [&](int k, std::mt19937& r) { return stubs[k % channels]->Match(match_request(r)).ok(); });
    });
    Print("Match", "gRPC sync", grpc_match_sync, &local_match);
    open_http_clients();
    const Figures http_match = Measured(http_server, 1, [&] {
      return Drive(clients, seconds, [&](int k, std::mt19937& r) {
        std::string body;
        (void)google::protobuf::util::MessageToJsonString(match_request(r), &body, json_print);
        auto res = http_clients[k]->Post("/v1/Match", body, /*read_only=*/true);
        if (!res.ok() || res->status != 200) {
          // The first few failures are shown: an error count alone says nothing.
          static std::atomic<int> shown{0};
          if (shown++ < 3) {
            std::fprintf(stderr, "load_bench: an HTTP Match failed: %s\n",
                         res.ok() ? res->body.c_str() : std::string(res.status().message()).c_str());
          }
          return false;
        }
        v1::MatchResponse response;
        return google::protobuf::util::JsonStringToMessage(res->body, &response).ok();
      });
    });
    Print("Match", "HTTP/JSON", http_match, &local_match);
    PrintRetries(http_clients);
  }
  if (calls == "match") {
    if (http_face) http_face->Stop(0);
    if (server) server->Shutdown();
    return 0;
  }

  // Fills: the in-process path runs the solver as the service would.
  const Figures grpc_fill = Drive(clients, seconds, [&](int k, std::mt19937& r) {
    v1::FillRequest f = fill_request;
    f.mutable_options()->set_seed(r());
    auto result = stubs[k % channels]->Fill(f);
    return result.ok() && result->outcome() == v1::FILLED;
  });
  const Figures local_fill = Drive(clients, seconds, [&](int, std::mt19937& r) {
    FillOptions o;
    o.seed = r();
    auto solver = Solver::Create((*set)->all().front()->index, fill_grid, o);
    return solver.ok() && (*solver)->Solve().outcome == FillOutcome::kFilled;
  });
  Print("Fill 5x5", "in-process", local_fill, nullptr);
  Print("Fill 5x5", "gRPC", grpc_fill, &local_fill);
  open_http_clients();
  const Figures http_fill = Drive(clients, seconds, [&](int k, std::mt19937& r) {
    v1::FillRequest f = fill_request;
    f.mutable_options()->set_seed(r());
    std::string body;
    (void)google::protobuf::util::MessageToJsonString(f, &body, json_print);
    auto res = http_clients[k]->Post("/v1/Fill", body, /*read_only=*/true);
    if (!res.ok() || res->status != 200) return false;
    // The last line is the result.
    const size_t end = res->body.find_last_not_of('\n');
    const size_t start = res->body.rfind('\n', end);
    v1::FillEvent last;
    const std::string line = res->body.substr(start == std::string::npos ? 0 : start + 1);
    return google::protobuf::util::JsonStringToMessage(line, &last).ok() && last.result().outcome() == v1::FILLED;
  });
  Print("Fill 5x5", "HTTP/JSON", http_fill, &local_fill);
  PrintRetries(http_clients);
  if (http_face) http_face->Stop(0);
  if (server) server->Shutdown();
  return 0;
}

}  // namespace
}  // namespace xwdb

int main(int argc, char** argv) { return xwdb::Main(argc, argv); }
