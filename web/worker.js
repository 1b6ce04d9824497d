// The bot and the solver think here, off the page's thread, so the page never freezes.
// The page first posts the module it compiled ("module"), then requests (`type`): "bot" (a
// bot's move), "analyse" (the position's value and every move's value, Pyrga), "hint" (the
// best move and the value when the game has a solver, else the default bot's move),
// "finish" (the bots' moves to the end of the match). Every
// answer carries the request's `type`, `epoch` and `id`.

import init, { Game, botMove, solve, moveValues, PylosTablebase } from "./pkg/towers_wasm.js";

/** The page's compiled module, which the page posts before any request. */
const compiled = Promise.withResolvers();
const ready = compiled.promise.then((module) => init({ module_or_path: module }));

/** The position's value and every move's value within `timeMs` each. The moves come first:
 * the solver keeps its table between calls, so the position's value then comes at once. */
function analyse(game, timeMs) {
  const moves = moveValues(game, { timeMs });
  const value = solve(game, { timeMs });
  return { moves, value: value.text };
}

/** The moves of `bot` at `level` for every seat from `game` to the end of the match, the
 * n-th with the seed `seed + n`; stops short at a chance draw, which is the page's. */
function finish(game, bot, level, seed) {
  const moves = [];
  let position = game;
  while (position.status().startsWith("ongoing") && !position.status().includes("chance")) {
    const move = botMove(position, { bot, level, seed: (seed + moves.length) >>> 0 });
    // Read back from its text, the position keeps no record: each move costs the same.
    const played = position.play(move);
    if (position !== game) position.free();
    position = Game.fromText(played.name, played.toText());
    played.free();
    moves.push(move);
  }
  if (position !== game) position.free();
  return { moves };
}

/** The solution files opened, by address: the promise of each `PylosTablebase` (a file
 * that failed to open is forgotten, so that asking again tries again). */
const opened = new Map();

/** The value of `game` and of each of its moves from the solution file at `url`, with what
 * reading it took: `{ value, moves, opened, requests, bytes, total }` (`total`: the bytes
 * read from the file since it was opened). */
async function fromSolution(game, url) {
  const fresh = !opened.has(url);
  if (fresh) {
    const opening = PylosTablebase.open(url);
    opened.set(url, opening);
    opening.catch(() => opened.delete(url));
  }
  const tablebase = await opened.get(url);
  const before = fresh ? { requests: 0, bytes: 0 } : tablebase.stats();
  const { value, moves } = await tablebase.analyse(game);
  const after = tablebase.stats();
  const read = { requests: after.requests - before.requests, bytes: after.bytes - before.bytes, total: after.bytes };
  return { value: value.text, moves, opened: fresh, ...read };
}

function answer(request, game) {
  if (request.type === "solution") return fromSolution(game, request.url);
  const { type, level, timeMs, seed, bot } = request;
  if (type === "analyse") return analyse(game, timeMs);
  if (type === "finish") return finish(game, bot, level, seed);
  if (type === "hint") {
    if (request.solve) {
      try {
        const { moves, value } = analyse(game, timeMs);
        return { move: moves[0].move, value };
      } catch (error) {
        if (error.kind !== "outOfBudget") throw error;
      }
    }
    return { move: botMove(game, { bot, level: 3, timeMs, seed: 0 }), bot, unsolved: Boolean(request.solve) };
  }
  return { move: botMove(game, timeMs === undefined ? { bot, level, seed } : { bot, level, timeMs, seed }) };
}

self.addEventListener("message", async (event) => {
  const request = event.data;
  if (request.type === "module") {
    compiled.resolve(request.module);
    return;
  }
  const { type, epoch, id, name, text } = request;
  try {
    await ready;
    const game = Game.fromText(name, text);
    const start = performance.now();
    const result = await answer(request, game);
    const ms = performance.now() - start;
    game.free?.();
    self.postMessage({ type, epoch, id, ms, ...result });
  } catch (error) {
    const kind = error && error.kind ? error.kind : null;
    const message = `${error && error.message ? error.message : error}${kind ? ` (${kind})` : ""}`;
    self.postMessage({ type, epoch, id, error: message, kind });
  }
});
