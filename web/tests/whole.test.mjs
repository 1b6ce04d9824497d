// Perfect Pylos play in the page from a whole game's compact file (`standard` or `expert`,
// about 90 to 290 MB), where one has been built in target/solve/ (docs/solutions.md): such
// files take an hour to build, so the test runs only where one exists (or where
// TOWERS_WHOLE_DZ names one) and is skipped elsewhere, CI included. `cargo xtask serve
// --solve` serves the folder of the file; the setup screen offers the perfect bot for the
// file's options, the analysis panel's values from the start on equal the package's on the
// same file in Node, and the perfect bot answers with a best move. Times and bytes are
// printed as diagnostics.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, launch, loadRecord, panelRows, percentile, startGame, watchedPage, xtaskServe } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { Game, botMove, PylosTablebase } = createRequire(import.meta.url)(join(root, "target", "web", "pkg"));

/** The whole-game compact files at hand: TOWERS_WHOLE_DZ, else the `.dz` files of
 * target/solve/ that cover every position, with their tablebases opened. */
async function wholeFiles() {
  const folder = join(root, "target", "solve");
  const named = process.env.TOWERS_WHOLE_DZ;
  const paths = named !== undefined ? [named]
    : existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith(".dz")).map((f) => join(folder, f)) : [];
  const found = [];
  for (const path of paths) {
    const table = await PylosTablebase.open(path);
    if (table.options().minBalls === 0 && table.options().variant !== "children") found.push({ path, table });
    else await table.close();
  }
  return found;
}

let files = [];
let whole;
let served;
let browser;

before(async () => {
  files = await wholeFiles();
  whole = files[0];
  if (whole === undefined) return;
  served = await xtaskServe(dirname(whole.path));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const { table } of files) await table.close();
  served?.close();
});

/** The match options of the file: what the setup form's selects take. */
function optionsOf(table) {
  const { variant, takeback, end } = table.options();
  return { variant, takeback, end };
}

test("a whole game's file: the panel's values from the start on equal the package's", async (t) => {
  if (whole === undefined) {
    t.skip("no whole-game compact file in target/solve/ (see docs/solutions.md) and no TOWERS_WHOLE_DZ");
    return;
  }
  const options = optionsOf(whole.table);
  t.diagnostic(`file ${whole.path}: ${JSON.stringify(whole.table.options())}`);
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(served.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", "pylos");
  for (const [key, value] of Object.entries(options)) await page.selectOption(`#setup-option-${key}`, value);
  await page.waitForFunction(() => /^Perfect play: /.test(document.querySelector("#setup-solution").textContent));
  assert.ok((await page.textContent("#setup-solution")).includes(`solve/${basename(whole.path)}`));
  // Both seats people: the page loads the random game's positions, the panel values each.
  await page.selectOption("#setup-seat-0", "person");
  await page.selectOption("#setup-seat-1", "person");
  await page.click("#setup-start");
  await page.waitForSelector("body[data-phase=human]");
  await page.check("#analysis-on");
  let game = new Game("pylos", options);
  const moves = [];
  const ms = [];
  const bytes = [];
  for (let ply = 0; ply < 12 && game.status().startsWith("ongoing"); ply += 1) {
    const reads = await page.evaluate(() => window.towersSolutionReads.length);
    if (ply > 0) await loadRecord(page, game.toFile());
    await page.waitForFunction((count) => window.towersSolutionReads.length > count
      && !document.querySelector("#analysis-moves").hidden, reads);
    const expected = await whole.table.analyse(game);
    assert.deepEqual(await panelRows(page), expected.moves.map((m) => `${m.move} ${m.text}`), moves.join(" "));
    const read = await page.evaluate(() => window.towersSolutionReads.at(-1));
    ms.push(read.ms);
    bytes.push(read.bytes);
    const move = botMove(game, { bot: "random", seed: 7 + ply });
    moves.push(move);
    game = game.play(move);
  }
  t.diagnostic(`first value after opening: ${ms[0].toFixed(1)} ms; panel of ${ms.length - 1} more positions: p50 ${percentile(ms.slice(1), 50).toFixed(1)} ms, p95 ${percentile(ms.slice(1), 95).toFixed(1)} ms`);
  t.diagnostic(`bytes fetched: ${bytes[0]} for the first value, then per position mean ${Math.round(bytes.slice(1).reduce((a, b) => a + b, 0) / (bytes.length - 1))}, max ${Math.max(...bytes.slice(1))}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a whole game's file: the perfect bot answers the first move with a best move", async (t) => {
  if (whole === undefined) {
    t.skip("no whole-game compact file in target/solve/ (see docs/solutions.md) and no TOWERS_WHOLE_DZ");
    return;
  }
  const options = optionsOf(whole.table);
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, served.url, { game: "pylos", options, bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  // The person plays the first choice offered, the bot replies.
  while ((await page.locator("#moves li").count()) === 0) await firstChoice(page).click();
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2);
  const [first, reply] = await page.locator("#moves li .move").allTextContents();
  const values = await whole.table.analyse(Game.fromRecord("pylos", options, first.split(" ")[0]));
  const best = values.moves.filter((m) => m.verdict === values.moves[0].verdict && m.plies === values.moves[0].plies);
  assert.ok(best.some((m) => reply.startsWith(`${m.move} `)), `${reply} among ${best.map((m) => m.move)}`);
  assert.deepEqual(errors, []);
  await page.close();
});
