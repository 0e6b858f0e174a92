// Parsing JSON text from a user with limits on depth and size (json.hpp).
#include "mlsysim/json.hpp"

#include "mlsysim/errors.hpp"

namespace mlsysim {

Json parse_json(const std::string& text, const std::string& field) {
  constexpr int kMaxDepth = 64;
  constexpr std::size_t kMaxEntries = 10000;  // our largest request has a few dozen
  int depth = 0;
  std::size_t entries = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxDepth) throw InputError(field, "nests deeper than " + std::to_string(kMaxDepth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == ':' || c == ',') {
      // nlohmann's ordered objects insert in linear time, so a huge object is quadratic
      if (++entries > kMaxEntries)
        throw InputError(field, "has more than " + std::to_string(kMaxEntries) + " entries; a request needs a few dozen");
    }
  }
  try {
    // as a range of `const char*`, the one input json_text's literals take too: each kind
    // of input is another copy of nlohmann's parser in the module (~8 KB of code)
    return Json::parse(text.data(), text.data() + text.size());
  } catch (const Json::exception& e) {
    std::string why = e.what();
    const std::size_t at = why.find("] ");
    if (at != std::string::npos) why = why.substr(at + 2);  // drop "[json.exception.parse_error.101] "
    throw InputError(field, "not valid JSON: " + why);
  }
}

Json json_text(const char* text) { return Json::parse(text); }

}  // namespace mlsysim
