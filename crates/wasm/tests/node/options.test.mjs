// Every options object of the API refuses unknown keys and values of the wrong type with
// a `badOption` error naming the key and the keys it knows. Run: node --test
// crates/wasm/tests/node/ (after `cargo xtask web`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const require = createRequire(import.meta.url);
const { Game, botMove, solve, moveValues } = require(path.join(root, "target/web/pkg"));

// A Pyrga position at ply 16, which the solver values at once.
const LATE = "Tc3n Tc4e Td4s Cd1 Sd1 Sc1 Cb1 Tb1w Sa1 Ta2s Ta1n Ta3n Ta4e Cb4 Sb4 Sb3";

/** Asserts that `run` throws a `badOption` Error whose message matches every pattern. */
function refused(run, ...patterns) {
  assert.throws(run, (error) => {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.equal(error.kind, "badOption", error.message);
    for (const pattern of patterns) assert.match(error.message, pattern);
    assert.ok(error.message.length < 300, error.message);
    return true;
  });
}

test("botMove refuses unknown keys and wrong types, as a function and as a method", () => {
  const game = new Game("pylos");
  const calls = [(options) => botMove(game, options), (options) => game.botMove(options)];
  for (const call of calls) {
    refused(() => call({ levle: 5 }), /unknown option "levle" for botMove/, /options: bot, level, seed, timeMs/);
    refused(() => call({ level: "3" }), /option level of botMove must be an integer from 1 to 5, not the string "3"/);
    refused(() => call({ level: 2.5 }), /option level/);
    refused(() => call({ level: null }), /option level .* not null/);
    refused(() => call({ bot: 7 }), /option bot of botMove must be a string, not 7/);
    refused(() => call({ seed: "1" }), /option seed/);
    refused(() => call({ seed: -1 }), /option seed/);
    refused(() => call({ seed: 2 ** 53 }), /option seed/);
    refused(() => call({ timeMs: "100" }), /option timeMs/);
    refused(() => call({ timeMs: Infinity }), /option timeMs/);
    refused(() => call({ [Symbol("s")]: 1 }), /not a string/, /options: bot, level/);
    refused(() => call("fast"), /must be an object/);
    refused(() => call([1]), /must be an object/);
    refused(() => call({ ["x".repeat(10_000)]: 1 }), /unknown option "x+…/);
    // What is allowed: every key, absent ones, undefined values.
    const move = call({ bot: "alphabeta", level: 1, seed: 3, timeMs: 1000 });
    assert.ok(game.legalMoves().includes(move));
    assert.ok(game.legalMoves().includes(call({ level: undefined })));
    assert.ok(game.legalMoves().includes(call(null)));
    assert.ok(game.legalMoves().includes(call({})));
  }
});

test("solve and moveValues refuse unknown keys and wrong types", () => {
  const game = Game.fromRecord("pyrga", {}, LATE);
  const calls = {
    solve: [(options) => solve(game, options), (options) => game.solve(options)],
    moveValues: [(options) => moveValues(game, options), (options) => game.moveValues(options)],
  };
  for (const [name, pair] of Object.entries(calls)) {
    for (const call of pair) {
      refused(() => call({ time: 100 }), new RegExp(`unknown option "time" for ${name}`), /options: timeMs, nodes/);
      refused(() => call({ timeMs: "100" }), new RegExp(`option timeMs of ${name} must be a positive number`));
      refused(() => call({ nodes: "1000" }), /option nodes/, /not the string "1000"/);
      refused(() => call({ nodes: 0 }), /option nodes/);
      refused(() => call({ nodes: 1.5 }), /option nodes/);
      refused(() => call(7), /must be an object/);
      assert.ok(call({ timeMs: 5000, nodes: 1e9 }));
    }
  }
});

test("game options refuse unknown keys, other games' keys and wrong types", () => {
  const makers = [
    (name, options) => new Game(name, options),
    (name, options) => Game.fromRecord(name, options, ""),
  ];
  for (const make of makers) {
    refused(() => make("pylos", { colour: "red" }), /unknown option "colour" for pylos/, /options: variant, takeback, end/);
    refused(() => make("pyrga", { players: 2 }), /option players does not apply to pyrga/, /its options: rules/);
    refused(() => make("crescendo", { rules: "classic" }), /does not apply to crescendo/, /players/);
    refused(() => make("pylos", { variant: true }), /option variant of pylos must be a string or an integer, not true/);
    refused(() => make("crescendo", { players: 2.5 }), /option players/);
    refused(() => make("crescendo", { players: null }), /option players/);
    refused(() => make("pyrga", { rules: ["classic"] }), /option rules .* an array/);
    refused(() => make("pyrga", "classic"), /must be an object/);
    // Values of the right type but not in the game's list are the catalog's to refuse.
    refused(() => make("pyrga", { rules: "expert" }), /standard or classic/);
    assert.equal(make("crescendo", { players: 2 }).view().players.length, 2);
    assert.equal(make("crescendo", { players: "3" }).view().players.length, 3);
    assert.equal(make("pyrga", { rules: undefined }).view().board.rules, "standard");
  }
});
