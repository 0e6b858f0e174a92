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

/**
 * Opens the prerendered view `scope` for typing until the live view replaces it: the
 * build's `inert` off; every control but the scenario's inputs (buttons, menus, the
 * finder, a prediction's box) disabled and marked data-until-live, since none of them
 * works before the module does. An input the reader changes is marked data-typed, and
 * so is `scope` (style.css then dims the results, which still show the old inputs').
 * Its status line ("Loading the calculator…") and aria-busy stay, for screen readers.
 */
export function openUntilLive(scope) {
  if (!scope) return;
  const controls = scope.querySelectorAll('input, select, textarea, button');
  for (let i = 0; i < controls.length; i++) {
    const c = controls[i];
    if (!c.matches(FIELD) && !c.disabled) c.setAttribute('disabled', ''), c.setAttribute('data-until-live', '');
  }
  const typed = (e) => {
    if (!e.target.matches || !e.target.matches(FIELD)) return;
    e.target.setAttribute('data-typed', '');
    scope.setAttribute('data-typed', '');
  };
  scope.addEventListener('input', typed);
  scope.addEventListener('change', typed);
  scope.removeAttribute('inert');
}
