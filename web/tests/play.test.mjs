// Plays a whole game of each game through the page: the person's moves by clicks on the
// first highlighted target or choice, against a bot at level 1. Checks the result line,
// that the console logged no error, and saves a screenshot of each board.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { copyFile, mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { firstChoice, launch, startGame, watchedPage, confirmReplace } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const shots = join(root, "target", "web", "screenshots");
// The pictures of docs/web.md are refreshed only when asked (TOWERS_UPDATE_IMAGES=1), so
// that a test run leaves the repository's files as they are.
const images = process.env.TOWERS_UPDATE_IMAGES === "1" ? join(root, "docs", "images") : null;

let server;
let browser;

before(async () => {
  server = await serve(app);
  browser = await launch();
  await mkdir(shots, { recursive: true });
  if (images) await mkdir(images, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Chooses the game, its options and the bot (level 1) on the setup form, and starts. */
function start(page, game, options, bot) {
  return startGame(page, server.url, { game, options, bot });
}

/** Plays the person's moves with clicks until the game is over; returns the clicks made. */
async function playOut(page, limit) {
  let clicks = 0;
  for (;;) {
    await page.waitForSelector("body[data-phase=human], body[data-phase=over], body[data-phase=error]", { timeout: 60_000 });
    const phase = await page.getAttribute("body", "data-phase");
    if (phase !== "human") return { phase, clicks };
    await firstChoice(page).click();
    clicks += 1;
    assert.ok(clicks < limit, `more than ${limit} clicks`);
  }
}

async function playWholeGame(t, { game, options = {}, bot, limit, result }) {
  const { page, errors } = await watchedPage(browser.context);
  await start(page, game, options, bot);
  const { phase, clicks } = await playOut(page, limit);
  const status = await page.textContent("#status");
  const moves = await page.locator("#moves li").count();
  const outcome = await page.getAttribute("#status", "data-outcome");
  t.diagnostic(`${game}: ${moves} moves, ${clicks} clicks; "${status}"`);
  assert.equal(phase, "over", `the game stopped in phase ${phase}: ${status}`);
  assert.match(status, result);
  // The colour of the result line follows the person's side.
  assert.equal(outcome, status.startsWith("You won") ? "won" : status.startsWith("You lost") ? "lost" : "draw");
  // A phone-sized window keeps the pictures small for the docs.
  await page.setViewportSize({ width: 480, height: 900 });
  const shot = join(shots, `${game}.png`);
  // A board that pans in its box is pictured whole: the box grows to the board's size.
  await page.evaluate(() => {
    const box = document.querySelector("#board");
    if (box.classList.contains("pans")) Object.assign(box.style, { width: "max-content", maxHeight: "none", overflow: "visible" });
  });
  await page.locator("#board").screenshot({ path: shot });
  if (images) await copyFile(shot, join(images, `${game}.png`));
  assert.deepEqual(errors, []);
  await page.close();
}

test("Pyrga: a whole game against the alphabeta bot", (t) =>
  playWholeGame(t, { game: "pyrga", bot: "alphabeta", limit: 200, result: /^(You won\. White wins|You lost\. Black wins|Draw)/ }));

test("Pylos: a whole game against the mcts bot", (t) =>
  playWholeGame(t, { game: "pylos", bot: "mcts", limit: 400, result: /^(You won\. Light|You lost\. Dark) wins: / }));

test("Architekton: a whole game against the mcts bot", (t) =>
  playWholeGame(t, { game: "architekton", bot: "mcts", limit: 400, result: /^(You won\. Blue wins: |You lost\. Orange wins: |Draw)/ }));

test("Crescendo: a whole two-player match against the greedy bot", (t) =>
  playWholeGame(t, { game: "crescendo", options: { players: 2 }, bot: "greedy", limit: 4000, result: /^(You won\. Red|You lost\. Blue) wins the match/ }));

test("a 360-pixel-wide phone screen: no sideways scrolling, the board fits", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await page.setViewportSize({ width: 360, height: 740 });
  await start(page, "pyrga", {}, "random");
  await page.waitForSelector("body[data-phase=human]");
  await page.locator("#board [data-step]").first().click();
  await page.waitForSelector("body[data-phase=human]");
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    board: document.querySelector("#board svg").getBoundingClientRect().width,
  }));
  t.diagnostic(`page ${widths.page} px wide, board ${widths.board} px`);
  assert.ok(widths.page <= 360, `the page scrolls sideways: ${widths.page} px`);
  assert.ok(widths.board <= 360 && widths.board > 250);
  await page.screenshot({ path: join(shots, "pyrga-360.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("undo, and a record and a position saved and loaded as text", async () => {
  const { page, errors } = await watchedPage(browser.context);
  await start(page, "pyrga", {}, "random");
  const moves = page.locator("#moves li .move");
  for (let turn = 1; turn <= 2; turn += 1) {
    await page.waitForSelector("body[data-phase=human]");
    while ((await moves.count()) < 2 * turn - 1) {
      await firstChoice(page).click();
    }
  }
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await moves.count(), 4);
  const played = await moves.allTextContents();
  await page.click("#undo");
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await moves.allTextContents(), played.slice(0, 2));

  await page.click("#save");
  const record = await page.inputValue("#record-text");
  const moveTexts = played.slice(0, 2).map((line) => line.split(" ")[0]).join(" ");
  // The game, its options, who played each seat, the moves.
  const players = '[player1 "you"]\n[player2 "random bot, level 1"]';
  assert.equal(record, `[game "pyrga"]\n[rules "standard"]\n${players}\n${moveTexts}\n`);
  await page.fill("#record-text", "Sd3 Td2w");
  await page.click("#load-record");
  await confirmReplace(page);
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await moves.allTextContents(), ["Sd3 (White)", "Td2w (Black)"]);

  await page.click("#save");
  assert.equal(await page.inputValue("#position-text"), "4/3,S/3,tw/4 Td2w standard");
  await page.fill("#record-text", "Sd3 Sz9");
  await page.click("#load-record");
  await confirmReplace(page);
  assert.match(await page.textContent("#records-error"), /^ply 2, move Sz9: .*\(parse\)$/);
  await page.fill("#position-text", "4/4/4/SteC,sC,2 Sa1 standard");
  await page.click("#load-position");
  await confirmReplace(page);
  // Black is to move there: the bot plays, then it is the person's turn.
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await moves.count(), 1);
  assert.equal(await page.textContent("#status"), "White to play (you)");
  assert.equal(await page.locator("#board polygon").count() > 0, true);
  // The game file of a game begun at a position keeps the position.
  await page.click("#save");
  assert.match(await page.inputValue("#record-text"), /^\[game "pyrga"\]\n\[position "4\/4\/4\/SteC,sC,2 Sa1 standard"\]\n\[player1 "you"\]\n\[player2 "random bot, level 1"\]\n\S+\n$/);
  await page.click("#records button[value=close]");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a game file of another game and options starts that game", async () => {
  const { page, errors } = await watchedPage(browser.context);
  await start(page, "pyrga", {}, "random");
  await page.waitForSelector("body[data-phase=human]");
  await page.click("#save");
  await page.fill("#record-text", '[game "pylos"]\n[variant "expert"]\n0a1 0b1\n');
  await page.click("#load-record");
  await confirmReplace(page);
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await page.locator("#moves li .move").allTextContents(), ["0a1 (Light)", "0b1 (Dark)"]);
  await page.click("#save");
  assert.equal(
    await page.inputValue("#record-text"),
    '[game "pylos"]\n[variant "expert"]\n[player1 "you"]\n[player2 "random bot, level 1"]\n0a1 0b1\n',
  );
  assert.match(await page.inputValue("#position-text"), /expert/);
  await page.click("#records button[value=close]");
  assert.deepEqual(errors, []);
  await page.close();
});
