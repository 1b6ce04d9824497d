// The person's move, step by step: each click or key adds a step, and the move is played
// once only one legal move fits.

import { isCellToken } from "./games/common.js";
import { match, current } from "./state.js";
import { inputState } from "./steps.js";
import { render } from "./drawing.js";
import { play } from "./turns.js";

/** The person chose the step `token` (a cell, a button, "done" or "cancel"): plays the move
 * when it is complete, else offers the next steps. */
export function choose(token) {
  const game = current();
  if (token === "cancel") {
    match.chosen = [];
    render();
    return;
  }
  if (token === "done") {
    const { complete } = inputState(game, match.chosen);
    if (complete.length > 0) play(complete[0].move);
    return;
  }
  let chosen = [...match.chosen, token];
  let state = inputState(game, chosen);
  if (state.fits.length === 0) {
    // A click on another first step starts the move again from there.
    chosen = [token];
    state = inputState(game, chosen);
    if (state.fits.length === 0) return;
  }
  // Steps with a single possible answer that is not on the board are taken at once.
  while (state.options.length === 1 && state.complete.length === 0 && !isCellToken(state.options[0])) {
    chosen = [...chosen, state.options[0]];
    state = inputState(game, chosen);
  }
  if (state.options.length === 0 && state.complete.length === 1) {
    play(state.complete[0].move);
    return;
  }
  match.chosen = chosen;
  render();
}
