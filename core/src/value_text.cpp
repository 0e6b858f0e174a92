// The errors' printable text, and how a received value is shown in a message (describe).
#include "value_text.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "mlsysim/text.hpp"

namespace mlsysim {

namespace {
std::string cut(const std::string& s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // keep UTF-8 whole
  return s.substr(0, n) + "...";
}
}  // namespace

std::string InputError::printable(const std::string& s) {
  // a JSON string dump escapes control characters and replaces invalid UTF-8; the
  // quotes it adds, and its escaping of quotes and backslashes, are undone
  const std::string d = Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
  std::string out;
  for (std::size_t i = 1; i + 1 < d.size(); ++i) {
    if (d[i] == '\\' && (d[i + 1] == '"' || d[i + 1] == '\\')) ++i;
    out += d[i];
  }
  return out;
}

std::string InputError::printable_field(const std::string& s) { return cut(s, 60); }

std::string describe(const Json& v) {
  if (v.is_number_integer() || v.is_number_unsigned()) return v.dump();  // exact, as typed
  if (v.is_number()) return js_number(v.get<double>());
  // NaN and Infinity from JavaScript travel as {"$number": ...}; no other object is a number
  if (v.is_object() && v.size() == 1 && v.contains("$number") && v["$number"].is_string())
    for (const char* n : {"NaN", "-Infinity", "Infinity"})
      if (v["$number"] == n) return n;
  if (v.is_string()) {
    // dump() escapes quotes and control characters; invalid UTF-8 is replaced
    return Json(cut(v.get<std::string>(), 60)).dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  if (v.is_null()) return "null";
  // NaN and Infinity from JavaScript travel as {"$number": ...}: show them as typed
  std::string d = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  for (const char* n : {"NaN", "-Infinity", "Infinity"}) {
    const std::string tag = std::string("{\"$number\":\"") + n + "\"}";
    for (std::size_t at; (at = d.find(tag)) != std::string::npos;) d.replace(at, tag.size(), n);
  }
  return cut(d, 80);
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

}  // namespace mlsysim
