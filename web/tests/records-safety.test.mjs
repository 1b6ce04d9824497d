// A game is never lost without the person's yes (issue 39, app item 1): an empty or blank
// box loads nothing, a load over a game in progress asks first and Undo brings the game
// back, and "Open a file…" refuses a file too large or not text before it reaches the box.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, startGame, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const running = servedApp(app);

const PYLOS = '[game "pylos"]\n[variant "expert"]\n0a1 0b1\n';

/** The moves of the move list. */
function listedMoves(page) {
  return page.locator("#moves li .move").allTextContents();
}

/** A Pyrga game against the random bot with two moves of the person's (four plies). */
async function pyrgaInPlay(page) {
  await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
  for (let ply = 1; ply <= 3; ply += 2) {
    await page.waitForSelector("body[data-phase=human]");
    while ((await listedMoves(page)).length < ply) await firstChoice(page).click();
  }
  await page.waitForSelector("body[data-phase=human]");
  const moves = await listedMoves(page);
  assert.equal(moves.length, 4);
  return moves;
}

test("an empty or blank box loads nothing and says so", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  const moves = await pyrgaInPlay(page);
  await page.click("#save");
  for (const text of ["", " ".repeat(300_000), "\n\t \n"]) {
    await page.fill("#record-text", text);
    await page.click("#load-record");
    assert.match(await page.textContent("#records-error"), /game box is empty: nothing was loaded/);
  }
  await page.fill("#position-text", "  ");
  await page.click("#load-position");
  assert.match(await page.textContent("#records-error"), /position box is empty/);
  await page.click("#records button[value=close]");
  assert.deepEqual(await listedMoves(page), moves);
  assert.equal(await page.isEnabled("#undo"), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a load over a game in progress asks, and Undo brings the game back", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  const moves = await pyrgaInPlay(page);
  await page.click("#save");
  await page.fill("#record-text", PYLOS);
  await page.click("#load-record");
  assert.equal(await page.isVisible("#replace"), true);
  assert.match(await page.textContent("#replace-text"), /replaces your Pyrga game in progress \(4 moves\)/);
  await page.click("#replace-no");
  assert.equal(await page.isVisible("#replace"), false);
  assert.equal(await page.isVisible("#records"), true);
  assert.deepEqual(await listedMoves(page), moves);

  await page.click("#load-record");
  await page.click("#replace-yes");
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await listedMoves(page), ["0a1 (Light)", "0b1 (Dark)"]);
  // Closing the dialog while it asks keeps the game too.
  await page.click("#save");
  await page.fill("#record-text", "0c1");
  await page.click("#load-record");
  assert.equal(await page.isVisible("#replace"), true);
  await page.click("#records button[value=close]");
  assert.deepEqual(await listedMoves(page), ["0a1 (Light)", "0b1 (Dark)"]);

  await page.click("#undo");
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await listedMoves(page), moves);
  assert.match(await page.textContent("#status"), /White to play \(you\)/);
  // Undo goes on from there, through the moves of the game brought back.
  await page.click("#undo");
  await page.waitForSelector("body[data-phase=human]");
  assert.deepEqual(await listedMoves(page), moves.slice(0, 2));
  assert.deepEqual(errors, []);
  await page.close();
});

test("a file too large or not text is refused before it reaches the box", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await pyrgaInPlay(page);
  await page.click("#save");
  const before = await page.inputValue("#record-text");
  const begun = Date.now();
  await page.setInputFiles("#record-file", { name: "big.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(5_000_000, 7) });
  await page.waitForFunction(() => document.querySelector("#records-error").textContent !== "");
  assert.match(await page.textContent("#records-error"), /^big\.bin is 5\.0 MB: a game file is text of at most 1 MB/);
  assert.ok(Date.now() - begun < 5_000, `refused in ${Date.now() - begun} ms`);
  assert.equal(await page.inputValue("#record-text"), before);

  const binary = Buffer.from([0x5b, 0x67, 0x00, 0xff, 0xfe, 0x01, 0x02]);
  await page.setInputFiles("#record-file", { name: "game.png", mimeType: "image/png", buffer: binary });
  await page.waitForFunction(() => document.querySelector("#records-error").textContent.startsWith("game.png"));
  assert.match(await page.textContent("#records-error"), /^game\.png is not text \(UTF-8\)/);
  assert.equal(await page.inputValue("#record-text"), before);

  await page.setInputFiles("#record-file", { name: "game.txt", mimeType: "text/plain", buffer: Buffer.from(`\n${PYLOS}\n`) });
  await page.waitForFunction(() => document.querySelector("#record-text").value.startsWith("[game \"pylos\"]"));
  assert.equal(await page.textContent("#records-error"), "");
  assert.equal(await page.inputValue("#record-text"), PYLOS.trim());
  await page.click("#records button[value=close]");
  assert.deepEqual(errors, []);
  await page.close();
});
