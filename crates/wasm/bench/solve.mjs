// Pyrga's solver in wasm under Node against the same calls natively (the catalog's
// `solve`, one solver per thread whose table is kept between calls, in both).
//
//   cargo xtask web && cargo build --release -p catalog --example pyrga_solve_times
//   node crates/wasm/bench/solve.mjs [POSITIONS] [PLY…]
//
// Positions come from games of random moves (seeded), POSITIONS per ply (default 10 at
// plies 10, 12 and 14), solved in the same order by both. Prints per ply the median and
// the slowest solve of each and the ratio of the total times wasm / native, and checks
// that both give the same values.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
const { Game, botMove, solve } = require(path.join(root, "target/web/pkg"));
const native = path.join(root, "target/release/examples/pyrga_solve_times");

const count = Number(process.argv[2] ?? 10);
const plies = process.argv.length > 3 ? process.argv.slice(3).map(Number) : [10, 12, 14];

/** `count` records of `ply` moves from games of random moves. */
function records(ply, count) {
  const found = [];
  for (let seed = 0; found.length < count; seed += 1) {
    let game = new Game("pyrga");
    while (game.record().split(" ").filter(Boolean).length < ply && game.status().startsWith("ongoing")) {
      game = game.play(botMove(game, { bot: "random", seed: seed * 1000 + found.length }));
    }
    if (game.status().startsWith("ongoing")) found.push(game.record());
  }
  return found;
}

const quantile = (times, q) => [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) * q)];
const sum = (times) => times.reduce((a, b) => a + b, 0);

for (const ply of plies) {
  const list = records(ply, count);
  const wasm = list.map((record) => {
    const game = Game.fromRecord("pyrga", null, record);
    const started = process.hrtime.bigint();
    const value = solve(game, { timeMs: 600_000 });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, text: value.text };
  });
  const lines = execFileSync(native, { input: list.join("\n") + "\n" }).toString().trim().split("\n");
  const here = lines.map((line) => {
    const [ms, ...text] = line.split(" ");
    return { ms: Number(ms), text: text.join(" ") };
  });
  wasm.forEach((w, i) => {
    if (w.text !== here[i].text) throw new Error(`${list[i]}: wasm ${w.text}, native ${here[i].text}`);
  });
  const w = wasm.map((x) => x.ms);
  const n = here.map((x) => x.ms);
  console.log(
    `ply ${ply}: ${count} positions; wasm p50 ${quantile(w, 0.5).toFixed(1)} ms, slowest ${quantile(w, 1).toFixed(1)} ms; ` +
      `native p50 ${quantile(n, 0.5).toFixed(1)} ms, slowest ${quantile(n, 1).toFixed(1)} ms; ` +
      `wasm / native ${(sum(w) / sum(n)).toFixed(2)}`,
  );
}
