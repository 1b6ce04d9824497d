// Perft speed of the wasm build under Node against the native engine (`towers perft`).
//
//   cargo xtask web && cargo build --release -p towers
//   node crates/wasm/bench/perft.mjs
//
// Each count is one `perft` call inside wasm (no JavaScript loop). The native figure times
// `target/release/towers perft` as a child process (its start-up, a few milliseconds, is
// included; TOWERS_BIN names another binary, for example one built with
// RUSTFLAGS="-C target-feature=+popcnt"). Prints leaves per second and the ratio wasm /
// native.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
const { Game } = require(path.join(root, "target/web/pkg"));
const towers = process.env.TOWERS_BIN ?? path.join(root, "target/release/towers");

const cases = [
  ["pyrga", 7],
  ["pylos", 8],
];

function best(runs, run) {
  let fastest = Infinity;
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    count = run();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    fastest = Math.min(fastest, seconds);
  }
  return { count, seconds: fastest };
}

for (const [name, depth] of cases) {
  const game = new Game(name);
  const wasm = best(3, () => game.perft(depth));
  const line = [`${name} perft ${depth}: ${wasm.count} leaves`];
  line.push(`wasm ${(wasm.count / wasm.seconds / 1e6).toFixed(1)} M/s (${wasm.seconds.toFixed(2)} s)`);
  if (existsSync(towers)) {
    const native = best(3, () =>
      Number(execFileSync(towers, ["perft", name, String(depth)]).toString().trim().split("\n").pop()),
    );
    if (native.count !== wasm.count) {
      throw new Error(`${name}: native ${native.count} != wasm ${wasm.count}`);
    }
    line.push(`native ${(native.count / native.seconds / 1e6).toFixed(1)} M/s (${native.seconds.toFixed(2)} s)`);
    line.push(`ratio ${((100 * native.seconds) / wasm.seconds).toFixed(0)}%`);
  } else {
    line.push("(no target/release/towers: build it for the native figure)");
  }
  console.log(line.join("; "));
}
