// The board by the keyboard: its steps in the order of the Tab key, the arrows to the nearest
// step in their direction, and the focus kept where the person plays across redraws.

import { ui } from "./state.js";
import { $ } from "./page.js";

/** The centre of `element` relative to the board. */
export function centreOf(element) {
  const box = element.getBoundingClientRect();
  const board = $("board").getBoundingClientRect();
  return { x: box.x + box.width / 2 - board.x, y: box.y + box.height / 2 - board.y };
}

/** The board's steps: focusable buttons, in the order of reading (row by row, the top row
 * as drawn first, each row from the left), which is the order of the Tab key. */
export function orderSteps() {
  const steps = [...$("board").querySelectorAll("[data-step]")].map((element) => ({ element, ...centreOf(element) }));
  steps.sort((a, b) => Math.round(a.y / 2) - Math.round(b.y / 2) || a.x - b.x);
  for (const { element } of steps) {
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.parentNode.append(element);
  }
}

/** The step of the board or the choices that had the focus before a redraw, or null when
 * the focus was elsewhere. */
export function focusBefore() {
  const active = document.activeElement;
  if (!active || !($("board").contains(active) || $("choices").contains(active))) return null;
  return { step: active.dataset?.step ?? null };
}

/** After a redraw, keeps the focus where the person plays: the same step if it is still
 * offered; the first choice when the next step is a button; else the board's step nearest
 * to the last one focused; else the board itself (while the others play). */
export function restoreFocus(focus, onBoard) {
  const steps = [...$("board").querySelectorAll("[data-step]")];
  const buttons = [...$("choices").querySelectorAll("[data-step]")];
  let next = [...steps, ...buttons].find((element) => focus.step !== null && element.dataset.step === focus.step);
  if (!next && !onBoard && buttons.length > 0) next = buttons[0];
  if (!next && steps.length > 0) next = nearest(steps, ui.focusPoint ?? { x: 0, y: 0 }, (dx, dy) => Math.hypot(dx, dy));
  (next ?? $("board")).focus({ preventScroll: ui.pointing });
}

/** The element of `elements` whose offset from `point` has the least `score` (null: out of
 * the question). */
function nearest(elements, point, score) {
  let best = null;
  let bestScore = Infinity;
  for (const element of elements) {
    const centre = centreOf(element);
    const value = score(centre.x - point.x, centre.y - point.y);
    if (value !== null && value < bestScore) {
      best = element;
      bestScore = value;
    }
  }
  return best;
}

export const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Moves the focus to the nearest step of the board in the arrow's direction (within 60
 * degrees either side of it, those straight ahead preferred). */
export function arrowFocus(key) {
  const steps = [...$("board").querySelectorAll("[data-step]")];
  if (steps.length === 0) return;
  const active = document.activeElement;
  if (!steps.includes(active)) {
    steps[0].focus();
    return;
  }
  const [ax, ay] = ARROWS[key];
  const next = nearest(steps.filter((element) => element !== active), centreOf(active), (dx, dy) => {
    const along = dx * ax + dy * ay;
    const across = Math.abs(dx * ay + dy * ax);
    return along > 1 && across < along * Math.sqrt(3) ? along + 2 * across : null;
  });
  next?.focus();
}

/** Puts the focus on the board: its first step in Tab order, or the board itself while no
 * step is offered (the focus then follows the steps once they come). */
export function focusBoard() {
  ($("board").querySelector("[data-step]") ?? $("board")).focus();
}
