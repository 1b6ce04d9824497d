// Starts the system Chromium (never a downloaded one) with the flags this closed network needs.

import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { after, before } from "node:test";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./server.mjs";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** A fresh browser with its own throw-away profile; `close()` removes the profile too. */
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), "towers-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1000, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A port free on 127.0.0.1 at the time of asking. */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `cargo xtask serve` (its program, built by run.sh) on a free port, once it answers,
 * serving the solution files of the folder `solve` when given (else target/solve/):
 * `{ url, close }`. */
export async function xtaskServe(solve) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const port = await freePort();
  const args = ["serve", "--port", String(port), ...(solve === undefined ? [] : ["--solve", solve])];
  const child = spawn(join(root, "target", "debug", "xtask"), args, { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}/`;
  for (let tries = 0; ; tries += 1) {
    try {
      await fetch(url);
      return { url, close: () => child.kill() };
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/** Serves `app` and starts a browser before the tests of the file that calls it, and
 * closes both after them: the object returned has them as `server` and `browser` once the
 * tests run. */
export function servedApp(app) {
  const running = { server: undefined, browser: undefined };
  before(async () => {
    running.server = await serve(app);
    running.browser = await launch();
  });
  after(async () => {
    await running.browser?.close();
    await running.server?.close();
  });
  return running;
}

/** A new page that collects console errors and uncaught exceptions into `errors`. */
export async function watchedPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  return { page, errors };
}

/** Opens the app at `url`, chooses the game, its options, the bot and its level on the
 * setup form (the first seat a person), and starts. */
export async function startGame(page, url, { game, options = {}, bot, level = "1" }) {
  await page.goto(url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", game);
  for (const [key, value] of Object.entries(options)) {
    await page.selectOption(`#setup-option-${key}`, String(value));
  }
  await page.selectOption("#setup-seat-0", "person");
  await page.selectOption("#setup-bot", bot);
  await page.selectOption("#setup-level", level);
  await page.click("#setup-start");
}

/** The first highlighted target or choice of the person's move (not a cell that starts
 * the move again elsewhere, class `again`); clicking it repeatedly plays legal moves. */
export function firstChoice(page) {
  return page.locator("#board [data-step]:not(.again), #choices [data-step]:not([data-step=cancel])").first();
}

/** Says yes when the record dialog asks before a load replaces a game in progress. */
export async function confirmReplace(page) {
  const yes = page.locator("#replace-yes");
  if (await yes.isVisible()) await yes.click();
}

/** Loads a game file or moves into the page through the record dialog, saying yes when it
 * asks before replacing the game in progress. */
export async function loadRecord(page, record) {
  await page.click("#save");
  await page.fill("#record-text", record);
  await page.click("#load-record");
  await confirmReplace(page);
}

/** The rows of the analysis panel: "move value" each. */
export function panelRows(page) {
  return page.locator("#analysis-moves tbody tr").evaluateAll((trs) =>
    trs.map((tr) => `${tr.cells[0].textContent} ${tr.cells[1].textContent}`));
}

/** The `p`-th percentile of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
