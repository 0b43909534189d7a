// XwdbClient: a typed caller of one xwdbd, for the command-line client, the
// load generator and the tests. Each call returns absl::StatusOr; gRPC
// errors keep their code and the daemon's message.
//
// Thread safety: one XwdbClient may be used from many threads at once (its
// channel and stub are thread-safe).
#ifndef XWDB_CLIENT_XWDB_CLIENT_H_
#define XWDB_CLIENT_XWDB_CLIENT_H_

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include <grpcpp/grpcpp.h>

#include "absl/status/statusor.h"
#include "xwdb/v1/xwdb.grpc.pb.h"

namespace xwdb::client {

struct ClientOptions {
  // One daemon, a name that resolves to its replicas, or a list of
  // replicas' IP:PORT separated by commas (channel_target.h); calls go
  // round robin over the healthy ones.
  std::string address = "127.0.0.1:7411";
  // TLS: on when `tls` or a CA file is given; the CA file replaces the
  // system roots (for a self-signed daemon).
  bool tls = false;
  std::string ca_cert_file;
  std::string token;              // sent as "authorization: Bearer <token>"
  double deadline_seconds = 0;    // per call; 0: none (Fill: its time limit + 10 s)
  // A connection of its own, not shared with other clients of the same
  // address in this process (load generators spread calls this way).
  bool own_connection = false;
};

// Cancels a call from another thread: safe before, during and after the
// call (after, it does nothing), unlike ClientContext::TryCancel on a
// context that may already be gone.
class CallCanceller {
 public:
  void Cancel() {
    std::lock_guard<std::mutex> lock(mu_);
    cancelled_ = true;
    if (context_) context_->TryCancel();
  }

 private:
  friend class XwdbClient;
  void Attach(grpc::ClientContext* context) {
    std::lock_guard<std::mutex> lock(mu_);
    context_ = context;
    if (cancelled_) context_->TryCancel();
  }
  void Detach() {
    std::lock_guard<std::mutex> lock(mu_);
    context_ = nullptr;
  }
  std::mutex mu_;
  grpc::ClientContext* context_ = nullptr;
  bool cancelled_ = false;
};

class XwdbClient {
 public:
  static absl::StatusOr<std::unique_ptr<XwdbClient>> Connect(const ClientOptions& options);

  absl::StatusOr<xwdb::v1::ListDictionariesResponse> ListDictionaries();
  absl::StatusOr<xwdb::v1::MatchResponse> Match(const xwdb::v1::MatchRequest& request);
  absl::StatusOr<xwdb::v1::MatchManyResponse> MatchMany(const xwdb::v1::MatchManyRequest& request);
  absl::StatusOr<xwdb::v1::GetCluesResponse> GetClues(const xwdb::v1::GetCluesRequest& request);
  absl::StatusOr<xwdb::v1::AnalyzeResponse> Analyze(const xwdb::v1::AnalyzeRequest& request);
  // Without a deadline of its own, a verifying call gets its verification
  // budget and 10 s.
  absl::StatusOr<xwdb::v1::SuggestResponse> Suggest(const xwdb::v1::SuggestRequest& request);
  absl::StatusOr<xwdb::v1::ServerStats> GetServerStats();
  // The caller's word lists.
  absl::StatusOr<xwdb::v1::WordListVersion> PutWordList(const xwdb::v1::PutWordListRequest& request);
  absl::StatusOr<xwdb::v1::WordListVersion> EditWordList(const xwdb::v1::EditWordListRequest& request);
  absl::StatusOr<xwdb::v1::GetWordListResponse> GetWordList(const xwdb::v1::GetWordListRequest& request);
  absl::StatusOr<xwdb::v1::ListWordListsResponse> ListWordLists(const xwdb::v1::ListWordListsRequest& request);
  absl::StatusOr<xwdb::v1::WordListVersion> DeleteWordList(const xwdb::v1::DeleteWordListRequest& request);
  // Streams the fill; `on_progress` (may be empty) sees each progress event.
  // `context_hook` (may be empty) adjusts the call's context before it
  // starts (e.g. its deadline); `canceller` (may be null) lets another
  // thread cancel it; `on_found` (may be empty) sees each fill as the
  // daemon finds it (alternatives, better fills while optimizing).
  absl::StatusOr<xwdb::v1::FillResult> Fill(
      const xwdb::v1::FillRequest& request,
      const std::function<void(const xwdb::v1::FillProgress&)>& on_progress = nullptr,
      const std::function<void(grpc::ClientContext*)>& context_hook = nullptr, CallCanceller* canceller = nullptr,
      const std::function<void(const xwdb::v1::FilledGrid&)>& on_found = nullptr);

  xwdb::v1::Xwdb::Stub* stub() { return stub_.get(); }
  // A context with the token and the deadline set.
  void Prepare(grpc::ClientContext* context, double deadline_seconds) const;

 private:
  explicit XwdbClient(const ClientOptions& options) : options_(options) {}
  ClientOptions options_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<xwdb::v1::Xwdb::Stub> stub_;
};

absl::Status FromGrpcStatus(const grpc::Status& status);

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_XWDB_CLIENT_H_
