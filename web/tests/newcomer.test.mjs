// A new player is not left alone (issue 39, app item 4): a How-to-play panel for each
// game, bots named by strength with the engine as a detail, the hint's move marked on the
// board, a word when a click takes nothing, and Architekton's cannot-pay end explained.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRecord, servedApp, startGame, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const running = servedApp(app);

test("How to play for each game, and bots named by strength", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  const words = { pyrga: /complete tower/, pylos: /apex/, architekton: /cannot pay/, crescendo: /scatters/ };
  for (const [game, rule] of Object.entries(words)) {
    await startGame(page, running.server.url, { game, bot: "random" });
    await page.waitForSelector("body[data-phase=human], body[data-phase=bot]");
    await page.click("#how-to-play summary");
    assert.match(await page.textContent("#rules-text"), rule, game);
    assert.equal(await page.isVisible("#rules-text"), true);
    await page.click("#how-to-play summary");
  }
  await page.click("#new-game");
  await page.selectOption("#setup-game", "pyrga");
  const bots = await page.locator("#setup-bot option").allTextContents();
  assert.deepEqual(bots, ["strong (alpha-beta search)", "strong (Monte Carlo tree search)", "easy (random moves)", "perfect (the solver, or a solution file in Pylos)"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the hint is marked on the board; a click that takes nothing says so", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "architekton", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await page.click("#hint");
  await page.waitForFunction(() => /^Hint: \S+ \(the strong bot's choice, mcts\)\.$/.test(document.querySelector("#hint-text").textContent), null, { timeout: 60_000 });
  assert.equal(await page.locator("#board .hinted, #choices .hinted").count(), 1, "the hint's first step is marked");
  // Following the marks plays the hint's move.
  const hint = (await page.textContent("#hint-text")).split(" ")[1];
  const moves = page.locator("#moves li .move");
  const before = await moves.count();
  while ((await moves.count()) === before) await page.locator("#board .hinted, #choices .hinted").first().click();
  assert.match(await moves.nth(before).textContent(), new RegExp(`^${hint.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `));

  await page.waitForSelector("body[data-phase=human]");
  await page.locator("#board svg").first().click({ position: { x: 3, y: 3 } });
  assert.match(await page.textContent("#hint-text"), /^Nothing can be played there/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Architekton's cannot-pay end says what was owed and why", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "architekton", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  // A game of random moves that ends with a player who cannot pay.
  const record = await page.evaluate(async () => {
    const towers = await import("./pkg/towers_wasm.js");
    await towers.default();
    for (let seed = 0; seed < 200; seed += 1) {
      let game = new towers.Game("architekton", {});
      const moves = [];
      while (game.status().startsWith("ongoing")) {
        const move = towers.botMove(game, { bot: "random", seed: seed * 1000 + moves.length });
        const next = game.play(move);
        game.free();
        game = next;
        moves.push(move);
      }
      const bankrupt = game.toText().includes("bankrupt:");
      game.free();
      if (bankrupt) return moves.join(" ");
    }
    return null;
  });
  assert.ok(record, "a random game that ends in a bankruptcy");
  await loadRecord(page, record);
  await page.waitForSelector("body[data-phase=over]");
  assert.match(await page.textContent("#status"), /(Blue|Orange) wins: (Blue|Orange) cannot pay\. \2 had \d+ points?, fewer than the enclosed building of theirs cost: a building with a house costs its owner a point for each side that does not match/);
  assert.deepEqual(errors, []);
  await page.close();
});
