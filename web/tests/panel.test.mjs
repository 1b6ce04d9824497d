// Pyrga's analysis panel thinks in its own worker: the perfect bot's replies take as long
// with the panel open as with it closed, and the panel never shows the answer of a
// position that was left for the new one.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch, watchedPage, confirmReplace } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");

// White's first moves: positions with Black (the bot) to move that the panel's solver
// cannot value within its budget.
const EARLY = ["Sb2", "Sc3", "Cb2", "Tc2n", "Sb3"];

let server;
let browser;

before(async () => {
  server = await serve(app);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Loads `record` through the record dialog and waits for the bot's reply: the
 * milliseconds from the load to the person's turn, and the panel's words right then. */
async function botReply(page, record) {
  await page.click("#save");
  await page.fill("#record-text", record);
  const begun = Date.now();
  await page.click("#load-record");
  await confirmReplace(page);
  await page.waitForFunction(
    (plies) => document.body.dataset.phase === "human" && document.querySelectorAll("#moves li .move").length > plies,
    record.split(" ").length,
    { timeout: 60_000 },
  );
  const ms = Date.now() - begun;
  return { ms, panel: await page.textContent("#analysis-status") };
}

/** The median of `values`. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

test("Pyrga: the perfect bot replies as fast with the analysis panel open, which never shows a position left", async (t) => {
  const { page, errors } = await watchedPage(browser.context);
  await page.goto(server.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", "pyrga");
  await page.selectOption("#setup-seat-0", "person");
  await page.selectOption("#setup-seat-1", "bot");
  await page.selectOption("#setup-bot", "perfect");
  await page.click("#setup-start");
  await page.waitForSelector("body[data-phase=human]");
  await page.selectOption("#analysis-time", "3000");
  // Each position twice, panel closed then open, so that both meet the same warm caches.
  const closed = [];
  const open = [];
  for (const record of EARLY) {
    await page.uncheck("#analysis-on");
    closed.push((await botReply(page, record)).ms);
    await page.check("#analysis-on");
    const reply = await botReply(page, record);
    open.push(reply.ms);
    // The bot's move changed the position: the panel started over on the new one.
    assert.match(reply.panel, /^Solving…/, `the panel after the bot's reply to ${record}`);
  }
  t.diagnostic(`the bot's replies (ms), panel closed: ${closed.join(", ")} (median ${median(closed)}); panel open: ${open.join(", ")} (median ${median(open)})`);
  assert.ok(median(open) - median(closed) <= 100, `with the panel open the bot took ${median(open)} ms, closed ${median(closed)} ms`);
  // The panel's answer, when it comes, is the current position's.
  await page.waitForFunction(() => !document.querySelector("#analysis-status").textContent.startsWith("Solving…"), null, { timeout: 30_000 });
  const status = await page.textContent("#analysis-status");
  t.diagnostic(`the panel at last: "${status}" (title "${await page.getAttribute("#analysis-status", "title")}")`);
  assert.match(status, /^Not solved within 3 s: this position is too far from the end for the solver here\. Try a longer time or a later position\.$/);
  assert.deepEqual(errors, []);
  await page.close();
});
