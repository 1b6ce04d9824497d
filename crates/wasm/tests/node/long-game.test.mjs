// A 20,000-ply game of Crescendo (4 players, random bots) played as an app plays it,
// keeping every position for undo, then undone to the start; and the same game loaded
// from its record. The module's memory must stay under the bound stated in docs/web.md.
// Run: node --test crates/wasm/tests/node/ (after `cargo xtask web`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const require = createRequire(import.meta.url);
const { Game, botMove, memoryUsage } = require(path.join(root, "target/web/pkg"));

const PLIES = 20_000;
// The bound stated in docs/web.md: the module's whole WebAssembly memory while 20,001
// positions of a 20,000-ply game are held (measured: see the docs).
const MEMORY_BOUND = 40 * 1024 * 1024;
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

test("a 20,000-ply game plays, undoes and loads within the stated memory", () => {
  const start = memoryUsage();
  const stack = [new Game("crescendo", { players: 4 })];
  let seed = 0;
  let takeBacks = 0;
  while (stack.length <= PLIES) {
    const game = stack.at(-1);
    if (!game.status().startsWith("ongoing")) {
      // Over before the target: undo 40 plies and play on with other seeds, as a player
      // would undo; bounded, so that a change of rules that ends every game soon fails here.
      for (let undo = 0; undo < 40 && stack.length > 1; undo++) stack.pop().free();
      takeBacks += 1;
      assert.ok(takeBacks < 500, `games end too soon to reach ${PLIES} plies`);
      continue;
    }
    stack.push(game.play(botMove(game, { bot: "random", seed: seed++ })));
  }
  const last = stack.at(-1);
  const record = last.record();
  assert.equal(record.split(" ").length, PLIES);
  const played = memoryUsage();
  console.log(
    `${PLIES} plies held as ${stack.length} games (${takeBacks} take-backs of 40 plies): ` +
      `memory ${MB(played.memoryBytes)}, heap ${MB(played.heapBytes)} ` +
      `(${Math.round((played.heapBytes - start.heapBytes) / PLIES)} bytes a ply), peak ${MB(played.peakHeapBytes)}`,
  );
  assert.ok(played.memoryBytes < MEMORY_BOUND, `memory ${MB(played.memoryBytes)}`);

  // Undo to the start, each position's game freed as an app drops it.
  const view = last.view();
  while (stack.length > 1) {
    stack.pop().free();
    if (stack.length % 5000 === 0) assert.equal(stack.at(-1).record().split(" ").filter(Boolean).length, stack.length - 1);
  }
  assert.equal(stack[0].record(), "");
  const undone = memoryUsage();
  assert.ok(
    undone.heapBytes < start.heapBytes + 1024 * 1024,
    `heap after undoing: ${MB(undone.heapBytes)}, at the start ${MB(start.heapBytes)}`,
  );

  // The same game loaded from its record, and its file.
  const started = performance.now();
  const loaded = Game.fromRecord("crescendo", { players: 4 }, record);
  const seconds = (performance.now() - started) / 1000;
  assert.deepEqual(loaded.view(), view);
  assert.equal(Game.fromFile(loaded.toFile()).record(), record);
  const after = memoryUsage();
  console.log(`loaded from its record in ${seconds.toFixed(2)} s: memory ${MB(after.memoryBytes)}, heap ${MB(after.heapBytes)}`);
  assert.ok(after.memoryBytes < MEMORY_BOUND, `memory ${MB(after.memoryBytes)}`);
  loaded.free();
});
