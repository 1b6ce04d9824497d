// The match's history read for the page: a move played and read back from its text, what
// each move did in words, and what changed since the person's last move.

import { Game } from "./pkg/towers_wasm.js";
import { describeEffects, changedKeys, parseStatus } from "./games/common.js";
import { match, ui, current } from "./state.js";

/** The game after `move`, read back from the position's text, and that text. The game
 * `play` returns keeps every move since its object began; the one read from the text keeps
 * none, so that what the page holds grows with the number of moves only. `look` sees the
 * played game (whose view has the move's effects) before it is freed. */
export function advance(game, move, look) {
  const played = game.play(move);
  try {
    look?.(played);
    const text = played.toText();
    return { game: Game.fromText(played.name, text), text };
  } finally {
    played.free();
  }
}

/** Keeps in `news` what the move `move` of `by` did, in words. */
export function tell(ply, move, by, played) {
  const module = match.module;
  let view = null;
  let before = null;
  try {
    view = played.view();
    before = current().view();
  } catch {
    // A position without a view still plays; only some words are missing.
  }
  const names = module.seatNames(played, view, match.options);
  const said = by === "chance"
    ? module.describeChance?.(move) ?? `Chance: ${move}.`
    : module.describeMove(move, names[by] ?? `Seat ${by}`, { names, before });
  if (said) ui.news.push({ ply, text: said });
  for (const text of describeEffects(view?.effects, names)) ui.news.push({ ply, text });
}

/** The index in the history of the person's last move, or -1. */
export function lastPersonMove() {
  return match.history.findLastIndex((entry, i) => i > 0 && match.humans.has(entry.by));
}

/** The seats of people that are out of the match (a Crescendo player eliminated), when
 * every person's seat is: the others play on without them. Else an empty list. */
export function peopleOut(game = current()) {
  const isOut = match.module.isOut;
  if (!isOut || match.humans.size === 0) return [];
  let view;
  try {
    view = game.view();
  } catch {
    return [];
  }
  const seats = [...match.humans];
  return seats.every((seat) => isOut(view, seat)) ? seats : [];
}

/** The game after each of `moves` from `game` (which it frees), and the history entries
 * of those moves. */
export function playAll(game, moves) {
  const entries = [];
  for (const move of moves) {
    const status = parseStatus(game.status());
    const next = advance(game, move);
    game.free();
    game = next.game;
    entries.push({ move, by: status.chance ? "chance" : status.seat, text: next.text });
  }
  return { game, entries };
}

/** The history index of the position that the marks of changed cells and the words start
 * from: the person's last move when others have moved since; the start when the person
 * has not moved yet; else (and when the people are out of the match) the position before
 * the last move. */
export function baseIndex() {
  const last = match.history.length - 1;
  if (peopleOut().length > 0) return Math.max(last - 1, 0);
  const person = lastPersonMove();
  if (person >= 1 && person < last) return person;
  if (person < 1 && match.humans.size > 0) return 0;
  return Math.max(last - 1, 0);
}

/** The cells that changed since `baseIndex()`. */
export function changesSinceBase() {
  const module = match.module;
  const before = Game.fromText(match.name, match.history[baseIndex()].text);
  try {
    const game = current();
    return changedKeys(module.contents(before.view(), before.toText()), module.contents(game.view(), game.toText()));
  } finally {
    before.free();
  }
}

/** What happened since `baseIndex()`, in words (at most the last twelve). */
export function recentNews() {
  const plies = match.history.length;
  ui.news = ui.news.filter((item) => item.ply < plies);
  const since = baseIndex();
  const recent = ui.news.filter((item) => item.ply > since).map((item) => item.text);
  return recent.length > 12 ? ["…", ...recent.slice(-12)] : recent;
}
