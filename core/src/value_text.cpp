// The errors' printable text, and how a received value is shown in a message (describe).
#include "value_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <vector>

#include "mlsysim/text.hpp"

namespace mlsysim {

namespace {
// `s` cut after `max` characters, with "..." when anything was cut.
std::string cut(const std::string& s, std::size_t max) {
  const std::size_t n = utf8_prefix(s, max);
  return n < s.size() ? s.substr(0, n) + "..." : s;
}

// The code points a quoted value must not carry raw: controls (Unicode's Cc), format
// characters (Cf: U+202E RIGHT-TO-LEFT OVERRIDE would reverse the rest of the message,
// U+200B ZERO WIDTH SPACE would hide a difference), line and paragraph separators (Zl, Zp)
// and default-ignorable code points (U+3164 HANGUL FILLER, variation selectors, tags).
// Ranges of Unicode 17 as JavaScript's \p{Cc}, \p{Cf}, \p{Zl}, \p{Zp} and
// \p{Default_Ignorable_Code_Point} list them: web/format.mjs (clip) escapes by those classes
// on the page, and tests/node/unseen.test.mjs holds the two to the same code points.
constexpr char32_t kUnseen[][2] = {
    {0x0, 0x1F},       {0x7F, 0x9F},       {0xAD, 0xAD},     {0x34F, 0x34F},     {0x600, 0x605},   {0x61C, 0x61C},
    {0x6DD, 0x6DD},    {0x70F, 0x70F},     {0x890, 0x891},   {0x8E2, 0x8E2},     {0x115F, 0x1160}, {0x17B4, 0x17B5},
    {0x180B, 0x180F},  {0x200B, 0x200F},   {0x2028, 0x202E}, {0x2060, 0x206F},   {0x3164, 0x3164}, {0xFE00, 0xFE0F},
    {0xFEFF, 0xFEFF},  {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFFB}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
    {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF}};

bool unseen(char32_t c) {
  for (const auto& r : kUnseen)
    if (c >= r[0] && c <= r[1]) return true;
  return false;
}

void append_u16(std::string& out, unsigned unit) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\u%04x", unit);
  out += buf;
}
}  // namespace

std::size_t utf8_prefix(std::string_view s, std::size_t chars) {
  std::size_t n = 0;
  for (std::size_t k = 0; n < s.size() && k < chars; ++k)
    do ++n; while (n < s.size() && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80);  // a character whole
  return n;
}

char32_t utf8_at(const std::string& s, std::size_t i, std::size_t& n) {
  const unsigned char b = static_cast<unsigned char>(s[i]);
  n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  if (i + n > s.size()) return n = 0;
  char32_t c = n == 1 ? b : b & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return c;
}

std::string escape_unseen(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 0;
    const char32_t c = utf8_at(s, i, n);
    if (n == 0) {  // a cut sequence (the caller's input is valid UTF-8 otherwise)
      out.append(s, i, std::string::npos);
      break;
    }
    if (!unseen(c)) {
      out.append(s, i, n);
    } else if (c < 0x10000) {
      append_u16(out, c);
    } else {  // as JSON writes it: a surrogate pair
      append_u16(out, 0xD800 + ((c - 0x10000) >> 10));
      append_u16(out, 0xDC00 + ((c - 0x10000) & 0x3FF));
    }
    i += n;
  }
  return out;
}

std::string InputError::printable(const std::string& s) {
  // a JSON string dump escapes control characters and replaces invalid UTF-8; the
  // quotes it adds, and its escaping of quotes and backslashes, are undone
  const std::string d = dump_text(Json(s));
  std::string out;
  for (std::size_t i = 1; i + 1 < d.size(); ++i) {
    if (d[i] == '\\' && (d[i + 1] == '"' || d[i + 1] == '\\')) ++i;
    out += d[i];
  }
  return escape_unseen(out);
}

InputError::InputError(const std::string& field_name, const std::string& detail)
    : std::invalid_argument(printable(printable_field(field_name) + ": " + detail)),
      field(field_name.substr(0, utf8_prefix(field_name, 200))) {}

std::string InputError::printable_field(const std::string& s) { return cut(s, 60); }

std::string InputError::quoted(const std::string& s) { return describe(Json(s)); }

bool is_number_tag(const Json& v) {
  if (!v.is_object() || v.size() != 1 || !v.contains("$number")) return false;
  const Json& n = v["$number"];
  return n == "NaN" || n == "Infinity" || n == "-Infinity";
}

std::string describe(const Json& v) {
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();  // exact, as typed
  if (v.is_number()) return js_number(v.get<double>());
  if (is_number_tag(v)) return v["$number"].get<std::string>();
  if (v.is_string()) {
    // dump() escapes quotes and control characters; invalid UTF-8 is replaced
    return escape_unseen(dump_text(Json(cut(v.get<std::string>(), 60))));
  }
  if (v.is_null()) return "null";
  // NaN and Infinity from JavaScript travel as {"$number": ...}: show them as typed
  std::string d = dump_text(v);
  for (const char* n : {"NaN", "-Infinity", "Infinity"}) {
    const std::string tag = std::string("{\"$number\":\"") + n + "\"}";
    for (std::size_t at; (at = d.find(tag)) != std::string::npos;) d.replace(at, tag.size(), n);
  }
  return escape_unseen(cut(d, 80));
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

std::string nearest_name(const std::string& name, const std::vector<std::string>& names) {
  if (name.size() < 3 || name.size() > 100) return "";
  const auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  const std::string a = lower(name);
  // edit distance with swaps of neighbours (Damerau), ignoring case
  const auto distance = [&](const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
      for (std::size_t j = 1; j <= b.size(); ++j) {
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    return d[a.size()][b.size()];
  };
  std::string best;
  std::size_t best_d = a.size() <= 4 ? 1 : a.size() <= 8 ? 2 : 3;  // the most a guess may differ by
  for (const std::string& n : names) {
    const std::size_t dn = distance(lower(n));
    if (dn <= best_d && (best.empty() || dn < best_d)) best = n, best_d = dn;
  }
  return best;
}

std::string did_you_mean_name(const std::string& name, const std::vector<std::string>& names) {
  const std::string near = nearest_name(name, names);
  return near.empty() ? "" : " (did you mean " + describe(Json(near)) + "?)";
}

}  // namespace mlsysim
