// The page drawn from the match: the board (by the game module), the status line, the
// choices of the next step, what changed in words, the move list.

import { parseStatus, tokenCell, isCellToken } from "./games/common.js";
import { match, ui, current } from "./state.js";
import { $, stepButton } from "./page.js";
import { inputState } from "./steps.js";
import { lastPersonMove, recentNews, peopleOut } from "./moves.js";
import { orderSteps, focusBefore, restoreFocus } from "./keyboard.js";
import { panBoard, pinCoordinates } from "./panning.js";
import { renderAnalysis } from "./panel.js";

/** Draws the page for the current position: the board, the panel, the status line, the
 * choices, the news, the move list, the hint and the analysis. */
export function render() {
  const game = current();
  const status = parseStatus(game.status());
  const module = match.module;
  let view = null;
  try {
    view = game.view();
  } catch {
    view = null;
  }
  const names = module.seatNames(game, view, match.options);
  const human = !status.over && !status.chance && match.humans.has(status.seat);
  const input = human ? inputState(game, match.chosen) : { options: [], complete: [], fits: [] };
  const targets = new Map();
  const buttons = [];
  for (const token of input.options) {
    if (isCellToken(token)) targets.set(tokenCell(token), token);
    else buttons.push(token);
  }
  const onBoard = targets.size > 0;
  const again = new Set();
  if (human && module.reselect && match.chosen.length > 0) {
    // The first steps of other moves stay clickable: a click there starts the move again.
    for (const token of inputState(game, []).options) {
      if (isCellToken(token) && token !== match.chosen[0] && !targets.has(tokenCell(token))) {
        targets.set(tokenCell(token), token);
        again.add(token);
      }
    }
  }
  const focus = focusBefore();
  const scroll = { left: $("board").scrollLeft, top: $("board").scrollTop };
  const out = status.over ? [] : peopleOut(game);
  const context = { game, view, text: game.toText(), status, names, targets, chosen: match.chosen, changed: match.changed, options: match.options, human, next: input.options, out, previous: match.history.at(-2)?.text ?? null };
  $("board").innerHTML = module.draw(context);
  // A board that pans takes the focus (Tab), so that the keys scroll it too.
  const pans = $("board").querySelector(".zoomable") !== null;
  $("board").classList.toggle("pans", pans);
  $("board").tabIndex = pans ? 0 : -1;
  for (const target of $("board").querySelectorAll("[data-step]")) {
    if (again.has(target.dataset.step)) target.classList.add("again");
  }
  $("panel").innerHTML = module.panel ? module.panel(context) : "";
  if ($("rules-text").dataset.game !== match.name) {
    $("rules-text").innerHTML = module.rules;
    $("rules-text").dataset.game = match.name;
  }
  $("status").textContent = statusLine(context);
  $("status").classList.toggle("result", status.over);
  $("watching").hidden = out.length === 0;
  $("watch-faster").disabled = match.watching === "fast";
  $("status").dataset.outcome = status.over ? personOutcome(status) : "";

  const choices = $("choices");
  choices.replaceChildren();
  // The prompt above the board, so that it shows with the board's top on any screen.
  $("prompt").textContent = human ? module.prompt(context, input) : "";
  if (human) {
    if (module.choiceOrder) buttons.sort((a, b) => module.choiceOrder(a) - module.choiceOrder(b));
    for (const token of buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.step = token;
      button.className = "choice";
      button.innerHTML = module.choiceLabel(token, context);
      choices.append(button);
    }
    if (input.complete.length > 0 && input.options.length > 0) {
      choices.append(stepButton("done", match.module.doneLabel ? match.module.doneLabel(context) : "Done"));
    }
    if (match.chosen.length > 0) choices.append(stepButton("cancel", "Cancel"));
  }
  const said = recentNews().join(" ");
  // Rewritten only when it changes, so that the live region says each news once.
  if ($("news").textContent !== said) {
    $("news").textContent = said;
    $("news").scrollTop = $("news").scrollHeight;
  }
  orderSteps();
  renderMoves(names);
  $("hint-text").textContent = ui.hint;
  if (human) markHint();
  $("hint").disabled = !human;
  renderAnalysis(context);
  $("undo").disabled = lastPersonMove() < 1 && match.replaced === null;
  panBoard(scroll);
  pinCoordinates();
  if (focus) restoreFocus(focus, onBoard);
}

/** Marks on the board (or among the choices) the next step of the hint's move, when the
 * steps chosen so far are its first ones. */
function markHint() {
  if (ui.hintMove === null) return;
  const { seq } = match.module.steps(ui.hintMove);
  if (match.chosen.some((token, i) => seq[i] !== token)) return;
  const next = seq[match.chosen.length];
  for (const element of document.querySelectorAll("#board [data-step], #choices [data-step]")) {
    if (element.dataset.step === next) element.classList.add("hinted");
  }
}

/** The person's result when exactly one seat is a person: "won", "lost" or "draw"; else "". */
function personOutcome(status) {
  if (match.humans.size !== 1) return "";
  const [person] = match.humans;
  if (status.draw) return "draw";
  const winner = status.ranking ? status.ranking[0] : status.winner;
  if (winner === undefined) return "";
  return winner === person ? "won" : "lost";
}

/** The status line: the result, or who plays. */
function statusLine(context) {
  const { status, names } = context;
  if (status.over) {
    const result = match.module.result(context);
    const outcome = personOutcome(status);
    if (outcome === "won") return `You won. ${result}`;
    if (outcome === "lost") return `You lost. ${result}`;
    return result;
  }
  if (status.chance) return "Drawing a tile…";
  const who = names[status.seat] ?? `Seat ${status.seat}`;
  if (match.humans.has(status.seat)) return `${who} to play (you)`;
  const out = context.out.map((seat) => match.module.outNote(context, seat)).join(" ");
  return `${out ? `${out} ` : ""}${who} to play: the bot is thinking…`;
}

/** The move list, kept in step with the history: new moves are appended, an undo removes
 * the last ones, and after a load the list is rebuilt. */
function renderMoves(names) {
  const list = $("moves");
  const entries = match.history.slice(1);
  const before = ui.listed.length;
  const extends_ = ui.listed.length <= entries.length && (ui.listed.length === 0 || ui.listed[ui.listed.length - 1] === entries[ui.listed.length - 1]);
  // After an undo the history is the start of the list: only its last items go.
  const shortens = !extends_ && entries.length > 0 && entries.length < ui.listed.length && ui.listed[entries.length - 1] === entries[entries.length - 1];
  if (shortens) {
    while (list.children.length > entries.length) list.lastElementChild.remove();
    ui.listed.length = entries.length;
  } else if (!extends_) {
    list.replaceChildren();
    ui.listed = [];
  }
  for (const entry of entries.slice(ui.listed.length)) {
    const item = document.createElement("li");
    const number = document.createElement("span");
    number.className = "ply";
    number.textContent = `${ui.listed.length + 1}.`;
    const move = document.createElement("span");
    move.className = "move";
    if (entry.by === "chance") {
      item.className = "chance";
      move.textContent = `${entry.move} (chance)`;
    } else {
      move.textContent = `${entry.move} (${names[entry.by] ?? entry.by})`;
    }
    item.append(number, " ", move);
    list.append(item);
    ui.listed.push(entry);
  }
  // The numbers' column is as wide as the longest number.
  list.style.setProperty("--digits", String(String(ui.listed.length).length));
  if (ui.listed.length !== before) list.scrollTop = list.scrollHeight;
}
