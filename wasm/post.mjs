// Appended to the module (--extern-post-js): the public JavaScript API of docs/api.md over
// the raw embind functions of wasm/bindings.cpp. The ES module (dist/mlsysim.mjs) then
// exports createMlsysim (wasm/export.mjs); the classic single-file build of the one-file
// page leaves it a global function.

/**
 * Inputs cross into C++ as JSON text. JSON has no NaN or Infinity, and a user who
 * types them must get an error naming the field, not a silent null; so non-finite
 * numbers travel as {"$number": "NaN" | "Infinity" | "-Infinity"}, which the core reads
 * as that number (core/src/scenario.cpp). BigInts travel as numbers when exact,
 * otherwise as their decimal text (which then fails the 2^53 rule). Functions and
 * symbols, which JSON would drop silently, travel as "[function]" / "[symbol]" so the
 * field that held them is refused by name; likewise a Map, Set, WeakMap or WeakSet,
 * which JSON writes as {} (its entries lost: `evaluatePreset(name, new Map(...))` had
 * applied no override without a word), travels as "[Map]" etc. `undefined` means "not given".
 */
function mlsysimReplacer(key, value) {
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : String(value);
  }
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  const opaque = mlsysimOpaque(value);
  return opaque ? `[${opaque}]` : value;
}
/** Collections JSON would write as {}: each with its own `has`, which throws for anything
 *  that is not one (from any realm), taken once so that no caller code can replace it. */
const MLSYSIM_COLLECTIONS = [['Map', Map.prototype.has], ['Set', Set.prototype.has],
  ['WeakMap', WeakMap.prototype.has], ['WeakSet', WeakSet.prototype.has]];
/** "Map", "Set", "WeakMap", "WeakSet", or "Promise" (anything with a `then` method: an
 *  `await` forgotten) for an object that JSON would write as {}, its contents lost; else
 *  null. Never throws (a revoked Proxy, a getPrototypeOf trap or `then` getter that
 *  throws: null, and JSON.stringify then reports what cannot be read). */
function mlsysimOpaque(value) {
  if (value === null || typeof value !== 'object') return null;
  // An array, or a plain object with properties of its own (every input a caller writes,
  // and every object of the request), is none of the collections: the brand checks below
  // each throw for it, and four thrown errors per object were 40% of a sweep's time
  // (docs/performance.md). A collection keeps its entries in internal slots, so one given
  // Object.prototype or null by setPrototypeOf has no own properties and still takes the
  // checks (unless properties were also added to it: then those are what it holds here).
  let plain = false;
  try {
    const proto = Object.getPrototypeOf(value);
    plain = Array.isArray(value) ||
      ((proto === Object.prototype || proto === null) && Object.keys(value).length > 0);
  } catch { /* a revoked Proxy, a trap that throws: the checks below, each guarded */ }
  if (!plain) {
    for (const [name, has] of MLSYSIM_COLLECTIONS) {
      try { has.call(value); return name; } catch { /* not one (the brand check: a Proxy or a fake tag is not) */ }
    }
    const proxied = mlsysimCollectionProto(value);
    if (proxied) return proxied;
  }
  try {
    return typeof value.then === 'function' ? 'Promise' : null;
  } catch {
    return null;  // a `then` getter that throws: JSON.stringify reports it, if it reads it
  }
}

/** The collection ("Map", "Set"...) whose prototype is on `value`'s prototype chain, or
 *  null: a Proxy around a Map (Vue's reactive(new Map()) is one) fails the brand check,
 *  and JSON writes it as {} (an attacking helper's overrides were dropped without a word).
 *  A prototype of any realm counts: its own constructor is the collection of that name,
 *  and its own Symbol.toStringTag says so. Never throws. */
function mlsysimCollectionProto(value) {
  try {
    for (let p = Object.getPrototypeOf(value), depth = 0; p !== null && depth < 100; p = Object.getPrototypeOf(p), depth++) {
      const c = Object.getOwnPropertyDescriptor(p, 'constructor'), tag = Object.getOwnPropertyDescriptor(p, Symbol.toStringTag);
      for (const [name] of MLSYSIM_COLLECTIONS)
        if (c && typeof c.value === 'function' && c.value.name === name && tag && tag.value === name) return name;
    }
  } catch { /* a trap that throws: no collection found */ }
  return null;
}

/** The longest request text the module takes, in characters. No input of ours needs a
 *  thousandth of it; a longer text is refused here, before it is copied into the
 *  module's memory (a 1 GB string would exhaust it). */
const MLSYSIM_MAX_REQUEST = 1000000;
/** A lone UTF-16 surrogate as JSON.stringify writes it (an escape not itself escaped):
 *  not text, and the core's JSON parser refuses it. */
const MLSYSIM_LONE_SURROGATE = /(?:^|[^\\])(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/i;

/** Code points that do not show or that reorder the text around them, and lone
 *  surrogates: escaped wherever a message shows what a caller gave, as the core escapes
 *  them (core/src/value_text.cpp escape_unseen, web/format.mjs; tests/node/unseen.test.mjs). */
const MLSYSIM_UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cs}]/gu;
const mlsysimUnseen = (t) => t.replace(MLSYSIM_UNSEEN, (c) => (c < ' ' ? JSON.stringify(c).slice(1, -1)
  : c.split('').map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')));
/** `text` cut at 60 characters (not inside one) with "...", as the core cuts what it quotes. */
const mlsysimCut = (text) => { const chars = [...text]; return chars.length > 60 ? `${chars.slice(0, 60).join('')}...` : text; };
/** A name a caller gave (a field, an option), for the head of a message: cut, its unseen
 *  code points escaped, as the core shows a field's name. */
const mlsysimName = (name) => mlsysimUnseen(mlsysimCut(String(name)));
/** A value a caller gave, for a message's "got ...": a string cut and in JSON quotes, unseen
 *  code points escaped (as the core's describe); anything else as text. */
const mlsysimQuote = (v) => (typeof v === 'string' ? mlsysimUnseen(JSON.stringify(mlsysimCut(v))) : mlsysimUnseen(mlsysimCut(mlsysimShown(v))));
/** What a value given where a name or a number goes is, for "got …": 5, true, null,
 *  undefined, "text" (quoted), an array, a Map, an object, a function, a symbol; "got
 *  number" had named the kind alone (an attacker's trial). */
function mlsysimGot(v) {
  if (typeof v === 'symbol' || typeof v === 'function') return `a ${typeof v}`;
  // 5n is no 5 ("digits: … from 1 to 17, got 5" refused what it seemed to ask for)
  if (typeof v === 'bigint') return `${mlsysimCut(String(v))}n (a BigInt)`;
  if (v === null || typeof v !== 'object') return mlsysimQuote(v);
  let tag = 'Object';
  try {
    if (Array.isArray(v)) return 'an array';
    tag = Object.prototype.toString.call(v).slice(8, -1);
  } catch { /* a revoked proxy */ }
  const opaque = mlsysimOpaque(v);  // also a Map given another prototype, or in a Proxy
  if (opaque) return opaque === 'Promise' ? 'a Promise (await it first)' : `a ${opaque}`;
  return tag === 'Object' ? 'an object' : `${/^[AEIOU]/.test(tag) ? 'an' : 'a'} ${tag}`;
}
/** String(v), never itself a throw: a value String cannot write (a null-prototype object, a
 *  toString that throws, an array nested past the stack) as its Object.prototype.toString tag. */
function mlsysimShown(v) {
  let t;
  try { t = String(v); } catch { try { t = Object.prototype.toString.call(v); } catch { t = 'an unreadable value'; } }
  // [], [''], new String(''): something, not nothing, after "got"
  return t === '' ? `${Array.isArray(v) ? 'an array' : 'a value'} that reads as empty text` : t;
}
/** `value`, an argument the module takes as text (a type's or property's name, a unit, a
 *  file's text), refused by `field` unless it is a string: "`field`: must be `what`, got
 *  a Map". String() had made a Map the unit "[object Map]", and the message then quoted
 *  "[object" as the unknown unit (an attacker's trial). A lone surrogate is refused too. */
function mlsysimArg(value, field, what) {
  if (typeof value !== 'string') throw mlsysimError(`${field}: must be ${what}, got ${mlsysimGot(value)}`, field);
  return mlsysimText(value, field);
}
/** What each name a request carries must be, for its message: checked by each call on its
 *  own arguments (mlsysimArg), undefined and null too. A Map had travelled as the text
 *  "[Map]", "unknown scenario type \"[Map]\"" (an attacker's trial). */
const MLSYSIM_WHAT = { type: "a scenario type's name (a string)", preset: "a preset's name (a string)",
  field: "a numeric field's name (a string)" };

/** Whether `v` is an object JSON would write as {}, a string or {"0": …}, losing what it
 *  holds: a RegExp, an Error, an ArrayBuffer, a typed array, a Date, arguments (by its tag,
 *  unless a plain object only calls itself something: {[Symbol.toStringTag]: 'Map', …}). A
 *  plain object, a class's instance, an array and a Proxy of these are not. Never throws. */
function mlsysimExotic(v) {
  try {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const tag = Object.prototype.toString.call(v);
    if (tag === '[object Object]') return false;
    const proto = Object.getPrototypeOf(v);
    return tag === '[object Arguments]' || (proto !== null && proto !== Object.prototype);
  } catch { return false; }  // a revoked Proxy: JSON.stringify says it cannot be read
}
/** A unit argument: absent (undefined, null) is "" (a plain number), else a unit's text. */
const mlsysimUnit = (unit) => mlsysimArg(unit ?? '', 'unit', 'a unit\'s text such as "s" or "byte"');
/** `text`, a string passed to the module as it is, refused when it holds a lone UTF-16
 *  surrogate: Emscripten's conversion would make another character of it. */
function mlsysimText(text, field) {
  if (/\p{Cs}/u.test(text)) throw mlsysimError(`${mlsysimName(field)}: holds a lone UTF-16 surrogate, which is not text`, field);
  return text;
}

/** The most property names a sweep takes (repeats included; a type has a dozen at most). */
const MLSYSIM_MAX_PROPERTIES = 1000;

/**
 * JSON text of `request` for the core. When the inputs cannot be serialized (a getter
 * or toJSON that throws, a cycle, nesting past the stack), or the text is too long or
 * holds a lone surrogate, the error names the field that holds the culprit, found by
 * serializing the request's entries and the inputs' fields one at a time.
 */
function mlsysimJson(request, inputsKey) {
  // what JSON would write as "[Map]", {} or nothing is refused as what it is: "got a Map"
  // (so is a RegExp, an Error, a Date…: overrides were dropped unsaid: an attacker's trial)
  const inputs = request[inputsKey], kind = typeof inputs;
  if (kind === 'function' || kind === 'symbol' || mlsysimExotic(inputs) || mlsysimOpaque(inputs))
    throw mlsysimError(`${inputsKey}: must be an object of field values, got ${mlsysimGot(inputs)}`, inputsKey);
  // `failed`, not `failure === null`: a getter may throw null itself
  let text, failure, failed = false;
  try {
    text = JSON.stringify(request, mlsysimReplacer);
  } catch (e) {
    failure = e;
    failed = true;
  }
  const tooLong = !failed && text.length > MLSYSIM_MAX_REQUEST;
  const lone = !failed && !tooLong && MLSYSIM_LONE_SURROGATE.test(text);
  if (!failed && !tooLong && !lone) return text;
  // the culprit: the first entry that fails or holds a lone surrogate, or the longest
  let field = inputsKey, longest = -1;
  const look = (container, key) => {
    let t;
    try { t = JSON.stringify(container[key], mlsysimReplacer); } catch { return true; }
    if (lone) return MLSYSIM_LONE_SURROGATE.test(JSON.stringify(key)) || (t !== undefined && MLSYSIM_LONE_SURROGATE.test(t));
    const size = JSON.stringify(key).length + (t === undefined ? 0 : t.length);
    if (tooLong && size > longest) { longest = size; field = key; }
    return false;
  };
  try {
    const inputs = request[inputsKey];
    const entries = [...Object.keys(request).filter((k) => k !== inputsKey).map((k) => [request, k]),
      ...(inputs && typeof inputs === 'object' ? Object.keys(inputs).map((k) => [inputs, k]) : [])];
    for (const [container, key] of entries) if (look(container, key)) { field = key; break; }
  } catch { /* a Proxy whose keys throw: keep the container's name */ }
  // no one entry makes most of the text (many entries, an array, a string, a toJSON):
  // the inputs as a whole are too long
  if (tooLong && longest * 2 < text.length) field = inputsKey;
  const name = mlsysimName(field);  // a key may be the long part
  if (tooLong) throw mlsysimError(`${name}: too long (the request is ${text.length} characters; at most ${MLSYSIM_MAX_REQUEST})`, field);
  if (lone) throw mlsysimError(`${name}: holds a lone UTF-16 surrogate, which is not text`, field);
  throw mlsysimError(`${name}: cannot be read (${mlsysimJsonWhy(failure)})`, field);
}

/** Why JSON.stringify failed, in words where the engine's are about JSON, not the value
 *  ("Maximum call stack size exceeded", "Converting circular structure to JSON --> ...",
 *  "Do not know how to serialize a BigInt"); else what the caller's code threw. */
function mlsysimJsonWhy(e) {
  const t = mlsysimWhy(e);
  // (instanceof asks a thrown Proxy for its prototype, which may throw: the text is kept)
  let type = false;
  try { type = e instanceof TypeError; } catch { /* what it threw is not the engine's */ }
  if (/call stack|too much recursion/i.test(t)) return 'it nests too deeply to be written as JSON; an input nests 4 levels at most';
  if (type && /circular|cyclic/i.test(t)) return 'it refers to itself, a cycle that JSON cannot write';
  if (type && /BigInt/.test(t)) return 'it holds a BigInt object, which JSON cannot write: give the number (8 or 8n), not Object(8n)';
  return t;
}

/** The typed-array intrinsics, taken once: called directly, no getter or method that a
 *  caller's object (a Proxy, a subclass, an own property) overrides can run, or receive
 *  a view of the module's memory. */
const mlsysimTypedArray = Object.getPrototypeOf(Float64Array.prototype);
const mlsysimIntrinsic = (name) => Object.getOwnPropertyDescriptor(mlsysimTypedArray, name).get;
const mlsysimTag = mlsysimIntrinsic(Symbol.toStringTag);
const mlsysimLength = mlsysimIntrinsic('length');
const mlsysimBuffer = mlsysimIntrinsic('buffer');
const mlsysimByteOffset = mlsysimIntrinsic('byteOffset');
const mlsysimSet = mlsysimTypedArray.set;
// arrays are made with this constructor, never with slice or subarray, which ask the
// source's constructor (Symbol.species) for the result: caller code, which could see a
// module view or return another kind of array
const MlsysimFloat64Array = Float64Array;
/** True for a real Float64Array (or subclass instance); false for a Proxy, another
 *  typed array, or an object that fakes Symbol.toStringTag. */
const mlsysimIsFloat64Array = (x) => mlsysimTag.call(x) === 'Float64Array';

/** True when `typed` reads as a slip for `name`: the same but for case, one the start of
 *  the other ("unit"/"units"), or at most two letters changed, added or left out. */
function mlsysimNear(typed, name) {
  const a = typed.toLowerCase(), b = name.toLowerCase();
  if (a === b || (a.length >= 3 && (a.startsWith(b) || b.startsWith(a)))) return true;
  if (Math.abs(a.length - b.length) > 2) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length] <= 2 && b.length > 2;
}

/** options[key] for each key, each getter run once; an option not in `keys` is refused; an options object whose getters
 *  throw gives Error {field: "options"}. */
function mlsysimOptions(options, keys) {
  // an options object of another kind would be read as no options at all: a Map's
  // entries are not its properties ({unit: 'ms'} in a Map swept 500 ms as 500 s)
  if (options !== undefined && options !== null) {
    const opaque = mlsysimOpaque(options);
    let array;
    try { array = Array.isArray(options); } catch (e) { throw mlsysimError(`options: cannot be read (${mlsysimWhy(e)})`, 'options'); }
    if (typeof options !== 'object' || array || opaque || mlsysimExotic(options))
      throw mlsysimError(`options: must be an object such as {${keys[0]}: …}, got ${mlsysimGot(options)}`, 'options');
  }
  const out = {};
  let given = [];
  // an option is the options object's own or inherited from a prototype of the caller's,
  // never from Object.prototype: `Object.prototype.unit = 'ms'` anywhere on a page had swept
  // seconds as milliseconds (an attacker's trial; evaluate's inputs ignore inherited keys)
  const up = (o) => { try { return Object.getPrototypeOf(o); } catch { return null; } };  // a Proxy may refuse
  const offered = (k) => {
    for (let o = options; o !== null && o !== Object.prototype; o = up(o)) if (Object.prototype.hasOwnProperty.call(o, k)) return true;
    return false;
  };
  try {
    for (const k of keys) out[k] = options === undefined || options === null || !offered(k) ? undefined : options[k];
    // every name the reads above could find: own or inherited, enumerable or not (a class's
    // getter, Object.create({units: 'ms'})), short of Object.prototype's own
    if (options !== undefined && options !== null) {
      const names = new Set();
      for (let o = options; o !== null && o !== Object.prototype; o = up(o))
        for (const k of Object.getOwnPropertyNames(o)) if (o === options || k !== 'constructor') names.add(k);
      given = [...names];
    }
  } catch (e) {
    throw mlsysimError(`options: cannot be read (${mlsysimWhy(e)})`, 'options');
  }
  // an option the call does not take is refused by name, never ignored: {units: 'ms'}
  // would sweep milliseconds as seconds
  const unknown = given.find((k) => !keys.includes(k));
  if (unknown !== undefined) {
    const near = keys.find((k) => mlsysimNear(unknown, k));
    throw mlsysimError(`options: unknown option ${mlsysimQuote(unknown)}${near ? ` (did you mean "${near}"?)` : ''}; this call takes ${keys.join(', ')}`, 'options');
  }
  // a misspelt value is refused by name, never read as the default ('BINARY' as decimal,
  // 'false' as true)
  // (an object is said as one: {toString() {return 'binary'}} read "got binary", which
  // seemed to refuse the very value it asked for: an attacker's trial)
  const shown = (v) => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return mlsysimGot(v);
    const q = mlsysimQuote(v);
    return / that reads as empty text$|^\[object \w+\]$/.test(q) || typeof v === 'function' ? mlsysimGot(v) : `${mlsysimGot(v)} that reads as ${JSON.stringify(q)}`;
  };
  if (out.bytes !== undefined && out.bytes !== 'decimal' && out.bytes !== 'binary')
    throw mlsysimError(`options.bytes: must be "decimal" or "binary", got ${shown(out.bytes)}`, 'options');
  if (out.time !== undefined && !MLSYSIM_TIMES.includes(out.time))
    throw mlsysimError(`options.time: must be one of ${MLSYSIM_TIMES.map((t) => `"${t}"`).join(', ')}, got ${shown(out.time)}${out.time === '\u03bcs' ? ' (the micro sign is \u00b5, not Greek mu)' : out.time === 'us' ? ' (write \u00b5s, with the micro sign)' : ''}`, 'options');
  if (out.money !== undefined && out.money !== 'short' && out.money !== 'full')
    throw mlsysimError(`options.money: must be "short" or "full", got ${shown(out.money)}`, 'options');
  for (const k of ['work', 'partial', 'details', 'warnings'])
    if (out[k] !== undefined && typeof out[k] !== 'boolean')
      throw mlsysimError(`options.${k}: must be true or false, got ${shown(out[k])}`, 'options');
  return out;
}

/** The Time setting's choices (options.time): "auto", each time scaled as it reads best,
 *  or the unit every time in seconds is written in (the core's time_setting_seconds). */
const MLSYSIM_TIMES = ['auto', 'ns', '\u00b5s', 'ms', 's', 'min', 'h', 'day'];
/** The raw calls' last three arguments for options' bytes, time and money. */
const mlsysimDisplay = (o) => [o.bytes === 'binary', o.time ?? 'auto', o.money === 'full'];

/** A number's text as the cards write numbers, without their digit groups: decimal, with
 *  an exponent, NaN or Infinity. Number() also reads "0x10" (16), "0b11" and "0o7": not
 *  a number's text here (a third trial). */
const MLSYSIM_NUMBER_TEXT = /^\s*(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|NaN|[+-]?Infinity)\s*$/;

/** `value` of numberText, humanText and displayScale as a number (Number(value)); one that
 *  cannot be one (a Symbol, a valueOf that throws) is refused by name, not as a TypeError. */
function mlsysimNumber(value) {
  // null, undefined, true and [] are no numbers, though Number() reads them as 0, 1 and 0:
  // humanText(null, 's') wrote "0 s" (an attacking helper). A number's text ("5") is one.
  const kind = typeof value;
  if (value === null || kind === 'undefined' || kind === 'boolean' || kind === 'function' ||
      (kind === 'object' && !(value instanceof Number)) ||
      (kind === 'string' && !MLSYSIM_NUMBER_TEXT.test(value)))
    throw mlsysimError(`value: must be a number, got ${mlsysimGot(value)}`, 'value');
  let x;
  try {
    x = Number(value);
  } catch (e) {
    throw mlsysimError(`value: must be a number, got ${typeof value === 'symbol' ? 'a symbol' : `a value that cannot be read as one (${mlsysimWhy(e)})`}`, 'value');
  }
  // a BigInt past the largest double is no Infinity (numberText(2n ** 1100n) wrote "Infinity")
  if (kind === 'bigint' && !Number.isFinite(x)) throw mlsysimError(`value: must be a number, got a BigInt of ${String(value).replace('-', '').length} digits: too large for a double`, 'value');
  return x;
}

/** `digits` of numberText: an integer from 1 to 17. */
function mlsysimDigits(digits) {
  if (!Number.isInteger(digits) || digits < 1 || digits > 17)
    throw mlsysimError(`digits: must be an integer from 1 to 17, got ${mlsysimGot(digits)}`, 'digits');
  return digits;
}

/** Calls the raw module function `fn`; a trap that escapes it (not expected: the core
 *  returns every input error as a value, which wasm/bindings.cpp writes as {error, field})
 *  becomes an Error. */
function mlsysimRaw(fn, ...args) {
  try {
    return fn(...args);
  } catch (e) {
    throw mlsysimError(`internal error: ${mlsysimWhy(e)}`, null);
  }
}

/** The result of a binding that replies {"result": …} or {"error", "field"} (wasm/bindings.cpp
 *  reply, error_reply): the result, or the error thrown as one whose `field` says which. */
function mlsysimResult(fn, ...args) {
  const reply = JSON.parse(mlsysimRaw(fn, ...args));
  if (reply.error !== undefined) throw mlsysimError(reply.error, reply.field);
  return reply.result;
}

/** Text of anything a caller's code threw: an Error's message, a string, a number...
 *  never itself a throw (a null-prototype object, a revoked Proxy, a throwing getter). */
function mlsysimWhy(e) {
  try {
    return String(e !== null && typeof e === 'object' && 'message' in e ? e.message : e);
  } catch {
    try { return Object.prototype.toString.call(e); } catch { return 'an unreadable value'; }
  }
}

/** This build's identity (the SHA-256 of mlsysim.wasm, set by scripts/minify-module.mjs;
 *  "unbuilt" in a module it has not processed, which takes no answers). */
const MLSYSIM_BUILD = 'unbuilt';
/** The raw functions whose reply depends on their arguments alone, so a recorded reply
 *  is the reply (not the sweep's, whose buffers are state, nor the heap's size), and whose
 *  arguments JSON keeps apart (not the number texts': NaN, ±Infinity and -0 would share
 *  one key). */
const MLSYSIM_ANSWERED = ['_version', '_list', '_typeHeads', '_describeType', '_request', '_readValue'];
/** ms after the module is made with answers when it checks them even if the page has not
 *  read them all (mlsysimReplay). */
const MLSYSIM_REPLAY_AFTER_MS = 3000;

/** options.answers made safe to hold: a record, or for a promise (a thenable) one that
 *  resolves to undefined where it would fail, at once (a failed fetch of answers is no
 *  error of the caller's page); an array of these, each so. */
function mlsysimQuiet(answers) {
  const quiet = (value) => {
    try {
      return value && typeof value.then === 'function' ? Promise.resolve(value).catch(() => undefined) : value;
    } catch { return undefined; }
  };
  try {
    return Array.isArray(answers) ? answers.slice(0, 64).map(quiet) : quiet(answers);
  } catch { return undefined; }
}

/** The records of mlsysimQuiet's `answers` that have settled by the next task (a promise
 *  that has not gives undefined): answers are not worth waiting for. Waiting, even 50 ms,
 *  lets the prerendered views the module would have replaced be shown and laid out
 *  first, which costs more than it saves (docs/performance.md, "Prerendered answers"). */
async function mlsysimIfSettled(answers) {
  const list = Array.isArray(answers) ? answers : [answers];
  const next = new Promise((r) => setTimeout(r, 0));
  return Promise.all(list.map((a) => (a instanceof Promise ? Promise.race([a, next]) : a)));
}

/** Records (or arrays of them), each {build, calls: [[call, reply], ...]} recorded by
 *  this very build, as one Map of call → reply. Any other is skipped: a page cached
 *  beside a newer module gets its answers from the module. So is a reply that is not the
 *  JSON its call answers with (every call's but the version's): a damaged file with the
 *  right build stopped the page from starting (an attacker's trial). */
function mlsysimSeededAnswers(records) {
  const map = new Map();
  if (MLSYSIM_BUILD === 'unbuilt') return map;
  for (const answers of records.flat()) {  // a promise may have brought an array
    try {
      if (!answers || answers.build !== MLSYSIM_BUILD || !Array.isArray(answers.calls)) continue;
      const calls = new Map();
      for (const c of answers.calls)
        if (Array.isArray(c) && c.length === 2 && typeof c[0] === 'string' && typeof c[1] === 'string' && mlsysimJsonReply(c)) calls.set(c[0], c[1]);
      for (const [k, v] of calls) map.set(k, v);
    } catch { /* a getter that throws: this record is skipped */ }
  }
  return map;
}

/** Whether recorded call `c` ([call, reply]) has a reply its call can give: JSON, except
 *  the version's, which is text. */
function mlsysimJsonReply([call, reply]) {
  if (call.startsWith('_version[')) return true;
  try {
    JSON.parse(reply);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers spare the first calls their WebAssembly, whose functions V8 compiles on their
 * first run; the reader's first edit would pay that instead. So once every answer has
 * been read (the view they were recorded for is built) and the page is idle, each
 * recorded evaluation and description is made again by the module itself, one per idle
 * moment: that compiles what an edit runs, and checks the answer (a recorded reply that
 * the module does not give again is dropped, with a warning).
 */
function mlsysimReplay(seeded, unseeded) {
  const later = typeof requestIdleCallback === 'function'
    ? (f) => requestIdleCallback(f, { timeout: 1000 }) : (f) => setTimeout(f, 50);
  const queue = [...seeded.keys()].filter((k) => k.startsWith('_request[') || k.startsWith('_describeType['));
  const next = () => {
    const key = queue.shift();
    if (key === undefined) return;
    const name = key.slice(0, key.indexOf('['));
    try {
      if (unseeded[name](...JSON.parse(key.slice(name.length))) !== seeded.get(key)) {
        seeded.delete(key);
        console.warn(`mlsysim: a prerendered answer differs from the module's own (${name}); the module's is used from now on`);
      }
    } catch { seeded.delete(key); }
    later(next);
  };
  later(next);
}

function mlsysimError(message, field) {
  const err = new Error(message);
  err.field = field;
  return err;
}

/**
 * createMlsysim(options?) -> Promise<Mlsysim>
 *
 * Loads the WebAssembly core from `mlsysim.wasm` beside this module. `options` are
 * Emscripten's (`locateFile`, `wasmBinary`, ...). Works in browsers and in Node.js 20
 * with no network access. See docs/api.md for every method, with shapes and units.
 *
 * Two options of ours (extensions, for prerendered pages; docs/performance.md):
 * - recordAnswers: true (build time) keeps every reply of the module's pure functions;
 *   the module's recordedAnswers() returns them, {build, calls: [[call, reply], ...]}.
 * - answers: such a record, a promise of one (taken if it has settled by the time the
 *   module is ready), or an array of these (at most 64), whose calls are merged. A call
 *   made with the same arguments gets the recorded reply without running any
 *   WebAssembly, so a page whose first view the build made with this module goes live
 *   without compiling the module's code first. A record of another build (its `build`,
 *   the SHA-256 of mlsysim.wasm, differs) or of any other shape is ignored. Once every
 *   recorded reply has been read (or 3 s on), the module makes the recorded evaluations
 *   again in idle moments (compiling what an edit runs) and drops any reply it does not
 *   give again. The replies are trusted as the module's own until then: they come from
 *   the site, as the module does.
 */
async function createMlsysim(options = {}) {
  const opts = Object.assign({}, options);
  const answers = mlsysimQuiet(opts.answers);
  const recorded = opts.recordAnswers === true ? new Map() : null;
  delete opts.answers;
  delete opts.recordAnswers;
  if (!opts.locateFile) opts.locateFile = (file) => new URL(file, MLSYSIM_BASE_URL).href;
  if (MLSYSIM_IN_NODE && !opts.wasmBinary) {
    const { readFile } = await import('node:fs/promises');
    const { fileURLToPath } = await import('node:url');
    // a URL (file:, the default) or, as Emscripten's own Node.js code takes it, a path (an
    // attacker's trial: a path was a bare "TypeError: Invalid URL" naming no option), given
    // the module's folder as Emscripten gives it, so that (file, dir) => dir + file works
    // (a re-checker's trial: with '' it read "mlsysim.wasm" from the working folder)
    const where = String(opts.locateFile('mlsysim.wasm', fileURLToPath(new URL('.', MLSYSIM_BASE_URL))));
    try {
      opts.wasmBinary = await readFile(/^[a-z][a-z0-9+.-]+:/i.test(where) ? new URL(where) : where);
    } catch (e) {
      throw new Error(`locateFile: mlsysim.wasm cannot be read from ${JSON.stringify(where)} (${e.message}); give a file: URL or a path`);
    }
  }
  const raw = await createMlsysimRuntime(opts);
  const seeded = mlsysimSeededAnswers(await mlsysimIfSettled(answers));
  if (seeded.size || recorded) {
    const unseeded = {};
    const unread = new Set(seeded.keys());
    // a page that reads only some of them (a link to another view) compiles and checks
    // them all the same, a few seconds on
    let replayed = false;
    const replay = () => { if (!replayed) { replayed = true; mlsysimReplay(seeded, unseeded); } };
    if (seeded.size) setTimeout(replay, MLSYSIM_REPLAY_AFTER_MS)?.unref?.();  // Node.js: no reason to stay up
    for (const name of MLSYSIM_ANSWERED) {
      const fn = unseeded[name] = raw[name];
      raw[name] = (...args) => {
        const key = name + JSON.stringify(args);
        const known = seeded.get(key);
        if (known !== undefined) {
          // the view they were recorded for is built: the module can now compile its code
          if (unread.delete(key) && !unread.size) replay();
          return known;
        }
        const reply = fn(...args);
        if (recorded) recorded.set(key, reply);
        return reply;
      };
    }
  }
  const lists = new Map();  // a Map: no name read through Object.prototype
  const list = (what) => {
    if (!lists.has(what)) lists.set(what, what === 'type-heads' ? raw._typeHeads() : raw._list(what));
    return JSON.parse(lists.get(what));  // a fresh copy for every caller
  };
  // one type's description (describeScenarioType), kept per valid name: at most one per type
  const described = new Map();
  /** The core's limits (mlsysim::list_limits): the largest sweep it takes. */
  const limits = list('limits');

  function call(request, options) {
    const o = mlsysimOptions(options, ['bytes', 'work', 'partial', 'time', 'money']);
    const text = mlsysimJson(request, 'inputs' in request ? 'inputs' : 'overrides');
    const [binary, time, money] = mlsysimDisplay(o);
    return mlsysimResult(raw._request, text, binary, !!o.work, !!o.partial, time, money);
  }

  /**
   * sweep(type, inputs, field, values, properties?, options?) -> {field, unit, values,
   * properties: {name: Float64Array}, units: {name: unit}, invalid_points, first_invalid}
   * One call into the module for all points. `values` is an array or Float64Array of
   * the field's values (in options.unit for a quantity field, else its canonical unit);
   * NaN marks a point where the value breaks the field's rule or the property is
   * unavailable. The property arrays are views of one new buffer, property-major; with
   * options.into (a Float64Array of at least properties × points elements) they are
   * views of `into` instead, and nothing is allocated for them: for callers that sweep
   * again and again (a slider, an animation), at the price that the next sweep into the
   * same buffer overwrites them. With options.warnings: true (an extension) the result
   * also has `warnings`: [{text, points, ranges: [[first, last], ...]}], each of the type's
   * warnings that holds at some valid points (a batch that does not fit in memory), its
   * text as evaluate writes it at the first of them, and the index ranges of the runs of
   * points where it holds; options.bytes, options.time and options.money write the byte
   * amounts, times and money of those texts as evaluate's do. Throws Error {message, field} on an invalid request
   * (field "into" when `into` is not a Float64Array or is too short).
   */
  function sweep(type, inputs, field, values, properties, options) {
    // Everything user code can run (getters, toJSON, valueOf) runs here, before any view
    // into the module's memory exists: a getter that calls back into the module must
    // not find its own view detached or its buffer reused. Each getter runs once.
    mlsysimArg(type, 'type', MLSYSIM_WHAT.type);
    mlsysimArg(field, 'field', MLSYSIM_WHAT.field);
    const o = mlsysimOptions(options, ['unit', 'into', 'warnings', 'bytes', 'time', 'money']);
    // absent, null or "": the field's canonical unit; any other string the core checks, anything else is no unit (0)
    const unit = o.unit === undefined || o.unit === null || o.unit === '' ? null : mlsysimUnit(o.unit);
    let xs;
    try {
      if (mlsysimIsFloat64Array(values)) {
        xs = values;  // no copy: allocating typed arrays is the costliest step of a sweep
      } else {
        const n = values && typeof values === 'object' ? values.length : undefined;
        if (!Number.isInteger(n) || n < 0) throw new Error(`must be an array or Float64Array of numbers, got ${mlsysimGot(values)}${n === undefined ? '' : ` of length ${mlsysimQuote(n)}`}`);
        if (n > limits.sweep_points) throw new Error(`at most ${limits.sweep_points} points, got ${n}`);
        xs = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let v;
          try { v = values[i]; } catch (e) { throw new Error(`element ${i} cannot be read (${mlsysimWhy(e)})`); }
          if (typeof v !== 'number') throw new Error(`element ${i} is not a number, got ${mlsysimGot(v)}`);
          xs[i] = v;
        }
      }
    } catch (e) {
      throw mlsysimError(`values: ${mlsysimWhy(e)}`, 'values');
    }
    // a type has a dozen properties at most: a list of thousands would meet the request's
    // entry limit first, which blames the inputs
    let count, array = false;
    try { array = Array.isArray(properties); count = array ? properties.length : 0; } catch { count = 0; }
    if (!array && properties !== undefined && properties !== null)
      throw mlsysimError(`properties: must be an array of property names, got ${mlsysimGot(properties)}`, 'properties');
    // each name said as what it is, as values' elements are ("unknown property \"[Map]\"" had
    // been), read once into a list of our own: a getter's second answer is never what goes
    const names = [];
    for (let i = 0; i < count; i++) {
      let p;
      try { p = properties[i]; } catch (e) { throw mlsysimError(`properties: element ${i} cannot be read (${mlsysimWhy(e)})`, 'properties'); }
      if (typeof p !== 'string') throw mlsysimError(`properties: element ${i} must be a property's name (a string), got ${mlsysimGot(p)}`, 'properties');
      names.push(p);
    }
    if (count > MLSYSIM_MAX_PROPERTIES) throw mlsysimError(`properties: at most ${MLSYSIM_MAX_PROPERTIES} names, got ${count}`, 'properties');
    const request = mlsysimJson({ type, inputs: inputs === undefined ? {} : inputs,
      field, unit, properties: array ? names : null,
      warnings: o.warnings === true, bytes: o.bytes ?? null, time: o.time ?? null, money: o.money ?? null }, 'inputs');
    // From here on no user code runs: lengths and buffers are read through the
    // intrinsics, after the last getter and toJSON above.
    const n = mlsysimLength.call(xs);
    if (n > limits.sweep_points) throw mlsysimError(`values: at most ${limits.sweep_points} points, got ${n}`, 'values');
    const into = o.into === null ? undefined : o.into;
    let intoLength = 0;
    if (into !== undefined) {
      if (!mlsysimIsFloat64Array(into))
        throw mlsysimError(`into: must be a Float64Array, got ${mlsysimGot(into)}`, 'into');
      if (mlsysimBuffer.call(into) === mlsysimBuffer.call(xs))
        throw mlsysimError('into: must not share its buffer with values', 'into');
      intoLength = mlsysimLength.call(into);
    }
    try {
      try {
        mlsysimSet.call(mlsysimRaw(raw._sweepInput, n), xs);
      } catch (e) {  // e.g. a Float64Array whose buffer was transferred away
        throw mlsysimError(`values: cannot be read (${mlsysimWhy(e)})`, 'values');
      }
      const r = mlsysimResult(raw._sweep, request);
      // read after the call (memory may have grown), copied out once for all properties
      const view = mlsysimRaw(raw._sweepOutput);
      let out;
      if (into !== undefined) {
        const need = mlsysimLength.call(view);
        if (intoLength < need)
          throw mlsysimError(`into: needs at least ${r.properties.length} properties × ${n} points = ${need} elements, got ${intoLength}${intoLength === 0 ? ' (an empty array, or one whose buffer was transferred away)' : ''}`, 'into');
        try {
          mlsysimSet.call(into, view);
        } catch (e) {  // detached (a 0-point sweep into a transferred buffer)
          throw mlsysimError(`into: cannot be written (${mlsysimWhy(e)})`, 'into');
        }
        out = into;
      } else {
        out = new MlsysimFloat64Array(mlsysimLength.call(view));
        mlsysimSet.call(out, view);
      }
      const buffer = mlsysimBuffer.call(out), offset = mlsysimByteOffset.call(out);
      const result = { field, unit, values: xs, properties: {}, units: {},
        invalid_points: r.invalid_points, first_invalid: r.first_invalid };
      if (o.warnings === true) result.warnings = r.warnings;
      r.properties.forEach((name, k) => {
        result.properties[name] = new MlsysimFloat64Array(buffer, offset + k * n * 8, n);
        result.units[name] = r.units[k];
      });
      return result;
    } finally {
      if (n > 100000) mlsysimRaw(raw._sweepInput, 0);  // give a large sweep's buffers back, also after an error
    }
  }

  return {
    /** Build time only (options.recordAnswers): the module's answers so far, for
     *  options.answers of a later createMlsysim; see createMlsysim. */
    recordedAnswers: recorded ? () => ({ build: MLSYSIM_BUILD, calls: [...recorded] }) : undefined,
    /** Library version, e.g. "0.1.0". */
    version: raw._version(),
    sweep,
    /** Diagnostics (an extension): bytes of the wasm heap in use, for leak checks. */
    heapUsed: () => raw._heapUsed(),
    /** [{name, category, question, summary, assumptions, excludes, fields, properties, symbols}];
     *  with options {details: false} (an extension) the heads: the same entries with
     *  fields, properties and symbols null, which skips building every type's description
     *  (a page's picker needs the heads; docs/performance.md) */
    listScenarioTypes: (options) => list(mlsysimOptions(options, ['details']).details === false ? 'type-heads' : 'types'),
    /**
     * describeScenarioType(name) -> one entry of listScenarioTypes(), in full (an
     * extension): what a page needs of the one type it shows. Error {field: "type"} for a
     * name that is not a scenario type (naming the valid ones) or is not a string.
     */
    describeScenarioType(name) {
      mlsysimArg(name, 'type', MLSYSIM_WHAT.type);
      let text = described.get(name);
      if (text === undefined) {
        text = mlsysimRaw(raw._describeType, name);
        const reply = JSON.parse(text);
        if (reply.error !== undefined) throw mlsysimError(reply.error, reply.field);
        described.set(name, text);
      }
      return JSON.parse(text);  // a fresh copy for every caller
    },
    /** [{name, type, summary, inputs}] */
    listPresets: () => list('presets'),
    /** [{name, title}]: the categories of scenario types, in the order pages group them */
    listCategories: () => list('categories'),
    /** [{name, plural, title, doc, headline, fields, derived, entries}]: every registry
     *  kind (workload, hardware, node, fabric, fleet) with its entries; docs/api.md */
    listRegistries: () => list('registries'),
    /** [{name, parameters (param), layers, ..., headline, source, sources}] */
    listWorkloads: () => list('workloads'),
    /** [{name, count, node: {...}, fabric: {...}, accelerators, headline, source}] */
    listFleets: () => list('fleets'),
    /** [{name, peak_flops (flop/s), memory_capacity (byte), memory_bandwidth (byte/s), ...}] */
    listHardware: () => list('hardware'),
    /** [{name, bandwidth (byte/s), latency (s), headline, source}] */
    listFabrics: () => list('fabrics'),
    /**
     * numberText(value, digits?) -> string: a number as every number of the calculator is
     * written (whole numbers exactly, "12,500"; others to 4 significant digits, "5.714",
     * "0.5"); with `digits` (1..17), to that many significant digits (a plot's ticks).
     * humanText(value, unit, options?) -> string: a value in a reported unit (a property's
     * `unit`) scaled to a sensible prefix, as results' `text` ("625 ms", "350 GB", "$38.89");
     * options.bytes: 'binary' for KiB/MiB/GiB; options.time: a unit of MLSYSIM_TIMES in which
     * every time in seconds is written ('ms': "625 ms"; 'auto', the default, scales it);
     * options.money: 'full' for dollars to the cent ("$8,923,000.00", not "$8.923 million").
     * Not-a-number values give "NaN". A unit the
     * unit parser does not read ("parsec") is an Error whose field is "unit".
     * displayScale(value, unit, options?) -> {factor, unit, money} | null: the scale humanText
     * writes a value of that magnitude in, for an axis of such values (value / factor reads
     * in `unit`: "ms", "GiB", "$ million", "$/h", "per year"; money: ticks read "$20"); null
     * for a unit no result scales (byte/param); a unit the parser does not read ("parsec")
     * is an Error whose field is "unit", as for humanText. options as humanText's: with options.time
     * an axis of times reads in that unit ({factor: 86400, unit: "days"}), with money 'full'
     * one of money in dollars.
     */
    numberText: (value, digits) =>
      (digits === undefined ? raw._numberText(mlsysimNumber(value)) : raw._significantText(mlsysimNumber(value), mlsysimDigits(digits))),
    humanText(value, unit, options) {
      return mlsysimResult(raw._humanText, mlsysimNumber(value), mlsysimUnit(unit), ...mlsysimDisplay(mlsysimOptions(options, ['bytes', 'time', 'money'])));
    },
    /**
     * propertyText(type, property, value, options?) -> string: `value`, in the property's
     * reported `unit`, as that property's results write their `text`: in its display unit
     * when it has one ("200 tokens/s", "560,897.4 h"), else as humanText writes it ("625
     * ms"). options (bytes, time, money) as for humanText. Error {field: "type" | "property"} for a name
     * that is not one (with the nearest), {field: "value"} for a value that is no number.
     */
    propertyText(type, property, value, options) {
      mlsysimArg(type, 'type', MLSYSIM_WHAT.type);
      mlsysimArg(property, 'property', "a property's name (a string)");
      const display = mlsysimDisplay(mlsysimOptions(options, ['bytes', 'time', 'money']));
      return mlsysimResult(raw._propertyText, type, property, mlsysimNumber(value), ...display);
    },
    displayScale: (value, unit, options) =>
      mlsysimResult(raw._displayScale, mlsysimNumber(value), mlsysimUnit(unit), ...mlsysimDisplay(mlsysimOptions(options, ['bytes', 'time', 'money']))),
    /** {bases, spellings, count_labels}: every unit the module reads (docs/units.md) */
    listUnits: () => list('units'),
    /** {sweep_points, sweep_values}: the largest sweep the module takes */
    limits: Object.freeze({ ...limits }),
    /**
     * evaluate(type, inputs, options?) -> Result. options.bytes: 'decimal' (default) or
     * 'binary' for the byte texts; options.work: true adds each property's substituted
     * equation as `work: {text, mathml, expression}`; options.partial: true lists every
     * invalid input in `input_errors` ([{field, message}]) instead of throwing at the
     * first, and computes every property whose inputs are valid; options.time and
     * options.money as for humanText, for the texts of times and money (and the digits of
     * `work`, so that its line gives the result as written). Throws Error {message, field}.
     */
    evaluate: (type, inputs, options) =>
      call({ type: mlsysimArg(type, 'type', MLSYSIM_WHAT.type), inputs: inputs === undefined ? {} : inputs }, options),
    /**
     * readPresetFile(text) -> {presets: [{name, type, summary, inputs}], notices:
     * [{preset (name or null), entry (1-based), field, message}]}: a course's preset file
     * (JSON {"presets": [...]}, the shape of listPresets()), each entry checked as
     * evaluate checks inputs; a refused entry is left out with a notice naming it, the
     * field and the rule. Throws Error {message, field: "preset_file"} when the file as a
     * whole cannot be used (over 1 MiB or 200 presets, not JSON, not {"presets": [...]}).
     * docs/embedding.md, "A course's own presets".
     */
    readPresetFile: (text) => {
      if (typeof text !== 'string') throw mlsysimError(`preset_file: must be the file's text, got ${mlsysimGot(text)}`, 'preset_file');
      // a longer text cannot be a valid file: refused before it is copied into the module
      if (text.length > 1048576) throw mlsysimError(`preset_file: is ${text.length} characters; a preset file may have at most 1 MiB (1048576 bytes)`, 'preset_file');
      return mlsysimResult(raw._readPresetFile, mlsysimArg(text, 'preset_file', "the file's text"));
    },
    /**
     * readValue(value, unit, name?) -> number: `value` (text as a field takes it: "40 USD",
     * "2 h", "5"; or a number) read as a value of the dimension of `unit` (a property's
     * unit: "s", "USD", "count", ""), in that canonical unit ("2 h" with unit "s" is 7200).
     * For a prediction of a property. Throws Error {message, field: name} naming the
     * dimension expected; `name` (default "value") starts the message.
     */
    readValue: (value, unit, name) => {
      // null or "" as "value" too: a message that started ": expected …" or named "null" said nothing
      const field = name === undefined || name === null || name === '' ? 'value' : mlsysimArg(name, 'name', 'the name a message starts with (a string)');
      if (typeof value !== 'string' && typeof value !== 'number')
        throw mlsysimError(`${mlsysimName(field)}: must be a text or a number, got ${mlsysimGot(value)}`, field);
      if (typeof value === 'string' && value.length > 10000) throw mlsysimError(`${mlsysimName(field)}: too long (at most 10000 characters)`, field);
      const json = JSON.stringify(value, mlsysimReplacer);
      if (MLSYSIM_LONE_SURROGATE.test(json)) throw mlsysimError(`${mlsysimName(field)}: holds a lone UTF-16 surrogate, which is not text`, field);
      return mlsysimResult(raw._readValue, json, mlsysimUnit(unit), field);
    },
    /** evaluatePreset(name, overrides?, options?) -> Result with `preset` set. */
    evaluatePreset: (name, overrides, options) =>
      call({ preset: mlsysimArg(name, 'preset', MLSYSIM_WHAT.preset), overrides: overrides === undefined ? null : overrides }, options),
  };
}

