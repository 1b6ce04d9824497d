// The bots, the solution files and the analysis server: requests to the bots' worker (bot
// moves, Pylos's values from a solution file), to the analyst worker (hints, analyses) and
// to the server that answers Pylos when one is given.

import { clip, botLabel } from "./games/common.js";
import { match, server, thinker, analyst, mix } from "./state.js";
import { $ } from "./page.js";
import { solutionUrl, makeCommand } from "./solutions.js";

/** Sends `request` to the bots' worker, which answers in turn: resolves to its answer, or
 * to null when the position changed before it came. */
function askWorker(request) {
  return ask(thinker, request);
}

/** Sends `request` to the analyst worker (the panel's and the hints'), apart from the
 * bots': resolves to its answer, or to null when the position changed before it came. */
export function askAnalyst(request) {
  return ask(analyst, request);
}

/** Ends the analyst worker when it is thinking (its answers awaited resolve to null), so
 * that a question about a position left keeps no core busy; the next question starts a
 * fresh one. */
export function stopAnalyst() {
  if (analyst.worker === null || analyst.waiting.size === 0) return;
  analyst.worker.terminate();
  analyst.worker = null;
  for (const resolve of analyst.waiting.values()) resolve(null);
  analyst.waiting.clear();
}

/** Sends `request` to the worker of `pool` (`thinker` or `analyst`; started at its first
 * request with the page's compiled module): resolves to its answer, or to null when the
 * position changed before it came. */
function ask(pool, request) {
  if (pool.worker === null) {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", (event) => {
      const answer = event.data;
      const resolve = pool.waiting.get(answer.id);
      pool.waiting.delete(answer.id);
      resolve?.(answer.epoch === match.epoch ? answer : null);
    });
    worker.addEventListener("error", (event) => {
      $("status").textContent = `The ${pool === thinker ? "bot" : "analysis"} failed: ${clip(event.message)}`;
    });
    // The module the page compiled: the worker instantiates it rather than fetch it.
    worker.postMessage({ type: "module", module: thinker.module });
    pool.worker = worker;
  }
  pool.asked += 1;
  const id = pool.asked;
  return new Promise((resolve) => {
    pool.waiting.set(id, resolve);
    pool.worker.postMessage({ ...request, id });
  });
}

/** The analysis of `game` by the server: `{ value, moves, ms }` (the value in words, every
 * move with its value, best first), or `{ error, kind }`, the kind `unreachable` when no
 * server answers. */
export async function askServer(game) {
  const begun = performance.now();
  if (server.url === "") return { error: "no analysis server is set", kind: "unreachable" };
  let response;
  try {
    const query = new URLSearchParams({ position: game.toText() });
    response = await fetch(`${server.url.replace(/\/+$/, "")}/${match.name}?${query}`);
  } catch (error) {
    return { error: `no analysis server answers at ${server.url}`, kind: "unreachable" };
  }
  let body;
  try {
    body = await response.json();
  } catch (error) {
    return { error: `the server at ${server.url} did not answer in JSON`, kind: "unreachable" };
  }
  if (!response.ok) return { error: body.error?.message ?? response.statusText, kind: body.error?.kind ?? "failed" };
  return { value: body.value.text, moves: body.moves, ms: performance.now() - begun };
}

/** The values of Pylos's `game` from the solution file for the match's options, read in
 * the worker: `{ value, moves, ms }` (`ms` from the question to the answer), or `{ error,
 * kind }`, the kind `noFile` when there is no file to read; null when the position changed
 * meanwhile. */
export async function askSolution(game) {
  const url = solutionUrl(match.options);
  if (url === "") {
    return { error: `no solution file for these options on this host (make one with ${makeCommand(match.options)})`, kind: "noFile" };
  }
  const begun = performance.now();
  const answer = await askWorker({ type: "solution", epoch: match.epoch, name: match.name, text: game.toText(), url });
  if (answer === null) return null;
  // The worker's message ends with the kind, which the page says in words instead.
  if (answer.error) return { error: answer.error.replace(` (${answer.kind})`, ""), kind: answer.kind };
  const ms = performance.now() - begun;
  const { opened, requests, bytes, total } = answer;
  window.towersSolutionReads.push({ ms, opened, requests, bytes, total });
  return { value: answer.value, moves: answer.moves, ms };
}

/** Pylos's values of `game` from the analysis server when one is given, else from the
 * solution file, with the words that name where they come from. */
export async function askPerfect(game) {
  if (server.url !== "") return { ...(await askServer(game)), from: "the analysis server" };
  const answer = await askSolution(game);
  return answer === null ? null : { ...answer, from: "the solution file" };
}

/** The bot's move in `game`: `{ move, ms }` or `{ error }`, or null when the position
 * changed while it thought. Pylos's perfect bot plays the best move of the solution file
 * (or of the server), or, when it cannot read one, lets the game's first bot play, saying
 * why. */
export async function askBot(game) {
  if (match.bot !== "perfect" || match.module.analysis !== "solution") return askWorker(botRequest(game));
  const epoch = match.epoch;
  const answer = await askPerfect(game);
  if (answer === null || epoch !== match.epoch) return null;
  if (answer.error) {
    server.note = `The perfect bot needs ${answer.from} (${clip(answer.error)}): the ${botLabel(match.module.bots[0])} bot played instead.`;
    return askWorker({ ...botRequest(game), bot: match.module.bots[0] });
  }
  server.note = "";
  return { move: answer.moves[0].move, ms: answer.ms };
}

/** What the worker is asked for the bot's move in `game`. */
function botRequest(game) {
  return {
    type: "bot",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    bot: match.bot,
    ...levelRequest(),
    // The bot's seed follows from the match seed and the ply, as the chance draws do.
    seed: mix(match.seed, 2 * match.history.length + 1),
  };
}

/** The strength of the bots' requests: a level (1 to 5), or the level 5 search cut by a
 * time budget (`t1000`: about a second); level 1, the quickest, while the person watches
 * faster. */
function levelRequest() {
  if (match.watching === "fast") return { level: 1 };
  return match.level.startsWith("t") ? { level: 5, timeMs: Number(match.level.slice(1)) } : { level: Number(match.level) };
}

/** The moves that finish the match from `game`, every seat played by the match's bot at
 * its quickest level (the worker plays them all): `{ moves }` or `{ error }`, or null when
 * the position changed meanwhile. */
export function askFinish(game) {
  return askWorker({ ...botRequest(game), type: "finish", level: 1 });
}
