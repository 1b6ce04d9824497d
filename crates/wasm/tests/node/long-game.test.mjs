// 20,000 plies of 4-player Crescendo between random bots, as whole matches one after the
// other, played as an app plays them: every position of every match kept for undo, then
// all undone; and the longest of the matches loaded from its record. A match cannot last
// longer than the game's `longestGame` (its rounds end at a limit of moves), so the long
// session is made of several matches. The module's memory must stay under the bound
// stated in docs/web.md.
// Run: node --test crates/wasm/tests/node/ (after `cargo xtask web`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const require = createRequire(import.meta.url);
const { Game, botMove, gameInfo, memoryUsage } = require(path.join(root, "target/web/pkg"));

const PLIES = 20_000;
// The bound stated in docs/web.md: the module's whole WebAssembly memory while the 20,000
// plies' positions (and each match's start) are held (measured: see the docs).
const MEMORY_BOUND = 40 * 1024 * 1024;
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const OPTIONS = { players: 4 };

test("20,000 plies of whole matches play, undo and load within the stated memory", () => {
  const { longestGame } = gameInfo("crescendo");
  assert.ok(longestGame > 0 && longestGame < PLIES / 4, `longest game ${longestGame}`);
  const start = memoryUsage();
  // Every game object of the session, oldest first; each match starts a new chain.
  const stack = [new Game("crescendo", OPTIONS)];
  const finished = [];
  let plies = 0;
  let seed = 0;
  while (plies < PLIES) {
    const game = stack.at(-1);
    if (!game.status().startsWith("ongoing")) {
      finished.push({ record: game.record(), view: game.view() });
      stack.push(new Game("crescendo", OPTIONS));
      continue;
    }
    stack.push(game.play(botMove(game, { bot: "random", seed: seed++ })));
    plies += 1;
  }
  const lengths = finished.map(({ record }) => record.split(" ").length);
  assert.ok(finished.length >= 4, `only ${finished.length} matches ended in ${PLIES} plies`);
  for (const length of lengths) assert.ok(length <= longestGame, `a match of ${length} plies`);
  const played = memoryUsage();
  console.log(
    `${PLIES} plies in ${finished.length} whole matches (${lengths.join(", ")} plies) and one begun, ` +
      `held as ${stack.length} games: memory ${MB(played.memoryBytes)}, heap ${MB(played.heapBytes)} ` +
      `(${Math.round((played.heapBytes - start.heapBytes) / PLIES)} bytes a ply), peak ${MB(played.peakHeapBytes)}`,
  );
  assert.ok(played.memoryBytes < MEMORY_BOUND, `memory ${MB(played.memoryBytes)}`);

  // Undo everything, each position's game freed as an app drops it.
  const longest = finished.reduce((a, b) => (b.record.length > a.record.length ? b : a));
  while (stack.length > 0) stack.pop().free();
  const undone = memoryUsage();
  assert.ok(
    undone.heapBytes < start.heapBytes + 1024 * 1024,
    `heap after undoing: ${MB(undone.heapBytes)}, at the start ${MB(start.heapBytes)}`,
  );

  // The longest match loaded from its record, and its file.
  const started = performance.now();
  const loaded = Game.fromRecord("crescendo", OPTIONS, longest.record);
  const seconds = (performance.now() - started) / 1000;
  assert.deepEqual(loaded.view(), longest.view);
  assert.ok(!loaded.status().startsWith("ongoing"));
  assert.equal(Game.fromFile(loaded.toFile()).record(), longest.record);
  const after = memoryUsage();
  console.log(`the longest match loaded from its record in ${seconds.toFixed(2)} s: memory ${MB(after.memoryBytes)}, heap ${MB(after.heapBytes)}`);
  assert.ok(after.memoryBytes < MEMORY_BOUND, `memory ${MB(after.memoryBytes)}`);
  loaded.free();
});
