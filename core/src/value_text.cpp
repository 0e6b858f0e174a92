// The errors' printable text, and how a received value is shown in a message (describe).
#include "value_text.hpp"

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

}  // namespace mlsysim
