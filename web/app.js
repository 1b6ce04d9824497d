// The page: setup, the move input built from the legal moves, the bot in a worker, the
// move list, undo, records, hints and (Pyrga) the analysis of every move with perfect
// play. It holds no rules: every legal choice comes from the package (`legalMoves`), each
// value from its solver, and each game module only splits a move's notation into the
// clicks that make it and draws the position.

import init, { Game } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { esc, parseStatus, tokenCell, isCellToken, describeEffects } from "./games/common.js";

const $ = (id) => document.getElementById(id);

/** Everything about the match being played. */
const match = {
  name: "pyrga",
  module: GAMES.pyrga,
  options: {},
  humans: new Set([0]),
  bot: "alphabeta",
  level: "3",
  /** Positions from the start: `{ game, move, by }`, `by` a seat or "chance". */
  history: [],
  /** The steps of the person's move chosen so far. */
  chosen: [],
  /** Bumped whenever the position changes, so a late bot answer is dropped. */
  epoch: 0,
};

/** The analysis panel (games whose module has `analysis`): on or off, its time budget,
 * and what the worker answered for the current position (`{ value, moves }` or `{ error }`),
 * or null while it thinks. */
const analysis = { on: false, timeMs: 3000, answer: null };

/** Bot timings, read by the browser tests: `{ game, level, ms }`. */
window.towersTimings = [];

let worker = null;
/** The hint for the current position, in words, or "" (cleared by every move). */
let hint = "";
let pendingChance = null;
/** What moves did, in words (chance draws, scores, scatters…): `{ ply, text }`, oldest first. */
let news = [];

function current() {
  return match.history[match.history.length - 1].game;
}

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

function errorText(error) {
  const kind = error && error.kind ? ` (${error.kind})` : "";
  return `${error && error.message ? error.message : String(error)}${kind}`;
}

// ---------------------------------------------------------------- setup

function fillSetup(name) {
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
  const bot = $("setup-bot");
  bot.replaceChildren(...module.bots.map((b) => new Option(b, b)));
  fillSeats(name);
}

function setupOptions(name) {
  const result = {};
  for (const option of GAMES[name].options) {
    const raw = $(`setup-option-${option.key}`).value;
    result[option.key] = option.numeric ? Number(raw) : raw;
  }
  return result;
}

function fillSeats(name) {
  const module = GAMES[name];
  const options = setupOptions(name);
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

function openSetup() {
  $("setup-game").value = match.name;
  fillSetup(match.name);
  $("setup").hidden = false;
  $("play").hidden = true;
}

function closeSetup() {
  $("setup").hidden = true;
  $("play").hidden = false;
}

function startFromSetup(event) {
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
  match.history = [{ game, move: null, by: null }];
  news = [];
  closeSetup();
  changed();
}

// ---------------------------------------------------------------- moves and input

/** The legal moves split into steps, with the ones that fit the steps chosen so far. */
function inputState(game, chosen) {
  const all = game.legalMoves().map((move) => ({ move, ...match.module.steps(move) }));
  const fits = all.filter((c) => fitsChosen(c, chosen));
  const options = new Set();
  const complete = [];
  for (const c of fits) {
    if (chosen.length < c.seq.length) {
      options.add(c.seq[chosen.length]);
    } else {
      const extra = chosen.slice(c.seq.length);
      if (extra.length === c.set.length) complete.push(c);
      for (const token of c.set) if (!extra.includes(token)) options.add(token);
    }
  }
  return { all, fits, options: [...options], complete };
}

function fitsChosen(candidate, chosen) {
  const { seq, set } = candidate;
  for (let i = 0; i < Math.min(chosen.length, seq.length); i += 1) {
    if (chosen[i] !== seq[i]) return false;
  }
  const extra = chosen.slice(seq.length);
  return extra.length <= set.length && extra.every((token) => set.includes(token));
}

function choose(token) {
  const game = current();
  if (token === "cancel") {
    match.chosen = [];
    render();
    return;
  }
  if (token === "done") {
    const { complete } = inputState(game, match.chosen);
    if (complete.length > 0) play(complete[0].move);
    return;
  }
  let chosen = [...match.chosen, token];
  let state = inputState(game, chosen);
  if (state.fits.length === 0) {
    // A click on another first step starts the move again from there.
    chosen = [token];
    state = inputState(game, chosen);
    if (state.fits.length === 0) return;
  }
  // Steps with a single possible answer that is not on the board are taken at once.
  while (state.options.length === 1 && state.complete.length === 0 && !isCellToken(state.options[0])) {
    chosen = [...chosen, state.options[0]];
    state = inputState(game, chosen);
  }
  if (state.options.length === 0 && state.complete.length === 1) {
    play(state.complete[0].move);
    return;
  }
  match.chosen = chosen;
  render();
}

function play(move) {
  const game = current();
  const status = parseStatus(game.status());
  let next;
  try {
    next = game.play(move);
  } catch (error) {
    $("status").textContent = `The move ${move} was refused: ${errorText(error)}`;
    return;
  }
  match.history.push({ game: next, move, by: status.chance ? "chance" : status.seat });
  try {
    const view = next.view();
    const ply = match.history.length - 1;
    for (const text of describeEffects(view.effects, match.module.seatNames(next, view, match.options))) news.push({ ply, text });
  } catch {
    // A position without a view still plays; only the words are missing.
  }
  changed();
}

function undo() {
  const index = match.history.findLastIndex((entry, i) => i > 0 && match.humans.has(entry.by));
  if (index < 1) return;
  match.history.length = index;
  changed();
}

/** The position changed: forget the partial input, stop waiting for old answers, go on. */
function changed() {
  match.chosen = [];
  match.epoch += 1;
  hint = "";
  if (pendingChance !== null) {
    clearTimeout(pendingChance);
    pendingChance = null;
  }
  askAnalysis();
  render();
  proceed();
}

function proceed() {
  const game = current();
  const status = parseStatus(game.status());
  if (status.over) {
    setPhase("over");
    return;
  }
  if (status.chance) {
    setPhase("chance");
    const epoch = match.epoch;
    pendingChance = setTimeout(() => {
      pendingChance = null;
      if (epoch === match.epoch) drawChance();
    }, 350);
    return;
  }
  if (match.humans.has(status.seat)) {
    setPhase("human");
    return;
  }
  setPhase("bot");
  askBot(game);
}

function drawChance() {
  const game = current();
  const outcomes = game.chanceOutcomes();
  const total = outcomes.reduce((sum, o) => sum + Number(o.weight), 0);
  let pick = Math.random() * total;
  let chosen = outcomes[outcomes.length - 1].move;
  for (const o of outcomes) {
    pick -= Number(o.weight);
    if (pick < 0) {
      chosen = o.move;
      break;
    }
  }
  const text = match.module.describeChance ? match.module.describeChance(chosen) : `Chance: ${chosen}`;
  news.push({ ply: match.history.length, text });
  play(chosen);
}

/** Sends `request` to the worker (started at the first request), which answers in turn. */
function askWorker(request) {
  if (worker === null) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", onWorkerAnswer);
    worker.addEventListener("error", (event) => {
      $("status").textContent = `The bot failed: ${event.message}`;
    });
  }
  worker.postMessage(request);
}

function onWorkerAnswer(event) {
  const answer = event.data;
  if (answer.epoch !== match.epoch) return;
  if (answer.type === "analyse") onAnalysis(answer);
  else if (answer.type === "hint") onHint(answer);
  else onBotAnswer(event);
}

function askBot(game) {
  askWorker({
    type: "bot",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    bot: match.bot,
    // A strength is a level (1 to 5), or the level 5 search cut by a time budget
    // (`t1000`: about a second).
    ...(match.level.startsWith("t") ? { level: 5, timeMs: Number(match.level.slice(1)) } : { level: Number(match.level) }),
    seed: Math.floor(Math.random() * 2 ** 31),
  });
}

function onBotAnswer(event) {
  const { move, ms, error } = event.data;
  if (error) {
    $("status").textContent = `The bot failed: ${error}`;
    setPhase("error");
    return;
  }
  window.towersTimings.push({ game: match.name, level: match.level, bot: match.bot, ms });
  play(move);
}

// ---------------------------------------------------------------- hints and analysis

/** Asks the worker for a hint: in a game with a solver, its best move and the position's
 * value ("Hint: Cc3. White wins in 9."); else the game's default bot's move at level 3. */
function askHint() {
  const game = current();
  const status = parseStatus(game.status());
  if (status.over || status.chance) return;
  hint = "Hint: thinking…";
  render();
  askWorker({
    type: "hint",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    solve: Boolean(match.module.analysis),
    bot: match.module.bots[0],
    timeMs: analysis.timeMs,
  });
}

function onHint({ move, value, bot, unsolved, error }) {
  if (error) hint = `No hint: ${error}`;
  else if (value) hint = `Hint: ${move}. ${value}.`;
  else if (unsolved) hint = `Hint: ${move} (not solved within ${analysis.timeMs / 1000} s: the ${bot} bot's choice).`;
  else hint = `Hint: ${move} (the ${bot} bot's choice).`;
  render();
}

/** Asks the worker to analyse the current position when the panel is on. */
function askAnalysis() {
  analysis.answer = null;
  const game = current();
  if (!analysis.on || !match.module.analysis || parseStatus(game.status()).over) return;
  askWorker({
    type: "analyse",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    timeMs: analysis.timeMs,
  });
}

function onAnalysis(answer) {
  analysis.answer = answer;
  render();
}

function renderAnalysis(context) {
  const section = $("analysis");
  section.hidden = !match.module.analysis;
  if (section.hidden) return;
  const status = $("analysis-status");
  const table = $("analysis-moves");
  const rows = table.tBodies[0];
  const answer = analysis.answer;
  status.classList.remove("error");
  rows.replaceChildren();
  table.hidden = true;
  if (!analysis.on) {
    status.textContent = "";
    return;
  }
  if (context.status.over) {
    status.textContent = "The game is over.";
    return;
  }
  if (answer === null) {
    status.textContent = `Solving (at most ${analysis.timeMs / 1000} s)…`;
    return;
  }
  if (answer.error) {
    status.classList.add("error");
    status.textContent = answer.kind === "outOfBudget"
      ? `Not solved within ${analysis.timeMs / 1000} s: this position is too far from the end for the solver here. Try a longer time or a later position. (${answer.error})`
      : `The analysis failed: ${answer.error}`;
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

// ---------------------------------------------------------------- drawing

function render() {
  const game = current();
  const status = parseStatus(game.status());
  const module = match.module;
  let view = null;
  try {
    view = typeof game.view === "function" ? game.view() : null;
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
  const last = match.history.length > 1 ? match.history[match.history.length - 1].move : null;
  const context = { game, view, text: game.toText(), status, names, targets, chosen: match.chosen, last, options: match.options, human, next: input.options };
  $("board").innerHTML = module.draw(context);
  $("panel").innerHTML = module.panel ? module.panel(context) : "";
  $("status").textContent = statusLine(context);
  $("status").classList.toggle("result", status.over);

  const choices = $("choices");
  choices.replaceChildren();
  if (human) {
    const prompt = document.createElement("span");
    prompt.className = "prompt";
    prompt.textContent = module.prompt(context, input);
    choices.append(prompt);
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
  $("chance").textContent = recentNews().join(" ");
  for (const target of $("board").querySelectorAll("[data-step]")) {
    target.setAttribute("tabindex", "0");
    target.setAttribute("role", "button");
  }
  renderMoves(names);
  $("hint-text").textContent = hint;
  $("hint").disabled = !human;
  renderAnalysis(context);
  $("undo").disabled = !match.history.some((entry, i) => i > 0 && match.humans.has(entry.by));
}

/** What happened since the last move of a person (without one, in the last three plies). */
function recentNews() {
  const plies = match.history.length;
  news = news.filter((item) => item.ply < plies);
  const lastPerson = match.history.findLastIndex((entry, i) => i > 0 && match.humans.has(entry.by));
  const since = lastPerson > 0 ? lastPerson : Math.max(plies - 3, 1);
  return news.filter((item) => item.ply >= since).slice(-4).map((item) => item.text);
}

function stepButton(token, text) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.step = token;
  button.className = "choice";
  button.textContent = text;
  return button;
}

function statusLine(context) {
  const { status, names } = context;
  if (status.over) return match.module.result(context);
  if (status.chance) return "Drawing a tile…";
  const who = names[status.seat] ?? `Seat ${status.seat}`;
  if (match.humans.has(status.seat)) return `${who} to play (you)`;
  return `${who} to play: the bot is thinking…`;
}

/** The history entries the move list shows, in order. */
let listed = [];

/** The move list, kept in step with the history: new moves are appended, and after an
 * undo or a load the list is rebuilt. */
function renderMoves(names) {
  const list = $("moves");
  const entries = match.history.slice(1);
  const extends_ = listed.length <= entries.length && (listed.length === 0 || listed[listed.length - 1] === entries[listed.length - 1]);
  if (!extends_) {
    list.replaceChildren();
    listed = [];
  }
  const before = listed.length;
  for (const entry of entries.slice(listed.length)) {
    const item = document.createElement("li");
    if (entry.by === "chance") {
      item.className = "chance";
      item.textContent = `${entry.move} (chance)`;
    } else {
      item.textContent = `${entry.move} (${names[entry.by] ?? entry.by})`;
    }
    list.append(item);
    listed.push(entry);
  }
  if (listed.length !== before) list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------- records

function recordText() {
  return match.history.slice(1).map((entry) => entry.move).join(" ");
}

function openRecords() {
  $("record-text").value = recordText();
  $("position-text").value = current().toText();
  $("records-error").textContent = "";
  $("records").showModal();
}

function loadRecord() {
  const text = $("record-text").value.trim();
  let game;
  try {
    game = new Game(match.name, match.options);
  } catch (error) {
    $("records-error").textContent = errorText(error);
    return;
  }
  const history = [{ game, move: null, by: null }];
  const moves = text === "" ? [] : text.split(/\s+/);
  for (const [index, move] of moves.entries()) {
    const status = parseStatus(game.status());
    try {
      game = game.play(move);
    } catch (error) {
      $("records-error").textContent = `Move ${index + 1} (${move}): ${errorText(error)}`;
      return;
    }
    history.push({ game, move, by: status.chance ? "chance" : status.seat });
  }
  match.history = history;
  news = [];
  $("records").close();
  changed();
}

function loadPosition() {
  const text = $("position-text").value.trim();
  let game;
  try {
    game = Game.fromText(match.name, text);
  } catch (error) {
    $("records-error").textContent = errorText(error);
    return;
  }
  match.history = [{ game, move: null, by: null }];
  news = [];
  $("records").close();
  changed();
}

function downloadRecord() {
  const blob = new Blob([`${recordText()}\n`], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${match.name}-record.txt`;
  link.click();
  URL.revokeObjectURL(link.href);
}

// ---------------------------------------------------------------- start

async function main() {
  await init();
  $("setup-game").replaceChildren(...Object.entries(GAMES).map(([name, module]) => new Option(module.title, name)));
  $("setup-game").addEventListener("change", (event) => fillSetup(event.target.value));
  $("setup-form").addEventListener("submit", startFromSetup);
  $("setup-cancel").addEventListener("click", closeSetup);
  $("new-game").addEventListener("click", openSetup);
  $("undo").addEventListener("click", undo);
  $("hint").addEventListener("click", askHint);
  $("analysis-on").addEventListener("change", (event) => {
    analysis.on = event.target.checked;
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
    if (file) $("record-text").value = (await file.text()).trim();
    event.target.value = "";
  });
  const onStep = (event) => {
    const target = event.target.closest("[data-step]");
    if (target && document.body.dataset.phase === "human") choose(target.dataset.step);
  };
  $("board").addEventListener("click", onStep);
  $("board").addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onStep(event);
    }
  });
  $("choices").addEventListener("click", onStep);
  match.history = [{ game: new Game("pyrga", {}), move: null, by: null }];
  match.bot = "alphabeta";
  openSetup();
  render();
  setPhase("setup");
}

main().catch((error) => {
  $("status").textContent = `The game engine could not be loaded: ${errorText(error)}`;
  setPhase("error");
});
