// How a typeset equation or substituted work line fits its card: the one rule, used by
// the live view (calculator.mjs, ScenarioView.fitEquations, after every render and resize)
// and by web/boot.js (which scripts/bundle.mjs bundles it into) on a prerendered view, the
// calculator's default or an embed's (dist/embeds/NAME.html), before it is first painted,
// so that both lay each line out the same way and the live view takes the prerendered
// one's place without a card changing height.
// Steps: style.css `.short` (the line without its "name =", which the card's title already
// shows), then `.fit-1` (a little smaller), then `.wrap` (typeset still, broken before its
// top-level =, +, − and × into pieces that wrap as words do: wrapLine), then `.wrap.fit-1`,
// then `.linear` (the line written out as text, also without its "name =", which wraps at
// its spaces), so that a line's final "= value" is always in view and no part of it is
// set smaller than a fraction inside a fraction at `.fit-1` (the steps at 0.64 and 0.56 of
// the size had set work lines at 9 to 10 px on a phone: a new user's review).

/** The classes a box takes, in order, while it is still too wide. */
const FIT_STEPS = [['short'], ['short', 'fit-1'], ['short', 'wrap'], ['short', 'wrap', 'fit-1'], ['linear']];
const FIT_CLASSES = [...new Set(FIT_STEPS.flat())];

/**
 * Fits `boxes` (an array of `.equation` / `.work` elements, laid out and shown) to their
 * own widths: every box too wide takes the next step at once, then all are measured
 * together, so it costs one layout per step (at most six), not one per box and step. A
 * line with nothing to break before (wrapLine) goes from `.fit-1` to `.linear`.
 */
export function fitBoxes(boxes) {
  for (const box of boxes) box.classList.remove(...FIT_CLASSES);
  for (const step of FIT_STEPS) {
    boxes = boxes.filter((box) => box.scrollWidth > box.clientWidth + 1);  // the reads, one layout
    if (!boxes.length) break;
    for (const box of boxes) {  // the writes
      box.classList.remove(...FIT_CLASSES);
      box.classList.add(...(step.includes('wrap') && !wrapLine(box) ? ['linear'] : step));
    }
  }
}

const MATHML = 'http://www.w3.org/1998/Math/MathML';
const BREAKS = ['=', '+', '−', '×', '≤', '≥', '<', '>'];  // top-level operators a line breaks before

/**
 * Gives `box` (an .equation or .work) its line broken into pieces, once: a `.wrapped` span
 * after the one-line <math>, which style.css shows instead of it at the `.wrap` step. Each
 * piece is an inline <math displaystyle="true"> that starts with one of BREAKS at the top
 * level of the line (not one that follows another operator: a sign), so the browser wraps
 * between pieces as between words, and no fraction is set smaller than on one line. The
 * line's "name =" is left out, as the `.short` step hides it. The core writes each line as
 * <math><mi>name</mi><mo>=</mo>… with its terms at the top level (core/src/api.cpp).
 * A line that is one piecewise definition (<mrow><mo>{</mo><mtable>, rows of [expression,
 * condition]: daly_interval) has each case on a line of its own (`.case`), its expression
 * broken so and its condition ("when δ < 2 × M", "otherwise") a piece after it, or a line of
 * its own under an expression broken in pieces: a table
 * cell's MathML does not wrap, so the whole had been written out as text at every width.
 * Returns false when the line has nothing to break before.
 */
function wrapLine(box) {
  if (box.querySelector(':scope > .wrapped')) return true;
  const math = box.querySelector(':scope > math');
  if (!math) return false;
  let parts = [...math.children];
  if (parts.length > 1 && parts[0].localName === 'mi' && parts[1].localName === 'mo' && parts[1].textContent === '=') parts = parts.slice(2);
  const doc = box.ownerDocument;
  const span = doc.createElement('span');
  span.className = 'wrapped';
  const table = parts.length === 1 && parts[0].localName === 'mrow' && parts[0].children.length === 2 &&
    parts[0].children[0].textContent.trim() === '{' && parts[0].children[1].localName === 'mtable' ? parts[0].children[1] : null;
  if (table) {
    span.classList.add('cases');
    for (const row of table.children) {
      const [expression, condition] = [...row.children].map((cell) => [...cell.children]);
      const line = doc.createElement('span');
      line.className = 'case';
      const pieces = piecesOf(expression);
      appendPieces(line, [...pieces, ...(condition && condition.length ? [condition] : [])]);
      // a condition after an expression broken in pieces goes on a line of its own: wrapped
      // after the last piece, it had read as part of the expression (a new user's review)
      if (condition && condition.length) line.lastElementChild.classList.add('condition', ...(pieces.length > 1 ? ['below'] : []));
      span.appendChild(line);
    }
  } else {
    const pieces = piecesOf(parts);
    if (pieces.length < 2) return false;
    appendPieces(span, pieces);
  }
  math.after(span);
  return true;
}

/** `nodes` (the top level of a line) cut before each of BREAKS that is not a sign. */
function piecesOf(nodes) {
  const pieces = [];
  nodes.forEach((node, k) => {
    const breaks = k > 0 && node.localName === 'mo' && BREAKS.includes(node.textContent.trim()) && nodes[k - 1].localName !== 'mo';
    if (breaks || !pieces.length) pieces.push([]);
    pieces[pieces.length - 1].push(node);
  });
  return pieces;
}

/** Appends to `into` one inline <math displaystyle="true"> per piece (copies of its
 *  nodes), a space between them, where the browser may wrap. */
function appendPieces(into, pieces) {
  const doc = into.ownerDocument;
  pieces.forEach((nodes, k) => {
    const piece = doc.createElementNS(MATHML, 'math');
    piece.setAttribute('displaystyle', 'true');
    for (const n of nodes) piece.appendChild(n.cloneNode(true));
    // an operator that starts a piece is still the binary one, spaced after as on one line
    // (the space between the pieces is before it)
    if (k && piece.firstChild.localName === 'mo') {
      piece.firstChild.setAttribute('form', 'infix');
      piece.firstChild.setAttribute('lspace', '0');
      piece.firstChild.setAttribute('rspace', '0.2222em');
    }
    if (k) into.appendChild(doc.createTextNode(' '));
    into.appendChild(piece);
  });
}

/**
 * Fits the typeset lines of a prerendered view `scope` (boot.js: the calculator's default
 * view, an embed's fragment; mlsysim-element.mjs: the element's fragment) and marks it
 * `data-fitted`, which tells style.css not to show them as text, and `data-fitted-width`,
 * its width then. A fit that fails (a browser where measuring throws) removes the mark,
 * so the lines stay text that wraps.
 * Returns whether it fitted.
 */
export function fitView(scope) {
  try {
    scope.setAttribute('data-fitted', '');
    fitBoxes([...scope.querySelectorAll('.equation, .work')].filter((b) => !b.hidden && b.firstElementChild));
    // the width they fit (read after the fitting's own layout: free), for a live view that
    // takes them over (calculator.mjs, ScenarioView opts.adopt) to know whether it still holds
    scope.dataset.fittedWidth = String(scope.getBoundingClientRect().width);
    return true;
  } catch {
    scope.removeAttribute('data-fitted');
    return false;
  }
}
