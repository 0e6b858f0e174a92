#include "value_text.hpp"

#include "mlsysim/units.hpp"

namespace mlsysim {

namespace {
std::string cut(const std::string& s, std::size_t max) {
  if (s.size() <= max) return s;
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // keep UTF-8 whole
  return s.substr(0, n) + "...";
}
}  // namespace

std::string describe(const Json& v) {
  if (v.is_number()) return js_number(v.get<double>());
  if (v.is_object() && v.size() == 1 && v.contains("$number") && v["$number"].is_string())
    return cut(v["$number"].get<std::string>(), 20);
  if (v.is_string()) {
    // dump() escapes quotes and control characters; invalid UTF-8 is replaced
    return Json(cut(v.get<std::string>(), 60)).dump(-1, ' ', false, Json::error_handler_t::replace);
  }
  if (v.is_null()) return "null";
  return cut(v.dump(-1, ' ', false, Json::error_handler_t::replace), 80);
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
