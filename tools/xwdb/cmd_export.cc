// xwdb export: the dictionary back to a scored list or a clue file.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "core/import/format.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct ExportArgs {
  std::string db;
  std::string what = "words";
  std::string format;
  int min_score = 0;
  bool display = false;
  std::string output;
};

// RFC 4180: quote a field holding a comma, quote or line break.
std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

int Run(const ExportArgs& a, Io& io) {
  auto store = OpenForReading(a.db);
  if (!store.ok()) return Fail(io, "export", store.status());
  if (!(*store)->meta()) return Fail(io, "export", absl::FailedPreconditionError(a.db + ": the dictionary is empty"));
  auto alphabet = Alphabet::FromUtf8((*store)->meta()->alphabet);
  if (!alphabet.ok()) return Fail(io, "export", alphabet.status());
  // A file is written beside its final name and renamed over it only once
  // the whole export is written: a failed export (a damaged dictionary, a
  // full disk) leaves an earlier file as it was.
  // A device or a pipe (/dev/stdout, a FIFO) is written in place: renamed
  // over, it would be replaced by a regular file.
  std::ofstream file;
  std::ostream* out = &io.out;
  std::error_code error;
  const bool named = !a.output.empty() && a.output != "-";
  const bool in_place = named && std::filesystem::exists(a.output, error) &&
                        !std::filesystem::is_regular_file(a.output, error);
  if (in_place && std::filesystem::is_directory(a.output, error)) {
    return Fail(io, "export", absl::InvalidArgumentError(a.output + ": a directory, not a file"));
  }
  const bool to_file = named && !in_place;
  const std::string temp = a.output + ".tmp-" + std::to_string(getpid());
  struct RemoveUnlessKept {
    const std::string* path;
    bool keep = false;
    ~RemoveUnlessKept() {
      if (path != nullptr && !keep) std::remove(path->c_str());
    }
  } cleanup{to_file ? &temp : nullptr};
  if (to_file) {
    file.open(temp, std::ios::binary | std::ios::trunc);
    if (!file) return Fail(io, "export", absl::UnavailableError(a.output + ": cannot write beside it (" + temp + ")"));
    out = &file;
  } else if (in_place) {
    file.open(a.output, std::ios::binary);
    if (!file) return Fail(io, "export", absl::UnavailableError(a.output + ": cannot write it"));
    out = &file;
  }
  absl::Status status;
  uint64_t n = 0;
  if (a.what == "words") {
    const std::string format = a.format.empty() ? "scored" : a.format;
    if (format != "scored" && format != "plain") {
      return Fail(io, "export", absl::InvalidArgumentError("words export as scored or plain, not " + format));
    }
    status = (*store)->ForEachWord([&](absl::string_view codes, const WordRecord& r) {
      if (r.score < a.min_score) return true;
      *out << (a.display && !r.display.empty() ? r.display : alphabet->Decode(codes));
      if (format == "scored") *out << ';' << static_cast<int>(r.score);
      *out << '\n';
      ++n;
      return true;
    });
  } else if (a.what == "clues") {
    const std::string format = a.format.empty() ? "pipe" : a.format;
    if (format != "pipe" && format != "xd-tsv" && format != "csv") {
      return Fail(io, "export", absl::InvalidArgumentError("clues export as pipe, xd-tsv or csv, not " + format));
    }
    if (format == "xd-tsv") *out << "pubid\tyear\tanswer\tclue\n";
    if (format == "csv") *out << "Date,Word,Clue\r\n";
    const auto& sources = (*store)->sources();
    status = (*store)->ForEachClue([&](absl::string_view answer, uint64_t, const ClueRecord& c) {
      const std::string word = alphabet->Decode(answer);
      const std::string year = c.year ? std::to_string(c.year) : "";
      if (format == "pipe") {
        *out << word << '|' << c.text << '\n';
      } else if (format == "xd-tsv") {
        auto src = sources.find(c.source);
        *out << (src == sources.end() ? "" : src->second) << '\t' << year << '\t' << word << '\t'
             << c.text << '\n';
      } else {
        *out << year << ',' << CsvField(word) << ',' << CsvField(c.text) << "\r\n";
      }
      ++n;
      return true;
    });
  } else {
    return Fail(io, "export", absl::InvalidArgumentError("--what is words or clues, not " + a.what));
  }
  if (!status.ok()) return Fail(io, "export", status);
  out->flush();
  if (!*out) {
    return Fail(io, "export", absl::UnavailableError((named ? a.output : std::string("standard output")) +
                                                     ": cannot write it (a full disk?)"));
  }
  if (to_file) {
    file.close();
    if (!file || std::rename(temp.c_str(), a.output.c_str()) != 0) {
      return Fail(io, "export", absl::UnavailableError(a.output + ": cannot write it"));
    }
    cleanup.keep = true;
    io.err << "xwdb export: " << n << " lines to " << a.output << "\n";
  }
  return kExitOk;
}

}  // namespace

Command AddExportCommand(CLI::App* root) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* app = root->add_subcommand("export", "Write the entries as a scored list, or the clues as a clue file");
  AddDbOption(app, &args->db);
  app->add_option("--what", args->what, "words (default) or clues");
  app->add_option("--format", args->format, "words: scored (default) or plain; clues: pipe (default), xd-tsv, csv");
  app->add_option("--min-score", args->min_score, "Only entries scored at least this")->check(CLI::Range(0, 100));
  app->add_flag("--display", args->display, "Write entries as first written (ICE CREAM), not normalized");
  app->add_option("-o,--output", args->output, "Output file (default: standard output)");
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
