// The app's weight as `cargo xtask serve` sends it (issue 39, app item 6): gzip when the
// browser takes it, tags and `no-cache` so that a second visit costs only the checks, and
// the WebAssembly module fetched once (the worker gets the page's compiled module). The
// bytes of a first load, and the module's size, are those docs/web.md gives (within 5%),
// so that the page stays true.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, launch, watchedPage, xtaskServe } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MODULE = join(root, "target", "web", "app", "pkg", "bindings", "web", "towers_wasm_bg.wasm");
/** How far a measured figure may be from the documented one. */
const TOLERANCE = 0.05;

/** A figure of docs/web.md's table of the app's weight: the row whose first cell is `what`. */
function documented(what) {
  const text = readFileSync(join(root, "docs", "web.md"), "utf8");
  const row = text.split("\n").find((line) => line.startsWith(`| ${what} |`));
  assert.ok(row, `docs/web.md has a row "| ${what} |"`);
  return Number(row.split("|")[2].replace(/[^\d]/g, ""));
}

/** Whether `measured` is within the tolerance of `expected`. */
function near(measured, expected) {
  return Math.abs(measured - expected) <= expected * TOLERANCE;
}

test("a first load is sent compressed, the module fetched once, a second load costs only checks", async (t) => {
  const server = await xtaskServe();
  const browser = await launch();
  try {
    const responses = [];
    browser.context.on("requestfinished", async (request) => {
      const response = await request.response();
      const sizes = await request.sizes();
      responses.push({
        url: request.url(),
        status: response.status(),
        encoding: (await response.allHeaders())["content-encoding"] ?? "",
        body: sizes.responseBodySize,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    });
    const { page, errors } = await watchedPage(browser.context);
    await page.goto(server.url);
    await page.waitForSelector("body[data-phase=setup]");
    await page.click("#setup-start");
    await page.waitForSelector("body[data-phase=human]");
    // One move of the person's, so that the bot's worker starts and answers.
    while ((await page.locator("#moves li").count()) === 0) await firstChoice(page).click();
    await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 2, null, { timeout: 60_000 });
    await page.waitForTimeout(500);
    const first = responses.splice(0);
    const wasm = first.filter((r) => r.url.endsWith(".wasm"));
    assert.equal(wasm.length, 1, `the module is fetched once: ${wasm.map((r) => r.url).join(", ")}`);
    assert.equal(wasm[0].encoding, "gzip");
    for (const r of first) {
      if (/\.(js|css|html|wasm)$|\/$/.test(r.url)) assert.equal(r.encoding, "gzip", `${r.url} compressed`);
    }
    const total = first.reduce((sum, r) => sum + r.bytes, 0);
    const size = statSync(MODULE).size;
    t.diagnostic(`first load ${total} bytes in ${first.length} responses (module ${wasm[0].bytes} over the wire, ${size} bytes)`);

    await page.reload();
    await page.waitForSelector("body[data-phase=setup]");
    await page.waitForTimeout(500);
    const second = responses.splice(0);
    const again = second.reduce((sum, r) => sum + r.bytes, 0);
    t.diagnostic(`second load ${again} bytes in ${second.length} responses (${second.filter((r) => r.status === 304).length} not modified)`);
    // Each file is checked by its tag (304), or taken from the browser's memory (its
    // headers only).
    const sentAgain = second.filter((r) => r.status !== 304 && r.body > 0);
    assert.deepEqual(sentAgain.map((r) => r.url), [], "no file sent again");
    assert.ok(again < total / 20, `a second load of ${again} bytes`);

    const documentedLoad = documented("a first load, the bot's first answer included");
    const documentedModule = documented("the module, `towers_wasm_bg.wasm`");
    assert.ok(near(total, documentedLoad), `the first load: ${total} bytes measured, ${documentedLoad} in docs/web.md`);
    assert.ok(near(size, documentedModule), `the module: ${size} bytes measured, ${documentedModule} in docs/web.md`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
});
