// The page's mutable state, the only module that holds any: the match being played, the
// analysis panel, the analysis server, the solution files, the worker and what the page
// shows besides the position. Every other module reads and changes it through these
// objects.

import GAMES from "./games/index.js";

/** Everything about the match being played. */
export const match = {
  name: "pyrga",
  module: GAMES.pyrga,
  options: {},
  humans: new Set([0]),
  bot: "alphabeta",
  level: "3",
  /** The current position. */
  game: null,
  /** Positions from the start: `{ move, by, text }`, `by` a seat or "chance", `text` the
   * position after the move (the first entry is the start). Undo reads a position back from
   * its text, so that no game object is kept per move. */
  history: [],
  /** The seed of the match's chance draws and bot moves: the n-th draw follows from it and
   * n, a bot's seed from it and the ply, so that undoing and playing the same move again
   * gives the same draws. */
  seed: 0,
  /** The cells (keys of the game module's `contents`) that changed since the person's last
   * move. */
  changed: new Set(),
  /** The steps of the person's move chosen so far. */
  chosen: [],
  /** Bumped whenever the position changes, so a late bot answer is dropped. */
  epoch: 0,
  /** How the person watches the bots once out of the match: "normal", or "fast" (the bots
   * at their quickest level). */
  watching: "normal",
  /** What a loaded game file or position replaced, which Undo brings back: `{ match,
   * plies }`, `match` the match replaced (`{ name, module, options, humans, bot, level,
   * seed, history }`), `plies` the length of the history loaded (Undo first takes back the
   * person's moves made since), or null. */
  replaced: null,
};

/** The analysis panel (games whose module has `analysis`): on or off, its time budget,
 * what the analyst worker answered for the current position (`{ value, moves }` or
 * `{ error }`) or null while it thinks, when the question went (`performance.now()`, 0 when
 * none is under way) and the interval that redraws the time spent meanwhile. */
export const analysis = { on: false, timeMs: 3000, answer: null, begun: 0, ticker: null };

/** The analysis server (`towers-server`) that answers Pylos (its analysis panel and its
 * perfect bot): its address, from the page's `?server=` or the setting kept in the
 * browser, "" when none is set. */
export const server = {
  url: new URLSearchParams(location.search).get("server") ?? localStorage.getItem("towers.server") ?? "",
  /** Why the perfect bot could not ask the server, in words, or "". */
  note: "",
};

/** Pylos's solution files (compact, read in blocks by range requests in the worker): the
 * address given in the analysis panel (kept in the browser; "" for the host's file for the
 * match's options), the host's list (`solve/index.json`: `{ name, url, bytes, variant,
 * takeback, end, minBalls }`, null until fetched), why the host lists none, and the fetch
 * of the list (a promise, once asked). */
export const solutions = {
  url: localStorage.getItem("towers.solution") ?? "",
  list: null,
  problem: "",
  loading: null,
};

/** Bot timings, read by the browser tests: `{ game, level, ms }`. */
window.towersTimings = [];

/** Reads of a solution file, read by the browser tests: `{ ms, opened, requests, bytes,
 * total }` (the time from the question to the answer in the page, whether the file was
 * opened for it, the requests and bytes fetched for it, the bytes fetched from the file in
 * all, answers the page dropped included). */
window.towersSolutionReads = [];

/** What the page shows besides the position. */
export const ui = {
  /** The hint for the current position, in words, or "" (cleared by every move). */
  hint: "",
  /** The move the hint names, whose next step the board marks, or null. */
  hintMove: null,
  /** What moves did, in words (the move itself, chance draws, scores, scatters…):
   * `{ ply, text }`, oldest first. */
  news: [],
  /** The centre of the board's step that last had the keyboard focus, relative to the board:
   * after a redraw the focus goes to the step nearest to it. */
  focusPoint: null,
  /** Whether the person last used a pointer (mouse, finger) rather than keys: the focus kept
   * on the board then does not scroll the page. */
  pointing: false,
  /** The history entries the move list shows, in order. */
  listed: [],
  /** A load that waits for the person's yes (it would replace a game in progress): the
   * function that loads, or null. */
  pendingLoad: null,
};

/** The worker where the bots and the solver think (started at the first request), the
 * compiled WebAssembly module the page loaded (posted to the worker, so that it neither
 * fetches nor compiles it again), the number of requests sent to it, and the answers
 * awaited: a function for each request's `id`. */
export const thinker = { worker: null, module: null, asked: 0, waiting: new Map() };

/** The worker where the analysis panel and the hints think, apart from the bots' so that a
 * bot's move never waits for them: started at the first question, ended (and started
 * afresh at the next) when the position changes while it thinks; the number of questions
 * sent to it, the answers awaited, and when the hint under way was asked (0 when none). */
export const analyst = { worker: null, asked: 0, waiting: new Map(), hintBegun: 0 };

/** The current position. */
export function current() {
  return match.game;
}

/** Makes `game` the current position and frees the one it replaces. */
export function setCurrent(game) {
  if (match.game !== null && match.game !== game) match.game.free();
  match.game = game;
}

/** A fresh match seed. */
export function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A 32-bit number from the match seed and `n` (SplitMix32's mixing). */
export function mix(seed, n) {
  let z = (seed + Math.imul(n + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
