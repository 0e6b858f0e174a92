// A prerendered view (the calculator's default, an embed's or an element's fragment;
// scripts/prerender.mjs) while the module loads: its scenario's inputs take typing, and the
// live view, when it takes the view's place, starts from what was typed, with the caret
// where it was. On a slow network the prerendered view stands for seconds, and a reader
// types into it: an inert view dropped every keystroke without a word.
// Used by web/boot.js (bundled into it by scripts/bundle.mjs, so it imports nothing) and
// mlsysim-element.mjs to open a view; app.mjs and embed-view.mjs take over what was typed
// through fields.mjs (takeTyped, giveFocus) and calculator.mjs (ScenarioView.carry, which
// makes each as a live edit). The two sides share the DOM (data-typed marks a changed
// input) and FIELD below.

/** A scenario's own inputs: a field's text input or its registry menu (fields.mjs). */
export const FIELD = 'input[data-field], select[data-field]';
/** A registry menu's "Custom… (JSON)" choice (fields.mjs registryControl). */
export const CUSTOM = '__custom__';

/**
 * Opens the prerendered view `scope` for typing until the live view replaces it: the
 * build's `inert` off; every control but the scenario's inputs (buttons, menus, the
 * finder, a prediction's box) disabled and marked data-until-live, since none of them
 * works before the module does. An input the reader changes is marked data-typed (a menu
 * also data-chosen: the entry it was last on, not "Custom… (JSON)"), and
 * so is `scope` (style.css then dims the results, which still show the old inputs').
 * Its status line ("Loading the calculator…") and aria-busy stay, for screen readers;
 * the marking stops once the live view has taken aria-busy off.
 */
export function openUntilLive(scope) {
  if (!scope) return;
  const controls = scope.querySelectorAll('input, select, textarea, button');
  for (let i = 0; i < controls.length; i++) {
    const c = controls[i];
    if (!c.matches(FIELD) && !c.disabled) c.setAttribute('disabled', ''), c.setAttribute('data-until-live', '');
  }
  const typed = (e) => {
    // live now (app.mjs and embed-view.mjs take aria-busy off the view they take over):
    // the reader's edits are the live view's own from here on
    if (scope.getAttribute('aria-busy') !== 'true') {
      scope.removeEventListener('input', typed);
      scope.removeEventListener('change', typed);
      return;
    }
    if (!e.target.matches || !e.target.matches(FIELD)) return;
    e.target.setAttribute('data-typed', '');
    scope.setAttribute('data-typed', '');
    // the entry a menu was on before "Custom… (JSON)": the custom entry starts as its copy
    // (ScenarioView.carry makes both choices, as live)
    if (e.target.tagName === 'SELECT' && e.target.value !== CUSTOM) e.target.setAttribute('data-chosen', e.target.value);
  };
  scope.addEventListener('input', typed);
  scope.addEventListener('change', typed);
  scope.removeAttribute('inert');
}

/** Resolves once the browser reports a prerendered result value painted (Element
 *  Timing, in Chromium), so the live view does not replace it first. It resolves sooner
 *  when no value is in the viewport at the first paint (a phone shows the form first), in
 *  a background tab (which paints nothing), and after a frame where the browser cannot
 *  tell; after `ms` in any case. Used by app.mjs and embed.mjs before the live view
 *  takes the prerendered one's place (the element's shadow root is out of Element
 *  Timing's sight). */
export function firstResultPainted(ms = 1000) {
  return new Promise((done) => {
    const finish = () => { clearTimeout(timer); done(); };
    const timer = setTimeout(done, ms);
    const types = globalThis.PerformanceObserver?.supportedEntryTypes || [];
    if (document.visibilityState === 'hidden') return finish();
    if (!types.includes('element') || !types.includes('paint')) return requestAnimationFrame(() => setTimeout(finish, 0));
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const value = e.entryType === 'element' && e.identifier === 'mlsysim:first-result';
        const noneInView = e.name === 'first-contentful-paint' &&
          ![...document.querySelectorAll('[elementtiming="mlsysim:first-result"]')].some((n) => {
            const r = n.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
          });
        if (value || noneInView) { observer.disconnect(); return finish(); }
      }
    });
    observer.observe({ type: 'element', buffered: true });
    observer.observe({ type: 'paint', buffered: true });
  });
}
