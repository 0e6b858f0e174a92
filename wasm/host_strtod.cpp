// strtod for the module, read by the host's own number parser (JavaScript's Number, which
// ECMA-262 requires to round correctly, as C's strtod does).
//
// Why: musl's strtod computes in 128-bit long double, which wasm32 has only in software.
// Its parser and the soft-float helpers it pulls in (__multf3, __divtf3, __addtf3, fmodl,
// scalbnl, ...) were 15 KB of code, 7 KB gzip of the module, and reading a number with
// them was slower than this call out to JavaScript and back (docs/performance.md, "Numbers
// read by the host", before and after). Defining strtod here keeps libc's object out of
// the link. strtof and strtold are defined with it because libc++'s string.o names them
// (std::stof, std::stold), which would otherwise pull that object back in; neither is
// called by the core (strtof would round twice, through double).
//
// Contract: the C standard's strtod for decimal text. Leading white space (" \t\n\v\f\r"),
// an optional sign, digits with an optional point, an optional exponent ("e-5"; an "e"
// without digits after it is not part of the number); *end points after the number, or at
// `s` when there is none (and 0 is returned). Out of range: ±HUGE_VAL or 0, as C gives.
// Not read: "inf", "nan" and hexadecimal floats ("0x1p3" reads as its leading 0), which
// nothing in the module passes. strtod's callers are nlohmann/json's lexer (JSON numbers),
// the unit reader (after number_prefix, which refuses hexadecimal) and the core's own
// decimal texts (docs/architecture.md, "The WASM boundary"). errno is not set.
//
// The native build keeps its C library's strtod; tests/node/numbers.test.mjs checks the
// module against correctly rounded values worked out independently.
#include <emscripten.h>

// clang-format off
EM_JS(double, mlsysim_host_strtod, (const char* s, char** end), {
  var i = s, c = HEAPU8[i];
  while (c == 32 || (c >= 9 && c <= 13)) c = HEAPU8[++i];
  var start = i, digits = 0, text = "";
  if (c == 43 || c == 45) c = HEAPU8[++i];
  while (c >= 48 && c <= 57) { c = HEAPU8[++i]; digits++; }
  if (c == 46) { c = HEAPU8[++i]; while (c >= 48 && c <= 57) { c = HEAPU8[++i]; digits++; } }
  if (digits && (c | 32) == 101) {
    var j = i + 1, d = HEAPU8[j];
    if (d == 43 || d == 45) d = HEAPU8[++j];
    if (d >= 48 && d <= 57) { while (d >= 48 && d <= 57) d = HEAPU8[++j]; i = j; }
  }
  if (!digits) { if (end) HEAP32[end >> 2] = s; return 0; }
  // ASCII: a short text by its bytes, a long one (a 1M-digit request) decoded at once
  if (i - start > 64) text = new TextDecoder().decode(HEAPU8.subarray(start, i));
  else for (var m = start; m < i; m++) text += String.fromCharCode(HEAPU8[m]);
  if (end) HEAP32[end >> 2] = i;
  return Number(text);
});
// clang-format on

extern "C" {
double strtod(const char* s, char** end) { return mlsysim_host_strtod(s, end); }
float strtof(const char* s, char** end) { return static_cast<float>(mlsysim_host_strtod(s, end)); }
long double strtold(const char* s, char** end) { return mlsysim_host_strtod(s, end); }
}
