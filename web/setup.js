// The setup form: the game, its options, who plays each seat, the bot and its strength.

import { Game } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { botLabel } from "./games/common.js";
import { match, ui, setCurrent, newSeed } from "./state.js";
import { listSolutions, perfectAvailable, solutionNote } from "./solutions.js";
import { $, errorText } from "./page.js";
import { changed } from "./turns.js";
import { focusBoard } from "./keyboard.js";

/** Fills the setup form for the game `name`: its options, its bots and its seats. */
export function fillSetup(name) {
  const module = GAMES[name];
  const options = $("setup-options");
  options.replaceChildren();
  for (const option of module.options) {
    const label = document.createElement("label");
    label.textContent = `${option.label} `;
    const select = document.createElement("select");
    select.name = option.key;
    select.id = `setup-option-${option.key}`;
    for (const [value, text] of option.values) {
      const item = new Option(text, value);
      if (value === (match.name === name ? String(match.options[option.key] ?? option.values[0][0]) : option.values[0][0])) {
        item.selected = true;
      }
      select.append(item);
    }
    select.addEventListener("change", () => fillSeats(name));
    label.append(select);
    options.append(label);
  }
  // A new game starts from its default bot.
  $("setup-bot").replaceChildren();
  fillSeats(name);
  if (module.analysis === "solution") {
    listSolutions().then(() => {
      if ($("setup-game").value === name) fillBots(name, setupOptions(name));
    });
  }
}

/** The bots the setup form offers for the game `name` with `options`, keeping the one
 * chosen when it is still there: Pylos's perfect bot only where a solution file (or the
 * analysis server) answers, and the form says which file, or what is missing and the
 * command that makes it. */
function fillBots(name, options) {
  const module = GAMES[name];
  const solution = module.analysis === "solution";
  const offered = module.bots.filter((b) => b !== "perfect" || !solution || perfectAvailable(options));
  const bot = $("setup-bot");
  const chosen = bot.value;
  bot.replaceChildren(...offered.map((b) => new Option(botLabel(b), b)));
  if (offered.includes(chosen)) bot.value = chosen;
  const note = $("setup-solution");
  note.hidden = !solution;
  if (!solution) return;
  const { text, missing } = solutionNote(options);
  note.textContent = text;
  note.classList.toggle("missing", missing);
}

/** The options chosen in the setup form for the game `name`. */
function setupOptions(name) {
  const result = {};
  for (const option of GAMES[name].options) {
    const raw = $(`setup-option-${option.key}`).value;
    result[option.key] = option.numeric ? Number(raw) : raw;
  }
  return result;
}

/** The seats of the setup form for the game `name` with the options chosen, each a person or a
 * bot (the first seat a person), and its bots. */
function fillSeats(name) {
  const module = GAMES[name];
  const options = setupOptions(name);
  fillBots(name, options);
  const seats = $("setup-seats");
  seats.querySelectorAll("label").forEach((label) => label.remove());
  const names = module.defaultNames(options);
  names.forEach((seatName, seat) => {
    const label = document.createElement("label");
    label.textContent = `${module.seatLabel ? module.seatLabel(seatName, seat) : seatName} `;
    const select = document.createElement("select");
    select.id = `setup-seat-${seat}`;
    select.append(new Option("Person", "person"), new Option("Bot", "bot"));
    select.value = seat === 0 ? "person" : "bot";
    label.append(select);
    seats.append(label);
  });
}

/** Shows the setup form, filled for the game being played. */
export function openSetup() {
  $("setup-game").value = match.name;
  fillSetup(match.name);
  $("setup").hidden = false;
  $("play").hidden = true;
}

/** Hides the setup form and shows the game. */
function closeSetup() {
  $("setup").hidden = true;
  $("play").hidden = false;
}

/** Cancel on the setup form: back to the match being played, or on the first screen,
 * where none has begun, the default match (the game the form opened with, the person
 * first against the default bot). */
export function cancelSetup() {
  closeSetup();
  if (document.body.dataset.phase === "setup") {
    match.seed = newSeed();
    changed();
  }
  focusBoard();
}

/** Starts the match the setup form describes (the submit of the form). */
export function startFromSetup(event) {
  event.preventDefault();
  const name = $("setup-game").value;
  const options = setupOptions(name);
  const humans = new Set();
  GAMES[name].defaultNames(options).forEach((_, seat) => {
    if ($(`setup-seat-${seat}`).value === "person") humans.add(seat);
  });
  let game;
  try {
    game = new Game(name, options);
  } catch (error) {
    $("status").textContent = `Cannot start: ${errorText(error)}`;
    return;
  }
  match.name = name;
  match.module = GAMES[name];
  match.options = options;
  match.humans = humans;
  match.bot = $("setup-bot").value;
  match.level = $("setup-level").value;
  match.seed = newSeed();
  match.replaced = null;
  match.watching = "normal";
  setCurrent(game);
  match.history = [{ move: null, by: null, text: game.toText() }];
  ui.news = [];
  closeSetup();
  changed();
  focusBoard();
}
