// Pyrga's perfect play in the page: the analysis panel of a late position, the hint with
// the position's value, the perfect bot playing to the end, and the message of an analysis
// that runs out of time. The expected values come from the package itself, loaded in the
// page (the same solver the worker runs), and were checked against `towers solve`.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { firstChoice, launch, startGame, watchedPage, loadRecord } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const shots = join(root, "target", "web", "screenshots");

// Ply 16 of a game: White to move has wins, draws and losses, and wins in 9 with Cc3.
const LATE = "Tc3n Tc4e Td4s Cd1 Sd1 Sc1 Cb1 Tb1w Sa1 Ta2s Ta1n Ta3n Ta4e Cb4 Sb4 Sb3";

let server;
let browser;

before(async () => {
  server = await serve(app);
  browser = await launch();
  await mkdir(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The value of every move after `record`, best first, from the package in the page. */
function moveValuesInPage(page, record) {
  return page.evaluate(async (moves) => {
    const towers = await import("./pkg/towers_wasm.js");
    await towers.default();
    return towers.moveValues(towers.Game.fromRecord("pyrga", {}, moves), { timeMs: 10_000 });
  }, record);
}

/** The rows of the analysis table: `[move, value text, class]`. */
function analysisRows(page) {
  return page.locator("#analysis-moves tbody tr").evaluateAll((rows) =>
    rows.map((row) => [row.cells[0].textContent, row.cells[1].textContent, row.className]));
}

test("Pyrga: the analysis panel lists every move of a late position, best first, and the hint says the value", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, server.url, { game: "pyrga", bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await page.locator("#analysis").isVisible(), true);
  await page.check("#analysis-on");
  await loadRecord(page, LATE);
  await page.waitForSelector("#analysis-moves:not([hidden]) tbody tr");
  const rows = await analysisRows(page);
  const expected = await moveValuesInPage(page, LATE);
  t.diagnostic(rows.map(([move, value]) => `${move} ${value}`).join(", "));
  assert.deepEqual(rows.map(([move, value]) => [move, value]), expected.map((v) => [v.move, v.text]));
  assert.equal(rows.length, 13);
  assert.deepEqual(rows[0], ["Cc3", "win in 9", "win best"]);
  for (const verdict of ["win", "draw", "loss"]) {
    assert.ok(rows.some(([, , kind]) => kind.startsWith(verdict)), verdict);
  }
  assert.match(await page.textContent("#analysis-status"), /^White to play: White wins in 9 \(\d+ (ms|\.\d s)\)$/);

  await page.click("#hint");
  await page.waitForFunction(() => document.querySelector("#hint-text").textContent.startsWith("Hint: C"));
  assert.equal(await page.textContent("#hint-text"), "Hint: Cc3. White wins in 9.");

  // A desktop-sized page, for a person to look at the panel.
  await page.screenshot({ path: join(shots, "pyrga-analysis.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Pyrga: the perfect bot answers every move with a best move, to the end", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, server.url, { game: "pyrga", bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, LATE);
  // The person (White) clicks the first highlighted choices; the bot (Black) answers.
  for (let clicks = 0; ; clicks += 1) {
    await page.waitForSelector("body[data-phase=human], body[data-phase=over], body[data-phase=error]", { timeout: 60_000 });
    if ((await page.getAttribute("body", "data-phase")) !== "human") break;
    await firstChoice(page).click();
    assert.ok(clicks < 100, "the game does not end");
  }
  assert.equal(await page.getAttribute("body", "data-phase"), "over");
  const status = await page.textContent("#status");
  assert.match(status, /^(You won\. White wins|You lost\. Black wins|Draw)/);
  // The move list holds the loaded record, then the moves played from there.
  const listed = (await page.locator("#moves li .move").allTextContents()).map((line) => line.split(" ")[0]);
  assert.deepEqual(listed.slice(0, 16), LATE.split(" "));
  const played = listed.slice(16);
  const bots = [];
  for (let ply = 0; ply < played.length; ply += 1) {
    if (ply % 2 === 0) continue; // White's moves, the person's
    const before = [...LATE.split(" "), ...played.slice(0, ply)].join(" ");
    const values = await moveValuesInPage(page, before);
    const chosen = values.find((v) => v.move === played[ply]);
    assert.ok(chosen, `${played[ply]} is legal after ${before}`);
    assert.equal(chosen.text, values[0].text, `Black's ${played[ply]} after ${before}`);
    bots.push(`${played[ply]} (${chosen.text})`);
  }
  t.diagnostic(`the perfect bot played ${bots.join(", ")}; "${status}"`);
  assert.ok(bots.length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Pyrga: against the perfect bot, the opening book values every reply at once", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  // The person plays Black, the perfect bot White.
  await page.goto(server.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", "pyrga");
  await page.selectOption("#setup-seat-0", "bot");
  await page.selectOption("#setup-seat-1", "person");
  await page.selectOption("#setup-bot", "perfect");
  await page.click("#setup-start");
  await page.waitForSelector("body[data-phase=human]");
  await page.selectOption("#analysis-time", "1000");
  await page.check("#analysis-on");
  // Ply 5, after the book's moves for White: a search of Black's replies takes seconds,
  // but the book holds the position after each of them with its value.
  const record = "Tb1w Sa1 Cb1 Sb1 Tc1e";
  await loadRecord(page, record);
  await page.waitForSelector("#analysis-moves:not([hidden]) tbody tr", { timeout: 30_000 });
  const rows = await analysisRows(page);
  t.diagnostic(rows.map(([move, value]) => `${move} ${value}`).join(", "));
  const expected = await moveValuesInPage(page, record);
  assert.deepEqual(rows.map(([move, value]) => [move, value]), expected.map((v) => [v.move, v.text]));
  assert.equal(rows.length, 4);
  assert.ok(rows.every(([, value]) => value.startsWith("loss in ")), "White wins after the book's moves");
  assert.match(await page.textContent("#analysis-status"), /^Black to play: White wins in \d+ \(\d+ ms\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Pyrga: the start's analysis lists the 80 first moves; one that runs out of time says so", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, server.url, { game: "pyrga", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await page.selectOption("#analysis-time", "1000");
  await page.check("#analysis-on");
  // The start was solved whole ahead: its values come with the package.
  await page.waitForSelector("#analysis-moves:not([hidden]) tbody tr", { timeout: 30_000 });
  const rows = await analysisRows(page);
  t.diagnostic(rows.slice(0, 14).map(([move, value]) => `${move} ${value}`).join(", "));
  assert.equal(rows.length, 80);
  assert.deepEqual(rows[0], ["Sa1", "win in 27", "win best"]);
  assert.equal(rows.filter(([, value]) => value === "win in 27").length, 12);
  assert.match(await page.textContent("#analysis-status"), /^White to play: White wins in 27 \(\d+ ms\)$/);
  // Ply 2, which nothing shipped values: the solver needs far more than 1 s.
  await loadRecord(page, "Sb2 Sb3");
  await page.waitForSelector("#analysis-status.error", { timeout: 30_000 });
  assert.match(await page.textContent("#analysis-status"), /^Not solved within 1 s: this position is too far from the end/);
  assert.equal(await page.locator("#analysis-moves").isVisible(), false);
  await page.click("#hint");
  await page.waitForFunction(() => /^Hint: [STC]/.test(document.querySelector("#hint-text").textContent), null, { timeout: 30_000 });
  // The exact value is out of reach in 1 s: the perfect bot chooses within the time.
  assert.match(await page.textContent("#hint-text"), /^Hint: [STC][a-d][1-4][nesw]? \(not solved within 1 s: the perfect bot's choice\)\.$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the analysis panel: Pyrga's in the page, Pylos's from a server, none for the others", async () => {
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, server.url, { game: "crescendo", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await page.locator("#analysis").isVisible(), false);
  await startGame(page, server.url, { game: "pylos", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await page.locator("#analysis").isVisible(), true);
  assert.equal(await page.locator("#analysis-server").isVisible(), true);
  assert.equal(await page.locator("#analysis-time").isVisible(), false);
  await page.click("#hint");
  await page.waitForFunction(() => document.querySelector("#hint-text").textContent.startsWith("Hint: 0"));
  assert.match(await page.textContent("#hint-text"), /^Hint: 0[a-d][1-4] \(the strong bot's choice, mcts\)\.$/);
  assert.deepEqual(errors, []);
  await page.close();
});
