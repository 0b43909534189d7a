// xwdb rescore: score every entry by its fill value (core/score/fill_value.h)
// from SCOWL, WordNet and the dictionary's own clues.
#include "absl/strings/str_cat.h"
#include "common/cli_checks.h"
#include "core/score/rescore.h"
#include "tools/xwdb/command.h"

namespace xwdb::cli {
namespace {

struct RescoreArgs {
  std::string db;
  SourcePaths sources = DefaultSourcePaths();
  double wait = 0;
};

int Run(const RescoreArgs& a, Io& io) {
  auto store = OpenForWriting(a.db, a.wait);
  if (!store.ok()) return Fail(io, "rescore", store.status());
  auto normalizer = NormalizerFor(**store);
  if (!normalizer.ok()) return Fail(io, "rescore", normalizer.status());
  auto sources = SourceFacts::Read(a.sources, **normalizer);
  if (!sources.ok()) return Fail(io, "rescore", sources.status());
  auto counts = Rescore(store->get(), *sources);
  if (!counts.ok()) return Fail(io, "rescore", counts.status());
  io.out << "entries:   " << counts->entries << "\n"
         << "scored:    " << counts->scored << " (named by SCOWL or WordNet; the rest keep their scores)\n"
         << "raised:    " << counts->raised << "\n"
         << "lowered:   " << counts->lowered << "\n"
         << "unclued:   " << counts->unclued << " (scored at most " << kNoClueScoreCap << ": no printable clue)\n"
         << "kept:      " << counts->kept << " (named by a source, but scored by an editor or by you: sources named "
         << kEditorSourcePrefix << "... or " << kOwnSourcePrefix << "...)\n";
  return kExitOk;
}

}  // namespace

Command AddRescoreCommand(CLI::App* root) {
  auto args = std::make_shared<RescoreArgs>();
  CLI::App* app = root->add_subcommand(
      "rescore", "Score every entry SCOWL or WordNet names by its fill value (see `xwdb why`)");
  AddDbOption(app, &args->db);
  AddSourceOptions(app, &args->sources);
  app->add_option("--wait", args->wait, "Seconds to wait for another writer")
      ->check(FiniteRange(0.0, 86400.0));
  return Command{app, [args](Io& io) { return Run(*args, io); }};
}

}  // namespace xwdb::cli
