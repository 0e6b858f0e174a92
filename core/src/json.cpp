// Parsing JSON text from a user with limits on depth and size (json.hpp).
#include "mlsysim/json.hpp"

#include <cstdio>

#include "mlsysim/errors.hpp"
#include "value_text.hpp"

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
    } else if (c == '\0') {
      // nlohmann's lexer takes a NUL for the end of the text: what follows it would be
      // dropped unread ("{...}\0garbage" was taken), or the error put at the NUL
      std::size_t line = 1, column = 1;
      for (std::size_t k = 0; k < i; ++k) text[k] == '\n' ? (++line, column = 1) : ++column;
      throw InputError(field, "not valid JSON: a NUL character (\\u0000) at line " + std::to_string(line) + ", column " +
                                  std::to_string(column) + ", outside a string");
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
  } catch (const Json::exception& e) {  // parse_error; out_of_range for a number past a double
    std::string why = e.what();
    const std::size_t at = why.find("] ");
    if (at != std::string::npos) why = why.substr(at + 2);  // drop "[json.exception.parse_error.101] "
    // the lexer stops at the first byte of a character of several (a curly quote from a
    // word processor, a no-break space): "last read" would end in part of it, shown as
    // U+FFFD; show it whole, and name it
    const auto* parse = dynamic_cast<const Json::parse_error*>(&e);
    const std::size_t last = parse ? parse->byte - 1 : text.size();  // the byte the lexer stopped at
    std::size_t n = 0;
    const char32_t cp = last < text.size() ? utf8_at(text, last, n) : 0;
    const std::size_t read = why.find("last read: '");
    const bool lead = n > 1 && static_cast<unsigned char>(text[last]) >= 0xC0;  // not a stray continuation byte
    const std::size_t cut = lead && read != std::string::npos ? why.find(std::string(1, text[last]) + "'", read) : std::string::npos;
    if (cut != std::string::npos) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
      why.insert(cut + 2, std::string(" (") + code + ", which JSON takes only inside a string: its quotes are the straight \" and its spaces ASCII)");
      why.insert(cut + 1, text, last + 1, n - 1);
    }
    throw InputError(field, "not valid JSON: " + why);
  }
}

Json json_text(const char* text) { return Json::parse(text); }

}  // namespace mlsysim
