// Pylos's perfect play in the page from a compact solution file, with no analysis server:
// `cargo xtask serve --solve DIR` serves the app and, beside it, the small file of the
// `children` positions with at least 28 balls (crates/server/tests/data/children-28.dz,
// as the package's Node test reads it). The setup screen names the file of the options
// chosen, or what is missing and the command that makes it; the analysis panel shows the
// file's values (equal to the package's `moveValues` in Node on the same file); the
// perfect bot plays its best move; a file missing, damaged, cut short or served without
// `Range` gives a clear message and never a value; while a slow host answers, the panel
// says it is reading the file. The reads' times and bytes are printed as diagnostics
// (docs/web.md quotes them).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launch, startGame, watchedPage, firstChoice, xtaskServe, loadRecord, panelRows, percentile } from "./browser.mjs";
import { faultyHost } from "../../crates/wasm/tests/node/faults.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FILE = join(root, "crates", "server", "tests", "data", "children-28.dz");
const { Game, botMove, PylosTablebase } = createRequire(import.meta.url)(join(root, "target", "web", "pkg"));
const CHILDREN = { variant: "children" };

let folder;
let served;
let browser;
let host;
let table;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), "towers-solve-"));
  copyFileSync(FILE, join(folder, "pylos-children-28.dz"));
  served = await xtaskServe(folder);
  host = await faultyHost(readFileSync(FILE));
  table = await PylosTablebase.open(FILE);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await table?.close();
  await host?.close();
  served?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Random `children` games reaching at least 28 balls with `seat` to move, `count` of
 * them: `{ record, file }`, the moves and the game file that the page loads (moves alone
 * would be read with the default options). In `children` such late positions have one
 * legal move each. */
function lateRecords(seat, count) {
  const records = [];
  for (let seed = 1; records.length < count && seed < 2000; seed += 1) {
    let game = new Game("pylos", CHILDREN);
    const moves = [];
    for (let ply = 0; ply < 300 && game.status().startsWith("ongoing"); ply += 1) {
      const balls = [...game.toText().split(" ")[0]].filter((c) => c === "L" || c === "D").length;
      if (balls >= 28) break;
      const move = botMove(game, { bot: "random", seed: seed * 1000 + ply });
      moves.push(move);
      game = game.play(move);
    }
    if (game.status() === `ongoing ${seat}`) records.push({ record: moves.join(" "), file: game.toFile() });
  }
  return records;
}

/** Waits for the next answer of the panel after `reads` reads of the solution file. */
async function nextPanel(page, reads) {
  await page.waitForFunction((count) => window.towersSolutionReads.length > count
    && !document.querySelector("#analysis-moves").hidden, reads);
}

test("the setup screen names the solution file of the options, or what is missing and its command", async () => {
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(served.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", "pylos");
  const note = page.locator("#setup-solution");
  const bots = () => page.locator("#setup-bot option").evaluateAll((options) => options.map((o) => o.value));
  // The default options (standard): no file on this host.
  await page.waitForFunction(() => /No perfect bot/.test(document.querySelector("#setup-solution").textContent));
  assert.match(await note.textContent(), /no solution file for these options on this host/);
  assert.ok((await note.textContent()).includes("cargo run --release -p towers -- solve pylos --variant standard --build --min-balls 0 --db target/solve/pylos-standard.db --compact target/solve/pylos-standard.dz"));
  assert.deepEqual(await bots(), ["mcts", "alphabeta", "random"]);
  await page.selectOption("#setup-option-takeback", "0-2");
  await page.selectOption("#setup-option-end", "reserve");
  assert.ok((await note.textContent()).includes("--variant standard --takeback 0-2 --end reserve --build --min-balls 0 --db target/solve/pylos-standard-0-2-reserve.db --compact target/solve/pylos-standard-0-2-reserve.dz"));
  await page.selectOption("#setup-option-takeback", "1-2");
  await page.selectOption("#setup-option-end", "nomove");
  // children: the file served, its size, what it covers, and the perfect bot.
  await page.selectOption("#setup-option-variant", "children");
  assert.equal(await note.textContent(),
    "Perfect play: solve/pylos-children-28.dz, 0.6 MB (587,878 bytes), the positions with at least 28 balls (before them the perfect bot says so and the strong bot plays).");
  assert.deepEqual(await bots(), ["mcts", "alphabeta", "random", "perfect"]);
  await page.selectOption("#setup-game", "pyrga");
  assert.equal(await note.isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the panel shows the file's values, equal to the package's; bytes and times measured", async (t) => {
  const records = lateRecords(0, 20);
  assert.equal(records.length, 20);
  const { page, errors } = await watchedPage(browser.context);
  // The second count of the bytes read: the lengths of the parts the server sent, from
  // each response's Content-Range as the browser received it.
  const received = [];
  const count = (request) => {
    if (!request.url().endsWith("/solve/pylos-children-28.dz")) return;
    received.push(request.response().then(async (response) => {
      const [, start, end] = /^bytes (\d+)-(\d+)\//.exec(await response.headerValue("content-range"));
      return Number(end) - Number(start) + 1;
    }));
  };
  browser.context.on("requestfinished", count);
  await startGame(page, served.url, { game: "pylos", options: CHILDREN, bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  for (const [i, { record, file }] of records.entries()) {
    const reads = await page.evaluate(() => window.towersSolutionReads.length);
    await loadRecord(page, file);
    await page.waitForSelector("body[data-phase=human]");
    // The panel turned on at the first position: the file is opened for it.
    if (i === 0) await page.check("#analysis-on");
    await nextPanel(page, reads);
    const game = Game.fromRecord("pylos", CHILDREN, record);
    const expected = await table.analyse(game);
    assert.deepEqual(await panelRows(page), expected.moves.map((m) => `${m.move} ${m.text}`), record);
    assert.match(await page.textContent("#analysis-status"), new RegExp(`^Light to play: ${expected.value.text} \\(`));
  }
  // Once every read is over (a position may have been asked twice, its first answer
  // dropped), the panel asked again: its `total` counts every byte read from the file.
  await page.waitForTimeout(500);
  const asked = await page.evaluate(() => window.towersSolutionReads.length);
  await page.uncheck("#analysis-on");
  await page.check("#analysis-on");
  await nextPanel(page, asked);
  const reads = await page.evaluate(() => window.towersSolutionReads);
  browser.context.off("requestfinished", count);
  const wire = (await Promise.all(received)).reduce((sum, bytes) => sum + bytes, 0);
  assert.equal(wire, reads.at(-1).total, "the parts the server sent (Content-Range) add up to the bytes the package counted");
  const [first, ...rest] = reads.slice(0, asked);
  assert.equal(first.opened, true);
  const ms = rest.map((r) => r.ms);
  const bytes = rest.map((r) => r.bytes);
  t.diagnostic(`first value after opening: ${first.ms.toFixed(1)} ms (${first.requests} requests, ${first.bytes} bytes, the header and table included)`);
  t.diagnostic(`panel of ${rest.length} positions: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`);
  t.diagnostic(`fetched per position: mean ${Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length)} bytes, max ${Math.max(...bytes)} bytes, ${rest.reduce((a, r) => a + r.requests, 0)} requests in all`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the perfect bot plays the file's best move, and says when the file does not cover the position", async () => {
  const [{ record, file }] = lateRecords(1, 1);
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, served.url, { game: "pylos", options: CHILDREN, bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  // The start is not in the file: the bot says so, and the strong bot plays.
  while ((await page.locator("#moves li").count()) === 0) await firstChoice(page).click();
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2);
  assert.match(await page.textContent("#analysis-status"),
    /^The perfect bot needs the solution file \(the solution file does not cover this position .*\): the strong \(Monte Carlo tree search\) bot played instead\.$/);
  await loadRecord(page, file);
  await page.waitForFunction((count) => document.querySelectorAll("#moves li").length > count, record.split(" ").length);
  const moves = await page.locator("#moves li .move").allTextContents();
  const values = await table.analyse(Game.fromRecord("pylos", CHILDREN, record));
  const best = values.moves.filter((m) => m.verdict === values.moves[0].verdict && m.plies === values.moves[0].plies);
  assert.ok(best.some((m) => moves.at(-1).startsWith(`${m.move} `)), `${moves.at(-1)} among ${best.map((m) => m.move)}`);
  assert.equal(await page.textContent("#analysis-status"), "");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a slow host: the panel says it is reading the file, then shows its values", async () => {
  const slow = await faultyHost(readFileSync(FILE), { slowMs: 1500 });
  try {
    const [{ record, file }] = lateRecords(0, 1);
    const { page, errors } = await watchedPage(browser.context);
    await startGame(page, served.url, { game: "pylos", options: CHILDREN, bot: "random" });
    await page.waitForSelector("body[data-phase=human]");
    await loadRecord(page, file);
    await page.waitForSelector("body[data-phase=human]");
    await page.check("#analysis-on");
    await page.waitForSelector("#analysis-moves:not([hidden])");
    await page.fill("#solution-url", `${slow.url}/slow.dz`);
    await page.locator("#solution-url").dispatchEvent("change");
    const status = page.locator("#analysis-status");
    await page.waitForFunction(() => /^Reading the solution file/.test(document.querySelector("#analysis-status").textContent));
    assert.equal(await status.evaluate((node) => node.classList.contains("error")), false);
    await page.waitForFunction(() => /^Light to play: /.test(document.querySelector("#analysis-status").textContent)
      && !document.querySelector("#analysis-moves").hidden, null, { timeout: 30000 });
    const expected = await table.analyse(Game.fromRecord("pylos", CHILDREN, record));
    assert.deepEqual(await panelRows(page), expected.moves.map((m) => `${m.move} ${m.text}`));
    assert.ok(slow.requests.get("/slow.dz") >= 2, "the header and the blocks came from the slow host");
    assert.deepEqual(errors, []);
    await page.evaluate(() => localStorage.removeItem("towers.solution"));
    await page.close();
  } finally {
    await slow.close();
  }
});

test("a file missing, damaged, cut short or served without Range: a clear message, never a value nor a silent bot", async () => {
  const [{ file }] = lateRecords(0, 1);
  const { page } = await watchedPage(browser.context);
  await startGame(page, served.url, { game: "pylos", options: CHILDREN, bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, file);
  await page.waitForSelector("body[data-phase=human]");
  await page.check("#analysis-on");
  await page.waitForSelector("#analysis-moves:not([hidden])");
  const status = page.locator("#analysis-status");
  const faults = [
    ["missing.dz", /^There is no solution file at http:\/\/127\.0\.0\.1:\d+\/missing\.dz \(404 Not Found\)\.$/],
    ["damaged.dz", /^The solution file cannot be used: .*damaged\.dz: block \d+ is damaged: its content does not match its checksum\.$/],
    ["truncated.dz", /^The solution file cannot be used: .*truncated\.dz: \d+ bytes where the header says \d+: truncated or damaged\.$/],
    ["norange.dz", /^The host of .*norange\.dz ignores range requests \(it sent the whole file\): serve the file from a host that answers them \(206\)\.$/],
  ];
  for (const [name, message] of faults) {
    await page.fill("#solution-url", `${host.url}/${name}`);
    await page.locator("#solution-url").dispatchEvent("change");
    await page.waitForFunction(() => document.querySelector("#analysis-status").classList.contains("error"));
    assert.match(await status.textContent(), message);
    assert.equal(await page.locator("#analysis-moves").isVisible(), false, name);
  }
  // The address is kept in the browser; the perfect bot, offered for it, says why it
  // cannot play and lets the strong bot play.
  const [{ file: late }] = lateRecords(1, 1);
  await startGame(page, served.url, { game: "pylos", options: CHILDREN, bot: "perfect" });
  assert.equal(await page.inputValue("#solution-url"), `${host.url}/norange.dz`);
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, late);
  await page.waitForFunction(() => /played instead/.test(document.querySelector("#analysis-status").textContent));
  assert.match(await status.textContent(),
    /^The perfect bot needs the solution file \(the host of .*norange\.dz ignores range requests .*\): the strong \(Monte Carlo tree search\) bot played instead\.$/);
  await page.evaluate(() => localStorage.removeItem("towers.solution"));
  await page.close();
});
