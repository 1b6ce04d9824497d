// Measures in the browser how long a bot move takes at the default level (3) for each game
// and at the strongest (5) for Architekton and Crescendo,
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

/** Runs the module source `body` in a worker of `page`, with `towers` (the wasm package,
 * its `init` awaited by `body`) imported, posts it `input` and returns its first answer. */
function inWorker(page, body, input) {
  return page.evaluate(async ([body, input]) => {
    const pkg = new URL("./pkg/towers_wasm.js", location.href).href;
    const source = `import init, * as towers from ${JSON.stringify(pkg)};\n${body}`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
    const answer = new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onerror = (event) => reject(new Error(event.message));
    });
    worker.postMessage(input);
    const data = await answer;
    worker.terminate();
    return data;
  }, [body, input]);
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

// Games of Pyrga's perfect bot, with the app's budget for it (5 s a move), against alpha-beta
// and MCTS at level 1 (the opponent changes every two games, the perfect bot's side every
// game), in a module worker as the app runs its bots. TOWERS_PERFECT_GAMES sets their
// number (default 400: 200 moves a ply of each side's first plies).
test("Pyrga's perfect bot in its own games, in a worker, with the 5 s budget", async (t) => {
  const games = Number(process.env.TOWERS_PERFECT_GAMES ?? 400);
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(server.url);
  await page.waitForSelector("body[data-phase=setup]");
  const played = await inWorker(page, `
      onmessage = async ({ data: games }) => {
        await init();
        const times = [];
        const results = { White: { won: 0, drawn: 0, lost: 0 }, Black: { won: 0, drawn: 0, lost: 0 } };
        for (let seed = 0; seed < games; seed += 1) {
          const side = seed % 2;
          const opponent = Math.floor(seed / 2) % 2 === 0 ? "alphabeta" : "mcts";
          let game = new towers.Game("pyrga", {});
          for (let ply = 0; game.status().startsWith("ongoing"); ply += 1) {
            let move;
            if (game.status() === "ongoing " + side) {
              const started = performance.now();
              move = towers.botMove(game, { bot: "perfect", timeMs: 5000 });
              (times[ply] ??= []).push(performance.now() - started);
            } else {
              move = towers.botMove(game, { bot: opponent, level: 1, seed });
            }
            game = game.play(move);
          }
          const status = game.status();
          const tally = results[side === 0 ? "White" : "Black"];
          if (status === "winner " + side) tally.won += 1;
          else if (status === "draw") tally.drawn += 1;
          else tally.lost += 1;
        }
        postMessage({ times, results });
      };`, games);
  const byPly = [];
  played.times.forEach((moves, ply) => {
    if (!moves?.length) return;
    moves.sort((a, b) => a - b);
    const at = (q) => moves[Math.round((moves.length - 1) * q)];
    byPly.push({ ply, moves: moves.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) });
  });
  measures.perfectPyrga = { games, budgetMs: 5000, results: played.results, byPly };
  for (const [side, r] of Object.entries(played.results)) t.diagnostic(`as ${side}: won ${r.won}, drawn ${r.drawn}, lost ${r.lost}`);
  for (const p of byPly) {
    t.diagnostic(`ply ${p.ply}: ${p.moves} moves, p50 ${p.p50Ms.toFixed(1)} ms, p99 ${p.p99Ms.toFixed(1)} ms, slowest ${p.maxMs.toFixed(1)} ms`);
  }
  const counted = Object.values(played.results).reduce((sum, r) => sum + r.won + r.drawn + r.lost, 0);
  assert.equal(counted, games);
  assert.deepEqual(errors, []);
  await page.close();
});

// The strongest level (5) of Architekton's and Crescendo's search bots, whose time a move
// the app promises (median ≤ 500 ms, longest ≤ 2 s): every decision of a match of level 5
// against itself, setup included, in a module worker as the app runs its bots, up to
// TOWERS_STRONGEST_SAMPLES decisions of Architekton (default 40) and three times as many of
// Crescendo (most of a two-player match: its setup decisions are quick).
test("the strongest level's move times in a worker, Architekton and Crescendo", async (t) => {
  const samples = Number(process.env.TOWERS_STRONGEST_SAMPLES ?? 40);
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(server.url);
  await page.waitForSelector("body[data-phase=setup]");
  const times = await inWorker(page, `
      onmessage = async ({ data: samples }) => {
        await init();
        const result = {};
        for (const [name, options, most] of [["architekton", {}, samples], ["crescendo", { players: 2 }, 3 * samples]]) {
          let game = new towers.Game(name, options);
          const taken = [];
          for (let seed = 1; taken.length < most && game.status().startsWith("ongoing"); seed += 1) {
            let move;
            if (game.status() === "ongoing chance") {
              move = game.chanceOutcomes()[0].move;
            } else {
              const started = performance.now();
              move = towers.botMove(game, { bot: "mcts", level: 5, seed });
              taken.push(performance.now() - started);
            }
            game = game.play(move);
          }
          result[name] = taken;
        }
        postMessage(result);
      };`, samples);
  measures.botLevel5 = {};
  for (const [name, taken] of Object.entries(times)) {
    taken.sort((a, b) => a - b);
    const m = { samples: taken.length, medianMs: taken[Math.floor(taken.length / 2)], maxMs: taken[taken.length - 1] };
    measures.botLevel5[name] = m;
    t.diagnostic(`${name} (mcts, level 5): median ${m.medianMs.toFixed(0)} ms, longest ${m.maxMs.toFixed(0)} ms over ${m.samples} decisions`);
    assert.ok(m.samples > 0, `no bot move measured for ${name}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
