// Appended to the module (--extern-post-js): the public JavaScript API of API.md over
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
 * field that held them is refused by name. `undefined` means "not given".
 */
function mlsysimReplacer(key, value) {
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : String(value);
  }
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  return value;
}

/**
 * JSON text of `request` for the core. When the inputs cannot be serialized (a getter
 * or toJSON that throws, a cycle, nesting past the stack), the error names the input
 * field that holds the culprit, found by serializing the fields one at a time.
 */
function mlsysimJson(request, inputsKey) {
  try {
    return JSON.stringify(request, mlsysimReplacer);
  } catch (e) {
    let field = inputsKey;
    const inputs = request[inputsKey];
    try {
      for (const key of Object.keys(inputs)) {
        try { JSON.stringify(inputs[key], mlsysimReplacer); } catch { field = key; break; }
      }
    } catch { /* a Proxy whose keys throw: keep the container's name */ }
    throw mlsysimError(`${field}: cannot be read (${e && e.message ? e.message : String(e)})`, field);
  }
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
 */
async function createMlsysim(options = {}) {
  const opts = Object.assign({}, options);
  if (!opts.locateFile) opts.locateFile = (file) => new URL(file, MLSYSIM_BASE_URL).href;
  if (MLSYSIM_IN_NODE && !opts.wasmBinary) {
    const { readFile } = await import('node:fs/promises');
    opts.wasmBinary = await readFile(new URL(opts.locateFile('mlsysim.wasm', '')));
  }
  const raw = await createMlsysimRuntime(opts);
  const lists = {};
  const list = (what) => {
    if (!lists[what]) lists[what] = raw._list(what);
    return JSON.parse(lists[what]);  // a fresh copy for every caller
  };

  function call(request, options) {
    const text = mlsysimJson(request, 'inputs' in request ? 'inputs' : 'overrides');
    const binary = !!(options && options.bytes === 'binary');
    const work = !!(options && options.work);
    const reply = JSON.parse(raw._request(text, binary, work));
    if (reply.error !== undefined) throw mlsysimError(reply.error, reply.field);
    return reply.result;
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
   * same buffer overwrites them. Throws Error {message, field} on an invalid request
   * (field "into" when `into` is not a Float64Array or is too short).
   */
  function sweep(type, inputs, field, values, properties, options) {
    // Everything user code can run (getters, toJSON, valueOf) runs here, before any view
    // into the module's memory exists: a getter that calls back into the module must
    // not find its own view detached or its buffer reused.
    let xs;
    try {
      const n = values && typeof values === 'object' ? values.length : undefined;
      if (!Number.isInteger(n) || n < 0) throw new Error(`must be an array or Float64Array of numbers, got length ${String(n)}`);
      if (n > 1000000) throw new Error(`at most 1000000 points, got ${n}`);
      if (values instanceof Float64Array) {
        xs = values;  // no copy: allocating typed arrays is the costliest step of a sweep
      } else {
        xs = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          const v = values[i];
          if (typeof v !== 'number') throw new Error(`element ${i} is not a number (${typeof v})`);
          xs[i] = v;
        }
      }
    } catch (e) {
      throw mlsysimError(`values: ${e && e.message ? e.message : String(e)}`, 'values');
    }
    const request = mlsysimJson({ type: type === undefined ? null : type, inputs: inputs === undefined ? {} : inputs,
      field: field === undefined ? null : field, unit: (options && options.unit) || null,
      properties: properties === undefined ? null : properties }, 'inputs');
    // a real Float64Array (not a Proxy whose traps could run during the copy), its
    // length read after the last user code (getters, toJSON) and before any view
    // into the module exists
    let into = options ? options.into : undefined, intoLength = 0;
    if (into === null) into = undefined;
    if (into !== undefined) {
      const tag = Object.prototype.toString.call(into);
      if (!ArrayBuffer.isView(into) || tag !== '[object Float64Array]')
        throw mlsysimError(`into: must be a Float64Array, got ${tag}`, 'into');
      if (into.buffer === xs.buffer)
        throw mlsysimError('into: must not share its buffer with values', 'into');
      intoLength = into.length;
    }
    const n = xs.length;
    try {
      raw._sweepInput(n).set(xs);  // no user code between making the view and filling it
    } catch (e) {  // e.g. a Float64Array whose buffer was transferred away meanwhile
      throw mlsysimError(`values: cannot be read (${e && e.message ? e.message : String(e)})`, 'values');
    }
    const reply = JSON.parse(raw._sweep(request));
    if (reply.error !== undefined) throw mlsysimError(reply.error, reply.field);
    // read after the call (memory may have grown), copied out once for all properties
    const r = reply.result;
    const view = raw._sweepOutput();
    let out;
    if (into) {
      if (intoLength < view.length)
        throw mlsysimError(`into: needs at least ${r.properties.length} properties × ${n} points = ${view.length} elements, got ${intoLength}`, 'into');
      into.set(view);
      out = into;
    } else {
      out = view.slice();
    }
    const result = { field, unit: (options && options.unit) || null, values: xs,
      properties: {}, units: {}, invalid_points: r.invalid_points, first_invalid: r.first_invalid };
    r.properties.forEach((name, k) => {
      result.properties[name] = out.subarray(k * n, (k + 1) * n);
      result.units[name] = r.units[k];
    });
    if (n > 100000) raw._sweepInput(0);  // give a large sweep's buffers back
    return result;
  }

  return {
    /** Library version, e.g. "0.1.0". */
    version: raw._version(),
    sweep,
    /** Diagnostics (an extension): bytes of the wasm heap in use, for leak checks. */
    heapUsed: () => raw._heapUsed(),
    /** [{name, category, summary, assumptions, excludes, fields, properties}] */
    listScenarioTypes: () => list('types'),
    /** [{name, type, summary, inputs}] */
    listPresets: () => list('presets'),
    /** [{name, parameters (param), source}] */
    listWorkloads: () => list('workloads'),
    /** [{name, count, node: {name, accelerators_per_node}, accelerators, source}] */
    listFleets: () => list('fleets'),
    /**
     * evaluate(type, inputs, options?) -> Result. options.bytes: 'decimal' (default) or
     * 'binary' for the byte texts; options.work: true adds each property's substituted
     * equation as `work: {text, mathml, expression}`. Throws Error {message, field}.
     */
    evaluate: (type, inputs, options) =>
      call({ type: type === undefined ? null : type, inputs: inputs === undefined ? {} : inputs }, options),
    /** evaluatePreset(name, overrides?, options?) -> Result with `preset` set. */
    evaluatePreset: (name, overrides, options) =>
      call({ preset: name === undefined ? null : name, overrides: overrides === undefined ? null : overrides }, options),
  };
}

