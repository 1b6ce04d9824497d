// What players expect of the page besides the rules: undo that keeps chance, the changes
// since one's last move marked and said, keyboard play, sizes on a phone and a desktop,
// long games, short error messages, coordinates, the result from the person's side.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, startGame, watchedPage, loadRecord } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");

// Architekton: one landscape encloses three buildings; Orange decides about the building on
// 0,-1, then Blue about the one on 2,-1 (docs/architekton.md, "A worked example").
const THREE_ENCLOSURES = "*f *w *e *p *w *wepf *wpfe *wepf wepf@1,0 e@2,0 *p *wefp wpfe@0,-1r2 p@-1,-1 *w *wepf wepf@2,-1r3 w@0,-2 *f *wfpe p@3,-1 f@2,-2 *p *e p@1,-1";

// Pyrga: a game of random bots that Black wins.
const LOST = "Cd4 Sd4 Cc4 Tc4e Td4w Tb4s Tb2n Tb3n Cb4 Sb4 Ca4 Ta4s Ta2e Cc2 Tc2w Sa2 Ta3n Sa4 Sa3 Cb3 Sb3";

const running = servedApp(app);

const HUMAN_OR_OVER = "body[data-phase=human], body[data-phase=over], body[data-phase=error]";

/** The moves of the move list, as "move (player)". */
function listedMoves(page) {
  return page.locator("#moves li .move").allTextContents();
}

/** Clicks the first highlighted choice until the person has made `count` more moves and it
 * is the person's turn again (or the game is over). */
async function playMoves(page, count) {
  for (let made = 0; made < count;) {
    await page.waitForSelector(HUMAN_OR_OVER, { timeout: 60_000 });
    if ((await page.getAttribute("body", "data-phase")) !== "human") return;
    const before = (await listedMoves(page)).length;
    await firstChoice(page).click();
    if ((await listedMoves(page)).length > before) made += 1;
  }
  await page.waitForSelector(HUMAN_OR_OVER, { timeout: 60_000 });
}

/** Whether a chance draw follows the person's (Blue's) last move in `moves`. */
function drawnSinceLastMove(moves) {
  const last = moves.findLastIndex((move) => move.endsWith("(Blue)"));
  return moves.slice(last + 1).some((move) => move.endsWith("(chance)"));
}

/** Starts an Architekton game against the random bot and plays `count` of the person's
 * moves by first choices, starting again when those choices lose the game before (keeping
 * a house and paying until Blue cannot pay does happen, about once in 30 games). */
async function architektonInPlay(page, count) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await startGame(page, running.server.url, { game: "architekton", bot: "random" });
    await playMoves(page, count);
    if ((await page.getAttribute("body", "data-phase")) === "human") return;
  }
  assert.fail(`five Architekton games ended within ${count} of the person's moves`);
}

/** A record of `plies` moves of random bots, made by the package in the page. */
function botRecord(page, name, options, plies) {
  return page.evaluate(async ([name, options, plies]) => {
    const towers = await import("./pkg/towers_wasm.js");
    await towers.default();
    let game = new towers.Game(name, options);
    const moves = [];
    while (moves.length < plies && game.status().startsWith("ongoing")) {
      const move = towers.botMove(game, { bot: "random", seed: moves.length });
      // Read back from its text, the position keeps no record: each step costs the same.
      const next = game.play(move);
      game.free();
      game = towers.Game.fromText(name, next.toText());
      next.free();
      moves.push(move);
    }
    game.free();
    return moves.join(" ");
  }, [name, options, plies]);
}

/** The size of the page's WebAssembly memory in bytes. */
function wasmMemory(page) {
  return page.evaluate(async () => {
    const towers = await import("./pkg/towers_wasm.js");
    return (await towers.default()).memory.buffer.byteLength;
  });
}

test("undo keeps chance: undoing a move and playing it again draws the same tiles", async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  // Two turns of the person (two tiles each), each followed by the refill and the bot's turn.
  await architektonInPlay(page, 4);
  let first = await listedMoves(page);
  // Whether the person's last move was followed by a draw depends on the deal (a decision
  // about an enclosed building draws nothing): play on until it was.
  for (let extra = 0; extra < 8 && !drawnSinceLastMove(first); extra += 1) {
    await playMoves(page, 1);
    if ((await page.getAttribute("body", "data-phase")) !== "human") break;
    first = await listedMoves(page);
  }
  const draws = first.filter((move) => move.endsWith("(chance)"));
  await page.click("#undo");
  await page.waitForSelector("body[data-phase=human]");
  // The list is redrawn after the phase changes: wait for the undone moves to leave it.
  await page.waitForFunction((count) => document.querySelectorAll("#moves li").length < count, first.length, { timeout: 10_000 });
  const kept = (await listedMoves(page)).length;
  assert.ok(kept < first.length);
  assert.ok(first.slice(kept).some((move) => move.endsWith("(chance)")), "the undone moves include chance draws");
  await playMoves(page, 1);
  const again = await listedMoves(page);
  t.diagnostic(`${first.length} moves, ${draws.length} draws; undone back to ${kept}, played again: ${again.slice(kept).join(", ")}`);
  assert.deepEqual(again, first);
  assert.deepEqual(errors, []);
  await page.close();
});

test("what the others did since the person's move is marked on the board and said in words", async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  await architektonInPlay(page, 2);
  const moves = await listedMoves(page);
  const mine = moves.findLastIndex((move) => move.endsWith("(Blue)"));
  const theirs = moves.slice(mine + 1).filter((move) => move.endsWith("(Orange)")).map((move) => move.split(" ")[0]);
  const tiles = theirs.map((move) => /@(-?\d+,-?\d+)/.exec(move)?.[1]).filter(Boolean);
  assert.equal(tiles.length, 2, `Orange's turn: ${theirs.join(" ")}`);
  const marked = await page.locator("#board .changed").evaluateAll((marks) => marks.map((m) => m.dataset.cell));
  t.diagnostic(`Orange played ${theirs.join(" ")}; marked ${marked.join(" ")}`);
  for (const cell of tiles) assert.ok(marked.includes(cell), `${cell} is marked`);
  // The display refilled by chance is marked too.
  assert.ok(marked.some((cell) => cell.startsWith("d:")));
  const said = await page.textContent("#news");
  t.diagnostic(said);
  assert.equal(await page.getAttribute("#news", "aria-live"), "polite");
  for (const cell of tiles) assert.match(said, new RegExp(`Orange laid an? [a-z ]+ on ${cell}[ .]`));
  assert.match(said, /Chance: /);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Architekton: the keep-or-remove question marks the building it is about", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "architekton", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, THREE_ENCLOSURES);
  // Orange (the bot) decides about 0,-1 first; then Blue is asked about 2,-1.
  await page.waitForSelector("#choices [data-step='do:keep']");
  assert.deepEqual(await page.locator("#board .question").evaluateAll((marks) => marks.map((m) => m.dataset.cell)), ["2,-1"]);
  assert.match(await page.textContent("#prompt"), /^Your building on 2,-1 \(marked \?\) is enclosed with a mismatch/);
  await page.click("#choices [data-step='do:keep']");
  await page.waitForSelector(HUMAN_OR_OVER);
  assert.equal(await page.locator("#board .question").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("keyboard: tab order row by row, arrow keys, focus kept on the board, the bot's move announced", async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  const focused = () => page.evaluate(() => document.activeElement.dataset?.step ?? document.activeElement.id);
  // Tab from the New game button... through the buttons to the board's cells: rank 4 first.
  await page.locator("#board [data-step]").first().focus();
  const order = [await focused()];
  for (let i = 1; i < 16; i += 1) {
    await page.keyboard.press("Tab");
    order.push(await focused());
  }
  const rows = ["4", "3", "2", "1"].flatMap((rank) => ["a", "b", "c", "d"].map((file) => `@${file}${rank}`));
  assert.deepEqual(order, rows);
  await page.locator("#board [data-step='@a4']").focus();
  const path = [];
  for (const key of ["ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowUp", "ArrowUp"]) {
    await page.keyboard.press(key);
    path.push(await focused());
  }
  assert.deepEqual(path, ["@b4", "@b3", "@b2", "@a2", "@a3", "@a4"]);
  // A move with the keyboard alone: Enter on a cell, then on the first piece offered.
  await page.keyboard.press("Enter");
  assert.equal(await focused(), "shape:S");
  await page.keyboard.press("Enter");
  await page.waitForSelector("body[data-phase=human]");
  const step = await focused();
  assert.match(step, /^@[a-d][1-4]$/, `the focus is on a cell of the board, not on ${step}`);
  const moves = await listedMoves(page);
  assert.deepEqual(moves.length, 2);
  assert.equal(moves[0], "Sa4 (White)");
  const reply = moves[1].split(" ")[0];
  const said = await page.textContent("#news");
  t.diagnostic(`Black played ${reply}: "${said}"`);
  const shapes = { S: "square", T: "triangle", C: "cylinder" };
  assert.ok(said.startsWith(`Black placed a ${shapes[reply[0]]} on ${reply.slice(1, 3)}`), said);
  assert.equal(await page.getAttribute("#news", "aria-live"), "polite");
  assert.deepEqual(await page.locator("#board .changed").evaluateAll((marks) => marks.map((m) => m.dataset.cell)), [reply.slice(1, 3)]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Pyrga: another cell can be chosen in the middle of a move without Cancel", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await page.click("#board [data-step='@a1']");
  assert.match(await page.textContent("#prompt"), /^On a1: which piece\?/);
  await page.click("#board [data-step='@c2']");
  assert.match(await page.textContent("#prompt"), /^On c2: which piece\?/);
  await page.click("#choices [data-step='shape:C']");
  await page.waitForSelector("body[data-phase=human]");
  assert.equal((await listedMoves(page))[0], "Cc2 (White)");
  assert.deepEqual(errors, []);
  await page.close();
});

/** The least target size in CSS pixels, 44 (WCAG's 2.5.5), on a phone and on a desktop. */
const LEAST = 44;

/** Sizes of targets in words: "board 46.2 px, choices 44.0 px" (one of them when the other
 * has none). */
function said([board, choices]) {
  return [["board", board], ["choices", choices]].filter(([, size]) => Number.isFinite(size)).map(([where, size]) => `${where} ${size.toFixed(1)} px`).join(" / ");
}

/** The smallest width or height, in CSS pixels, of what the person can click now: the
 * board's targets, and the choices under it (Infinity where there are none). */
function targetSizes(page) {
  return Promise.all(["#board [data-step]", "#choices [data-step]"].map((selector) => page.locator(selector).evaluateAll((targets) =>
    Math.min(...targets.map((target) => {
      const box = target.getBoundingClientRect();
      return Math.min(box.width, box.height);
    })))));
}

/** Whether the Undo button is wholly on the screen, the page scrolled to its top. */
function undoVisible(page) {
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const box = document.querySelector("#undo").getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** How many of the elements of `selector` inside the board lie wholly inside the board's
 * box as it is scrolled, and how many there are. */
function shownInBoard(page, selector) {
  return page.evaluate((selector) => {
    const box = document.querySelector("#board");
    const frame = box.getBoundingClientRect();
    const inner = { left: frame.left + box.clientLeft, top: frame.top + box.clientTop };
    const elements = [...box.querySelectorAll(selector)];
    const shown = elements.filter((element) => {
      const r = element.getBoundingClientRect();
      return r.left >= inner.left - 0.5 && r.top >= inner.top - 0.5
        && r.right <= inner.left + box.clientWidth + 0.5 && r.bottom <= inner.top + box.clientHeight + 0.5;
    });
    return { shown: shown.length, of: elements.length };
  }, selector);
}

/** Plays Crescendo's setup by clicks until the person moves towers. */
async function toCrescendoMoving(page) {
  for (let clicks = 0; clicks < 200; clicks += 1) {
    await page.waitForSelector("body[data-phase=human]", { timeout: 60_000 });
    if ((await page.textContent("#prompt")).startsWith("Click one of your towers")) return;
    await firstChoice(page).click();
  }
  assert.fail("the moving phase never came");
}

for (const [width, height] of [[360, 740], [1280, 800]]) {
  test(`Crescendo at ${width} px: targets of at least ${LEAST} px, a board that pans in its box and shows the last moves and the person's towers`, async (t) => {
    const { page, errors } = await watchedPage(running.browser.context);
    await page.setViewportSize({ width, height });
    await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "random" });
    await page.waitForSelector("body[data-phase=human]");
    const sizes = { laying: await targetSizes(page) };
    await firstChoice(page).click();
    sizes.turns = await targetSizes(page);
    await toCrescendoMoving(page);
    sizes.towers = await targetSizes(page);
    const towers = await shownInBoard(page, "[data-step]");
    const changes = await shownInBoard(page, ".changed");
    await page.locator("#board [data-step]").first().click();
    sizes.landing = await targetSizes(page);
    const selected = await shownInBoard(page, ".selected");
    const board = await page.evaluate(() => {
      const box = document.querySelector("#board");
      return { box: [box.clientWidth, box.clientHeight], board: [box.scrollWidth, box.scrollHeight] };
    });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    const prompt = await page.evaluate(() => {
      window.scrollTo(0, 0);
      return document.querySelector("#prompt").getBoundingClientRect().bottom <= window.innerHeight;
    });
    t.diagnostic(`prompt on the screen: ${prompt}`);
    t.diagnostic(`${Object.entries(sizes).map(([what, size]) => `${what} ${said(size)}`).join(", ")}; page ${pageWidth} px wide; board ${board.board.join("×")} px in a box of ${board.box.join("×")}`);
    t.diagnostic(`in view: ${towers.shown} of ${towers.of} targets and ${changes.shown} of ${changes.of} changes at the person's turn; the tower chosen ${selected.shown} of ${selected.of}`);
    for (const [what, size] of Object.entries(sizes)) assert.ok(Math.min(...size) >= LEAST, `${what}: ${said(size)}`);
    assert.ok(pageWidth <= width, "the page does not scroll sideways: the board pans in its box");
    assert.ok(towers.shown > 0, "some of the person's towers are in view");
    assert.equal(selected.shown, 1, "the tower chosen is in view");
    assert.ok(await undoVisible(page));
    assert.ok(prompt, "the prompt above the board is on the screen");
    assert.ok(await page.locator("#board text.coord").count() > 0, "coordinates");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`Pyrga, Pylos and Architekton at ${width} px: targets of at least ${LEAST} px, Undo on the screen`, async (t) => {
    const { page, errors } = await watchedPage(running.browser.context);
    await page.setViewportSize({ width, height });
    const sizes = {};
    const pageWidths = [];
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
    await page.waitForSelector("body[data-phase=human]");
    sizes["Pyrga cells"] = await targetSizes(page);
    await page.click("#board [data-step='@a1']");
    sizes["Pyrga pieces"] = await targetSizes(page);
    await page.click("#choices [data-step='shape:T']");
    sizes["Pyrga directions"] = await targetSizes(page);
    assert.ok(await undoVisible(page));
    pageWidths.push(await pageWidth());

    await startGame(page, running.server.url, { game: "pylos", bot: "random" });
    await playMoves(page, 3);
    sizes["Pylos spots"] = await targetSizes(page);
    // Not targets, but the balls of the levels drawn under the pyramid.
    sizes["Pylos level strip"] = [await page.locator("#board .strip-ball").evaluateAll((circles) => Math.min(...circles.map((c) => c.getBoundingClientRect().width))), Infinity];
    assert.ok(await undoVisible(page));
    assert.equal(await page.locator("#board text.coord").count(), 8, "files a-d and ranks 1-4");
    pageWidths.push(await pageWidth());

    await architektonInPlay(page, 6);
    sizes["Architekton display"] = await targetSizes(page);
    await firstChoice(page).click();
    // The tile taken, the table's cells to lay it on (unless that take ended the person's
    // turn or the game: random deals differ from run to run).
    await page.waitForSelector("body[data-phase=human], body[data-phase=over]");
    if ((await firstChoice(page).count()) > 0) {
      sizes["Architekton table"] = await targetSizes(page);
      await firstChoice(page).click();
      if (await page.locator("#choices [data-step^='rot:']").count() > 0) sizes["Architekton turns"] = await targetSizes(page);
    }
    // Not targets, but read on each building: its sides' letters. Measured on a settled
    // board: a redraw under way (a bot's move) detaches the letters read (their size NaN).
    await page.waitForSelector("body[data-phase=human], body[data-phase=over]");
    const letters = await page.locator("#board .side-letter").evaluateAll((texts) => Math.min(...texts.filter((text) => text.isConnected).map((text) => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a)));
    assert.ok(await undoVisible(page));
    assert.ok(await page.locator("#board text.coord").count() > 0, "coordinates");
    pageWidths.push(await pageWidth());
    await loadRecord(page, THREE_ENCLOSURES);
    await page.waitForSelector("#choices [data-step='do:keep']");
    sizes["Architekton keep or remove"] = await targetSizes(page);

    t.diagnostic(Object.entries(sizes).map(([what, size]) => `${what} ${said(size)}`).join(", "));
    t.diagnostic(`Architekton's side letters ${letters.toFixed(1)} px; the page ${pageWidths.join(", ")} px wide`);
    for (const [what, size] of Object.entries(sizes)) assert.ok(Math.min(...size) >= LEAST, `${what}: ${said(size)}`);
    assert.ok(letters >= 14, `side letters of ${letters} px`);
    assert.ok(pageWidths.every((w) => w <= width), "the page does not scroll sideways");
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** The longest game the app can hold: a 4-player Crescendo match (its rounds have a limit
 * of moves, docs/crescendo.md); random bots end one in about 2,600 plies. */
const LONG = 4_608;
/** The most the page's WebAssembly memory may grow by while the long game is loaded, saved
 * and undone (docs/web.md gives the measured figure). */
const LONG_MEMORY = 8 * 2 ** 20;

test("a long game: a whole random 4-player Crescendo match loads and undoes without the memory growing with its square", async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  const clock = { at: performance.now(), laps: [] };
  const lap = (what) => {
    const now = performance.now();
    clock.laps.push(`${what} ${((now - clock.at) / 1000).toFixed(1)} s`);
    clock.at = now;
  };
  const record = await botRecord(page, "crescendo", { players: 4 }, LONG);
  const plies = record.split(" ").length;
  assert.ok(plies > 2_000 && plies <= LONG, `${plies} plies`);
  lap("record made");
  const before = await wasmMemory(page);
  await loadRecord(page, record);
  await page.waitForSelector(HUMAN_OR_OVER, { timeout: 300_000 });
  lap("loaded");
  const loaded = await wasmMemory(page);
  assert.ok((await listedMoves(page)).length >= plies);
  // The position reached move by move from texts is the one of the record.
  await page.click("#save");
  const text = await page.inputValue("#position-text");
  await page.click("#records button[value=close]");
  lap("saved");
  const saved = await wasmMemory(page);
  const moves = await listedMoves(page);
  const expected = await page.evaluate(async (record) => {
    const towers = await import("./pkg/towers_wasm.js");
    const game = towers.Game.fromRecord("crescendo", { players: 4 }, record);
    const text = game.toText();
    game.free();
    return text;
  }, moves.map((line) => line.split(" ")[0]).join(" "));
  assert.equal(text, expected);
  await page.click("#undo");
  await page.waitForSelector(HUMAN_OR_OVER, { timeout: 60_000 });
  await page.click("#undo");
  await page.waitForSelector(HUMAN_OR_OVER, { timeout: 60_000 });
  lap("two undos");
  const undone = await listedMoves(page);
  assert.ok(undone.length < moves.length);
  const after = await wasmMemory(page);
  const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  t.diagnostic(`wasm memory ${mb(before)} before loading, ${mb(loaded)} after ${moves.length} plies, ${mb(saved)} after saving, ${mb(after)} after two undos`);
  t.diagnostic(clock.laps.join(", "));
  // Each of the games holding its whole record would take gigabytes.
  assert.ok(after - before < LONG_MEMORY, `${after - before} bytes more`);
  // Move numbers from 100 on are not clipped by the list.
  const numbers = await page.locator("#moves").evaluate((list) => {
    const box = list.getBoundingClientRect();
    const items = [...list.querySelectorAll("li .ply")].slice(95);
    return {
      clipped: items.filter((item) => item.getBoundingClientRect().left < box.left || item.scrollWidth > item.clientWidth).length,
      sideways: list.scrollWidth > list.clientWidth,
      sample: items.slice(5, 6).concat(items.slice(-1)).map((item) => item.textContent),
    };
  });
  t.diagnostic(`move numbers ${numbers.sample.join(", ")}`);
  assert.deepEqual(numbers, { clipped: 0, sideways: false, sample: ["101.", `${undone.length}.`] });
  assert.deepEqual(errors, []);
  await page.close();
});

test("an error message is cut short and stays inside the dialog", async (t) => {
  const { page, errors } = await watchedPage(running.browser.context);
  await page.setViewportSize({ width: 360, height: 740 });
  await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, `Sa1 ${"x".repeat(200_000)}`);
  const message = await page.textContent("#records-error");
  t.diagnostic(`${message.length} characters: ${message.slice(0, 80)}…`);
  assert.ok(message.length <= 400, `${message.length} characters`);
  assert.match(message, /^ply 2, move x+… cannot read move "x+… .* \(parse\)$/);
  const fits = await page.evaluate(() => {
    const dialog = document.querySelector("#records");
    const error = document.querySelector("#records-error").getBoundingClientRect();
    const box = dialog.getBoundingClientRect();
    return dialog.scrollWidth <= dialog.clientWidth && error.left >= box.left && error.right <= box.right;
  });
  assert.ok(fits);
  assert.deepEqual(errors, []);
  await page.close();
});

test("colour names agree with the drawing; the result says You won or You lost", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await page.goto(running.server.url);
  await page.waitForSelector("body[data-phase=setup]");
  await page.selectOption("#setup-game", "architekton");
  const seats = await page.locator("#setup-seats label").evaluateAll((labels) => labels.map((label) => label.firstChild.textContent));
  assert.deepEqual(seats, ["Blue (blue houses marked 0) ", "Orange (orange houses marked 1) "]);
  await startGame(page, running.server.url, { game: "crescendo", options: { players: 2 }, bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  // The panel's icon of each player is filled with the player's colour.
  const fills = await page.locator("#panel .seat .supply-item svg rect").evaluateAll((rects) => rects.map((r) => r.getAttribute("fill")));
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [red, blue] = fills.map(rgb);
  assert.ok(red[0] > 2 * red[1] && red[0] > 2 * red[2], `Red is drawn ${fills[0]}`);
  assert.ok(blue[2] > blue[0] && blue[2] > blue[1], `Blue is drawn ${fills[1]}`);
  // A lost game from the person's side (White): Black wins at the end of this record.
  await startGame(page, running.server.url, { game: "pyrga", bot: "random" });
  await page.waitForSelector("body[data-phase=human]");
  await loadRecord(page, LOST);
  await page.waitForSelector("body[data-phase=over]");
  assert.match(await page.textContent("#status"), /^You lost\. Black wins: /);
  assert.equal(await page.getAttribute("#status", "data-outcome"), "lost");
  const colour = await page.locator("#status").evaluate((line) => getComputedStyle(line).color);
  assert.equal(colour, "rgb(138, 0, 0)");
  assert.deepEqual(errors, []);
  await page.close();
});
