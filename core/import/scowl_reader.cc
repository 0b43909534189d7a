#include "core/import/scowl_reader.h"

#include <algorithm>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/import/input_text.h"
#include "core/store/schema.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

constexpr const char* kVariants[] = {"american", "british", "british_z", "canadian", "australian"};

struct Category {
  const char* name;
  uint8_t flags;
};
constexpr Category kCategories[] = {
    {"words", 0},
    {"upper", schema::kFlagProperName},
    {"proper-names", schema::kFlagProperName},
    {"contractions", schema::kFlagContraction},
    {"abbreviations", schema::kFlagAbbreviation},
};

// "cat's", "Jones's" (with ' or U+2019).
bool IsPossessive(absl::string_view word) {
  return absl::EndsWith(word, "'s") || absl::EndsWith(word, "\u2019s");
}

}  // namespace

absl::StatusOr<std::vector<ScowlFile>> ListScowlFiles(const std::string& dir,
                                                      const std::string& variant) {
  namespace fs = std::filesystem;
  if (std::find(std::begin(kVariants), std::end(kVariants), variant) == std::end(kVariants)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "unknown SCOWL variant '", variant, "'; use american, british, british_z, canadian or australian"));
  }
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return absl::NotFoundError(absl::StrCat(dir, ": ", ec.message()));
  std::vector<ScowlFile> files;
  for (const auto& entry : it) {
    const std::string name = entry.path().filename().string();
    const size_t dot = name.rfind('.');
    if (dot == std::string::npos) continue;
    int level;
    if (!absl::SimpleAtoi(name.substr(dot + 1), &level) || level < 0 || level > 100) continue;
    const std::string list = name.substr(0, dot);
    const size_t dash = list.find('-');
    if (dash == std::string::npos) continue;
    const std::string who = list.substr(0, dash);
    const std::string category = list.substr(dash + 1);
    if (who != "english" && who != variant) continue;
    for (const Category& c : kCategories) {
      if (category == c.name) {
        files.push_back(ScowlFile{entry.path().string(), name, level, 100 - level, c.flags});
      }
    }
  }
  std::sort(files.begin(), files.end(), [](const ScowlFile& a, const ScowlFile& b) {
    return std::tie(a.level, a.name) < std::tie(b.level, b.name);
  });
  return files;
}

absl::Status ReadScowl(const std::string& dir, const std::string& variant,
                       const std::string& encoding, RecordSink* sink) {
  absl::StatusOr<std::vector<ScowlFile>> files = ListScowlFiles(dir, variant);
  if (!files.ok()) return files.status();
  if (files->empty()) return absl::NotFoundError(absl::StrCat(dir, ": no SCOWL lists found"));
  for (const ScowlFile& file : *files) {
    absl::StatusOr<std::string> bytes = ReadWholeFile(file.path);
    if (!bytes.ok()) return bytes.status();
    absl::StatusOr<DecodedInput> input = DecodeInput(*bytes, encoding);
    if (!input.ok()) return input.status();
    sink->BeginFile(file.name, bytes->size());
    LineSource lines(*input);
    Line line;
    while (lines.Next(&line)) {
      if (line.error) {
        sink->OnReject(line.number, *line.error, line.text);
      } else if (Normalizer::IsBlank(line.text)) {
        sink->OnBlank(line.number);
      } else if (IsPossessive(line.text)) {
        // SCOWL lists every noun's possessive; run together it would be a
        // false word ("LESSS" from "less's", "REMEDYS" from "remedy's").
        sink->OnReject(line.number, RejectReason::kPossessive, line.text);
      } else {
        RawRecord r;
        r.line = line.number;
          r.raw = line.text;
        r.answer = line.text;
        r.score = file.score;
        r.flags = file.flags;
        sink->OnRecord(r);
      }
    }
    sink->OnProgress(bytes->size());
  }
  return absl::OkStatus();
}

}  // namespace xwdb
