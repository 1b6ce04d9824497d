// Pylos's perfect play from a compact solution file (`PylosTablebase`), by path and by URL,
// equals `towers solve pylos --db` on the same positions, and a file damaged, cut short,
// missing or served wrongly gives a clear error, never a value. The file: the `children`
// positions with at least 28 balls (crates/server/tests/data/children-28.dz). The towers
// program: $TOWERS_BIN, else target/debug/towers (built by `cargo test`).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { faultyHost } from "./faults.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../.."); 
const require = createRequire(import.meta.url);
const { Game, botMove, solve, moveValues, PylosTablebase } = require(path.join(root, "target/web/pkg"));
const FILE = path.join(root, "crates/server/tests/data/children-28.dz");
const TOWERS = process.env.TOWERS_BIN ?? path.join(root, "target/debug/towers");

let host;
before(async () => {
  host = await faultyHost(readFileSync(FILE), { slowMs: 1500 });
});
after(async () => host?.close());

/** The balls on the board of `game`. */
const balls = (game) => [...game.toText().split(" ")[0]].filter((c) => c === "L" || c === "D").length;

/** `children` games of random moves with at least 28 balls on the board, still going on. */
function latePositions(count) {
  const games = [];
  for (let seed = 1; games.length < count && seed < 500; seed += 1) {
    let game = new Game("pylos", { variant: "children" });
    for (let ply = 0; ply < 200 && game.status().startsWith("ongoing") && balls(game) < 28; ply += 1) {
      game = game.play(botMove(game, { bot: "random", seed: seed * 1000 + ply }));
    }
    if (game.status().startsWith("ongoing") && balls(game) >= 28) games.push(game);
  }
  return games;
}

/** `towers solve pylos --db FILE` on the record of `game`: `{verdict, plies}`. */
function towersValue(record) {
  const out = execFileSync(TOWERS, ["solve", "pylos", "--variant", "children", "--db", FILE, "--moves", record], { encoding: "utf8" });
  const [, verdict, plies] = /^value (win|draw|loss) plies (\d+)$/m.exec(out);
  return { verdict, plies: Number(plies) };
}

/** A value after a move, for the mover, from the value `after` for the player to move then. */
function forMover({ verdict, plies }) {
  const flipped = { win: "loss", loss: "win", draw: "draw" }[verdict];
  return { verdict: flipped, plies: verdict === "draw" ? 0 : plies + 1 };
}

test("values by path and by URL equal towers solve pylos --db", { skip: !existsSync(TOWERS) && `no ${TOWERS}` }, async () => {
  const byPath = await PylosTablebase.open(FILE);
  const byUrl = await PylosTablebase.open(`${host.url}/good.dz`);
  const options = byPath.options();
  assert.deepEqual(
    { variant: options.variant, takeback: options.takeback, end: options.end, minBalls: options.minBalls },
    { variant: "children", takeback: "1-2", end: "nomove", minBalls: 28 },
  );
  assert.equal(options.bytes, readFileSync(FILE).length);
  assert.deepEqual(byUrl.options(), options);
  const games = latePositions(6);
  assert.equal(games.length, 6);
  for (const game of games) {
    const record = game.record();
    const value = await solve(game, { tablebase: byPath });
    const expected = towersValue(record);
    assert.deepEqual({ verdict: value.verdict, plies: value.plies }, expected, record);
    assert.deepEqual(await solve(game, { tablebase: byUrl }), value);
    const moves = await moveValues(game, { tablebase: byUrl });
    assert.deepEqual(await moveValues(game, { tablebase: byPath }), moves);
    assert.deepEqual([...moves.map((m) => m.move)].sort(), [...game.legalMoves()].sort());
    for (const { move, verdict, plies } of moves) {
      const child = game.play(move);
      if (!child.status().startsWith("ongoing")) continue;
      assert.deepEqual({ verdict, plies }, forMover(towersValue(`${record} ${move}`)), `${record} ${move}`);
    }
    // Best first: the first move's value is the position's.
    assert.equal(moves[0].verdict, value.verdict);
    assert.equal(moves[0].plies, value.plies);
  }
  const { requests, bytes } = byUrl.stats();
  assert.ok(requests >= 2 && bytes < options.bytes, `${requests} requests, ${bytes} bytes`);
  await byPath.close();
});

test("positions the file does not cover, and other games, are refused with their kind", async () => {
  const tb = await PylosTablebase.open(FILE);
  await assert.rejects(moveValues(new Game("pylos", { variant: "children" }), { tablebase: tb }), (error) => {
    assert.equal(error.kind, "noDatabase");
    assert.match(error.message, /does not cover this position/);
    return true;
  });
  await assert.rejects(solve(new Game("pyrga"), { tablebase: tb }), (error) => error.kind === "badOption");
  await assert.rejects(solve(new Game("pylos"), { tablebase: {} }), (error) => error.kind === "badOption");
  await assert.rejects(solve(new Game("pylos"), { tablebase: tb, timeMs: 5 }), (error) => error.kind === "badOption");
  await tb.close();
});

/** Asserts that `promise` rejects with an Error of `kind` whose message matches `message`. */
async function rejectsKind(promise, kind, message) {
  await assert.rejects(promise, (error) => {
    assert.equal(error.kind, kind, error.message);
    assert.match(error.message, message);
    return true;
  });
}

test("a file damaged, cut short, missing, served without Range or too slowly gives a clear error", async () => {
  const [game] = latePositions(1);
  await rejectsKind(PylosTablebase.open(`${host.url}/missing.dz`), "network", /no solution file at .*404/);
  await rejectsKind(PylosTablebase.open(`${host.url}/norange.dz`), "network", /ignores range requests/);
  await rejectsKind(PylosTablebase.open(`${host.url}/truncated.dz`), "badFile", /cannot be used.*truncated|cut short|bytes/);
  await rejectsKind(PylosTablebase.open(`${host.url}/slow.dz`, { timeoutMs: 300 }), "network", /did not arrive within 0.3 s/);
  await rejectsKind(PylosTablebase.open("http://127.0.0.1:9/x.dz"), "network", /cannot be reached/);
  await rejectsKind(PylosTablebase.open(path.join(root, "no-such-file.dz")), "badFile", /cannot be opened/);
  await rejectsKind(PylosTablebase.open(path.join(root, "Cargo.toml")), "badFile", /not a towers database/);
  // Damaged blocks: the header opens, a position is refused, and stays refused (the block
  // is not kept).
  const damaged = await PylosTablebase.open(`${host.url}/damaged.dz`);
  for (let round = 0; round < 2; round += 1) {
    await rejectsKind(moveValues(game, { tablebase: damaged }), "badFile", /solution file cannot be used: .*block \d+ is damaged/);
  }
  // A slow host within the time allowed answers.
  const slow = await PylosTablebase.open(`${host.url}/slow.dz`, { timeoutMs: 10000 });
  assert.ok((await solve(game, { tablebase: slow })).verdict);
});
