// Parsing JSON text from a user with limits on depth and size (json.hpp).
#include "mlsysim/json.hpp"

#include <algorithm>

#include <cstdio>
#include <string_view>
#include <type_traits>

#include "mlsysim/errors.hpp"
#include "mlsysim/units.hpp"
#include "value_text.hpp"

namespace mlsysim {
namespace {

/// Whether `text` starts with a UTF-8 byte order mark.
bool has_bom(const std::string& text) { return text.compare(0, 3, "\xEF\xBB\xBF") == 0; }

/// Whether a whole, valid UTF-8 character (RFC 3629: no overlong form, no surrogate, at
/// most U+10FFFF) starts at byte `i` of `text`.
bool utf8_char_at(const std::string& text, std::size_t i) {
  const unsigned char b = static_cast<unsigned char>(text[i]);
  if (b < 0x80) return true;
  if (b < 0xC2 || b > 0xF4) return false;  // a continuation byte, an overlong lead, or past U+10FFFF
  std::size_t n = 0;
  const char32_t c = utf8_at(text, i, n);
  if (n == 0) return false;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
  return !(c >= 0xD800 && c <= 0xDFFF) && c <= 0x10FFFF && !(n == 3 && c < 0x800) && !(n == 4 && c < 0x10000);
}

/// "line L, column C" of byte `at` of `text`, the column counted in characters as a text
/// editor shows it, a byte order mark not counted (nlohmann counts bytes: "ééé" took six columns).
std::string position(const std::string& text, std::size_t at) {
  std::size_t line = 1, column = 1;
  for (std::size_t k = has_bom(text) ? 3 : 0; k < at && k < text.size(); ++k) {
    if (text[k] == '\n') line++, column = 1;
    else if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++column;  // not a continuation byte
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's DOM builder (the handler its own parse() uses, from nlohmann's detail
// namespace of the 3.11 headers Debian 12 ships), with its parse error kept instead of
// thrown: the core has no exceptions (docs/performance.md, "Errors as values"). A SAX
// handler's parse_error is where nlohmann lets a caller decide what an error does.
// A key given twice in one object is refused: nlohmann keeps the last without a word, as
// JSON readers differ on which wins ({"workers": 8, "workers": 4} became 4 with no notice,
// where a link's i.workers twice gets one and --set twice is refused). The keys of the
// open objects are kept in one list, each object's from where it starts (a linear search:
// an object has a few dozen at most, and nlohmann's ordered objects insert in linear time
// anyway); an array needs no mark, as the objects in it end before it does.
struct DomParser : nlohmann::detail::json_sax_dom_parser<Json> {
  using Base = nlohmann::detail::json_sax_dom_parser<Json>;
  explicit DomParser(Json& root) : json_sax_dom_parser(root, false) {}
  bool start_object(std::size_t n) { starts.push_back(keys.size()); return Base::start_object(n); }
  bool end_object() {
    keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(starts.back()), keys.end());
    starts.pop_back();
    return Base::end_object();
  }
  // a number not written as zero that a double reads as 0 ("1e-999") is kept as its text,
  // as the page and the CLI's --set send it: a field's rule then quotes it, and a quantity
  // with no unit is not the 0 that needs none (it had passed as a rate of 0 from an --input
  // or preset file: a re-checker's trial)
  bool number_float(double val, const std::string& s) {
    if (std::string text = s; val == 0 && !written_zero(text)) return Base::string(text);
    return Base::number_float(val, s);
  }
  bool key(std::string& k) {
    if (std::find(keys.begin() + static_cast<std::ptrdiff_t>(starts.back()), keys.end(), k) != keys.end()) {
      failed = true;
      repeated = k;
      return false;
    }
    keys.push_back(k);
    return Base::key(k);
  }
  std::vector<std::string> keys;    // the keys of the open objects, innermost last
  std::vector<std::size_t> starts;  // where each open object's keys begin in `keys`
  std::string repeated;             // a key given twice in one object, if any
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& last_token, const Exception& ex) {
    message = ex.what();
    if constexpr (std::is_same_v<Exception, Json::parse_error>) byte = ex.byte;
    else overflow = last_token, end = position;  // out_of_range: a number past a double
    failed = true;
    return false;
  }
  bool failed = false;
  std::string message;     // "[json.exception.parse_error.101] parse error at line 1, ..."
  std::size_t byte = 0;    // for a parse error: one past the byte the lexer stopped at; 0 otherwise
  std::string overflow;    // a number too large for a double, as written ("1e999"), or ""
  std::size_t end = 0;     // one past its last byte
};

/// Whether `text` is UTF-16 (a file saved as "Unicode" by Windows Notepad): a UTF-16 byte
/// order mark, or the same decoded as UTF-8 (two U+FFFD: a page's fetch), then ASCII
/// characters each with a NUL byte beside it.
bool utf16(const std::string& text) {
  std::size_t k = 0;
  if (text.compare(0, 2, "\xFF\xFE") == 0 || text.compare(0, 2, "\xFE\xFF") == 0) k = 2;
  else if (text.compare(0, 6, "\xEF\xBF\xBD\xEF\xBF\xBD") == 0) k = 6;
  const std::size_t n = std::min(text.size(), k + 16);
  if (n < k + 4) return false;
  const auto nuls = [&](std::size_t parity) {
    for (std::size_t i = k + parity; i + 1 < n; i += 2)
      if (text[i] != '\0' || text[i + 1 - 2 * parity] == '\0') return false;
    return true;
  };
  return nuls(0) || nuls(1);
}

}  // namespace

Expected<Json> parse_json(const std::string& text, const std::string& field, bool request, std::size_t max_entries) {
  constexpr int kMaxDepth = 64;
  if (utf16(text)) return InputError(field, "not valid JSON: the text is UTF-16 (a file saved as \"Unicode\"): save it as UTF-8");
  int depth = 0;
  std::size_t entries = 0;
  // per open object or array, by depth: its keys so far (an array's are never counted)
  // and where it opened
  std::size_t keys[kMaxDepth + 1] = {}, opened[kMaxDepth + 1] = {};
  // the keys of the open objects as written (innermost last; `first_key[d]`: where depth d's
  // begin), to place a key given twice, which nlohmann's handler refuses without a place
  std::vector<std::string_view> written;
  std::size_t first_key[kMaxDepth + 1] = {};
  std::size_t twice_at = std::string::npos;  // where the first repeated key is written
  std::string_view twice;
  bool in_string = false;
  std::size_t string_start = 0, string_end = 0;  // the last string's quotes
  // in a request: the key of the top-level value being read (key1), and
  // within "inputs" or "overrides" the field's (key2)
  std::string key1, key2;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false, string_end = i;
    } else if (c == '"') {
      in_string = true;
      string_start = i;
    } else if (c == '\0') {
      // nlohmann's lexer takes a NUL for the end of the text: what follows it would be
      // dropped unread ("{...}\0garbage" was taken), or the error put at the NUL
      return InputError(field, "not valid JSON: a NUL character (\\u0000) at " + position(text, i) + ", outside a string");
    } else if (c == '[' || c == '{') {
      // (depth < 0 past stray closers: nothing is kept, and nlohmann refuses the text)
      if (depth >= 0 && depth < kMaxDepth) keys[depth + 1] = 0, opened[depth + 1] = i, first_key[depth + 1] = written.size();
      if (++depth > kMaxDepth) {
        // blamed on the field (an input's value) or the argument (type, unit, properties...)
        // it sits under, by its key as written: a name has no escapes (one that has is left
        // to `field`)
        const bool inputs = key1 == "inputs" || key1 == "overrides";
        const std::string& key = !request ? field : inputs ? key2 : key1;
        const bool named = !key.empty() && key.find('\\') == std::string::npos;
        return InputError(named ? key : field, "nests deeper than " + std::to_string(kMaxDepth) + " levels" +
                                                   (named && inputs ? "; an input nests 4 levels at most" : ""));
      }
    } else if (c == ']' || c == '}') {
      if (depth >= 1 && depth <= kMaxDepth) written.resize(std::min(written.size(), first_key[depth]));
      if (depth-- == 2) key2.clear();
    } else if (c == ':' || c == ',') {
      if (c == ':' && request && (depth == 1 || depth == 2) && string_end > string_start)
        (depth == 1 ? key1 : key2) = text.substr(string_start + 1, string_end - string_start - 1);
      // nlohmann's ordered objects insert in linear time, so a huge object is quadratic
      if (c == ':' && string_end > string_start && depth >= 1 && depth <= kMaxDepth) {
        const std::string_view k(text.data() + string_start + 1, string_end - string_start - 1);
        if (twice_at == std::string::npos &&
            std::find(written.begin() + static_cast<std::ptrdiff_t>(first_key[depth]), written.end(), k) != written.end())
          twice_at = string_start, twice = k;
        written.push_back(k);
      }
      // (depth < 0 past a stray "}": nlohmann refuses such a text below; nothing is counted)
      if (c == ':' && depth >= 0 && ++keys[depth] > kMaxObjectKeys)
        return InputError(field, "has an object of more than " + std::to_string(kMaxObjectKeys) + " keys, opened at " +
                                     position(text, opened[depth]) + "; no object read here needs more than a few dozen");
      if (++entries > max_entries)
        return InputError(field, "has more than " + std::to_string(max_entries) +
                                     " entries (names, values and items); a request needs a few dozen");
    }
  }
  // as a range of `const char*`, the one input json_text's literals take too: each kind
  // of input is another copy of nlohmann's parser in the module (~8 KB of code)
  Json out;
  DomParser dom(out);
  Json::sax_parse(text.data(), text.data() + text.size(), &dom);
  if (!dom.failed) return out;
  if (!dom.repeated.empty())
    // where, as a parse error says it (an attacker's trial: a preset file's repeated
    // "workers" was not placed); a key written with escapes may not be found as written
    return InputError(field, "gives the key " + describe(Json(dom.repeated)) + " twice in one object" +
                                 (twice == dom.repeated ? ", the second time at " + position(text, twice_at) : std::string()) +
                                 "; give each key once (which one was meant is not guessed)");
  if (!dom.overflow.empty())  // where, which its message did not say ("number overflow parsing '1e999'")
    return InputError(field, "the number " + dom.overflow + " at " +
                                 position(text, dom.end - std::min(dom.end, dom.overflow.size())) +
                                 " is too large for a double (at most 1.7976931348623157e308)");
  {  // a parse_error
    std::string why = dom.message;
    const std::size_t at = why.find("] ");
    if (at != std::string::npos) why = why.substr(at + 2);  // drop "[json.exception.parse_error.101] "
    // the lexer stops at the first byte of a character of several (a curly quote from a
    // word processor, a no-break space): "last read" would end in part of it, shown as
    // U+FFFD; show it whole, and name it
    const bool parse = dom.byte != 0;
    std::size_t last = parse ? dom.byte - 1 : text.size();  // the byte the lexer stopped at
    // a first character of U+F000–U+FFFF starts with the byte a BOM starts with, and the
    // lexer calls it an invalid BOM (a full-width ｛ typed for {): it is that character
    const auto continuation = [&](std::size_t k) { return k < text.size() && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80; };
    if (parse && why.find("invalid BOM") != std::string::npos && !has_bom(text) && continuation(1) && continuation(2)) {
      why = "parse error at line 1, column 1: syntax error while parsing value - invalid literal; last read: '" + text.substr(0, 1) + "'";
      last = 0;
    }
    // a byte that starts no UTF-8 character (a file saved as Latin-1 or Windows-1252:
    // "für" as 66 FC 72): nlohmann's "last read" ends in half of it and the code point
    // decoded from it does not exist; say what the byte is, and how to save the file
    if (parse && last < text.size() && !utf8_char_at(text, last)) {
      const unsigned char b = static_cast<unsigned char>(text[last]);
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(b));
      // in Latin-1 a byte of 0xA0 up is the code point of that number (0xFC is ü)
      const std::string latin1 = b >= 0xA0 ? std::string{static_cast<char>(0xC0 | (b >> 6)), static_cast<char>(0x80 | (b & 0x3F))} : "";
      return InputError(field, "not valid JSON: the byte " + std::string(hex) + " at " + position(text, last) +
                                  " is not UTF-8 text" + (latin1.empty() ? "" : " (in Latin-1 or Windows-1252 it is \"" + latin1 + "\")") +
                                  ": save the file as UTF-8");
    }
    const std::size_t line = why.find("at line ");
    const std::size_t colon = line == std::string::npos ? line : why.find(':', line);
    if (parse && colon != std::string::npos) why.replace(line + 3, colon - line - 3, position(text, last));
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
    return InputError(field, "not valid JSON: " + why);
  }
}

Json json_text(const char* text) {
  // through the same handler as parse_json: Json::parse would add a second parser (the
  // one with a callback) to the module
  Json out;
  DomParser dom(out);
  Json::sax_parse(text, text + std::char_traits<char>::length(text), &dom);
  if (dom.failed) declaration_error("a declaration's JSON: " + (dom.repeated.empty() ? dom.message : "the key " + dom.repeated + " twice"));
  return out;
}

}  // namespace mlsysim
