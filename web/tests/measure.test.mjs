// Measures in the browser how long a bot move takes at the default level (3) for each game,
// and the gzipped size of the whole app. Reports the figures (no timing is asserted) and
// writes them to target/web/measures.json.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile, writeFile, mkdir } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const measures = {};

let server;
let browser;

before(async () => {
  server = await serve(app);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await mkdir(join(root, "target", "web"), { recursive: true });
  await writeFile(join(root, "target", "web", "measures.json"), `${JSON.stringify(measures, null, 2)}\n`);
});

async function files(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

test("the gzipped size of the app", async (t) => {
  let raw = 0;
  let gzipped = 0;
  let loadedRaw = 0;
  let loadedGzipped = 0;
  const each = {};
  for (const file of await files(app)) {
    const body = await readFile(file);
    const size = gzipSync(body, { level: 9 }).length;
    const name = relative(app, file);
    raw += body.length;
    gzipped += size;
    // The TypeScript declarations and the package.json are for programs, not the page.
    if (!name.endsWith(".d.ts") && !name.endsWith("package.json")) {
      loadedRaw += body.length;
      loadedGzipped += size;
    }
    each[name] = { raw: body.length, gzipped: size };
  }
  measures.size = { raw, gzipped, loadedRaw, loadedGzipped, files: each };
  t.diagnostic(`app folder: ${raw} bytes, ${gzipped} bytes gzipped`);
  t.diagnostic(`what the page loads: ${loadedRaw} bytes, ${loadedGzipped} bytes gzipped`);
  assert.ok(gzipped > 0);
});

test("bot move times at level 3, in the browser", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(server.url);
  await page.waitForSelector("body[data-phase=setup]");
  const times = await page.evaluate(async () => {
    const wasm = await import("./pkg/towers_wasm.js");
    await wasm.default();
    // The bot each game uses by default, and the plies of setup to skip (Crescendo's
    // crosses and pawns, where a move is quick) before measuring.
    const setups = [
      ["pyrga", {}, "alphabeta", 0],
      ["pylos", {}, "mcts", 0],
      ["architekton", {}, "mcts", 0],
      ["crescendo", { players: 2 }, "mcts", 22],
    ];
    const result = {};
    for (const [name, options, bot, skip] of setups) {
      let game = new wasm.Game(name, options);
      const samples = [];
      let seed = 1;
      for (let ply = 0; ply < 200 && samples.length < 8; ply += 1) {
        const status = game.status();
        if (!status.startsWith("ongoing")) break;
        let move;
        if (status === "ongoing chance") {
          move = game.chanceOutcomes()[0].move;
        } else if (ply >= skip && ply % 4 === 0) {
          const start = performance.now();
          move = wasm.botMove(game, { bot, level: 3, seed });
          samples.push(performance.now() - start);
        } else {
          move = wasm.botMove(game, { bot, level: 1, seed });
        }
        seed += 1;
        game = game.play(move);
      }
      samples.sort((a, b) => a - b);
      result[name] = {
        bot,
        samples: samples.length,
        meanMs: samples.reduce((a, b) => a + b, 0) / samples.length,
        medianMs: samples[Math.floor(samples.length / 2)],
        maxMs: samples[samples.length - 1],
      };
    }
    return result;
  });
  measures.botLevel3 = times;
  for (const [name, m] of Object.entries(times)) {
    t.diagnostic(`${name} (${m.bot}, level 3): mean ${m.meanMs.toFixed(0)} ms, median ${m.medianMs.toFixed(0)} ms, max ${m.maxMs.toFixed(0)} ms over ${m.samples} moves`);
    assert.ok(m.samples > 0, `no bot move measured for ${name}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
