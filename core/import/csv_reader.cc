#include "core/import/csv_reader.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/import/line_formats.h"
#include "core/text/normalizer.h"

namespace xwdb {
namespace {

// One parsed record.
struct CsvRecord {
  uint64_t line = 0;           // first physical line
  std::vector<std::string> fields;
  bool unterminated = false;
  size_t start = 0, end = 0;   // byte range in the text
};

class CsvParser {
 public:
  explicit CsvParser(absl::string_view text) : text_(text) {}

  // Parses the next record; false at the end of the text.
  bool Next(CsvRecord* rec) {
    if (pos_ >= text_.size()) return false;
    rec->line = line_;
    rec->start = pos_;
    rec->fields.clear();
    rec->unterminated = false;
    std::string field;
    bool quoted = false;
    bool field_start = true;
    size_t i = pos_;
    const size_t n = text_.size();
    while (true) {
      if (i >= n) {
        if (quoted) rec->unterminated = true;
        rec->fields.push_back(std::move(field));
        break;
      }
      const char ch = text_[i];
      if (quoted) {
        if (ch == '"') {
          if (i + 1 < n && text_[i + 1] == '"') {
            field.push_back('"');
            i += 2;
          } else {
            quoted = false;
            ++i;
          }
          continue;
        }
        if (ch == '\n' || (ch == '\r' && (i + 1 >= n || text_[i + 1] != '\n'))) ++line_;
        field.push_back(ch);
        ++i;
        continue;
      }
      if (ch == '"' && field_start) {
        quoted = true;
        field_start = false;
        ++i;
        continue;
      }
      if (ch == ',') {
        rec->fields.push_back(std::move(field));
        field.clear();
        field_start = true;
        ++i;
        continue;
      }
      if (ch == '\r' || ch == '\n') {
        if (ch == '\r' && i + 1 < n && text_[i + 1] == '\n') ++i;
        ++i;
        ++line_;
        rec->fields.push_back(std::move(field));
        break;
      }
      field.push_back(ch);
      field_start = false;
      ++i;
    }
    rec->end = i;
    if (rec->unterminated) {
      // Resume at the physical line after the record's first one.
      size_t next = rec->start;
      while (next < n && text_[next] != '\n' && text_[next] != '\r') ++next;
      if (next < n && text_[next] == '\r' && next + 1 < n && text_[next + 1] == '\n') ++next;
      pos_ = next < n ? next + 1 : n;
      line_ = rec->line + 1;
      rec->end = pos_;
    } else {
      pos_ = i;
    }
    return true;
  }

  size_t pos() const { return pos_; }

 private:
  absl::string_view text_;
  size_t pos_ = 0;
  uint64_t line_ = 1;
};

}  // namespace

absl::Status ReadCsv(const DecodedInput& input, RecordSink* sink) {
  for (size_t i = 0; i < input.bad_lines.size(); ++i) {
    sink->OnReject(input.bad_lines[i].first, input.bad_lines[i].second, input.bad_line_samples[i]);
  }
  CsvParser parser(input.text());
  CsvRecord rec;
  int word_col = -1, clue_col = -1, date_col = -1, score_col = -1;
  size_t columns = 0;
  bool header_seen = false;
  uint64_t count = 0;
  while (parser.Next(&rec)) {
    if (++count % 4096 == 0) sink->OnProgress(parser.pos());
    absl::string_view raw = input.text().substr(rec.start, rec.end - rec.start);
    while (!raw.empty() && (raw.back() == '\n' || raw.back() == '\r')) raw.remove_suffix(1);
    if (rec.end - rec.start > kMaxLineBytes) {
      sink->OnReject(rec.line, RejectReason::kTooLong, raw.substr(0, 64));
      continue;
    }
    if (rec.unterminated) {
      sink->OnReject(rec.line, RejectReason::kUnterminatedQuote, raw);
      continue;
    }
    std::optional<RejectReason> bad;
    for (const std::string& f : rec.fields) {
      if (std::memchr(f.data(), '\0', f.size()) != nullptr) {
        bad = RejectReason::kNulByte;
      } else if (input.utf8 && !IsValidUtf8(f)) {
        bad = RejectReason::kInvalidUtf8;
      }
    }
    if (!header_seen) {
      if (bad) return absl::InvalidArgumentError(absl::StrCat("line ", rec.line, ": unreadable CSV header"));
      if (rec.fields.size() == 1 && Normalizer::IsBlank(rec.fields[0])) {
        sink->OnBlank(rec.line);
        continue;
      }
      for (size_t c = 0; c < rec.fields.size(); ++c) {
        const std::string name = absl::AsciiStrToLower(absl::StripAsciiWhitespace(rec.fields[c]));
        if ((name == "word" || name == "answer") && word_col < 0) word_col = static_cast<int>(c);
        if (name == "clue" && clue_col < 0) clue_col = static_cast<int>(c);
        if ((name == "date" || name == "year") && date_col < 0) date_col = static_cast<int>(c);
        if (name == "score" && score_col < 0) score_col = static_cast<int>(c);
      }
      if (word_col < 0 || clue_col < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "line ", rec.line, ": the CSV header must name a Word (or Answer) and a Clue column"));
      }
      columns = rec.fields.size();
      header_seen = true;
      sink->OnBlank(rec.line);
      continue;
    }
    if (bad) {
      sink->OnReject(rec.line, *bad, raw);
      continue;
    }
    if (rec.fields.size() == 1 && Normalizer::IsBlank(rec.fields[0])) {
      sink->OnBlank(rec.line);
      continue;
    }
    if (rec.fields.size() != columns) {
      sink->OnReject(rec.line, RejectReason::kBadFields, raw);
      continue;
    }
    RawRecord r;
    r.line = rec.line;
    r.raw = raw;
    r.answer = rec.fields[word_col];
    r.has_clue = true;
    r.clue = rec.fields[clue_col];
    if (score_col >= 0 && !absl::StripAsciiWhitespace(rec.fields[score_col]).empty()) {
      int score = 0;
      if (std::optional<RejectReason> reason = ParseScore(rec.fields[score_col], &score)) {
        sink->OnReject(rec.line, *reason, raw);
        continue;
      }
      r.score = score;
    }
    if (date_col >= 0) {
      // Dates come as 10/8/2021, 2021-10-08 or a bare year: take the 4-digit part.
      const std::string& date = rec.fields[date_col];
      bool found = false;
      for (absl::string_view part : absl::StrSplit(date, absl::ByAnyChar("/-. "))) {
        if (part.size() == 4 && ParseYear(part, &r.year)) {
          found = true;
          break;
        }
      }
      if (!found && !absl::StripAsciiWhitespace(date).empty()) {
        sink->OnWarning(rec.line, absl::StrCat("date '", date, "' has no year; dropped"));
      }
    }
    sink->OnRecord(r);
  }
  sink->OnProgress(input.text().size());
  return absl::OkStatus();
}

}  // namespace xwdb
