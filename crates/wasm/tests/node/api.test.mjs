// The JavaScript API of the package (`cargo xtask web` writes target/web/pkg), required
// as CommonJS. Run: node --test crates/wasm/tests/node/
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { throwsKind } from "./kinds.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const require = createRequire(import.meta.url);
const towers = require(path.join(root, "target/web/pkg"));
const { Game, botMove, solve, moveValues, gameInfo } = towers;

const GAMES = ["pyrga", "pylos", "architekton", "crescendo"];
const BOTS = {
  pyrga: ["alphabeta", "mcts", "random"],
  pylos: ["mcts", "alphabeta", "random"],
  architekton: ["mcts", "random"],
  crescendo: ["mcts", "greedy", "random"],
};
// The kinds of the module's refusals (the others, `freed`, `notLoaded`, `outOfMemory` and
// `internal`, are in errors.test.mjs).
const KINDS = ["parse", "illegal", "gameOver", "invalidPosition", "badOption", "outOfBudget"];
// Pyrga's perfect play. At ply 16 of this game White has wins, draws and losses to choose
// from, and wins in 9 plies with Cc3 (as `towers solve pyrga --moves` says).
const PYRGA_LATE = "Tc3n Tc4e Td4s Cd1 Sd1 Sc1 Cb1 Tb1w Sa1 Ta2s Ta1n Ta3n Ta4e Cb4 Sb4 Sb3";
// A whole game of Pyrga (seed 3 of the random bot), over at ply 20.
const PYRGA_OVER = "Ta4e Tb4s Tb3n Cb4 Sb4 Sb3 Tc3s Sc1 Sc2 Tb2s Tb1w Ta1e Td1w Tc1e Cd1 Sd1 Cc1 Ca3 Sa3 Cb3";


/** Plays moves chosen by the random bot (chance outcomes too), calling `visit` after each. */
function randomGame(name, options, plies, seed, visit = () => {}) {
  let game = new Game(name, options);
  for (let ply = 0; ply < plies && game.status().startsWith("ongoing"); ply++) {
    game = game.play(botMove(game, { bot: "random", seed: seed * 1000 + ply }));
    visit(game);
  }
  return game;
}

test("start positions equal those of towers", () => {
  // `towers show <game>` (the position line), `towers status <game>`, `towers moves <game>`.
  const starts = {
    pyrga: ["4/4/4/4 - standard", "ongoing 0", 80],
    pylos: ["....,....,....,..../...,...,.../..,../. L 15 15 standard 1-2 nomove", "ongoing 0", 16],
    architekton: ["- - - 4/4 1/1 0/0 0.0 deal all:6,6,6,6,4,4,4,4,3,3", "ongoing chance", 4],
    crescendo: ["4 0123 - - lay - -", "ongoing 0", 4],
  };
  for (const [name, [text, status, moves]] of Object.entries(starts)) {
    const game = new Game(name);
    assert.equal(game.toText(), text);
    assert.equal(game.status(), status);
    assert.equal(game.legalMoves().length, moves);
    assert.equal(Game.fromText(name, text).key(), game.key());
  }
});

test("start positions", () => {
  const pyrga = new Game("pyrga");
  assert.equal(pyrga.name, "pyrga");
  assert.equal(pyrga.status(), "ongoing 0");
  assert.equal(pyrga.legalMoves().length, 80);
  assert.ok(pyrga.legalMoves().includes("Ca1"));
  assert.equal(pyrga.toText(), "4/4/4/4 - standard");
  assert.deepEqual(pyrga.chanceOutcomes(), []);
  assert.equal(pyrga.record(), "");

  const pylos = new Game("pylos", {});
  assert.equal(pylos.status(), "ongoing 0");
  assert.equal(pylos.legalMoves().length, 16);
  assert.equal(pylos.view().players[1].reserve, 15);

  const architekton = new Game("architekton");
  assert.equal(architekton.status(), "ongoing chance");
  const outcomes = architekton.chanceOutcomes();
  assert.ok(outcomes.length > 0);
  for (const { move, weight } of outcomes) {
    assert.equal(typeof move, "string");
    assert.ok(Number.isInteger(weight) && weight >= 1);
  }
  assert.deepEqual(outcomes.map((o) => o.move).sort(), architekton.legalMoves());
  assert.equal(architekton.view().chance, true);
  assert.equal(architekton.view().toMove, null);

  const crescendo = new Game("crescendo");
  assert.equal(crescendo.status(), "ongoing 0");
  assert.equal(crescendo.view().players.length, 4);
  assert.equal(new Game("crescendo", { players: 2 }).view().players.length, 2);
  assert.equal(new Game("crescendo", { players: "3" }).view().players.length, 3);

  for (const name of GAMES) {
    const view = new Game(name).view();
    assert.equal(view.game, name);
    assert.equal(view.lastMove, null);
    assert.deepEqual(view.effects, []);
    assert.equal(view.over, false);
    assert.equal(typeof view.board, "object");
    assert.equal(typeof new Game(name).key(), "string");
  }
});

test("options, spelled as towers spells them", () => {
  assert.equal(new Game("pyrga", { rules: "classic" }).view().board.rules, "classic");
  const pylos = new Game("pylos", { variant: "expert", takeback: "0-2", end: "reserve" });
  assert.equal(pylos.view().board.variant, "expert");
  assert.equal(pylos.view().board.takeback, "0-2");
  assert.equal(new Game("architekton", { buildingMatch: "one" }).view().board.buildingMatch, "one");
  assert.equal(new Game("pyrga", null).status(), "ongoing 0");
  assert.equal(new Game("pyrga", { rules: undefined }).view().board.rules, "standard");
});

test("perft through the API equals the native counts", () => {
  // From `towers perft <game> <depth>`.
  assert.equal(new Game("pyrga").perft(4), 59872);
  assert.equal(new Game("pyrga", { rules: "classic" }).perft(4), 65656);
  assert.equal(new Game("pylos").perft(4), 43680);
  assert.equal(new Game("architekton").perft(3), 64);
  assert.equal(new Game("crescendo").perft(3), 5120);
  assert.equal(new Game("crescendo", { players: 2 }).perft(3), 5120);
  assert.equal(new Game("pyrga").perft(0), 1);
});

test("error kinds and messages", () => {
  throwsKind(() => new Game("chess"), "badOption", /unknown game "chess"/);
  throwsKind(() => new Game("pyrga", { players: 2 }), "badOption", /does not apply to pyrga/);
  throwsKind(() => new Game("pyrga", { rules: "expert" }), "badOption", /standard or classic/);
  throwsKind(() => new Game("crescendo", { players: 5 }), "badOption");
  throwsKind(() => new Game("pylos", { colour: "red" }), "badOption", /unknown option/);
  throwsKind(() => new Game("pylos", { variant: true }), "badOption");
  throwsKind(() => new Game("pylos", 7), "badOption");

  const pylos = new Game("pylos");
  throwsKind(() => pylos.play("zz"), "parse");
  throwsKind(
    () => pylos.play("1a1"),
    "illegal",
    /^1a1 is not supported: the four spots under it do not all hold a ball$/,
  );
  throwsKind(() => Game.fromRecord("pyrga", {}, "Ca1 Ca1"), "illegal", /^ply 2, move Ca1: /);
  throwsKind(() => Game.fromRecord("pyrga", {}, "Ca1 Qq"), "parse", /^ply 2, move Qq: /);
  throwsKind(() => Game.fromText("pyrga", "garbage"), "parse");
  const floating = "....,....,....,..../...,...,L../..,../. D 14 15 standard 1-2 nomove";
  throwsKind(() => Game.fromText("pylos", floating), "invalidPosition", /^invalid position: /);

  const over = randomGame("pyrga", {}, 1000, 1);
  assert.match(over.status(), /^(winner [01]|draw)$/);
  throwsKind(() => over.play(new Game("pyrga").legalMoves()[0]), "gameOver", /the game is over/);
  throwsKind(() => botMove(over, {}), "gameOver");
  throwsKind(() => Game.fromRecord("pyrga", {}, `${over.record()} Ca1`), "gameOver");
  throwsKind(() => over.inputChoices([]), "gameOver");

  for (const depth of [-1, 1.5, NaN, Infinity, "3", null, undefined, 65]) {
    throwsKind(() => pylos.perft(depth), "badOption");
  }
  throwsKind(() => botMove(pylos, { bot: "greedy" }), "badOption", /unknown bot "greedy"/);
  throwsKind(() => botMove(pylos, { level: 9 }), "badOption");
  throwsKind(() => botMove(pylos, { seed: -1 }), "badOption");
  throwsKind(() => botMove(pylos, { timeMs: 0 }), "badOption");
  throwsKind(() => botMove({}, {}), "badOption");
  throwsKind(() => pylos.inputChoices(["9z9"]), "illegal");
  throwsKind(() => pylos.inputChoices("0a1"), "parse");
});

const garbage = () => {
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error("get trap");
      },
      ownKeys() {
        throw new Error("ownKeys trap");
      },
      has() {
        throw new Error("has trap");
      },
    },
  );
  return [
    undefined, null, true, 0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 64, 10n, "", " ",
    "\u0000", "\uffff\ud800", "x".repeat(100_000), "Ca1 ".repeat(5_000), "pyrga", "0a1x",
    "-1,0r9", "*", "@", Symbol("s"), () => 1, {}, [], [1, 2], ["a1", 7], [[]],
    { length: 1e9 }, { length: -1 }, { rules: {} }, { players: 2.5 }, { bot: 7 },
    { level: "x" }, { seed: 1e300 }, { timeMs: -5 }, { botMove: 3 },
    { botMove: () => 5 }, { botMove: () => { throw 7; } }, Object.create(null),
    { toString() { throw new Error("toString"); } }, hostile, revocable.proxy,
    new Uint8Array(4), new Date(0), /re/, new Map(),
  ];
};

test("garbage to every entry point throws typed errors, and the module still works", () => {
  const values = garbage();
  const games = GAMES.map((name) => new Game(name));
  // Solving garbage options on a game that cannot be solved (another game, or a game over)
  // must throw at once, never start a search.
  const unsolvable = [...games.slice(1), Game.fromRecord("pyrga", {}, PYRGA_OVER)];
  const calls = [];
  for (const a of values) {
    calls.push(() => new Game(a));
    calls.push(() => Game.fromText(a, a));
    calls.push(() => botMove(a, a));
    calls.push(() => solve(a, a));
    calls.push(() => moveValues(a, a));
    for (const game of unsolvable) {
      calls.push(() => game.solve(a));
      calls.push(() => game.moveValues(a));
      calls.push(() => solve(game, a));
      calls.push(() => moveValues(game, a));
    }
    for (const name of GAMES) {
      calls.push(() => new Game(name, a));
      calls.push(() => Game.fromRecord(name, a, ""));
      calls.push(() => Game.fromRecord(name, {}, a));
      calls.push(() => Game.fromText(name, a));
    }
    for (const game of games) {
      calls.push(() => game.play(a));
      calls.push(() => game.perft(a));
      calls.push(() => game.inputChoices(a));
      calls.push(() => game.botMove(a));
      calls.push(() => botMove(game, a));
      calls.push(() => game.inputChoices([a]));
    }
    for (const b of values.slice(0, 12)) {
      calls.push(() => Game.fromRecord(a, b, a));
    }
  }
  let refused = 0;
  for (const call of calls) {
    try {
      call();
    } catch (error) {
      refused += 1;
      assert.ok(error instanceof Error, `not an Error: ${String(error)}`);
      assert.ok(KINDS.includes(error.kind), `kind ${error.kind}: ${error.message}`);
      assert.ok(error.message.length > 0);
    }
  }
  assert.ok(refused > calls.length / 2);
  // The module still works, and the games given garbage are unchanged.
  assert.equal(new Game("pyrga").perft(3), 7000);
  for (const game of games) {
    assert.equal(game.record(), "");
    assert.ok(game.legalMoves().length > 0);
    assert.equal(typeof game.view().status, "string");
  }
  assert.ok(new Game("pylos").legalMoves().includes(botMove(new Game("pylos"), { seed: 1 })));
});

test("records and position texts round-trip", () => {
  const settings = [
    ["pyrga", {}], ["pyrga", { rules: "classic" }], ["pylos", {}],
    ["pylos", { variant: "expert", takeback: "0-2", end: "reserve" }],
    ["architekton", {}], ["architekton", { buildingMatch: "one" }],
    ["crescendo", {}], ["crescendo", { players: 2 }], ["crescendo", { players: 3 }],
  ];
  for (const [name, options] of settings) {
    for (const seed of [1, 2]) {
      const game = randomGame(name, options, 200, seed, (game) => {
        const again = Game.fromText(name, game.toText());
        assert.equal(again.toText(), game.toText());
        assert.equal(again.key(), game.key());
        assert.equal(again.status(), game.status());
        assert.deepEqual(again.legalMoves(), game.legalMoves());
      });
      const replayed = Game.fromRecord(name, options, game.record());
      assert.equal(replayed.toText(), game.toText());
      assert.equal(replayed.record(), game.record());
      assert.equal(replayed.status(), game.status());
      assert.equal(replayed.view().lastMove, game.record().split(" ").at(-1));
    }
  }
});

test("game files carry the game, its options and its record", () => {
  const settings = [
    ["pyrga", { rules: "classic" }], ["pylos", { variant: "expert", takeback: "0-2" }],
    ["architekton", { buildingMatch: "one" }], ["crescendo", { players: 3 }],
  ];
  for (const [name, options] of settings) {
    const game = randomGame(name, options, 80, 4);
    const file = game.toFile();
    assert.ok(file.startsWith(`[game "${name}"]\n`), file);
    const again = Game.fromFile(file);
    assert.equal(again.name, name);
    assert.deepEqual(again.options(), Object.fromEntries(
      Object.entries(options).map(([key, value]) => [key, String(value)])));
    assert.equal(again.toText(), game.toText());
    assert.equal(again.toFile(), file);
  }
  // A game begun at a position keeps it; a file of moves alone needs the game's name.
  const middle = randomGame("pyrga", {}, 6, 2);
  const later = Game.fromText("pyrga", middle.toText()).play(middle.legalMoves()[0]);
  assert.match(later.toFile(), /^\[game "pyrga"\]\n\[position "/);
  assert.equal(Game.fromFile(later.toFile()).toText(), later.toText());
  assert.equal(Game.fromFile("Sa1 Tb1w", "pyrga").record(), "Sa1 Tb1w");
  throwsKind(() => Game.fromFile("Sa1 Tb1w"), "badOption", /which game/);
  // Who played each seat, as towers play writes it.
  const named = later.toFile({ players: ["you", "perfect bot, level 3"] });
  assert.match(named, /\[player1 "you"\]\n\[player2 "perfect bot, level 3"\]\n/);
  assert.equal(Game.fromFile(named).toText(), later.toText());
  assert.equal(later.toFile({ players: ["", "bot"] }).includes("player1"), false);
  throwsKind(() => later.toFile({ players: ["a", "b", "c"] }), "badOption", /at most 2 strings/);
  throwsKind(() => later.toFile({ players: "you" }), "badOption", /players/);
  throwsKind(() => later.toFile({ player: ["you"] }), "badOption", /unknown option "player"/);
  throwsKind(() => Game.fromFile("[game pyrga]"), "parse", /line 1/);
  throwsKind(() => Game.fromFile('[game "pyrga"]\n[players "2"]'), "badOption", /does not apply/);
});

test("the result in words and each game's description", () => {
  const over = Game.fromRecord("pyrga", {}, PYRGA_OVER);
  assert.equal(over.result(), over.view().result);
  assert.match(over.result(), /^(White|Black) wins|^Draw/);
  assert.equal(new Game("pyrga").result(), undefined);
  assert.equal(new Game("pyrga").view().result, null);
  for (const name of GAMES) {
    const info = gameInfo(name);
    assert.equal(info.name, name);
    assert.deepEqual(info.bots.filter((bot) => bot !== "perfect"), BOTS[name]);
    assert.ok(info.rules.length > 200);
    for (const option of info.options) {
      assert.ok(option.values.includes(option.default), JSON.stringify(option));
      for (const value of option.values) new Game(name, { [option.key]: value });
    }
  }
  assert.deepEqual(gameInfo("pylos").seats, ["Light", "Dark"]);
  assert.equal(gameInfo("pyrga").longestGame, 30);
  throwsKind(() => gameInfo("chess"), "badOption", /unknown game/);
});

test("play returns a new game and leaves the old one unchanged", () => {
  const start = new Game("pyrga");
  const text = start.toText();
  const next = start.play("Ca1");
  assert.equal(start.toText(), text);
  assert.equal(start.record(), "");
  assert.equal(next.record(), "Ca1");
  assert.equal(next.view().lastMove, "Ca1");
  assert.notEqual(next.key(), start.key());
});

test("bots return legal moves, with every bot, level and a time budget", () => {
  for (const name of GAMES) {
    let game = new Game(name);
    for (let ply = 0; ply < 30 && game.status().startsWith("ongoing"); ply++) {
      const chance = game.status() === "ongoing chance";
      const bot = BOTS[name][ply % BOTS[name].length];
      const options = { bot, level: 1 + (ply % 2), seed: ply };
      if (ply % 5 === 4) options.timeMs = 30;
      const move = botMove(game, options);
      assert.ok(game.legalMoves().includes(move), `${name} ${bot}: ${move}`);
      if (chance) assert.ok(game.chanceOutcomes().some((o) => o.move === move));
      if (options.timeMs === undefined) {
        assert.equal(game.botMove(options), move, "botMove is deterministic for a seed");
      }
      game = game.play(move);
    }
  }
  const start = new Game("pylos");
  assert.ok(start.legalMoves().includes(botMove(start)));
  assert.ok(start.legalMoves().includes(botMove(start, { level: 5, timeMs: 100 })));
});

test("views name the effects of the last move", () => {
  const pyrga = Game.fromRecord("pyrga", {}, "Ca1 Ta1e Cb1 Sb1 Sa1");
  assert.deepEqual(pyrga.view().effects, [{ kind: "towerComplete", cell: "a1", controller: 0 }]);
  const a1 = pyrga.view().board.cells.find((c) => c.cell === "a1");
  assert.deepEqual(a1.triangle, { owner: 1, direction: "e" });
  assert.equal(a1.controller, 0);

  const pylos = Game.fromRecord("pylos", {}, "0a1 0d4 0b1 0d3 0a2 0d2 0b2x0b2x0a1");
  assert.deepEqual(pylos.view().effects, [
    { kind: "takeBack", spot: "0a1" },
    { kind: "takeBack", spot: "0b2" },
  ]);
  assert.equal(pylos.view().players[0].reserve, 13);
  assert.equal(pylos.view().board.spots.length, 30);

  const architekton = Game.fromRecord(
    "architekton", {}, "*p *w *w *e *f *wepf *wefp *wpfe wepf@-1,0r3",
  );
  assert.deepEqual(architekton.view().effects, [
    { kind: "housePlaced", at: { x: -1, y: 0 }, seat: 0 },
  ]);
  assert.equal(architekton.view().board.phase.name, "lay");

  let scattered = false;
  for (let seed = 0; seed < 40 && !scattered; seed++) {
    let game = new Game("crescendo", { players: 2 });
    for (let ply = 0; ply < 400 && game.status().startsWith("ongoing"); ply++) {
      game = game.play(botMove(game, { bot: "greedy", seed: seed * 1000 + ply }));
      const scatter = game.view().effects.find((e) => e.kind === "scatter");
      if (scatter) {
        const phase = game.view().board.phase;
        assert.equal(phase.name, "scattering");
        assert.equal(phase.victim, scatter.victim);
        const placed = game.play(game.legalMoves()[0]).view().effects;
        assert.equal(placed[0].kind, "pawnPlaced");
        scattered = true;
        break;
      }
    }
  }
  assert.ok(scattered, "a greedy game scatters a tower");
});

test("input helpers build every legal move step by step", () => {
  for (const name of GAMES) {
    randomGame(name, {}, 40, 3, (game) => {
      if (!game.status().startsWith("ongoing")) return;
      const first = game.inputChoices([]);
      assert.deepEqual(first.moves, game.legalMoves());
      for (const move of game.legalMoves().slice(0, 40)) {
        const steps = [];
        for (;;) {
          const choices = game.inputChoices(steps);
          if (choices.move === move) break;
          const next = choices.next.find((s) => game.inputChoices([...steps, s.step]).moves.includes(move));
          assert.ok(next, `${name} ${move}: no step after ${steps}`);
          steps.push(next.step);
        }
      }
    });
  }
  const pylos = Game.fromRecord("pylos", {}, "0a1 0d4 0b1 0d3 0a2 0d2");
  const placed = pylos.inputChoices(["0b2"]);
  assert.equal(placed.move, null);
  assert.ok(placed.next.every((s) => s.role === "takeBack"));
  assert.equal(pylos.inputChoices(["0b2", "0b2", "0a1"]).move, "0b2x0a1x0b2");
  assert.equal(pylos.inputChoices(["0b2", "0a1", "0b2"]).move, "0b2x0a1x0b2");
  const pyrga = new Game("pyrga").inputChoices(["a1"]);
  assert.deepEqual(pyrga.next.map((s) => s.role), ["shape", "shape", "shape"]);
});

test("solve gives the value of a Pyrga position", () => {
  const game = Game.fromRecord("pyrga", {}, PYRGA_LATE);
  const started = performance.now();
  const value = solve(game, { timeMs: 5000 });
  assert.deepEqual(value, { verdict: "win", plies: 9, text: "White wins in 9" });
  assert.ok(performance.now() - started < 1000, "a late position solves in well under a second");
  assert.deepEqual(game.solve(), value);
  assert.deepEqual(solve(game, { timeMs: 1e300, nodes: 1e15 }), value, "any budget works");
  assert.equal(botMove(game, { bot: "perfect", timeMs: 1e300 }), "Cc3");
  // Black to move after the best move: a loss in 8, said as White's win.
  assert.deepEqual(game.play("Cc3").solve(), { verdict: "loss", plies: 8, text: "White wins in 8" });
  assert.deepEqual(game.play("Cb2").solve({ nodes: 1e9 }), { verdict: "draw", plies: 0, text: "Draw" });
});

test("moveValues lists every legal move with its value, best first", () => {
  const game = Game.fromRecord("pyrga", {}, PYRGA_LATE);
  const values = moveValues(game, { timeMs: 5000 });
  assert.deepEqual(values.map((v) => v.move).sort(), game.legalMoves());
  assert.deepEqual(values[0], { move: "Cc3", verdict: "win", plies: 9, text: "win in 9" });
  const rank = (v) => ({ win: v.plies, draw: 100, loss: 200 - v.plies })[v.verdict];
  for (let i = 1; i < values.length; i++) {
    assert.ok(rank(values[i - 1]) <= rank(values[i]), `${values[i - 1].text} before ${values[i].text}`);
  }
  for (const verdict of ["win", "draw", "loss"]) {
    assert.ok(values.some((v) => v.verdict === verdict), verdict);
  }
  // Each value is that of the position after the move, seen from the mover's side.
  const flip = { win: "loss", loss: "win", draw: "draw" };
  for (const { move, verdict, plies, text } of values) {
    const after = game.play(move).solve();
    assert.equal(after.verdict, flip[verdict], move);
    assert.equal(after.plies, verdict === "draw" ? 0 : plies - 1, move);
    assert.equal(text, verdict === "draw" ? "draw" : `${verdict} in ${plies}`);
  }
  assert.deepEqual(game.moveValues({ timeMs: 5000 }), values);
});

test("the start is valued at once: every first move, from the whole solve shipped", () => {
  const start = new Game("pyrga");
  assert.deepEqual(solve(start, { nodes: 1 }), { verdict: "win", plies: 27, text: "White wins in 27" });
  const values = moveValues(start, { nodes: 1 });
  assert.equal(values.length, 80);
  assert.deepEqual(values[0], { move: "Sa1", verdict: "win", plies: 27, text: "win in 27" });
  const classic = new Game("pyrga", { rules: "classic" });
  assert.equal(solve(classic, { nodes: 1 }).text, "White wins in 25");
});

test("solving throws outOfBudget, badOption or gameOver when it cannot answer", () => {
  const start = new Game("pyrga");
  // A position of the first plies that nothing shipped values (the start is: below).
  const early = Game.fromRecord("pyrga", {}, "Sb2");
  throwsKind(() => solve(early, { nodes: 10 }), "outOfBudget", /^the solver ran out of its budget \(5000 ms or 10 nodes\) after \d+ nodes$/);
  throwsKind(() => moveValues(early, { timeMs: 1 }), "outOfBudget", /\(1 ms\)/);
  for (const name of ["pylos", "architekton", "crescendo"]) {
    throwsKind(() => solve(new Game(name)), "badOption", new RegExp(`^solve solves pyrga only, not ${name}$`));
    throwsKind(() => new Game(name).moveValues(), "badOption", /pyrga only/);
  }
  throwsKind(() => solve(Game.fromRecord("pyrga", {}, PYRGA_OVER)), "gameOver");
  throwsKind(() => moveValues(Game.fromRecord("pyrga", {}, PYRGA_OVER)), "gameOver");
  throwsKind(() => solve(start, { timeMs: -1 }), "badOption", /timeMs/);
  throwsKind(() => solve(start, { nodes: 2.5 }), "badOption", /nodes/);
  throwsKind(() => solve(start, "fast"), "badOption");
  throwsKind(() => solve("pyrga"), "badOption", /^solve takes a Game$/);
  throwsKind(() => moveValues({}), "badOption", /^moveValues takes a Game$/);
});

test("the perfect bot of Pyrga plays best moves", () => {
  const game = Game.fromRecord("pyrga", {}, PYRGA_LATE);
  assert.equal(botMove(game, { bot: "perfect", timeMs: 5000 }), "Cc3");
  assert.equal(game.botMove({ bot: "perfect", level: 1 }), "Cc3");
  // Perfect against random from here: White keeps the win to the end.
  let position = game;
  for (let ply = 0; position.status().startsWith("ongoing"); ply++) {
    const bot = ply % 2 === 0 ? "perfect" : "random";
    position = position.play(botMove(position, { bot, seed: ply, timeMs: 2000 }));
  }
  assert.equal(position.status(), "winner 0");
  throwsKind(() => botMove(new Game("pylos"), { bot: "perfect" }), "badOption", /unknown bot "perfect" for pylos/);
});

test("the package ships its declarations", async () => {
  const { readFile } = await import("node:fs/promises");
  const dir = path.join(root, "target/web/pkg");
  const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8"));
  assert.equal(pkg.main, "./towers_wasm.cjs");
  const node = pkg.exports["."].node;
  for (const file of [pkg.types, node.import.types, node.require.types]) {
    const types = await readFile(path.join(dir, file), "utf8");
    for (const name of ["class Game", "export function botMove", "export function solve", "export function moveValues", "export function memoryUsage", "export type View", "export interface Choices", "export type Effect", "export interface PositionValue", "export interface MoveValue", "export interface SolveOptions", "export interface MemoryUsage", "export interface TowersError"]) {
      assert.ok(types.includes(name), `${name} in ${file}`);
    }
  }
});
