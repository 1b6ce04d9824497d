// Plays a whole four-player Crescendo match through the page: the person (seat 0) by
// clicks on the first highlighted target or choice, the three other seats by the default
// bot (mcts) at level 1 (or TOWERS_CRESCENDO_LEVEL), until the match's final ranking.
// Checks the result line and that no console error was logged, and reports the time
// taken.
//
// CARGO_BUILD_JOBS=1 nice -n 10 cargo xtask web && cargo build -p towers-server &&
//   cd web/tests && (test -d node_modules || npm ci) &&
//   node --test --test-concurrency=1 crescendo-match.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, startGame, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");

// A whole match, person and bots, must end within this time.
const MATCH_MS = 8 * 60_000;
// The bots' level: 1, the quickest, keeps the test short.
const LEVEL = process.env.TOWERS_CRESCENDO_LEVEL ?? "1";

const running = servedApp(app);

test("Crescendo: a whole four-player match by clicks against three mcts bots, to its ranking", { timeout: MATCH_MS + 60_000 }, async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  const started = Date.now();
  await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "mcts", level: LEVEL });
  let clicks = 0;
  let phase;
  for (;;) {
    const left = MATCH_MS - (Date.now() - started);
    assert.ok(left > 0, `the match did not end within ${MATCH_MS / 1000} s (${clicks} clicks)`);
    await page.waitForSelector("body[data-phase=human], body[data-phase=over], body[data-phase=error]", { timeout: left });
    phase = await page.getAttribute("body", "data-phase");
    if (phase !== "human") break;
    await firstChoice(page).click();
    clicks += 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const status = await page.textContent("#status");
  const moves = await page.locator("#moves li").count();
  t.diagnostic(`crescendo, 4 players, level ${LEVEL}: ${moves} moves, ${clicks} clicks, ${seconds} s; "${status}"`);
  assert.equal(phase, "over", `the match stopped in phase ${phase}: ${status}`);
  // The result line names the winner.
  assert.match(status, /^(You won\. |You lost\. )?(Red|Blue|Yellow|Green) wins the match/);
  assert.ok(clicks > 0, "the person made no move");
  assert.deepEqual(errors, []);
  await page.close();
});
