// TokenCredentials: the gRPC face's server credentials (plaintext or TLS)
// with the daemon's token checked when a call's headers arrive, before a
// byte of its message is read or a handler is chosen.
//
// gRPC's handlers see a call only once its whole message has been read and
// parsed: a client without a token could open a thousand streams a
// connection, each holding most of a declared 1 MB message, and make the
// daemon hold gigabytes before any handler refused it (and a corrupt
// body got UNIMPLEMENTED or INTERNAL, not UNAUTHENTICATED). Here gRPC's
// server auth filter asks XwdbService::Authorize about the headers alone;
// a call without a valid token ends UNAUTHENTICATED there and its stream
// is reset, so what it sent is dropped. The refusal is counted and logged
// as the method's call.
//
// The standard health service answers without a token (replicas' clients
// watch it), and so does server reflection when the operator turns it on.
//
// Invariants: `service` outlives the server. The check is the same
// Authorize every method makes again, so a call that gets past it is no
// different from before.
// Cost: one look through the call's headers; constant-time token compare.
// Thread safety: the check runs on gRPC's threads, concurrently.
#ifndef XWDB_DAEMON_GRPC_TOKEN_CREDENTIALS_H_
#define XWDB_DAEMON_GRPC_TOKEN_CREDENTIALS_H_

#include <grpcpp/security/server_credentials.h>

#include <memory>
#include <string>

#include "daemon/service/xwdb_service.h"

namespace xwdb::daemon {

struct TokenCredentialsOptions {
  // Both empty: plaintext. Both set: TLS with this PEM chain and key.
  std::string tls_cert_pem, tls_key_pem;
  // Server reflection's calls pass without a token.
  bool reflection = false;
};

std::shared_ptr<grpc::ServerCredentials> TokenCredentials(XwdbService* service,
                                                          const TokenCredentialsOptions& options);

}  // namespace xwdb::daemon

#endif  // XWDB_DAEMON_GRPC_TOKEN_CREDENTIALS_H_
