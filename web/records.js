// Records: the match as a game file (the files `towers play` saves and loads), a game file
// or a position loaded.

import { Game, gameInfo } from "./pkg/towers_wasm.js";
import GAMES from "./games/index.js";
import { parseStatus } from "./games/common.js";
import { match, ui, current, setCurrent } from "./state.js";
import { $, errorText } from "./page.js";
import { advance } from "./moves.js";
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

/** Opens the records dialog with the game file and the position of the match. */
export function openRecords() {
  $("record-text").value = gameFileText();
  $("position-text").value = current().toText();
  $("records-error").textContent = "";
  $("records").showModal();
}

/** Loads a game file (or moves alone, as a record of the game being played); a file of
 * another game or other options starts a match of that game, the seats kept where they
 * exist. */
export function loadRecord() {
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
  ui.news = [];
  $("records").close();
  changed();
}

/** Starts a match from the position written in the dialog. */
export function loadPosition() {
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
  ui.news = [];
  $("records").close();
  changed();
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
