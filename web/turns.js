// The course of the match: a move played, undone, and what follows each position (the
// result, a chance draw, the person's turn or a bot's).

import { Game } from "./pkg/towers_wasm.js";
import { parseStatus, clip } from "./games/common.js";
import { match, ui, current, setCurrent, mix } from "./state.js";
import { $, setPhase, errorText } from "./page.js";
import { advance, tell, lastPersonMove, changesSinceBase, playAll } from "./moves.js";
import { askBot, askFinish, stopAnalyst } from "./bots.js";
import { askAnalysis } from "./analysis.js";
import { render } from "./drawing.js";

/** Plays `move` in the current position, keeping what it did in words. */
export function play(move) {
  const game = current();
  const status = parseStatus(game.status());
  const by = status.chance ? "chance" : status.seat;
  const ply = match.history.length;
  let next;
  try {
    next = advance(game, move, (played) => tell(ply, move, by, played));
  } catch (error) {
    $("status").textContent = `The move ${clip(move, 40)} was refused: ${errorText(error)}`;
    return;
  }
  setCurrent(next.game);
  match.history.push({ move, by, text: next.text });
  changed();
}

/** Takes back the person's last move and everything after it; with no move of the
 * person's made since a load, takes back the load: the match it replaced comes back. */
export function undo() {
  const index = lastPersonMove();
  if (match.replaced !== null && index < match.replaced.plies) {
    Object.assign(match, match.replaced.match, { replaced: null });
    ui.news = [];
  } else if (index >= 1) {
    match.history.length = index;
  } else {
    return;
  }
  setCurrent(Game.fromText(match.name, match.history[match.history.length - 1].text));
  changed();
}

/** The position changed: forget the partial input, stop waiting for old answers, go on. */
export function changed() {
  match.chosen = [];
  match.epoch += 1;
  stopAnalyst();
  ui.hint = "";
  ui.hintMove = null;
  match.changed = changesSinceBase();
  askAnalysis();
  render();
  proceed();
}

/** Goes on from the current position: the end, a chance draw, the person, or a bot. */
function proceed() {
  const game = current();
  const status = parseStatus(game.status());
  if (status.over) {
    setPhase("over");
    return;
  }
  if (status.chance) {
    setPhase("chance");
    drawChance();
    return;
  }
  if (match.humans.has(status.seat)) {
    setPhase("human");
    return;
  }
  setPhase("bot");
  askBot(game).then(onBotAnswer);
}

/** Draws a chance outcome by its weight. The n-th draw of the match follows from the match
 * seed and n: undo then the same move draws the same, and so does another move that leaves
 * the same outcomes. */
function drawChance() {
  const outcomes = current().chanceOutcomes();
  const draws = match.history.filter((entry) => entry.by === "chance").length;
  const total = outcomes.reduce((sum, o) => sum + Number(o.weight), 0);
  let pick = Math.floor((mix(match.seed, 2 * draws) / 2 ** 32) * total);
  let chosen = outcomes[outcomes.length - 1].move;
  for (const o of outcomes) {
    pick -= Number(o.weight);
    if (pick < 0) {
      chosen = o.move;
      break;
    }
  }
  play(chosen);
}

/** Plays the bot's move, or says why the bot failed (`answer` null: the position changed
 * while the bot thought). */
function onBotAnswer(answer) {
  if (answer === null) return;
  const { move, ms, error } = answer;
  if (error) {
    $("status").textContent = `The bot failed: ${clip(error)}`;
    setPhase("error");
    return;
  }
  window.towersTimings.push({ game: match.name, level: match.level, bot: match.bot, ms });
  play(move);
}

/** Once the people are out of the match: the bots play the rest at once (in the worker),
 * and the page shows the end. */
export async function finishNow() {
  setPhase("bot");
  $("status").textContent = "Finishing the match…";
  // A bot answer on its way is dropped: the match goes on from here.
  match.epoch += 1;
  const answer = await askFinish(current());
  if (answer === null) return;
  if (answer.error) {
    $("status").textContent = `The bots failed: ${clip(answer.error)}`;
    setPhase("error");
    return;
  }
  const { game, entries } = playAll(Game.fromText(match.name, current().toText()), answer.moves);
  setCurrent(game);
  match.history.push(...entries);
  changed();
}

/** Once the people are out of the match: the bots play on at their quickest level. */
export function watchFaster() {
  match.watching = "fast";
  render();
}
