#include "tests/testing/puz_bytes.h"

#include <cstdint>

namespace xwdb::testing {

namespace {

// The format's checksum: rotate right by one, then add the byte.
uint16_t Sum(const std::string& data, uint16_t sum) {
  for (unsigned char c : data) sum = static_cast<uint16_t>(((sum >> 1) | ((sum & 1) << 15)) + c);
  return sum;
}

void Put16(std::string* s, size_t at, uint16_t v) {
  (*s)[at] = static_cast<char>(v & 0xFF);
  (*s)[at + 1] = static_cast<char>(v >> 8);
}

}  // namespace

std::string MakePuz(const PuzSpec& spec) {
  std::string f(0x34, '\0');
  f.replace(2, 12, std::string("ACROSS&DOWN\0", 12));
  f.replace(0x18, 4, std::string("1.3\0", 4));
  f[0x2C] = static_cast<char>(spec.width);
  f[0x2D] = static_cast<char>(spec.height);
  Put16(&f, 0x2E, static_cast<uint16_t>(spec.clues.size()));
  Put16(&f, 0x30, 1);
  std::string player = spec.solution;
  for (char& c : player) c = c == '.' ? '.' : '-';
  f += spec.solution + player;
  for (const std::string* s : {&spec.title, &spec.author, &spec.copyright}) f += *s + '\0';
  for (const std::string& c : spec.clues) f += c + '\0';
  f += spec.notes + '\0';
  for (const PuzExtension& e : spec.extensions) {
    std::string head = e.name + "    ";
    Put16(&head, 4, static_cast<uint16_t>(e.data.size()));
    Put16(&head, 6, Sum(e.data, 0));
    f += head + e.data + '\0';
  }
  const uint16_t cib = Sum(f.substr(0x2C, 8), 0);
  uint16_t whole = Sum(player, Sum(spec.solution, cib));
  for (const std::string* s : {&spec.title, &spec.author, &spec.copyright}) {
    if (!s->empty()) whole = Sum(*s + '\0', whole);
  }
  for (const std::string& c : spec.clues) whole = Sum(c, whole);
  if (!spec.notes.empty()) whole = Sum(spec.notes + '\0', whole);
  Put16(&f, 0x00, whole);
  Put16(&f, 0x0E, cib);
  return f;
}

}  // namespace xwdb::testing
