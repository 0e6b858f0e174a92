// How a typeset equation or substituted work line fits its card: the one rule, used by
// the live view (calculator.mjs, ScenarioView.fitEquations, after every render and resize)
// and by web/boot.js (which scripts/bundle.mjs bundles it into) on a prerendered view, the
// calculator's default or an embed's (dist/embeds/NAME.html), before it is first painted,
// so that both lay each line out the same way and the live view takes the prerendered
// one's place without a card changing height.
// Steps: style.css `.short` (the line without its "name =", which the card's title already
// shows), then `.fit-1` … `.fit-3` (smaller, still short), then `.linear` (the line written
// out as text, also without its "name =", which wraps at its spaces), so that a line's
// final "= value" is always in view.

/** The classes a box takes, in order, while it is still too wide. */
const FIT_STEPS = [['short'], ['short', 'fit-1'], ['short', 'fit-2'], ['short', 'fit-3'], ['linear']];
const FIT_CLASSES = [...new Set(FIT_STEPS.flat())];

/**
 * Fits `boxes` (an array of `.equation` / `.work` elements, laid out and shown) to their
 * own widths: every box too wide takes the next step at once, then all are measured
 * together, so it costs one layout per step (at most six), not one per box and step.
 */
export function fitBoxes(boxes) {
  for (const box of boxes) box.classList.remove(...FIT_CLASSES);
  for (const step of FIT_STEPS) {
    boxes = boxes.filter((box) => box.scrollWidth > box.clientWidth + 1);  // the reads, one layout
    if (!boxes.length) break;
    for (const box of boxes) box.classList.remove(...FIT_CLASSES), box.classList.add(...step);  // the writes
  }
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
