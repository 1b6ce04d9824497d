// Small helpers of the page: elements by id, the phase, errors in words, step buttons.

import { clip } from "./games/common.js";

/** The element of the page with the id `id`. */
export const $ = (id) => document.getElementById(id);

/** Says what the page waits for (`setup`, `human`, `bot`, `chance`, `over`, `error`), for
 * the style sheet and the tests. */
export function setPhase(phase) {
  document.body.dataset.phase = phase;
}

/** An error in words, at most about 300 characters (an engine's message may quote a whole
 * bad input), with its kind. */
export function errorText(error) {
  const kind = error && error.kind ? ` (${error.kind})` : "";
  return `${clip(error && error.message ? error.message : String(error))}${kind}`;
}

/** A button of the choices that makes the step `token`. */
export function stepButton(token, text) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.step = token;
  button.className = "choice";
  button.textContent = text;
  return button;
}
