#include "core/import/wordnet_reader.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/text/normalizer.h"

namespace xwdb {

bool ParseWordNetLine(absl::string_view line, std::vector<std::string>* lemmas, std::string* clue) {
  lemmas->clear();
  clue->clear();
  const size_t bar = line.find(" | ");
  absl::string_view head = line.substr(0, bar);
  std::vector<absl::string_view> f = absl::StrSplit(head, ' ', absl::SkipEmpty());
  // offset lex_filenum ss_type w_cnt (word lex_id)*w_cnt ...
  if (f.size() < 4) return false;
  int count;
  if (!absl::SimpleHexAtoi(f[3], &count) || count <= 0 || f.size() < 4 + 2 * static_cast<size_t>(count)) {
    return false;
  }
  for (int i = 0; i < count; ++i) {
    absl::string_view word = f[4 + 2 * i];
    for (absl::string_view marker : {"(a)", "(p)", "(ip)"}) absl::ConsumeSuffix(&word, marker);
    lemmas->push_back(absl::StrReplaceAll(word, {{"_", " "}}));
  }
  if (bar == absl::string_view::npos) return true;
  for (absl::string_view clause : absl::StrSplit(line.substr(bar + 3), ';')) {
    clause = absl::StripAsciiWhitespace(clause);
    if (clause.empty() || clause[0] == '"') continue;
    *clue = std::string(clause);
    (*clue)[0] = absl::ascii_toupper(static_cast<unsigned char>((*clue)[0]));
    break;
  }
  return true;
}

absl::Status ReadWordNet(const std::string& dir, RecordSink* sink) {
  std::vector<std::string> lemmas;
  std::string clue;
  for (const char* part : {"data.noun", "data.verb", "data.adj", "data.adv"}) {
    const std::string path = absl::StrCat(dir, "/", part);
    absl::StatusOr<std::string> bytes = ReadWholeFile(path);
    if (!bytes.ok()) return bytes.status();
    absl::StatusOr<DecodedInput> input = DecodeInput(*bytes, "");
    if (!input.ok()) return input.status();
    sink->BeginFile(part, bytes->size());
    LineSource lines(*input);
    Line line;
    while (lines.Next(&line)) {
      if (line.number % 4096 == 0) sink->OnProgress(line.end_offset);
      if (line.error) {
        sink->OnReject(line.number, *line.error, line.text);
      } else if (line.text.empty() || line.text[0] == ' ' || Normalizer::IsBlank(line.text)) {
        sink->OnBlank(line.number);  // license header
      } else if (!ParseWordNetLine(line.text, &lemmas, &clue)) {
        sink->OnReject(line.number, RejectReason::kBadFields, line.text);
      } else {
        for (const std::string& lemma : lemmas) {
          RawRecord r;
          r.line = line.number;
          r.raw = line.text;
          r.answer = lemma;
          r.has_clue = !clue.empty();
          r.clue = clue;
          sink->OnRecord(r);
        }
      }
    }
    sink->OnProgress(bytes->size());
  }
  return absl::OkStatus();
}

}  // namespace xwdb
