// Hints and the analysis panel's questions: the worker's solver (Pyrga), or a solution file
// read in the worker or the analysis server (Pylos), values the current position and each
// of its moves.

import { parseStatus, clip, botStrength } from "./games/common.js";
import { match, analysis, analyst, ui, current } from "./state.js";
import { askAnalyst, askPerfect } from "./bots.js";
import { render } from "./drawing.js";
import { spent } from "./panel.js";

/** Asks the analyst worker for a hint: in a game with a solver, its best move and the position's
 * value ("Hint: Cc3. White wins in 9."), or when the solver runs out of time the perfect
 * bot's move (the opening book's where it holds the position, which keeps its verdict);
 * else the game's default bot's move at level 3. */
export function askHint() {
  const game = current();
  const status = parseStatus(game.status());
  if (status.over || status.chance) return;
  const begun = performance.now();
  analyst.hintBegun = begun;
  ui.hint = hintProgress();
  startTicker();
  askAnalyst({
    type: "hint",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    solve: match.module.analysis === true,
    bot: match.module.analysis === true && match.module.bots.includes("perfect") ? "perfect" : match.module.bots[0],
    timeMs: analysis.timeMs,
  }).then((answer) => {
    if (analyst.hintBegun === begun) analyst.hintBegun = 0;
    if (answer !== null) onHint(answer);
  });
}

/** Whose choice a hint is, by the bot's strength and its engine: "the strong bot's
 * choice, mcts"; "the perfect bot's choice". */
function choiceOf(bot) {
  const strength = botStrength(bot);
  return `the ${strength} bot's choice${strength === bot ? "" : `, ${bot}`}`;
}

/** Shows the hint the worker answered. */
function onHint({ move, value, bot, unsolved, error }) {
  if (error) ui.hint = `No hint: ${clip(error)}`;
  else if (value) ui.hint = `Hint: ${move}. ${value}.`;
  else if (unsolved) ui.hint = `Hint: ${move} (not solved within ${analysis.timeMs / 1000} s: ${choiceOf(bot)}).`;
  else ui.hint = `Hint: ${move} (${choiceOf(bot)}).`;
  if (!error) ui.hintMove = move;
  render();
}

/** Asks the analyst worker (for Pylos, from the solution file, or the server when one is given) to
 * analyse the current position when the panel is on. */
export function askAnalysis() {
  analysis.answer = null;
  const game = current();
  if (!analysis.on || !match.module.analysis || parseStatus(game.status()).over) return;
  if (match.module.analysis === "solution") {
    const epoch = match.epoch;
    askPerfect(game).then((answer) => {
      if (answer !== null && epoch === match.epoch) onAnalysis(answer);
    });
    return;
  }
  const begun = performance.now();
  analysis.begun = begun;
  startTicker();
  askAnalyst({
    type: "analyse",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    timeMs: analysis.timeMs,
  }).then((answer) => {
    if (analysis.begun === begun) analysis.begun = 0;
    if (answer !== null) onAnalysis(answer);
  });
}

/** Shows the analysis of the current position. */
function onAnalysis(answer) {
  analysis.answer = answer;
  render();
}

/** The hint's words while the analyst thinks. */
function hintProgress() {
  return `Hint: solving… ${spent(analyst.hintBegun)}`;
}

/** Redraws the time spent on the hint and the analysis under way every 100 ms, until
 * neither is. */
function startTicker() {
  render();
  if (analysis.ticker !== null) return;
  analysis.ticker = setInterval(() => {
    const hinting = analyst.hintBegun !== 0 && ui.hint.startsWith("Hint: solving…");
    if (hinting) ui.hint = hintProgress();
    if (!hinting && analysis.begun === 0) {
      clearInterval(analysis.ticker);
      analysis.ticker = null;
      return;
    }
    render();
  }, 100);
}
