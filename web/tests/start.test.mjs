// The first screen and the keyboard (issue 39, app items 2 and 7): Cancel on the first
// screen starts the default game rather than leaving a board that takes no click; Enter on
// Start puts the focus on the board; a skip link, the first stop of the Tab key, leads to
// the board.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const running = servedApp(app);

/** Whether the focus is on the board or one of its steps. */
function focusOnBoard(page) {
  return page.evaluate(() => document.querySelector("#board").contains(document.activeElement));
}

test("Cancel on the first screen starts the default game, which takes clicks", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await page.goto(running.server.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.click("#setup-cancel");
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await page.textContent("#status"), "White to play (you)");
  // A click of a highlighted cell is a step of a move: the choices follow it.
  await firstChoice(page).click();
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length > 0 || document.querySelector("#choices [data-step]") !== null);
  while ((await page.locator("#moves li").count()) === 0) await firstChoice(page).click();
  // The default bot answers.
  await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2, null, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("Enter on Start puts the focus on the board, and the skip link leads there", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await page.goto(running.server.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.focus("#setup-start");
  await page.keyboard.press("Enter");
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await focusOnBoard(page), true, "the focus is on the board after Enter on Start");
  // A step is played from there by keys alone.
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector("#board").contains(document.activeElement) || document.querySelector("#choices").contains(document.activeElement));

  // The skip link comes first in the Tab order (before New game, the first control of
  // the page), shows when it has the focus, and leads to the board.
  await page.focus("#new-game");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "skip");
  assert.equal(await page.isVisible("#skip"), true);
  await page.keyboard.press("Enter");
  assert.equal(await focusOnBoard(page), true, "the skip link puts the focus on the board");
  assert.deepEqual(errors, []);
  await page.close();
});
