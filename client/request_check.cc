#include "client/request_check.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace xwdb::client {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// The first field below `message` that is not UTF-8, as a path after
// `prefix`; empty if there is none.
std::string FirstBadField(const Message& message, const std::string& prefix) {
  const Reflection* reflection = message.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(message, &fields);
  for (const FieldDescriptor* field : fields) {
    const std::string name = prefix + field->name();
    const bool text = field->type() == FieldDescriptor::TYPE_STRING;
    const bool nested = field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE;
    if (!text && !nested) continue;
    if (field->is_repeated()) {
      for (int i = 0; i < reflection->FieldSize(message, field); ++i) {
        const std::string item = absl::StrCat(name, "[", i, "]");
        if (text && !IsUtf8(reflection->GetRepeatedString(message, field, i))) return item;
        if (nested) {
          std::string inner = FirstBadField(reflection->GetRepeatedMessage(message, field, i), item + ".");
          if (!inner.empty()) return inner;
        }
      }
    } else if (text) {
      if (!IsUtf8(reflection->GetString(message, field))) return name;
    } else {
      std::string inner = FirstBadField(reflection->GetMessage(message, field), name + ".");
      if (!inner.empty()) return inner;
    }
  }
  return "";
}

}  // namespace

bool IsUtf8(absl::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    int extra = 0;
    uint32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
      extra = 1, code = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      extra = 2, code = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      extra = 3, code = lead & 0x07;
    } else {
      return false;  // a continuation byte, an overlong lead (C0, C1) or past F4
    }
    if (i + extra >= text.size()) return false;  // cut short
    for (int k = 1; k <= extra; ++k) {
      const unsigned char next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    // Overlong three- and four-byte forms, surrogates, past U+10FFFF.
    if ((extra == 2 && code < 0x800) || (extra == 3 && (code < 0x10000 || code > 0x10FFFF)) ||
        (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += extra + 1;
  }
  return true;
}

absl::Status CheckUtf8Fields(const Message& message) {
  const std::string field = FirstBadField(message, "");
  if (field.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(field, ": not UTF-8 text (save the file as UTF-8)"));
}

}  // namespace xwdb::client
