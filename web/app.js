// The page: setup, the move input built from the legal moves, the bot in a worker, the
// move list, undo, records, hints and (Pyrga) the analysis of every move with perfect
// play. It holds no rules: every legal choice comes from the package (`legalMoves`), each
// value from its solver, and each game module only splits a move's notation into the
// clicks that make it and draws the position. This module starts the page and ties its
// controls to the modules by concern (see README.md).

import init, { Game } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { match, analysis, server, solutions, ui, thinker, current, setCurrent } from "./state.js";
import { $, setPhase, errorText } from "./page.js";
import { fillSetup, openSetup, cancelSetup, startFromSetup } from "./setup.js";
import { choose } from "./input.js";
import { undo, finishNow, watchFaster } from "./turns.js";
import { askHint, askAnalysis } from "./analysis.js";
import { render } from "./drawing.js";
import { pinCoordinates } from "./panning.js";
import { ARROWS, arrowFocus, centreOf, focusBoard } from "./keyboard.js";
import { openRecords, loadRecord, loadPosition, downloadRecord, openFile, answerReplace } from "./records.js";

/** The package's WebAssembly module, fetched and compiled once for the page and its
 * worker. */
const MODULE_URL = new URL("./pkg/bindings/web/towers_wasm_bg.wasm", import.meta.url);

async function main() {
  thinker.module = await WebAssembly.compileStreaming(fetch(MODULE_URL));
  await init({ module_or_path: thinker.module });
  $("setup-game").replaceChildren(...Object.entries(GAMES).map(([name, module]) => new Option(module.title, name)));
  $("setup-game").addEventListener("change", (event) => fillSetup(event.target.value));
  $("setup-form").addEventListener("submit", startFromSetup);
  $("setup-cancel").addEventListener("click", cancelSetup);
  $("skip").addEventListener("click", (event) => {
    event.preventDefault();
    focusBoard();
  });
  $("new-game").addEventListener("click", openSetup);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  $("finish-now").addEventListener("click", finishNow);
  $("watch-faster").addEventListener("click", watchFaster);
  $("analysis-on").addEventListener("change", (event) => {
    analysis.on = event.target.checked;
    askAnalysis();
    render();
  });
  $("server-url").value = server.url;
  $("server-url").addEventListener("change", (event) => {
    server.url = event.target.value.trim();
    localStorage.setItem("towers.server", server.url);
    askAnalysis();
    render();
  });
  $("solution-url").value = solutions.url;
  $("solution-url").addEventListener("change", (event) => {
    solutions.url = event.target.value.trim();
    localStorage.setItem("towers.solution", solutions.url);
    askAnalysis();
    render();
  });
  $("analysis-time").addEventListener("change", (event) => {
    analysis.timeMs = Number(event.target.value);
    askAnalysis();
    render();
  });
  $("save").addEventListener("click", openRecords);
  $("load-record").addEventListener("click", loadRecord);
  $("load-position").addEventListener("click", loadPosition);
  $("download-record").addEventListener("click", downloadRecord);
  $("record-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (file) await openFile(file);
  });
  $("replace-yes").addEventListener("click", () => answerReplace(true));
  $("replace-no").addEventListener("click", () => answerReplace(false));
  $("records").addEventListener("close", () => answerReplace(false));
  const onStep = (event) => {
    const target = event.target.closest("[data-step]");
    if (target && document.body.dataset.phase === "human") choose(target.dataset.step);
  };
  $("board").addEventListener("click", (event) => {
    if (event.target.closest("[data-step]") === null && document.body.dataset.phase === "human") {
      $("hint-text").textContent = "Nothing can be played there: your move goes on one of the highlighted cells (dashed yellow frames), or on a button under the board.";
    } else {
      onStep(event);
    }
  });
  $("board").addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onStep(event);
    } else if (event.key in ARROWS && $("board").querySelector("[data-step]") !== null) {
      // (Without a step to go to, the arrows scroll a board that pans.)
      event.preventDefault();
      arrowFocus(event.key);
    }
  });
  $("board").addEventListener("scroll", pinCoordinates, { passive: true });
  $("board").addEventListener("focusin", (event) => {
    if (event.target.closest("[data-step]")) ui.focusPoint = centreOf(event.target);
  });
  $("choices").addEventListener("click", onStep);
  document.addEventListener("pointerdown", () => {
    ui.pointing = true;
  });
  document.addEventListener("keydown", () => {
    ui.pointing = false;
  });
  setCurrent(new Game("pyrga", {}));
  match.history = [{ move: null, by: null, text: current().toText() }];
  match.bot = "alphabeta";
  openSetup();
  render();
  setPhase("setup");
}

main().catch((error) => {
  $("status").textContent = `The game engine could not be loaded: ${errorText(error)}`;
  setPhase("error");
});
