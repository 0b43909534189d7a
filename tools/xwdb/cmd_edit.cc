// xwdb remove / block / unblock: take entries out of a dictionary.
#include <fstream>

#include "absl/strings/str_cat.h"
#include "common/cli_checks.h"
#include "core/import/input_text.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

enum class Edit { kRemove, kBlock, kUnblock };

struct EditArgs {
  std::string db;
  std::vector<std::string> words;
  std::string from_file;
  bool keep_clues = false;
  bool list = false;
  double wait = 0;
};

const char* Name(Edit e) {
  switch (e) {
    case Edit::kRemove: return "remove";
    case Edit::kBlock: return "block";
    case Edit::kUnblock: return "unblock";
  }
  return "";
}

int Run(Edit edit, const EditArgs& a, Io& io) {
  const std::string cmd = Name(edit);
  if (a.list) {
    auto store = OpenForReading(a.db);
    if (!store.ok()) return Fail(io, cmd, store.status());
    auto alphabet = Alphabet::FromUtf8((*store)->meta() ? (*store)->meta()->alphabet : "");
    if (!alphabet.ok()) return Fail(io, cmd, alphabet.status());
    absl::Status s = (*store)->ForEachBlocked([&](absl::string_view codes) {
      io.out << alphabet->Decode(codes) << "\n";
      return true;
    });
    return s.ok() ? kExitOk : Fail(io, cmd, s);
  }
  std::vector<std::string> words = a.words;
  if (!a.from_file.empty()) {
    auto bytes = ReadWholeFile(a.from_file);
    if (!bytes.ok()) return Fail(io, cmd, bytes.status());
    auto decoded = DecodeInput(*bytes, "");
    if (!decoded.ok()) return Fail(io, cmd, decoded.status());
    LineSource lines(*decoded);
    Line line;
    while (lines.Next(&line)) {
      if (line.error) {
        return Fail(io, cmd, absl::InvalidArgumentError(absl::StrCat(
                                 a.from_file, ":", line.number, ": ", RejectReasonName(*line.error))));
      }
      if (!Normalizer::IsBlank(line.text)) words.emplace_back(line.text);
    }
  }
  if (words.empty()) return Fail(io, cmd, absl::InvalidArgumentError("no words given"));
  auto store = OpenForWriting(a.db, a.wait);
  if (!store.ok()) return Fail(io, cmd, store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, cmd, normalizer.status());
  std::vector<std::string> keys;
  for (const std::string& w : words) {
    auto key = WordArgument(**normalizer, w);
    if (!key.ok()) return Fail(io, cmd, key.status());
    keys.push_back(*key);
  }
  auto existing = (*store)->GetWords(keys);
  if (!existing.ok()) return Fail(io, cmd, existing.status());
  auto blocked = (*store)->AreBlocked(keys);
  if (!blocked.ok()) return Fail(io, cmd, blocked.status());
  const Alphabet& alphabet = (*normalizer)->alphabet();
  WriteSet changes;
  uint64_t changed = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string word = alphabet.Decode(keys[i]);
    switch (edit) {
      case Edit::kRemove:
        if (!(*existing)[i]) {
          io.out << word << ": not in the dictionary\n";
          continue;
        }
        changes.DeleteWord(keys[i]);
        if (!a.keep_clues) changes.DeleteClues(keys[i]);
        io.out << word << ": removed" << (a.keep_clues ? " (clues kept)" : " with its clues") << "\n";
        break;
      case Edit::kBlock:
        if ((*blocked)[i]) {
          io.out << word << ": already blocked\n";
          continue;
        }
        changes.PutBlocked(keys[i]);
        if ((*existing)[i]) changes.DeleteWord(keys[i]);
        io.out << word << ": blocked" << ((*existing)[i] ? " and removed" : "") << "\n";
        break;
      case Edit::kUnblock:
        if (!(*blocked)[i]) {
          io.out << word << ": not blocked\n";
          continue;
        }
        changes.DeleteBlocked(keys[i]);
        io.out << word << ": unblocked (import it again to bring it back)\n";
        break;
    }
    ++changed;
  }
  if (changed > 0) {
    absl::Status s = (*store)->Commit(&changes);
    if (!s.ok()) return Fail(io, cmd, s);
  }
  return kExitOk;
}

Command AddEdit(CLI::App* root, Edit edit, const std::string& help) {
  auto args = std::make_shared<EditArgs>();
  CLI::App* app = root->add_subcommand(Name(edit), help);
  AddDbOption(app, &args->db);
  app->add_option("words", args->words, "Entries, normalized like the dictionary")->type_name("WORD");
  app->add_option("--from", args->from_file, "Also take the entries of this file, one per line");
  if (edit == Edit::kRemove) app->add_flag("--keep-clues", args->keep_clues, "Keep the entries' clues");
  if (edit == Edit::kBlock) app->add_flag("--list", args->list, "Print the blocklist");
  app->add_option("--wait", args->wait, "Seconds to wait for another writer")
      ->check(FiniteRange(0.0, 86400.0));
  return Command{app, [edit, args](Io& io) { return Run(edit, *args, io); }};
}

}  // namespace

Command AddRemoveCommand(CLI::App* root) {
  return AddEdit(root, Edit::kRemove, "Remove entries (and their clues)");
}
Command AddBlockCommand(CLI::App* root) {
  return AddEdit(root, Edit::kBlock, "Block entries: remove them and keep them out of later imports");
}
Command AddUnblockCommand(CLI::App* root) {
  return AddEdit(root, Edit::kUnblock, "Take entries off the blocklist");
}

}  // namespace xwdb::cli
