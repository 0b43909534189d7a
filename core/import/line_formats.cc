#include "core/import/line_formats.h"

#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/store/word_flags.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

constexpr uint64_t kProgressEvery = 4096;

// Runs `parse` on every line that is readable and not blank; reports the
// others. `parse` reports its own records and rejects.
template <typename Parse>
void ForEachContentLine(const DecodedInput& input, RecordSink* sink, Parse parse) {
  LineSource lines(input);
  Line line;
  while (lines.Next(&line)) {
    if (line.number % kProgressEvery == 0) sink->OnProgress(line.end_offset);
    if (line.error) {
      sink->OnReject(line.number, *line.error, line.text);
    } else if (Normalizer::IsBlank(line.text)) {
      sink->OnBlank(line.number);
    } else {
      parse(line);
    }
  }
  sink->OnProgress(input.text().size());
}

}  // namespace

bool ParseYear(absl::string_view field, uint32_t* year) {
  field = absl::StripAsciiWhitespace(field);
  *year = 0;
  if (field.empty() || field.size() > 4) return false;
  uint32_t v = 0;
  for (char c : field) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
    v = v * 10 + static_cast<uint32_t>(c - '0');
  }
  if (v == 0) return false;
  *year = v;
  return true;
}

absl::Status ReadPlain(const DecodedInput& input, RecordSink* sink) {
  ForEachContentLine(input, sink, [&](const Line& line) {
    RawRecord r;
    r.line = line.number;
    r.raw = line.text;
    r.answer = line.text;
    sink->OnRecord(r);
  });
  return absl::OkStatus();
}

std::optional<RejectReason> ParseScore(absl::string_view field, int* value) {
  absl::string_view score = absl::StripAsciiWhitespace(field);
  const bool negative = !score.empty() && score[0] == '-';
  if (negative) score.remove_prefix(1);
  if (score.empty()) return RejectReason::kBadScore;
  int parsed = 0;
  for (char c : score) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return RejectReason::kBadScore;
    parsed = std::min(parsed * 10 + (c - '0'), 1000);  // saturate: no overflow
  }
  if ((negative && parsed != 0) || parsed > 100) return RejectReason::kScoreRange;
  *value = parsed;
  return std::nullopt;
}

absl::Status ReadScored(const DecodedInput& input, RecordSink* sink) {
  ForEachContentLine(input, sink, [&](const Line& line) {
    RawRecord r;
    r.line = line.number;
    r.raw = line.text;
    const size_t semi = line.text.find(';');
    if (semi == absl::string_view::npos) {
      r.answer = line.text;
      sink->OnRecord(r);
      return;
    }
    if (line.text.find(';', semi + 1) != absl::string_view::npos) {
      sink->OnReject(line.number, RejectReason::kBadFields, line.text);
      return;
    }
    r.answer = line.text.substr(0, semi);
    int value = 0;
    if (std::optional<RejectReason> bad = ParseScore(line.text.substr(semi + 1), &value)) {
      sink->OnReject(line.number, *bad, line.text);
      return;
    }
    r.score = value;
    sink->OnRecord(r);
  });
  return absl::OkStatus();
}

absl::Status ReadFlags(const DecodedInput& input, RecordSink* sink) {
  ForEachContentLine(input, sink, [&](const Line& line) {
    if (absl::StartsWith(absl::StripLeadingAsciiWhitespace(line.text), "#")) {
      sink->OnBlank(line.number);  // a comment
      return;
    }
    const size_t semi = line.text.find(';');
    if (semi == absl::string_view::npos) {
      sink->OnReject(line.number, RejectReason::kMissingSeparator, line.text);
      return;
    }
    if (line.text.find(';', semi + 1) != absl::string_view::npos) {
      sink->OnReject(line.number, RejectReason::kBadFields, line.text);
      return;
    }
    absl::StatusOr<uint8_t> kinds = ParseFlagKinds(line.text.substr(semi + 1));
    if (!kinds.ok() || *kinds == 0) {
      sink->OnReject(line.number, RejectReason::kBadKind, line.text);
      return;
    }
    RawRecord r;
    r.line = line.number;
    r.raw = line.text;
    r.answer = line.text.substr(0, semi);
    r.flags = *kinds;
    r.flags_only = true;
    sink->OnRecord(r);
  });
  return absl::OkStatus();
}

absl::Status ReadPipe(const DecodedInput& input, RecordSink* sink) {
  ForEachContentLine(input, sink, [&](const Line& line) {
    const size_t bar = line.text.find('|');
    if (bar == absl::string_view::npos) {
      sink->OnReject(line.number, RejectReason::kMissingSeparator, line.text);
      return;
    }
    RawRecord r;
    r.line = line.number;
    r.raw = line.text;
    r.answer = line.text.substr(0, bar);
    r.has_clue = true;
    r.clue = line.text.substr(bar + 1);
    sink->OnRecord(r);
  });
  return absl::OkStatus();
}

absl::Status ReadXdTsv(const DecodedInput& input, RecordSink* sink) {
  bool header_seen = false;
  absl::Status status;
  ForEachContentLine(input, sink, [&](const Line& line) {
    if (!status.ok()) return;
    if (!header_seen) {
      std::vector<std::string> names;
      for (absl::string_view f : absl::StrSplit(line.text, '\t')) {
        names.push_back(absl::AsciiStrToLower(absl::StripAsciiWhitespace(f)));
      }
      if (names != std::vector<std::string>{"pubid", "year", "answer", "clue"}) {
        status = absl::InvalidArgumentError(absl::StrCat(
            "line ", line.number, ": xd-tsv needs the header 'pubid<TAB>year<TAB>answer<TAB>clue'"));
        return;
      }
      header_seen = true;
      sink->OnBlank(line.number);
      return;
    }
    std::vector<absl::string_view> fields = absl::StrSplit(line.text, '\t');
    if (fields.size() != 4) {
      sink->OnReject(line.number, RejectReason::kBadFields, line.text);
      return;
    }
    RawRecord r;
    r.line = line.number;
    r.raw = line.text;
    r.clue_source = absl::StripAsciiWhitespace(fields[0]);
    if (!ParseYear(fields[1], &r.year) && !absl::StripAsciiWhitespace(fields[1]).empty()) {
      sink->OnWarning(line.number, absl::StrCat("year '", fields[1], "' is not a year; dropped"));
    }
    r.answer = fields[2];
    r.has_clue = true;
    r.clue = fields[3];
    sink->OnRecord(r);
  });
  return status;
}

}  // namespace xwdb
