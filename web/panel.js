// The analysis panel drawn: the value of the position and of each move, or what is missing.

import { esc, clip } from "./games/common.js";
import { match, analysis, server, solutions } from "./state.js";
import { $ } from "./page.js";
import { solutionUrl } from "./solutions.js";

/** A message of the package as a sentence: its first letter a capital, a full stop. */
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;
}

/** The time a question asked at `begun` (`performance.now()`) has taken, against the
 * panel's budget, in words: "1.2 s of 3 s". */
export function spent(begun) {
  return `${((performance.now() - begun) / 1000).toFixed(1)} s of ${analysis.timeMs / 1000} s`;
}

/** Why a Pylos panel has no values, from the answer's `error`, `kind` and `from`. */
function failure(answer) {
  if (answer.from === "the analysis server") {
    return answer.kind === "unreachable"
      ? `No analysis server: ${clip(answer.error)}. Start one (cargo run --release -p towers-server -- --db FILE) and give its address below, or empty the box to read the solution file.`
      : answer.kind === "noDatabase"
      ? `The server has no database for this position: ${clip(answer.error)}`
      : `The analysis failed: ${clip(answer.error)}`;
  }
  // The command in a missing file's message is never cut short.
  if (answer.kind === "noFile") return `No perfect play here: ${answer.error}. Or give a solution file's address below.`;
  return sentence(clip(answer.error));
}

/** Draws the analysis panel: the position's value and each move's, or why there is none
 * (yet). */
export function renderAnalysis(context) {
  const section = $("analysis");
  section.hidden = !match.module.analysis;
  if (section.hidden) return;
  // Pylos: from a solution file, or the analysis server when one is given.
  const perfectPlay = match.module.analysis === "solution";
  // (Labels are laid out by the style sheet, so `hidden` alone would not hide them.)
  $("analysis-server").style.display = perfectPlay ? "" : "none";
  $("analysis-solution").style.display = perfectPlay ? "" : "none";
  if (perfectPlay) $("solution-url").placeholder = solutions.url === "" ? solutionUrl(match.options) || "no file on this host" : "";
  $("analysis-time").closest("label").style.display = perfectPlay ? "none" : "";
  const status = $("analysis-status");
  const table = $("analysis-moves");
  const rows = table.tBodies[0];
  const answer = analysis.answer;
  status.classList.remove("error");
  // The solver's own words (with the nodes it searched) for whoever wants them.
  status.title = answer?.error ?? "";
  rows.replaceChildren();
  table.hidden = true;
  if (!analysis.on) {
    status.textContent = perfectPlay ? server.note : "";
    status.classList.toggle("error", perfectPlay && server.note !== "");
    return;
  }
  if (context.status.over) {
    status.textContent = "The game is over.";
    return;
  }
  if (answer === null) {
    const asking = server.url === "" ? "Reading the solution file…" : "Asking the analysis server…";
    status.textContent = perfectPlay ? asking : analysis.begun === 0 ? "Solving…" : `Solving… ${spent(analysis.begun)}`;
    return;
  }
  if (answer.error) {
    status.classList.add("error");
    status.textContent = perfectPlay
      ? failure(answer)
      : answer.kind === "outOfBudget"
      ? `Not solved within ${analysis.timeMs / 1000} s: this position is too far from the end for the solver here. Try a longer time or a later position.`
      : `The analysis failed: ${clip(answer.error)}`;
    return;
  }
  const who = context.names[context.status.seat] ?? `Seat ${context.status.seat}`;
  status.innerHTML = `${esc(who)} to play: <span class="value">${esc(answer.value)}</span> (${answer.ms < 1000 ? `${Math.round(answer.ms)} ms` : `${(answer.ms / 1000).toFixed(1)} s`})`;
  const best = answer.moves[0];
  for (const entry of answer.moves) {
    const row = document.createElement("tr");
    const isBest = entry.verdict === best.verdict && entry.plies === best.plies;
    row.className = `${entry.verdict}${isBest ? " best" : ""}`;
    const move = document.createElement("td");
    move.className = "move";
    move.textContent = entry.move;
    const value = document.createElement("td");
    value.className = "value";
    value.textContent = entry.text;
    row.append(move, value);
    rows.append(row);
  }
  table.hidden = false;
}
