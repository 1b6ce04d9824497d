// The move input's arithmetic: the legal moves split into steps by the game module, and
// which of them fit the steps chosen so far.

import { match } from "./state.js";

/** The legal moves split into steps, with the ones that fit the steps chosen so far. */
export function inputState(game, chosen) {
  const all = game.legalMoves().map((move) => ({ move, ...match.module.steps(move) }));
  const fits = all.filter((c) => fitsChosen(c, chosen));
  const options = new Set();
  const complete = [];
  for (const c of fits) {
    if (chosen.length < c.seq.length) {
      options.add(c.seq[chosen.length]);
    } else {
      const extra = chosen.slice(c.seq.length);
      if (extra.length === c.set.length) complete.push(c);
      for (const token of c.set) if (!extra.includes(token)) options.add(token);
    }
  }
  return { all, fits, options: [...options], complete };
}

/** Whether the steps `chosen` begin the move `candidate` (its steps in order, `seq`, then
 * those of `set` in any order). */
function fitsChosen(candidate, chosen) {
  const { seq, set } = candidate;
  for (let i = 0; i < Math.min(chosen.length, seq.length); i += 1) {
    if (chosen[i] !== seq[i]) return false;
  }
  const extra = chosen.slice(seq.length);
  return extra.length <= set.length && extra.every((token) => set.includes(token));
}
