// xwdbd: serves the xwdb.v1 API over gRPC and, with --http, over HTTP/JSON
// with the constructor's web page. Flags are parsed here and passed down as
// plain structs; the service lives in service/xwdb_service.h, the two
// transports in grpc/ and http/.
//
//   xwdbd --db en=var/default.db [--db NAME=PATH ...] [--listen 127.0.0.1:7411]
//         [--http 127.0.0.1:7412]
//
// Signals: SIGHUP reloads the dictionaries (a failed reload keeps the old
// ones); SIGTERM or SIGINT stop accepting calls, give those in flight
// --grace seconds, then cancel them and exit.
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/impl/server_builder_option.h>
#include <grpcpp/impl/server_builder_plugin.h>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/synchronization/mutex.h"
#include "common/cli_checks.h"
#include "common/small_file.h"
#include "daemon/grpc/grpc_service.h"
#include "daemon/grpc/token_credentials.h"
#include "daemon/http/http_face.h"
#include "daemon/listen_address.h"
#include "daemon/service/dictionary_set.h"
#include "daemon/service/xwdb_service.h"

namespace xwdb::daemon {
namespace {

struct Flags {
  std::vector<std::string> dbs;
  std::string listen = "127.0.0.1:7411";
  std::string tls_cert, tls_key, token_file, port_file, call_log = "-";
  std::string http, http_port_file;
  std::vector<std::string> cors_origins;
  int http_threads = 64;
  int http_max_connections = 4096;
  int http_max_connections_per_ip = 1024;
  std::vector<std::string> http_allowed_hosts;
  double http_idle_timeout = 60;
  double http_request_timeout = 30;
  bool reflection = false;
  bool insecure = false;
  int fill_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int fill_queue = -1;  // -1: 4 per fill thread
  double max_fill_seconds = 300;
  uint64_t sat_max_literals = uint64_t{16} << 20;
  double grace_seconds = 10;
  int match_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int match_queue = 256;
  double stream_write_timeout = 10;
  int grpc_max_streams = 100;
  int grpc_memory_mb = 1024;
  std::string lists, users_file;
  bool lists_salvage = false;
  int list_cache_mb = 512;
  double list_edits_per_second = 100;
};

// Secrets and certificates are small: a bigger file is a mistake (or
// /dev/zero), refused before it is read into memory.
absl::StatusOr<std::string> ReadSecretFile(const std::string& path, const char* what) {
  return ReadSmallFile(path, what, 1 << 20);
}

// A bearer token goes in an HTTP header: printable ASCII without spaces
// (gRPC refuses any other byte, on either side), and 16 characters or more
// so that it cannot be guessed.
std::string TokenProblem(absl::string_view token) {
  if (token.size() < 16) return "a token has 16 characters or more";
  for (unsigned char c : token) {
    if (c < 0x21 || c > 0x7e) return "a token is printable ASCII without spaces";
  }
  return "";
}

// The users file: one `NAME TOKEN` or `NAME TOKEN admin` a line, `#`
// comments and blank lines skipped. Errors name the file and line.
absl::StatusOr<std::vector<User>> ReadUsersFile(const std::string& path) {
  auto text = ReadSecretFile(path, "--users-file");
  if (!text.ok()) return text.status();
  std::vector<User> users;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line.front() == '#') continue;
    const std::vector<absl::string_view> fields = absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    const auto where = absl::StrCat("--users-file ", path, ":", line_number, ": ");
    if (fields.size() < 2 || fields.size() > 3 || (fields.size() == 3 && fields[2] != "admin")) {
      return absl::InvalidArgumentError(absl::StrCat(where, "expected NAME TOKEN or NAME TOKEN admin"));
    }
    if (absl::Status s = WordListRegistry::CheckName(std::string(fields[0])); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(where, "a user's name is 1 to 64 letters, digits, '-', '_' or '.'"));
    }
    // "operator" owns the --token-file token's lists, and "local" a
    // daemon's without tokens: a user of either name would own them too.
    if (fields[0] == "operator" || fields[0] == "local") {
      return absl::InvalidArgumentError(
          absl::StrCat(where, "'", fields[0], "' is the daemon's own name for a token owner; choose another"));
    }
    if (std::string problem = TokenProblem(fields[1]); !problem.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(where, problem));
    }
    for (const User& u : users) {
      if (u.name == fields[0] || u.token == fields[1]) {
        return absl::InvalidArgumentError(absl::StrCat(where, "a name or token given twice"));
      }
    }
    users.push_back(User{std::string(fields[0]), std::string(fields[1]), fields.size() == 3});
  }
  // No user would leave every call open: the operator meant the opposite.
  if (users.empty()) return absl::InvalidArgumentError(absl::StrCat("--users-file ", path, ": no users in it"));
  return users;
}

// Removes a server builder plugin by name before the server is built.
class DropPlugin : public grpc::ServerBuilderOption {
 public:
  explicit DropPlugin(std::string name) : name_(std::move(name)) {}
  void UpdateArguments(grpc::ChannelArguments*) override {}
  void UpdatePlugins(std::vector<std::unique_ptr<grpc::ServerBuilderPlugin>>* plugins) override {
    plugins->erase(std::remove_if(plugins->begin(), plugins->end(),
                                  [this](const auto& p) { return p->name() == name_; }),
                   plugins->end());
  }

 private:
  std::string name_;
};

void Log(const std::string& line) { std::fprintf(stderr, "xwdbd: %s\n", line.c_str()); }

// Written whole, then renamed: a reader never sees half a number. False
// (and logged) if it could not be written: whoever asked for the file
// waits for it.
bool WritePortFile(const std::string& path, const char* flag, int port) {
  if (path.empty()) return true;
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp);
  out << port << "\n";
  out.close();
  if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    Log(absl::StrCat(flag, " ", path, ": cannot write it"));
    return false;
  }
  return true;
}

void LogLoaded(const DictionarySet& set) {
  for (const auto& d : set.all()) {
    Log(absl::StrCat("dictionary '", d->name, "' (", d->path, "): ", d->index->word_count(), " words, ",
                     d->clue_count, " clues, index ", d->index_bytes / (1 << 20), " MiB, loaded in ",
                     absl::StrFormat("%.3f", d->load_seconds), " s (index file: ", d->index_file, ")"));
  }
}

int Run(const Flags& flags) {
  DictionarySet::Spec spec;
  for (const std::string& db : flags.dbs) {
    const size_t eq = db.find('=');
    if (eq == std::string::npos) {
      Log(absl::StrCat("--db ", db, ": expected NAME=PATH"));
      return 1;
    }
    spec.emplace_back(db.substr(0, eq), db.substr(eq + 1));
  }
  const bool tls = !flags.tls_cert.empty() || !flags.tls_key.empty();
  if (tls && (flags.tls_cert.empty() || flags.tls_key.empty())) {
    Log("--tls-cert and --tls-key go together");
    return 1;
  }
  for (const auto& [flag, address] : {std::pair{"--listen", flags.listen}, std::pair{"--http", flags.http}}) {
    if (!address.empty() && !HasValidPort(address)) {
      Log(absl::StrCat(flag, " ", address, ": expected HOST:PORT with a port of 0 to 65535 (0: a free one)"));
      return 1;
    }
  }
  if (!IsLoopbackAddress(flags.listen) && !tls && !flags.insecure) {
    Log(absl::StrCat("--listen ", flags.listen,
                     " is not a loopback address: give --tls-cert and --tls-key, or --insecure"));
    return 1;
  }
  if (!flags.http.empty() && !IsLoopbackAddress(flags.http) && !tls && !flags.insecure) {
    Log(absl::StrCat("--http ", flags.http,
                     " is not a loopback address: give --tls-cert and --tls-key, or --insecure"));
    return 1;
  }
  for (const std::string& origin : flags.cors_origins) {
    if (origin.rfind("http://", 0) != 0 && origin.rfind("https://", 0) != 0) {
      Log(absl::StrCat("--cors-origin ", origin, ": expected an origin such as https://example.org"));
      return 1;
    }
  }
  ServiceOptions options;
  if (!flags.token_file.empty()) {
    auto token = ReadSecretFile(flags.token_file, "--token-file");
    if (!token.ok()) {
      Log(std::string(token.status().message()));
      return 1;
    }
    while (!token->empty() && (token->back() == '\n' || token->back() == '\r')) token->pop_back();
    if (token->empty()) {
      Log(absl::StrCat("--token-file ", flags.token_file, ": the file is empty"));
      return 1;
    }
    if (std::string problem = TokenProblem(*token); !problem.empty()) {
      Log(absl::StrCat("--token-file ", flags.token_file, ": ", problem));
      return 1;
    }
    options.token = *token;
  }
  if (!flags.users_file.empty()) {
    auto users = ReadUsersFile(flags.users_file);
    if (!users.ok()) {
      Log(std::string(users.status().message()));
      return 1;
    }
    options.users = std::move(*users);
  }
  WordListLimits list_limits;
  list_limits.edits_per_second = flags.list_edits_per_second;
  if (flags.lists_salvage && flags.lists.empty()) {
    Log("--lists-salvage needs --lists DIR");
    return 1;
  }
  std::vector<std::string> lists_report;
  auto word_lists = WordListRegistry::Open(flags.lists, list_limits, flags.lists_salvage, &lists_report);
  for (const std::string& line : lists_report) Log(absl::StrCat("--lists: ", line));
  if (!word_lists.ok()) {
    Log(absl::StrCat("--lists: ", word_lists.status().message()));
    return 1;
  }
  options.word_lists = std::move(*word_lists);
  options.list_cache_bytes = static_cast<size_t>(flags.list_cache_mb) << 20;
  if (flags.lists.empty()) Log("word lists are kept in memory only (give --lists DIR to keep them on disk)");
  options.fill_pool = flags.fill_threads;
  options.fill_queue = flags.fill_queue >= 0 ? flags.fill_queue : 4 * flags.fill_threads;
  options.max_fill_seconds = flags.max_fill_seconds;
  options.sat_max_literals = flags.sat_max_literals;
  if (flags.call_log == "off") {
    options.call_log = nullptr;
  } else if (flags.call_log != "-") {
    options.call_log = std::fopen(flags.call_log.c_str(), "a");
    if (!options.call_log) {
      Log(absl::StrCat("--call-log ", flags.call_log, ": cannot open it"));
      return 1;
    }
    // Line-buffered: each call's line is in the file when the call ends
    // (for tail -f, and for a daemon that is killed).
    std::setvbuf(options.call_log, nullptr, _IOLBF, 0);
  }

  auto set = DictionarySet::Load(spec);
  if (!set.ok()) {
    Log(std::string(set.status().message()));
    return 1;
  }
  LogLoaded(**set);

  TokenCredentialsOptions credential_options;
  credential_options.reflection = flags.reflection;
  if (tls) {
    auto cert = ReadSecretFile(flags.tls_cert, "--tls-cert");
    auto key = ReadSecretFile(flags.tls_key, "--tls-key");
    if (!cert.ok() || !key.ok()) {
      Log(std::string((cert.ok() ? key : cert).status().message()));
      return 1;
    }
    credential_options.tls_cert_pem = *cert;
    credential_options.tls_key_pem = *key;
  }

  XwdbService service(*set, options);
  // The token is checked on a call's headers, before its message is read.
  std::shared_ptr<grpc::ServerCredentials> credentials = TokenCredentials(&service, credential_options);
  GrpcFaceOptions face_options;
  face_options.work_threads = flags.match_threads;
  face_options.work_queue = static_cast<size_t>(flags.match_queue);
  face_options.stream_write_seconds = flags.stream_write_timeout;
  GrpcService grpc_face(&service, face_options);
  grpc::EnableDefaultHealthCheckService(true);
  // Reflection answers without the token (it is not a call of the
  // service), so it is off unless asked for. Linking it registers its
  // plugin with every builder; without the flag the plugin is dropped.
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(flags.listen, credentials, &port);
  builder.RegisterService(&grpc_face);
  if (!flags.reflection) builder.SetOption(std::make_unique<DropPlugin>("proto_server_reflection"));
  GrpcLimits limits;
  limits.max_streams_per_connection = flags.grpc_max_streams;
  limits.memory_bytes = static_cast<size_t>(flags.grpc_memory_mb) << 20;
  ApplyServerSettings(&builder, limits);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    Log(absl::StrCat("cannot listen on ", flags.listen));
    return 1;
  }
  Log(absl::StrCat("listening on ", WithPort(flags.listen, port), tls ? " (TLS)" : "",
                   options.token.empty() && options.users.empty() ? "" : " (token required)", "; fill pool ", options.fill_pool,
                   ", queue ", options.fill_queue));
  std::unique_ptr<HttpFace> http;
  if (!flags.http.empty()) {
    HttpOptions http_options;
    if (tls) {
      http_options.tls_cert_path = flags.tls_cert;
      http_options.tls_key_path = flags.tls_key;
    }
    http_options.cors_origins = flags.cors_origins;
    http_options.threads = flags.http_threads;
    http_options.max_connections = flags.http_max_connections;
    http_options.max_connections_per_address = flags.http_max_connections_per_ip;
    http_options.idle_timeout_seconds = flags.http_idle_timeout;
    http_options.allowed_hosts = flags.http_allowed_hosts;
    http_options.request_timeout_seconds = flags.http_request_timeout;
    http_options.max_body_bytes = kMaxMessageBytes;
    http_options.max_list_body_bytes = kMaxListMessageBytes;
    http = std::make_unique<HttpFace>(&service, http_options);
    auto http_port = http->Start(flags.http);
    if (!http_port.ok()) {
      Log(std::string(http_port.status().message()));
      server->Shutdown();
      return 1;
    }
    Log(absl::StrCat("HTTP on ", WithPort(flags.http, *http_port), tls ? " (TLS)" : "", "; the page is at ",
                     tls ? "https://" : "http://", WithPort(flags.http, *http_port), "/"));
    if (!WritePortFile(flags.http_port_file, "--http-port-file", *http_port)) {
      server->Shutdown();
      return 1;
    }
  }
  if (!WritePortFile(flags.port_file, "--port-file", port)) {
    server->Shutdown();
    return 1;
  }

  // Signals are handled by one thread with sigwait: no work in a handler.
  std::thread signals([&] {
    sigset_t set_of;
    sigemptyset(&set_of);
    sigaddset(&set_of, SIGHUP);
    sigaddset(&set_of, SIGTERM);
    sigaddset(&set_of, SIGINT);
    for (;;) {
      int sig = 0;
      if (sigwait(&set_of, &sig) != 0) continue;
      if (sig == SIGHUP) {
        Log("SIGHUP: reloading the dictionaries");
        auto fresh = DictionarySet::Load(spec);
        if (!fresh.ok()) {
          Log(absl::StrCat("reload failed, keeping the loaded dictionaries: ", fresh.status().message()));
          continue;
        }
        LogLoaded(**fresh);
        service.Reload(std::move(*fresh));
        Log("reloaded");
        continue;
      }
      Log(absl::StrCat(sig == SIGTERM ? "SIGTERM" : "SIGINT", ": stopping; calls in flight have ",
                       flags.grace_seconds, " s"));
      const auto deadline =
          std::chrono::system_clock::now() + std::chrono::microseconds(int64_t(flags.grace_seconds * 1e6));
      // The promise: stopped within the grace and a second, whatever runs.
      // Calls are cancelled at the grace's end and their work checks for
      // it every few milliseconds; should any still hold the server, the
      // process ends anyway (the dictionaries are opened read-only and
      // every list change is synced when acknowledged: nothing is lost).
      std::thread([deadline] {
        std::this_thread::sleep_until(deadline + std::chrono::milliseconds(900));
        Log("calls still running 0.9 s after the grace: exiting now");
        std::fflush(nullptr);
        std::_Exit(0);
      }).detach();
      // Replicas' clients watch the health service: NOT_SERVING first takes
      // this one out of their round robin while its calls finish.
      if (grpc::HealthCheckServiceInterface* health = server->GetHealthCheckService()) health->Shutdown();
      // Both transports wind down together, each giving its calls the grace.
      std::thread grpc_stop([&] { server->Shutdown(deadline); });
      if (http) http->Stop(flags.grace_seconds);
      grpc_stop.join();
      return;
    }
  });
  server->Wait();
  signals.join();
  Log("stopped");
  if (options.call_log && options.call_log != stderr) std::fclose(options.call_log);
  return 0;
}

}  // namespace
}  // namespace xwdb::daemon

int main(int argc, char** argv) {
  // Debian's abseil is built with its mutex deadlock detector on, and
  // gRPC's locks go through it: a global graph updated on every lock
  // taken and every mutex destroyed. Turning it off took load_bench's
  // gRPC Match rate from 19.6k to 27k calls/s. The daemon's own locks are
  // std::mutex; ThreadSanitizer still checks them and gRPC's.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  // A file size limit (ulimit -f) makes a write that passes it fail with
  // EFBIG, which the word lists report, instead of killing the daemon.
  signal(SIGXFSZ, SIG_IGN);
  // Block the signals in every thread (threads inherit the mask); the
  // signal thread takes them with sigwait.
  sigset_t blocked;
  sigemptyset(&blocked);
  sigaddset(&blocked, SIGHUP);
  sigaddset(&blocked, SIGTERM);
  sigaddset(&blocked, SIGINT);
  pthread_sigmask(SIG_BLOCK, &blocked, nullptr);

  xwdb::daemon::Flags f;
  CLI::App app{"xwdbd: serves xwdb dictionaries (pattern matches, fills, clues) over gRPC and HTTP/JSON"};
  app.add_option("--db", f.dbs, "A dictionary to serve, as NAME=PATH (repeatable; the first is the default)")
      ->required();
  app.add_option("--listen", f.listen, "Address to listen on (default 127.0.0.1:7411; port 0 picks a free one)");
  app.add_option("--tls-cert", f.tls_cert, "PEM certificate chain (with --tls-key: serve TLS)");
  app.add_option("--tls-key", f.tls_key, "PEM private key");
  app.add_flag("--insecure", f.insecure, "Allow plaintext on a non-loopback address");
  app.add_option("--token-file", f.token_file, "File holding a bearer token that every call must carry");
  app.add_option("--users-file", f.users_file,
                 "File of constructors' tokens, one 'NAME TOKEN [admin]' a line: each owns its word lists; "
                 "calls then need one of them (or --token-file's)");
  app.add_option("--lists", f.lists,
                 "Directory where word lists are kept (created if need be; synced at each change). "
                 "Default: in memory only");
  app.add_flag("--lists-salvage", f.lists_salvage,
               "Start from what can still be read of a damaged --lists directory (the damaged one is kept "
               "beside it, and every list kept or lost is logged) instead of refusing to start");
  app.add_option("--list-cache-mb", f.list_cache_mb,
                 "Memory for the indexes made of word lists (default 512)")
      ->check(CLI::Range(1, 1 << 20));
  app.add_option("--list-edits-per-second", f.list_edits_per_second,
                 "Word list edits a token may make per second, with a burst of ten seconds' worth (default 100: "
                 "a burst of 1000, one EditWordList's most edits)")
      ->check(xwdb::FiniteRange(0.1, 1e6));
  app.add_option("--fill-threads", f.fill_threads, "Fills searching at once (default: the number of cores)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--fill-queue", f.fill_queue, "Fills waiting for a place (default: 4 per fill thread)")
      ->check(CLI::Range(0, 100000));
  app.add_option("--max-fill-seconds", f.max_fill_seconds, "Cap on one fill's time (default 300)")
      ->check(xwdb::FiniteRange(0.01, 86400.0));
  app.add_option("--sat-max-literals", f.sat_max_literals,
                 "The SAT member (fills with threads >= 2) stays out of formulas over this many literals, "
                 "about 64 bytes each (default 16777216, about 1 GB; 0: never)");
  app.add_option("--grace", f.grace_seconds, "Seconds calls in flight get at shutdown (default 10)")
      ->check(xwdb::FiniteRange(0.0, 3600.0));
  app.add_option("--match-threads", f.match_threads,
                 "Threads for the gRPC Match calls that are not sure to be quick and for MatchMany "
                 "(default: the number of cores)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--match-queue", f.match_queue,
                 "Such calls that may wait for a thread; more are refused at once (default 256)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--stream-write-timeout", f.stream_write_timeout,
                 "Seconds a fill's stream may wait for its client to read before the call is cut (default 10)")
      ->check(xwdb::FiniteRange(0.1, 3600.0));
  app.add_option("--grpc-max-streams", f.grpc_max_streams,
                 "gRPC calls one connection may have open at once (default 100)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--grpc-memory-mb", f.grpc_memory_mb,
                 "Memory gRPC's transport may use for connections and messages in flight; past it, it "
                 "shrinks windows, closes idle connections and cancels calls (default 1024)")
      ->check(CLI::Range(16, 1 << 20));
  app.add_option("--port-file", f.port_file, "Write the port listened on to this file once serving");
  app.add_option("--http", f.http,
                 "Also serve HTTP/JSON and the web page on this address (e.g. 127.0.0.1:7412; port 0 picks one)");
  app.add_option("--http-port-file", f.http_port_file, "Write the HTTP port to this file once serving");
  app.add_option("--cors-origin", f.cors_origins,
                 "An origin whose pages may call the HTTP API (repeatable; default: none)");
  app.add_option("--http-threads", f.http_threads,
                 "HTTP calls running at once; more wait their turn (default 64)")
      ->check(CLI::Range(1, 4096));
  app.add_option("--http-max-connections", f.http_max_connections,
                 "HTTP connections held at once; more are closed as they come (default 4096)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--http-max-connections-per-ip", f.http_max_connections_per_ip,
                 "HTTP connections held at once from one address (default 1024; 0: no limit, behind a proxy)")
      ->check(CLI::Range(0, 1000000));
  app.add_option("--http-idle-timeout", f.http_idle_timeout,
                 "Seconds an HTTP connection may wait between requests before it is closed (default 60)")
      ->check(xwdb::FiniteRange(0.1, 86400.0));
  app.add_option("--http-request-timeout", f.http_request_timeout,
                 "Seconds a request's head and body may take to arrive, from its first byte (default 30)")
      ->check(xwdb::FiniteRange(0.1, 3600.0));
  app.add_option("--http-allow-host", f.http_allowed_hosts,
                 "On a loopback --http, answer to this Host name too (repeatable; default: loopback names only)");
  app.add_flag("--reflection", f.reflection, "Serve gRPC server reflection (it needs no token; default off)");
  app.add_option("--call-log", f.call_log, "Where the per-call log lines go: - (stderr, default), a file, or off");
  CLI11_PARSE(app, argc, argv);
  return xwdb::daemon::Run(f);
}
