// XwdbService: the xwdb.v1.Xwdb gRPC service. Handlers translate between
// the proto messages and the engine and enforce the daemon's rules: limits
// on every client-controlled size, the bearer token, the bounded fill pool,
// deadlines and cancellation, one log line per call, counters.
//
// Every handler is synchronous. (gRPC's callback API served Match about 15%
// faster on loopback, but its synchronization lives in Debian's
// uninstrumented libgrpc++, so ThreadSanitizer could no longer check the
// handlers; a clean TSan run is worth more.)
//
// Thread safety: handlers run concurrently on gRPC's threads; the
// dictionary set is swapped atomically by Reload() and each call keeps the
// set it started with.
#ifndef XWDB_DAEMON_XWDB_SERVICE_H_
#define XWDB_DAEMON_XWDB_SERVICE_H_

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "daemon/dictionary_set.h"
#include "daemon/fill_gate.h"
#include "xwdb/v1/xwdb.grpc.pb.h"

namespace xwdb::daemon {

struct ServiceOptions {
  // Non-empty: every call must carry "authorization: Bearer <token>".
  std::string token;
  int fill_pool = 2;           // fills searching at once
  int fill_queue = 8;          // fills waiting for a place
  double max_fill_seconds = 300;  // the daemon's cap on one fill
  FILE* call_log = stderr;     // one line per call; nullptr: none
};

// Client-controlled limits (INVALID_ARGUMENT past them, naming the field).
inline constexpr int kMaxMatchLimit = 10000;
inline constexpr size_t kMaxExcluded = 10000;
inline constexpr int kMaxSolutions = 100;
inline constexpr size_t kMaxClueWords = 1000;
inline constexpr int kMaxCluesPerWord = 1000;
inline constexpr size_t kMaxWordBytes = 1024;
inline constexpr size_t kMaxLocked = 4096;
inline constexpr size_t kMaxPuzzleBytes = 256 * 1024;

class XwdbService final : public xwdb::v1::Xwdb::Service {
 public:
  XwdbService(std::shared_ptr<const DictionarySet> dictionaries, ServiceOptions options);

  // Replaces the dictionaries; calls in flight finish on the old ones.
  void Reload(std::shared_ptr<const DictionarySet> dictionaries);
  std::shared_ptr<const DictionarySet> dictionaries() const;

  grpc::Status ListDictionaries(grpc::ServerContext* context, const xwdb::v1::ListDictionariesRequest* request,
                                xwdb::v1::ListDictionariesResponse* response) override;
  grpc::Status Match(grpc::ServerContext* context, const xwdb::v1::MatchRequest* request,
                     xwdb::v1::MatchResponse* response) override;
  grpc::Status Fill(grpc::ServerContext* context, const xwdb::v1::FillRequest* request,
                    grpc::ServerWriter<xwdb::v1::FillEvent>* writer) override;
  grpc::Status GetClues(grpc::ServerContext* context, const xwdb::v1::GetCluesRequest* request,
                        xwdb::v1::GetCluesResponse* response) override;
  grpc::Status GetServerStats(grpc::ServerContext* context, const xwdb::v1::GetServerStatsRequest* request,
                              xwdb::v1::ServerStats* response) override;

  // The calls without the transport (no token, no log line, no deadline):
  // what the load benchmark compares gRPC with, and what the request fuzzer
  // drives. `send` gets each fill event; false stops the fill.
  using FillEventSink = std::function<bool(const xwdb::v1::FillEvent&)>;
  grpc::Status MatchInProcess(const xwdb::v1::MatchRequest& request, xwdb::v1::MatchResponse* response);
  grpc::Status FillInProcess(const xwdb::v1::FillRequest& request, const FillEventSink& send);
  grpc::Status GetCluesInProcess(const xwdb::v1::GetCluesRequest& request, xwdb::v1::GetCluesResponse* response);

 private:
  class CallLog;
  grpc::Status CheckToken(const grpc::ServerContext& context) const;
  grpc::Status DoMatch(const xwdb::v1::MatchRequest& request, xwdb::v1::MatchResponse* response,
                       std::string* dictionary);
  // `context` may be null (in process: no deadline, never cancelled).
  grpc::Status DoFill(grpc::ServerContext* context, const xwdb::v1::FillRequest& request,
                      const FillEventSink& send, std::string* dictionary);
  grpc::Status DoGetClues(const xwdb::v1::GetCluesRequest& request, xwdb::v1::GetCluesResponse* response,
                          std::string* dictionary);
  grpc::Status CluesForGrid(const xwdb::v1::GetCluesRequest& request, const LoadedDictionary& dict,
                            Normalizer* normalizer, xwdb::v1::GetCluesResponse* response);

  const ServiceOptions options_;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  mutable std::mutex mu_;
  std::shared_ptr<const DictionarySet> dictionaries_;  // guarded by mu_
  FillGate gate_;
  std::mutex log_mu_;

  std::atomic<uint64_t> calls_{0}, errors_{0}, fills_{0}, fill_nodes_{0}, fills_refused_{0}, reloads_{0};
};

// absl and gRPC share their code numbers.
grpc::Status ToGrpcStatus(const absl::Status& status);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_XWDB_SERVICE_H_
