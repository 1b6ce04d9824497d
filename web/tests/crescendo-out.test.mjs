// Crescendo with the person out of the match (issue 39, app item 3): the status says who
// was eliminated and why, the page offers to finish at once or watch faster, only the
// last move is marked as changed, and the final ranking names the runner-up as such.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRecord, servedApp, startGame, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const running = servedApp(app);

/** The moves of a 4-player match of greedy bots up to the moment Red (seat 0) is
 * eliminated, made by the package in the page (the first seed whose match does that). */
function recordUntilRedIsOut(page) {
  return page.evaluate(async () => {
    const towers = await import("./pkg/towers_wasm.js");
    await towers.default();
    for (let seed = 0; seed < 40; seed += 1) {
      let game = new towers.Game("crescendo", { players: 4 });
      const moves = [];
      while (game.status().startsWith("ongoing")) {
        if (game.view().board.eliminated.includes(0)) {
          game.free();
          return { moves: moves.join(" "), seed };
        }
        const move = towers.botMove(game, { bot: "greedy", level: 1, seed: seed * 100_000 + moves.length });
        const next = game.play(move);
        game.free();
        game = towers.Game.fromText("crescendo", next.toText());
        next.free();
        moves.push(move);
      }
      game.free();
    }
    return null;
  });
}

test("Crescendo: the person out of the match watches, faster or to the end at once", { timeout: 240_000 }, async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "greedy" });
  await page.waitForSelector("body[data-phase=human]");
  const found = await recordUntilRedIsOut(page);
  assert.ok(found, "a greedy match where Red is eliminated");
  t.diagnostic(`Red out after ${found.moves.split(" ").length} plies (seed ${found.seed})`);
  await loadRecord(page, found.moves);

  await page.waitForSelector("#watching:not([hidden])");
  assert.match(await page.textContent("#status"), /^Red \(you\) is out: eliminated in round [12], the others qualified first .*(Blue|Yellow|Green) to play: the bot is thinking…$/);
  assert.match(await page.textContent("#panel"), /Red\s*\(circle\): eliminated in round [12]/);
  await page.click("#watch-faster");
  assert.equal(await page.isDisabled("#watch-faster"), true);
  // Only what the last move changed is marked, not everything since the person's last move.
  const watched = await page.locator("#moves li").count();
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length > n + 1, watched, { timeout: 60_000 });
  const marks = await page.locator("#board .changed").count();
  const cells = await page.locator("#board rect title").count();
  t.diagnostic(`${marks} cells marked as changed of ${cells}`);
  assert.ok(marks <= 8, `${marks} cells marked as changed after one move`);

  const plies = await page.locator("#moves li").count();
  const begun = Date.now();
  await page.click("#finish-now");
  await page.waitForSelector("body[data-phase=over]", { timeout: 180_000 });
  const status = await page.textContent("#status");
  const finished = await page.locator("#moves li").count();
  t.diagnostic(`Finish at once: ${finished - plies} plies in ${((Date.now() - begun) / 1000).toFixed(1)} s; ${status}`);
  assert.match(status, /^You lost\. (Blue|Yellow|Green) wins the match/);
  assert.equal(await page.isHidden("#watching"), true);
  const panel = await page.textContent("#panel");
  assert.match(panel, /1st, wins the match/);
  assert.match(panel, /2nd, runner-up/);
  assert.match(panel, /Red\s*\(circle\): (3rd|4th), eliminated in round [12]/);
  assert.doesNotMatch(panel, /runner-up[^]*runner-up/);
  assert.deepEqual(errors, []);
  await page.close();
});
