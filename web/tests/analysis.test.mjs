// Pylos's analysis panel and perfect bot in the page, answered by the analysis server
// (`towers-server`, started here on an ephemeral port of the loopback address, with a small
// database: the compact file of the `children` positions with at least 28 balls). Standard
// positions late enough are solved by the server without a database, `children` ones come
// from the database; the values shown must be the server's, and a page without a reachable
// server must say so.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./server.mjs";
import { launch, startGame, watchedPage, loadRecord } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const program = process.env.TOWERS_SERVER ?? join(root, "target", "debug", "towers-server");
const database = join(root, "crates", "server", "tests", "data", "children-28.dz");
const { Game, botMove } = createRequire(import.meta.url)(join(root, "target", "web", "pkg"));

let pages;
let browser;
let analysis;
let analysisUrl;

before(async () => {
  analysis = spawn(program, ["--addr", "127.0.0.1:0", "--db", database], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = await new Promise((resolve, reject) => {
    analysis.on("error", reject);
    createInterface({ input: analysis.stdout }).once("line", (first) => resolve([first]));
  });
  analysisUrl = line.replace("listening on ", "");
  pages = await serve(app);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await pages?.close();
  analysis?.kill();
});

/** The server's answer for `game` (a package `Game`). */
async function fromServer(game) {
  const response = await fetch(`${analysisUrl}/pylos?${new URLSearchParams({ position: game.toText() })}`);
  return { status: response.status, body: await response.json() };
}

/** A record of random Pylos moves (with `options`) reaching `balls` balls on the board with
 * `seat` to move, that the server answers; the first seed that gives one. */
async function lateRecord(seat, { options = {}, balls: enough = 26 } = {}) {
  for (let seed = 1; seed < 200; seed += 1) {
    let game = new Game("pylos", options);
    const moves = [];
    for (let ply = 0; ply < 300; ply += 1) {
      const balls = [...game.toText().split(" ")[0]].filter((c) => c === "L" || c === "D").length;
      if (balls >= enough || !game.status().startsWith("ongoing")) break;
      const move = botMove(game, { bot: "random", seed: seed * 1000 + ply });
      moves.push(move);
      game = game.play(move);
    }
    if (game.status() !== `ongoing ${seat}`) continue;
    const answer = await fromServer(game);
    if (answer.status === 200) return { record: moves.join(" "), answer: answer.body };
  }
  throw new Error("no late position found");
}

/** Loads `record` (of a game with `options`) in a page given the server, turns the analysis
 * panel on, and checks that it lists the server's `answer`: every move with its value, best
 * first, and the position's value. */
async function panelShows(record, answer, options = {}) {
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, `${pages.url}?server=${encodeURIComponent(analysisUrl)}`, { game: "pylos", options, bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, record);
  await page.waitForSelector("body[data-phase=human]");
  assert.equal(await page.inputValue("#server-url"), analysisUrl);
  await page.check("#analysis-on");
  await page.waitForSelector("#analysis-moves:not([hidden]) tbody tr");
  const rows = await page.locator("#analysis-moves tbody tr").evaluateAll((trs) =>
    trs.map((tr) => `${tr.cells[0].textContent} ${tr.cells[1].textContent}`));
  assert.deepEqual(rows, answer.moves.map((m) => `${m.move} ${m.text}`));
  assert.match(await page.textContent("#analysis-status"), new RegExp(answer.value.text));
  assert.deepEqual(errors, []);
  await page.close();
}

test("the analysis panel lists the server's value of every move", async () => {
  const { record, answer } = await lateRecord(0);
  assert.equal(answer.source, "direct");
  await panelShows(record, answer);
});

test("a position of the small database: the panel shows the database's values", async () => {
  const options = { variant: "children" };
  const { record, answer } = await lateRecord(0, { options, balls: 28 });
  assert.equal(answer.source, "database");
  await panelShows(record, answer, options);
});

test("the perfect bot plays the server's best move", async () => {
  const { record, answer } = await lateRecord(1);
  const { page, errors } = await watchedPage(browser.context);
  await startGame(page, `${pages.url}?server=${encodeURIComponent(analysisUrl)}`, { game: "pylos", bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, record);
  // Dark (the bot) is to move: it asks the server, plays, and it is the person's turn.
  await page.waitForFunction((count) => document.querySelectorAll("#moves li").length > count, record.split(" ").length);
  const moves = await page.locator("#moves li .move").allTextContents();
  const best = answer.moves.filter((m) => m.verdict === answer.moves[0].verdict && m.plies === answer.moves[0].plies);
  assert.ok(best.some((m) => moves.at(-1).startsWith(`${m.move} `)), `${moves.at(-1)} among ${best.map((m) => m.move)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test("without a reachable server the page says so, and the perfect bot falls back", async () => {
  const { record } = await lateRecord(1);
  const { page } = await watchedPage(browser.context);
  await startGame(page, `${pages.url}?server=${encodeURIComponent("http://127.0.0.1:9")}`, { game: "pylos", bot: "perfect" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, record);
  await page.waitForFunction((count) => document.querySelectorAll("#moves li").length > count, record.split(" ").length);
  assert.match(await page.textContent("#analysis-status"), /The perfect bot needs the analysis server \(no analysis server answers at http:\/\/127\.0\.0\.1:9\)/);
  await page.check("#analysis-on");
  await page.waitForFunction(() => /No analysis server/.test(document.querySelector("#analysis-status").textContent));
  await page.close();
});
