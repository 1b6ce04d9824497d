// Pylos from a compact solution file over HTTP on the loopback address: the bytes and
// requests of opening, the time to the first value after starting to open, the time of
// each later moveValues (median, p95) and the bytes fetched per position, over 50
// `children` positions with at least 28 balls (crates/server/tests/data/children-28.dz).
// Run after `cargo xtask web`: node crates/wasm/bench/tablebase.mjs
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
const { Game, botMove, moveValues, PylosTablebase } = require(`${root}/target/web/pkg`);
const { faultyHost } = await import(new URL("../tests/node/faults.mjs", import.meta.url).href);
const host = await faultyHost(readFileSync(`${root}/crates/server/tests/data/children-28.dz`));
const balls = (g) => [...g.toText().split(" ")[0]].filter((c) => c === "L" || c === "D").length;
const games = [];
for (let seed = 1; games.length < 50 && seed < 2000; seed++) {
  let g = new Game("pylos", { variant: "children" });
  for (let p = 0; p < 200 && g.status().startsWith("ongoing") && balls(g) < 28; p++) g = g.play(botMove(g, { bot: "random", seed: seed * 1000 + p }));
  if (g.status().startsWith("ongoing") && balls(g) >= 28) games.push(g);
}
const t0 = performance.now();
const tb = await PylosTablebase.open(`${host.url}/good.dz`);
const opened = tb.stats();
await moveValues(games[0], { tablebase: tb });
const first = performance.now() - t0;
const times = [];
let prev = tb.stats();
const perPos = [];
for (const g of games.slice(1)) {
  const s = performance.now();
  await moveValues(g, { tablebase: tb });
  times.push(performance.now() - s);
  const now = tb.stats();
  perPos.push(now.bytes - prev.bytes);
  prev = now;
}
times.sort((a, b) => a - b);
const p95 = times[Math.floor(0.95 * (times.length - 1))];
console.log(JSON.stringify({ positions: games.length, openBytes: opened.bytes, openRequests: opened.requests, firstValueMs: first.toFixed(1), p95Ms: p95.toFixed(1), medianMs: times[Math.floor(times.length / 2)].toFixed(1), bytesPerPositionMean: Math.round(perPos.reduce((a, b) => a + b, 0) / perPos.length), bytesPerPositionMax: Math.max(...perPos), total: tb.stats(), fileBytes: tb.options().bytes, blocks: tb.options().blocks }));
await host.close();
