// The page: setup, the move input built from the legal moves, the bot in a worker, the
// move list, undo, records, hints and (Pyrga) the analysis of every move with perfect
// play. It holds no rules: every legal choice comes from the package (`legalMoves`), each
// value from its solver, and each game module only splits a move's notation into the
// clicks that make it and draws the position.

import init, { Game, gameInfo } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { esc, parseStatus, tokenCell, isCellToken, describeEffects, clip, changedKeys } from "./games/common.js";

const $ = (id) => document.getElementById(id);

/** Everything about the match being played. */
const match = {
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
};

/** The analysis panel (games whose module has `analysis`): on or off, its time budget,
 * and what the worker answered for the current position (`{ value, moves }` or `{ error }`),
 * or null while it thinks. */
const analysis = { on: false, timeMs: 3000, answer: null };

/** The analysis server (`towers-server`) that answers Pylos (its analysis panel and its
 * perfect bot): its address, from the page's `?server=` or the setting kept in the
 * browser, "" when none is set. */
const server = {
  url: new URLSearchParams(location.search).get("server") ?? localStorage.getItem("towers.server") ?? "",
  /** Why the perfect bot could not ask the server, in words, or "". */
  note: "",
};

/** Bot timings, read by the browser tests: `{ game, level, ms }`. */
window.towersTimings = [];

let worker = null;
/** The hint for the current position, in words, or "" (cleared by every move). */
let hint = "";
/** What moves did, in words (the move itself, chance draws, scores, scatters…):
 * `{ ply, text }`, oldest first. */
let news = [];
/** The centre of the board's step that last had the keyboard focus, relative to the board:
 * after a redraw the focus goes to the step nearest to it. */
let focusPoint = null;
/** Whether the person last used a pointer (mouse, finger) rather than keys: the focus kept
 * on the board then does not scroll the page. */
let pointing = false;

function current() {
  return match.game;
}

/** Makes `game` the current position and frees the one it replaces. */
function setCurrent(game) {
  if (match.game !== null && match.game !== game) match.game.free();
  match.game = game;
}

/** A fresh match seed. */
function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** A 32-bit number from the match seed and `n` (SplitMix32's mixing). */
function mix(seed, n) {
  let z = (seed + Math.imul(n + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

/** An error in words, at most about 300 characters (an engine's message may quote a whole
 * bad input), with its kind. */
function errorText(error) {
  const kind = error && error.kind ? ` (${error.kind})` : "";
  return `${clip(error && error.message ? error.message : String(error))}${kind}`;
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
  match.seed = newSeed();
  setCurrent(game);
  match.history = [{ move: null, by: null, text: game.toText() }];
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

/** The game after `move`, read back from the position's text, and that text. The game
 * `play` returns keeps every move since its object began; the one read from the text keeps
 * none, so that what the page holds grows with the number of moves only. `look` sees the
 * played game (whose view has the move's effects) before it is freed. */
function advance(game, move, look) {
  const played = game.play(move);
  try {
    look?.(played);
    const text = played.toText();
    return { game: Game.fromText(played.name, text), text };
  } finally {
    played.free();
  }
}

function play(move) {
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

/** Keeps in `news` what the move `move` of `by` did, in words. */
function tell(ply, move, by, played) {
  const module = match.module;
  let view = null;
  let before = null;
  try {
    view = played.view();
    before = current().view();
  } catch {
    // A position without a view still plays; only some words are missing.
  }
  const names = module.seatNames(played, view, match.options);
  const said = by === "chance"
    ? module.describeChance?.(move) ?? `Chance: ${move}.`
    : module.describeMove(move, names[by] ?? `Seat ${by}`, { names, before });
  if (said) news.push({ ply, text: said });
  for (const text of describeEffects(view?.effects, names)) news.push({ ply, text });
}

/** The index in the history of the person's last move, or -1. */
function lastPersonMove() {
  return match.history.findLastIndex((entry, i) => i > 0 && match.humans.has(entry.by));
}

function undo() {
  const index = lastPersonMove();
  if (index < 1) return;
  match.history.length = index;
  setCurrent(Game.fromText(match.name, match.history[index - 1].text));
  changed();
}

/** The history index of the position that the marks of changed cells and the words start
 * from: the person's last move when others have moved since; the start when the person
 * has not moved yet; else the position before the last move. */
function baseIndex() {
  const last = match.history.length - 1;
  const person = lastPersonMove();
  if (person >= 1 && person < last) return person;
  if (person < 1 && match.humans.size > 0) return 0;
  return Math.max(last - 1, 0);
}

/** The cells that changed since `baseIndex()`. */
function changesSinceBase() {
  const module = match.module;
  const before = Game.fromText(match.name, match.history[baseIndex()].text);
  try {
    const game = current();
    return changedKeys(module.contents(before.view(), before.toText()), module.contents(game.view(), game.toText()));
  } finally {
    before.free();
  }
}

/** The position changed: forget the partial input, stop waiting for old answers, go on. */
function changed() {
  match.chosen = [];
  match.epoch += 1;
  hint = "";
  match.changed = changesSinceBase();
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
    drawChance();
    return;
  }
  if (match.humans.has(status.seat)) {
    setPhase("human");
    return;
  }
  setPhase("bot");
  askBot(game);
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

/** Sends `request` to the worker (started at the first request), which answers in turn. */
function askWorker(request) {
  if (worker === null) {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.addEventListener("message", onWorkerAnswer);
    worker.addEventListener("error", (event) => {
      $("status").textContent = `The bot failed: ${clip(event.message)}`;
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

/** The analysis of `game` by the server: `{ value, moves, ms }` (the value in words, every
 * move with its value, best first), or `{ error, kind }`, the kind `unreachable` when no
 * server answers. */
async function askServer(game) {
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

/** Pylos's perfect bot: the server's best move, or, when the server cannot answer, the
 * game's first bot, saying why. */
async function askServerBot(game) {
  const epoch = match.epoch;
  const answer = await askServer(game);
  if (epoch !== match.epoch) return;
  if (answer.error) {
    server.note = `The perfect bot needs the analysis server (${clip(answer.error)}): the ${match.module.bots[0]} bot played instead.`;
    askWorker({ ...botRequest(game), bot: match.module.bots[0] });
    return;
  }
  server.note = "";
  window.towersTimings.push({ game: match.name, level: match.level, bot: match.bot, ms: answer.ms });
  play(answer.moves[0].move);
}

function askBot(game) {
  if (match.bot === "perfect" && match.module.analysis === "server") {
    askServerBot(game);
    return;
  }
  askWorker(botRequest(game));
}

/** What the worker is asked for the bot's move in `game`. */
function botRequest(game) {
  return {
    type: "bot",
    epoch: match.epoch,
    name: match.name,
    text: game.toText(),
    bot: match.bot,
    // A strength is a level (1 to 5), or the level 5 search cut by a time budget
    // (`t1000`: about a second).
    ...(match.level.startsWith("t") ? { level: 5, timeMs: Number(match.level.slice(1)) } : { level: Number(match.level) }),
    // The bot's seed follows from the match seed and the ply, as the chance draws do.
    seed: mix(match.seed, 2 * match.history.length + 1),
  };
}

function onBotAnswer(event) {
  const { move, ms, error } = event.data;
  if (error) {
    $("status").textContent = `The bot failed: ${clip(error)}`;
    setPhase("error");
    return;
  }
  window.towersTimings.push({ game: match.name, level: match.level, bot: match.bot, ms });
  play(move);
}

// ---------------------------------------------------------------- hints and analysis

/** Asks the worker for a hint: in a game with a solver, its best move and the position's
 * value ("Hint: Cc3. White wins in 9."), or when the solver runs out of time the perfect
 * bot's move (the opening book's where it holds the position, which keeps its verdict);
 * else the game's default bot's move at level 3. */
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
    solve: match.module.analysis === true,
    bot: match.module.analysis === true && match.module.bots.includes("perfect") ? "perfect" : match.module.bots[0],
    timeMs: analysis.timeMs,
  });
}

function onHint({ move, value, bot, unsolved, error }) {
  if (error) hint = `No hint: ${clip(error)}`;
  else if (value) hint = `Hint: ${move}. ${value}.`;
  else if (unsolved) hint = `Hint: ${move} (not solved within ${analysis.timeMs / 1000} s: the ${bot} bot's choice).`;
  else hint = `Hint: ${move} (the ${bot} bot's choice).`;
  render();
}

/** Asks the worker (or, for Pylos, the server) to analyse the current position when the
 * panel is on. */
function askAnalysis() {
  analysis.answer = null;
  const game = current();
  if (!analysis.on || !match.module.analysis || parseStatus(game.status()).over) return;
  if (match.module.analysis === "server") {
    const epoch = match.epoch;
    askServer(game).then((answer) => {
      if (epoch === match.epoch) onAnalysis(answer);
    });
    return;
  }
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
  const byServer = match.module.analysis === "server";
  // (Labels are laid out by the style sheet, so `hidden` alone would not hide them.)
  $("analysis-server").style.display = byServer ? "" : "none";
  $("analysis-time").closest("label").style.display = byServer ? "none" : "";
  const status = $("analysis-status");
  const table = $("analysis-moves");
  const rows = table.tBodies[0];
  const answer = analysis.answer;
  status.classList.remove("error");
  rows.replaceChildren();
  table.hidden = true;
  if (!analysis.on) {
    status.textContent = byServer ? server.note : "";
    status.classList.toggle("error", byServer && server.note !== "");
    return;
  }
  if (context.status.over) {
    status.textContent = "The game is over.";
    return;
  }
  if (answer === null) {
    status.textContent = byServer ? "Asking the analysis server…" : `Solving (at most ${analysis.timeMs / 1000} s)…`;
    return;
  }
  if (answer.error) {
    status.classList.add("error");
    status.textContent = answer.kind === "unreachable"
      ? `No analysis server: ${clip(answer.error)}. Start one (cargo run --release -p towers-server -- --db FILE) and give its address below.`
      : answer.kind === "noDatabase"
      ? `The server has no database for this position: ${clip(answer.error)}`
      : answer.kind === "outOfBudget"
      ? `Not solved within ${analysis.timeMs / 1000} s: this position is too far from the end for the solver here. Try a longer time or a later position. (${clip(answer.error)})`
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

// ---------------------------------------------------------------- drawing

function render() {
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
  const context = { game, view, text: game.toText(), status, names, targets, chosen: match.chosen, changed: match.changed, options: match.options, human, next: input.options };
  $("board").innerHTML = module.draw(context);
  // A board that pans takes the focus (Tab), so that the keys scroll it too.
  const pans = $("board").querySelector(".zoomable") !== null;
  $("board").classList.toggle("pans", pans);
  $("board").tabIndex = pans ? 0 : -1;
  for (const target of $("board").querySelectorAll("[data-step]")) {
    if (again.has(target.dataset.step)) target.classList.add("again");
  }
  $("panel").innerHTML = module.panel ? module.panel(context) : "";
  $("status").textContent = statusLine(context);
  $("status").classList.toggle("result", status.over);
  $("status").dataset.outcome = status.over ? personOutcome(status) : "";

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
  const said = recentNews().join(" ");
  // Rewritten only when it changes, so that the live region says each news once.
  if ($("news").textContent !== said) {
    $("news").textContent = said;
    $("news").scrollTop = $("news").scrollHeight;
  }
  orderSteps();
  renderMoves(names);
  $("hint-text").textContent = hint;
  $("hint").disabled = !human;
  renderAnalysis(context);
  $("undo").disabled = lastPersonMove() < 1;
  panBoard(scroll);
  if (focus) restoreFocus(focus, onBoard);
}

// ---------------------------------------------------------------- panning

/** The rectangle covering `elements`, in the coordinates of the board box's scrolled
 * content, or null. */
function extent(elements) {
  const box = $("board");
  const origin = box.getBoundingClientRect();
  let rect = null;
  for (const element of elements) {
    const r = element.getBoundingClientRect();
    const left = r.left - origin.left - box.clientLeft + box.scrollLeft;
    const top = r.top - origin.top - box.clientTop + box.scrollTop;
    rect = rect === null
      ? { left, top, right: left + r.width, bottom: top + r.height }
      : { left: Math.min(rect.left, left), top: Math.min(rect.top, top), right: Math.max(rect.right, left + r.width), bottom: Math.max(rect.bottom, top + r.height) };
  }
  return rect;
}

/** The scroll position along one axis that shows `[start, end]` in a view of `size` moved
 * as little as possible from `from`; a span longer than the view is centred. */
function scrollTo(from, start, end, size) {
  if (end - start > size) return (start + end - size) / 2;
  if (start < from) return start;
  if (end > from + size) return end - size;
  return from;
}

/** A board larger than its box (it pans) shows what matters after each redraw, moved as
 * little as possible from where it was (`scroll`, before the redraw): the building a
 * question is about; else the piece being moved and where it can go; else what changed
 * since the person's move together with the person's targets (their towers, the cells to
 * play on), or, when they do not fit together, what changed and the target nearest to it,
 * or else that target in the middle; else the targets. */
function panBoard(scroll) {
  const box = $("board");
  box.scrollLeft = scroll.left;
  box.scrollTop = scroll.top;
  if (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
  const all = (selector) => [...box.querySelectorAll(selector)];
  const targets = all("[data-step]:not(.again)");
  const changed = all(".changed");
  const question = all(".question");
  const selected = all(".selected");
  const fits = (rect) => rect !== null && rect.right - rect.left <= box.clientWidth && rect.bottom - rect.top <= box.clientHeight;
  let rect = extent(question);
  if (rect === null && selected.length > 0) {
    rect = extent([...selected, ...targets]);
    if (!fits(rect)) rect = extent(selected);
  }
  if (rect === null) {
    rect = extent([...changed, ...targets]);
    if (!fits(rect) && changed.length > 0 && targets.length > 0) {
      // What changed with the target nearest to it; else that target, centred.
      const around = extent(changed);
      const centre = (r) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
      const from = centre(around);
      const distance = (target) => {
        const at = centre(extent([target]));
        return Math.hypot(at.x - from.x, at.y - from.y);
      };
      const near = targets.reduce((best, target) => (distance(target) < distance(best) ? target : best));
      rect = extent([...changed, near]);
      if (!fits(rect)) {
        const at = centre(extent([near]));
        rect = { left: at.x - box.clientWidth / 2, right: at.x + box.clientWidth / 2, top: at.y - box.clientHeight / 2, bottom: at.y + box.clientHeight / 2 };
      }
    } else if (!fits(rect) && changed.length > 0) {
      rect = extent(changed);
    }
  }
  if (rect === null) return;
  box.scrollLeft = scrollTo(box.scrollLeft, rect.left, rect.right, box.clientWidth);
  box.scrollTop = scrollTo(box.scrollTop, rect.top, rect.bottom, box.clientHeight);
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

/** What happened since `baseIndex()`, in words (at most the last twelve). */
function recentNews() {
  const plies = match.history.length;
  news = news.filter((item) => item.ply < plies);
  const since = baseIndex();
  const recent = news.filter((item) => item.ply > since).map((item) => item.text);
  return recent.length > 12 ? ["…", ...recent.slice(-12)] : recent;
}

// ---------------------------------------------------------------- keyboard

/** The centre of `element` relative to the board. */
function centreOf(element) {
  const box = element.getBoundingClientRect();
  const board = $("board").getBoundingClientRect();
  return { x: box.x + box.width / 2 - board.x, y: box.y + box.height / 2 - board.y };
}

/** The board's steps: focusable buttons, in the order of reading (row by row, the top row
 * as drawn first, each row from the left), which is the order of the Tab key. */
function orderSteps() {
  const steps = [...$("board").querySelectorAll("[data-step]")].map((element) => ({ element, ...centreOf(element) }));
  steps.sort((a, b) => Math.round(a.y / 2) - Math.round(b.y / 2) || a.x - b.x);
  for (const { element } of steps) {
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.parentNode.append(element);
  }
}

/** The step of the board or the choices that had the focus before a redraw, or null when
 * the focus was elsewhere. */
function focusBefore() {
  const active = document.activeElement;
  if (!active || !($("board").contains(active) || $("choices").contains(active))) return null;
  return { step: active.dataset?.step ?? null };
}

/** After a redraw, keeps the focus where the person plays: the same step if it is still
 * offered; the first choice when the next step is a button; else the board's step nearest
 * to the last one focused; else the board itself (while the others play). */
function restoreFocus(focus, onBoard) {
  const steps = [...$("board").querySelectorAll("[data-step]")];
  const buttons = [...$("choices").querySelectorAll("[data-step]")];
  let next = [...steps, ...buttons].find((element) => focus.step !== null && element.dataset.step === focus.step);
  if (!next && !onBoard && buttons.length > 0) next = buttons[0];
  if (!next && steps.length > 0) next = nearest(steps, focusPoint ?? { x: 0, y: 0 }, (dx, dy) => Math.hypot(dx, dy));
  (next ?? $("board")).focus({ preventScroll: pointing });
}

/** The element of `elements` whose offset from `point` has the least `score` (null: out of
 * the question). */
function nearest(elements, point, score) {
  let best = null;
  let bestScore = Infinity;
  for (const element of elements) {
    const centre = centreOf(element);
    const value = score(centre.x - point.x, centre.y - point.y);
    if (value !== null && value < bestScore) {
      best = element;
      bestScore = value;
    }
  }
  return best;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Moves the focus to the nearest step of the board in the arrow's direction (within 60
 * degrees either side of it, those straight ahead preferred). */
function arrowFocus(key) {
  const steps = [...$("board").querySelectorAll("[data-step]")];
  if (steps.length === 0) return;
  const active = document.activeElement;
  if (!steps.includes(active)) {
    steps[0].focus();
    return;
  }
  const [ax, ay] = ARROWS[key];
  const next = nearest(steps.filter((element) => element !== active), centreOf(active), (dx, dy) => {
    const along = dx * ax + dy * ay;
    const across = Math.abs(dx * ay + dy * ax);
    return along > 1 && across < along * Math.sqrt(3) ? along + 2 * across : null;
  });
  next?.focus();
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
  return `${who} to play: the bot is thinking…`;
}

/** The history entries the move list shows, in order. */
let listed = [];

/** The move list, kept in step with the history: new moves are appended, an undo removes
 * the last ones, and after a load the list is rebuilt. */
function renderMoves(names) {
  const list = $("moves");
  const entries = match.history.slice(1);
  const before = listed.length;
  const extends_ = listed.length <= entries.length && (listed.length === 0 || listed[listed.length - 1] === entries[listed.length - 1]);
  // After an undo the history is the start of the list: only its last items go.
  const shortens = !extends_ && entries.length > 0 && entries.length < listed.length && listed[entries.length - 1] === entries[entries.length - 1];
  if (shortens) {
    while (list.children.length > entries.length) list.lastElementChild.remove();
    listed.length = entries.length;
  } else if (!extends_) {
    list.replaceChildren();
    listed = [];
  }
  for (const entry of entries.slice(listed.length)) {
    const item = document.createElement("li");
    const number = document.createElement("span");
    number.className = "ply";
    number.textContent = `${listed.length + 1}.`;
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
    listed.push(entry);
  }
  // The numbers' column is as wide as the longest number.
  list.style.setProperty("--digits", String(String(listed.length).length));
  if (listed.length !== before) list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------- records

/** The game object the match began with: the start with its options, or the position
 * opened from a text. The caller frees it. */
function beginning() {
  const start = new Game(match.name, match.options);
  if (start.toText() === match.history[0].text) return start;
  start.free();
  return Game.fromText(match.name, match.history[0].text);
}

/** Who plays each seat of the match, as game files name them: "you", or the bot and its
 * strength ("mcts bot, level 3", "alphabeta bot, about 1 s a move"). */
function playerNames(seats) {
  const strength = match.level.startsWith("t")
    ? `about ${Number(match.level.slice(1)) / 1000} s a move`
    : `level ${match.level}`;
  return Array.from({ length: seats }, (_, seat) =>
    match.humans.has(seat) ? "you" : `${match.bot} bot, ${strength}`);
}

/** The whole match as a game file (the game, its options or starting position, who played
 * each seat, the moves), the same files `towers play` saves and loads. */
function gameFileText() {
  let game = beginning();
  try {
    for (const entry of match.history.slice(1)) {
      const next = game.play(entry.move);
      game.free();
      game = next;
    }
    return game.toFile({ players: playerNames(match.module.defaultNames(match.options).length) });
  } finally {
    game.free();
  }
}

function openRecords() {
  $("record-text").value = gameFileText();
  $("position-text").value = current().toText();
  $("records-error").textContent = "";
  $("records").showModal();
}

/** Loads a game file (or moves alone, as a record of the game being played); a file of
 * another game or other options starts a match of that game, the seats kept where they
 * exist. */
function loadRecord() {
  const text = $("record-text").value.trim();
  let loaded;
  try {
    loaded = Game.fromFile(text, match.name);
  } catch (error) {
    $("records-error").textContent = errorText(error);
    return;
  }
  const name = loaded.name;
  const record = loaded.record();
  // The file without its moves: where the game began.
  const tags = loaded.toFile().split("\n").filter((line) => line.startsWith("[")).join("\n");
  loaded.free();
  let game = Game.fromFile(tags, name);
  const options = game.options();
  const history = [{ move: null, by: null, text: game.toText() }];
  for (const move of record === "" ? [] : record.split(" ")) {
    const status = parseStatus(game.status());
    const next = advance(game, move);
    game.free();
    game = next.game;
    history.push({ move, by: status.chance ? "chance" : status.seat, text: next.text });
  }
  if (name !== match.name) {
    const seats = GAMES[name].defaultNames(options).length;
    match.module = GAMES[name];
    match.humans = new Set([...match.humans].filter((seat) => seat < seats));
    if (match.humans.size === 0) match.humans.add(0);
    const bots = gameInfo(name).bots;
    if (!bots.includes(match.bot)) match.bot = bots[0];
  }
  match.name = name;
  match.options = options;
  setCurrent(game);
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
  setCurrent(game);
  match.history = [{ move: null, by: null, text: game.toText() }];
  news = [];
  $("records").close();
  changed();
}

function downloadRecord() {
  const blob = new Blob([gameFileText()], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${match.name}-game.txt`;
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
  $("server-url").value = server.url;
  $("server-url").addEventListener("change", (event) => {
    server.url = event.target.value.trim();
    localStorage.setItem("towers.server", server.url);
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
    } else if (event.key in ARROWS && $("board").querySelector("[data-step]") !== null) {
      // (Without a step to go to, the arrows scroll a board that pans.)
      event.preventDefault();
      arrowFocus(event.key);
    }
  });
  $("board").addEventListener("focusin", (event) => {
    if (event.target.closest("[data-step]")) focusPoint = centreOf(event.target);
  });
  $("choices").addEventListener("click", onStep);
  document.addEventListener("pointerdown", () => {
    pointing = true;
  });
  document.addEventListener("keydown", () => {
    pointing = false;
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
