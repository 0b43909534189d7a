#include "daemon/grpc/token_credentials.h"

#include <grpc/grpc.h>
#include <grpc/grpc_security.h>
#include <grpc/slice.h>

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "daemon/service/call_metrics.h"

namespace xwdb::daemon {

namespace {

absl::string_view View(const grpc_slice& slice) {
  return absl::string_view(reinterpret_cast<const char*>(GRPC_SLICE_START_PTR(slice)), GRPC_SLICE_LENGTH(slice));
}

// The state of the auth processor: what it checks against.
struct Check {
  XwdbService* service;
  bool reflection;

  bool Exempt(absl::string_view path) const {
    if (absl::StartsWith(path, "/grpc.health.v1.Health/")) return true;
    return reflection && absl::StartsWith(path, "/grpc.reflection.");
  }

  // The metrics' name of the method `path` calls ("other" if none).
  static std::string MethodOf(absl::string_view path) {
    constexpr absl::string_view kPrefix = "/xwdb.v1.Xwdb/";
    if (absl::StartsWith(path, kPrefix)) {
      const absl::string_view name = path.substr(kPrefix.size());
      for (const char* m : CallMetrics::kMethods) {
        if (name == m) return std::string(name);
      }
    }
    return "other";
  }
};

void Process(void* state, grpc_auth_context*, const grpc_metadata* md, size_t count,
             grpc_process_auth_metadata_done_cb done, void* user_data) {
  const Check* check = static_cast<const Check*>(state);
  absl::string_view path;
  CallContext context;
  for (size_t i = 0; i < count; ++i) {
    const absl::string_view key = View(md[i].key);
    if (key == ":path") path = View(md[i].value);
    if (key == "authorization") context.authorization = std::string(View(md[i].value));
  }
  if (check->Exempt(path)) {
    done(user_data, nullptr, 0, nullptr, 0, GRPC_STATUS_OK, nullptr);
    return;
  }
  const absl::Status status = check->service->Authorize(context);
  if (status.ok()) {
    done(user_data, nullptr, 0, nullptr, 0, GRPC_STATUS_OK, nullptr);
    return;
  }
  check->service->CountRefusal(Check::MethodOf(path), status);
  const std::string message(status.message());
  done(user_data, nullptr, 0, nullptr, 0, static_cast<grpc_status_code>(status.code()), message.c_str());
}

void Destroy(void* state) { delete static_cast<Check*>(state); }

// ServerCredentials over core credentials of our making: the C++ API's
// plaintext credentials take no auth processor.
class CoreCredentials final : public grpc::ServerCredentials {
 public:
  explicit CoreCredentials(grpc_server_credentials* core) : core_(core) {}
  ~CoreCredentials() override { grpc_server_credentials_release(core_); }
  void SetAuthMetadataProcessor(const std::shared_ptr<grpc::AuthMetadataProcessor>&) override {
    // The token check is this class's own processor; nothing replaces it.
  }

 private:
  int AddPortToServer(const std::string& addr, grpc_server* server) override {
    return grpc_server_add_http2_port(server, addr.c_str(), core_);
  }

  grpc_server_credentials* const core_;
};

}  // namespace

std::shared_ptr<grpc::ServerCredentials> TokenCredentials(XwdbService* service,
                                                          const TokenCredentialsOptions& options) {
  grpc_server_credentials* core = nullptr;
  if (options.tls_cert_pem.empty()) {
    core = grpc_insecure_server_credentials_create();
  } else {
    grpc_ssl_pem_key_cert_pair pair{options.tls_key_pem.c_str(), options.tls_cert_pem.c_str()};
    core = grpc_ssl_server_credentials_create_ex(nullptr, &pair, 1, GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE,
                                                 nullptr);
  }
  grpc_server_credentials_set_auth_metadata_processor(
      core, grpc_auth_metadata_processor{Process, Destroy, new Check{service, options.reflection}});
  return std::make_shared<CoreCredentials>(core);
}

}  // namespace xwdb::daemon
