// Records: the match as a game file (the files `towers play` saves and loads), a game file
// or a position loaded.

import { Game, gameInfo } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { match, ui, current, setCurrent } from "./state.js";
import { $, errorText } from "./page.js";
import { playAll, lastPersonMove } from "./moves.js";
import { changed } from "./turns.js";

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

/** The largest game file "Open a file…" reads (1 MB: a game of the longest rules is a few
 * kilobytes). */
const MAX_FILE_BYTES = 1_000_000;

/** Opens the records dialog with the game file and the position of the match. */
export function openRecords() {
  $("record-text").value = gameFileText();
  $("position-text").value = current().toText();
  $("records-error").textContent = "";
  askNothing();
  $("records").showModal();
}

/** Reads the file chosen with "Open a file…" into the game box, or says why not: a file
 * over [`MAX_FILE_BYTES`] or one that is not UTF-8 text is refused before it is read into
 * the page. */
export async function openFile(file) {
  $("records-error").textContent = "";
  if (file.size > MAX_FILE_BYTES) {
    $("records-error").textContent = `${file.name} is ${megabytes(file.size)}: a game file is text of at most 1 MB. Nothing was loaded.`;
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    if (bytes.includes(0)) throw new TypeError("a zero byte");
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    $("records-error").textContent = `${file.name} is not text (UTF-8): open a game file that Towers or towers play saved. Nothing was loaded.`;
    return;
  }
  $("record-text").value = text.trim();
}

/** A size in megabytes, in words. */
function megabytes(bytes) {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The text of the box `id`, or null after saying that it is empty. */
function boxText(id, what) {
  const text = $(id).value.trim();
  if (text === "") {
    $("records-error").textContent = `The ${what} box is empty: nothing was loaded and your game is unchanged.`;
  }
  return text === "" ? null : text;
}

/** Loads a game file (or moves alone, as a record of the game being played); a file of
 * another game or other options starts a match of that game, the seats kept where they
 * exist. An empty box loads nothing; a game in progress is replaced only with the
 * person's yes, and Undo brings it back. */
export function loadRecord() {
  const text = boxText("record-text", "game");
  if (text === null) return;
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
  askToReplace(() => {
    const start = Game.fromFile(tags, name);
    const options = start.options();
    const first = { move: null, by: null, text: start.toText() };
    const { game, entries } = playAll(start, record === "" ? [] : record.split(" "));
    const history = [first, ...entries];
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
    return { game, history };
  });
}

/** Starts a match from the position written in the dialog, as `loadRecord` does. */
export function loadPosition() {
  const text = boxText("position-text", "position");
  if (text === null) return;
  let game;
  try {
    game = Game.fromText(match.name, text);
  } catch (error) {
    $("records-error").textContent = errorText(error);
    return;
  }
  askToReplace(() => ({ game, history: [{ move: null, by: null, text: game.toText() }] }), () => game.free());
}

/** Runs `load` (which sets up the match and returns its game and history) at once when
 * the person has not played a move of the match, else after they say yes in the dialog;
 * `drop` frees what `load` would have used when they say no. The match replaced is kept
 * for Undo. */
function askToReplace(load, drop) {
  const go = () => {
    const before = match.history.length > 1 ? snapshot() : null;
    const { game, history } = load();
    setCurrent(game);
    match.history = history;
    match.replaced = before === null ? null : { match: before, plies: history.length };
    ui.news = [];
    askNothing();
    $("records").close();
    changed();
  };
  const moves = match.history.length - 1;
  if (lastPersonMove() < 1) {
    go();
    return;
  }
  ui.pendingLoad = { go, drop };
  $("replace-text").textContent = `This replaces your ${match.module.title} game in progress (${moves} ${moves === 1 ? "move" : "moves"}). Undo brings it back.`;
  $("replace").hidden = false;
  $("replace-yes").focus();
}

/** The person's answer to the question of `askToReplace`: `yes` loads, else the game
 * in progress stays. */
export function answerReplace(yes) {
  const pending = ui.pendingLoad;
  if (pending === null) return;
  if (yes) pending.go();
  else {
    pending.drop?.();
    askNothing();
  }
}

/** Takes back the question of `askToReplace`, if any. */
function askNothing() {
  ui.pendingLoad = null;
  $("replace").hidden = true;
}

/** The match as `match.replaced` keeps it (its `match`). */
function snapshot() {
  const { name, module, options, humans, bot, level, seed, history } = match;
  return { name, module, options, humans: new Set(humans), bot, level, seed, history: [...history] };
}

/** Saves the match's game file as a download. */
export function downloadRecord() {
  const blob = new Blob([gameFileText()], { type: "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${match.name}-game.txt`;
  link.click();
  URL.revokeObjectURL(link.href);
}
