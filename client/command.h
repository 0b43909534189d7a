// What xwdb-client's subcommands share: the connection options, errors and
// exit codes, grid files, the fill's rules, the constructor's word lists,
// and the registration of each subcommand (one file each, cmd_*.cc).
#ifndef XWDB_CLIENT_COMMAND_H_
#define XWDB_CLIENT_COMMAND_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <google/protobuf/message.h>

#include "absl/status/statusor.h"
#include "client/local_lists.h"
#include "client/xwdb_client.h"

namespace xwdb::client {

inline constexpr int kExitOk = 0, kExitError = 1, kExitImpossible = 2, kExitTimeout = 3;
inline constexpr size_t kMaxGridBytes = 1 << 20;

// The options every subcommand takes.
struct Common {
  ClientOptions client;
  std::string token_file;
  std::string dictionary;
  bool json = false;
  std::string lists_dir;  // where the constructor's word lists live (local_lists.h)
};
void AddCommonOptions(CLI::App* sub, Common* c);

// A registered subcommand: its CLI11 node and what runs it after parsing.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};
Command AddFillCommand(CLI::App* root, Common* c);
Command AddCheckCommand(CLI::App* root, Common* c);
Command AddSuggestCommand(CLI::App* root, Common* c);
Command AddMatchCommand(CLI::App* root, Common* c);
Command AddCluesCommand(CLI::App* root, Common* c);
Command AddDictsCommand(CLI::App* root, Common* c);
Command AddListCommand(CLI::App* root, Common* c);

// Prints "xwdb-client WHAT: message [CODE]" and returns kExitError.
int Fail(const char* what, const absl::Status& s);
// Reads the token file, then connects.
absl::StatusOr<std::unique_ptr<XwdbClient>> Connect(Common& c);

const char* DirectionName(xwdb::v1::Direction d);
std::string SlotLabel(const xwdb::v1::SlotId& s);
std::string Place(int row, int column);
// The grid file, whole: the daemon reads every grid format (plain, ipuz,
// xd), so the client sends it as it is. "-" is stdin.
absl::StatusOr<std::string> ReadGridFile(const std::string& path);

// The largest word list or excluded-words file read (common/small_file.h).
inline constexpr size_t kMaxListFileBytes = 64 << 20;
// Flags shown after a word: "  [vulgar]"; nothing for most words.
std::string FlagsText(const google::protobuf::RepeatedPtrField<std::string>& flags);
// A message in protobuf's JSON mapping, with the proto's own field names
// (snake_case) and enums by name.
std::string ToJson(const google::protobuf::Message& message);

// The fill's rules, which fill, check and suggest all take.
struct RuleArgs {
  // A fill an editor could print: words scored 50 or more (the default
  // dictionary's "common" half).
  int min_score = 50;
  int min_length = 2;
  bool allow_duplicates = false;
  std::vector<std::string> exclude;
  std::string exclude_file;
  int max_shared_substring = 0;
  std::string allow;  // kinds separated by commas
  std::vector<std::string> lists;  // --list NAME
};
void AddRuleOptions(CLI::App* app, RuleArgs* r);
// Writes the rules into `o`. `origins` gets, per excluded word, where it
// came from ("--exclude", or "FILE:LINE"), so that the daemon's refusal of
// options.exclude[i] can name the line (see NameTheOrigin).
absl::Status ApplyRules(const RuleArgs& r, xwdb::v1::FillOptions* o, std::vector<std::string>* origins);
// The daemon names an excluded word by its index ("options.exclude[3]:
// ..."); the user wrote it on a line of a file.
absl::Status NameTheOrigin(const absl::Status& s, const std::vector<std::string>& origins);
// Adds --list NAME (repeatable) into `names`.
void AddListOption(CLI::App* app, std::vector<std::string>* names);

}  // namespace xwdb::client

#endif  // XWDB_CLIENT_COMMAND_H_
