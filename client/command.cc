#include "client/command.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <google/protobuf/util/json_util.h>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/cli_checks.h"
#include "common/small_file.h"

namespace xwdb::client {

namespace v1 = ::xwdb::v1;

void AddCommonOptions(CLI::App* sub, Common* c) {
  sub->add_option("--server", c->client.address,
                  "Daemon address (default 127.0.0.1:7411); replicas as IP:PORT,IP:PORT,... or dns:///NAME:PORT, "
                  "called round robin");
  sub->add_flag("--tls", c->client.tls, "Use TLS (system roots unless --ca-cert)");
  sub->add_option("--ca-cert", c->client.ca_cert_file, "PEM root certificate(s) for the daemon (implies --tls)");
  sub->add_option("--token-file", c->token_file, "File holding the daemon's bearer token");
  sub->add_option("--deadline", c->client.deadline_seconds,
                  "Seconds before the call is abandoned (default 0: none, but a fill's or a verification's own time "
                  "+ 10 s)")
      ->check(FiniteRange(0.0, 86400.0));
  sub->add_option("--dict", c->dictionary, "Dictionary name (default: the daemon's first)");
  sub->add_flag("--json", c->json, "Print JSON");
  sub->add_option("--lists-dir", c->lists_dir,
                  "Where your word lists are kept (default $XDG_DATA_HOME/xwdb/lists or ~/.local/share/xwdb/lists)");
}

void AddListOption(CLI::App* app, std::vector<std::string>* names) {
  app->add_option("--list", *names,
                  "Apply your word list NAME (xwdb-client list ...) over the dictionary; a later list wins "
                  "(repeatable)")
      ->type_name("NAME")
      ->allow_extra_args(false);
}

int Fail(const char* what, const absl::Status& s) {
  std::cerr << "xwdb-client " << what << ": " << s.message() << " [" << absl::StatusCodeToString(s.code()) << "]\n";
  return kExitError;
}

absl::StatusOr<std::unique_ptr<XwdbClient>> Connect(Common& c) {
  if (!c.token_file.empty()) {
    auto text = ReadSmallFile(c.token_file, "--token-file", 1 << 20);
    if (!text.ok()) return text.status();
    std::string& token = c.client.token;
    token = text->substr(0, text->find('\n'));
    while (!token.empty() && token.back() == '\r') token.pop_back();
    // The token goes in a header, where gRPC takes printable ASCII only
    // (any other byte aborts the call inside gRPC).
    if (token.empty()) return absl::InvalidArgumentError("--token-file " + c.token_file + ": the file is empty");
    for (unsigned char ch : token) {
      if (ch < 0x21 || ch > 0x7e) {
        return absl::InvalidArgumentError("--token-file " + c.token_file +
                                          ": a token is printable ASCII without spaces");
      }
    }
  }
  return XwdbClient::Connect(c.client);
}

const char* DirectionName(v1::Direction d) { return d == v1::DOWN ? "down" : "across"; }

std::string SlotLabel(const v1::SlotId& s) {
  return s.number() > 0 ? absl::StrCat(s.number(), s.direction() == v1::DOWN ? "D" : "A")
                        : absl::StrCat(s.row(), ",", s.column(), ",", s.direction() == v1::DOWN ? "D" : "A");
}

std::string Place(int row, int column) { return absl::StrCat("row ", row, ", column ", column); }

absl::StatusOr<std::string> ReadGridFile(const std::string& path) {
  std::ifstream file;
  if (path != "-") {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      return absl::InvalidArgumentError(path + ": a directory, not a grid");
    }
    file.open(path, std::ios::binary);
    if (!file) return absl::NotFoundError(path + ": cannot read the grid");
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text(kMaxGridBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  if (text.size() > kMaxGridBytes) return absl::InvalidArgumentError(path + ": over 1 MiB, not a grid");
  return text;
}

std::string FlagsText(const google::protobuf::RepeatedPtrField<std::string>& flags) {
  return flags.empty() ? std::string() : absl::StrCat("  [", absl::StrJoin(flags, ","), "]");
}

void AddRuleOptions(CLI::App* app, RuleArgs* r) {
  app->add_option("--min-score", r->min_score, "Use only words scored at least this (default 50)")
      ->check(CLI::Range(0, 100));
  app->add_option("--min-length", r->min_length, "Shorter runs are not slots")->check(CLI::Range(1, 64));
  app->add_option("--allow", r->allow,
                  "Also use words the dictionary flags (vulgar, slur, insult, sensitive, offensive: all four) or "
                  "that have no printable clue (unclued)")
      ->type_name("KIND,...");
  app->add_flag("--allow-duplicates", r->allow_duplicates, "Let a word appear twice");
  app->add_option("--exclude", r->exclude, "Never use this word (repeatable)");
  app->add_option("--exclude-file", r->exclude_file, "Never use the words of this file (one per line)");
  app->add_option("--max-shared-substring", r->max_shared_substring,
                  "No two entries share a run of more than N letters (0: no rule)")
      ->check(CLI::Range(0, 64));
  AddListOption(app, &r->lists);
}

absl::Status ApplyRules(const RuleArgs& r, v1::FillOptions* o, std::vector<std::string>* origins) {
  o->set_min_score(r.min_score);
  o->set_min_length(r.min_length);
  o->set_allow_duplicates(r.allow_duplicates);
  o->set_max_shared_substring(r.max_shared_substring);
  if (!r.allow.empty()) o->add_allow(r.allow);
  for (const std::string& w : r.exclude) {
    o->add_exclude(w);
    origins->push_back("--exclude");
  }
  if (r.exclude_file.empty()) return absl::OkStatus();
  auto text = ReadSmallFile(r.exclude_file, "--exclude-file", kMaxListFileBytes);
  if (!text.ok()) return text.status();
  std::istringstream in(*text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos) continue;
    o->add_exclude(line.substr(start));
    origins->push_back(absl::StrCat(r.exclude_file, ":", n));
  }
  return absl::OkStatus();
}

absl::Status NameTheOrigin(const absl::Status& s, const std::vector<std::string>& origins) {
  constexpr absl::string_view kPrefix = "options.exclude[";
  const absl::string_view message = s.message();
  if (!absl::StartsWith(message, kPrefix)) return s;
  const size_t close = message.find(']');
  size_t i = 0;
  if (close == absl::string_view::npos ||
      !absl::SimpleAtoi(message.substr(kPrefix.size(), close - kPrefix.size()), &i) || i >= origins.size()) {
    return s;
  }
  return absl::Status(s.code(), absl::StrCat(origins[i], ": ", message));
}

std::string ToJson(const google::protobuf::Message& message) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}


}  // namespace xwdb::client
