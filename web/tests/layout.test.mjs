// Nothing cut off (issue 39, app item 5), at 360×740 and 1280×800: the prompt, above the
// board, on the screen in Pylos (its pyramid and levels are taller than a phone's screen);
// Crescendo's Cancel, under a board that pans, on the screen in the middle of a move, its
// coordinates in the box wherever it is scrolled, and no tower or target cut at the left
// (by the box's edge, or half under the ruler of its row coordinates);
// at 1280×800, Architekton's "Display" title inside the board's box whenever a tile is to
// be taken.

import { test } from "node:test";
import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, startGame, watchedPage } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const running = servedApp(app);

/** Whether Architekton's "Display" title lies wholly inside the board's box. */
function displayTitleShown(page) {
  return page.evaluate(() => {
    const title = [...document.querySelectorAll("#board text")].find((text) => text.textContent === "Display");
    const box = document.querySelector("#board").getBoundingClientRect();
    const r = title.getBoundingClientRect();
    return r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right;
  });
}

/** The towers and targets of Crescendo's board that the left edge of what shows of it cuts:
 * the right edge of the ruler of pinned row coordinates when the board pans, else the box's
 * left edge. */
function cutAtTheLeft(page) {
  return page.evaluate(() => {
    const box = document.querySelector("#board");
    const svg = box.querySelector("svg");
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const panned = box.scrollLeft > 0;
    const edge = box.getBoundingClientRect().left + box.clientLeft + (panned ? Number(svg.dataset.ruler) * scale : 0);
    return [...box.querySelectorAll("g.tower, [data-step]")]
      .map((element) => element.getBoundingClientRect())
      .filter((r) => r.left < edge - 0.5 && r.right > edge + 0.5).length;
  });
}

/** Whether the element `selector` lies wholly inside the window, the page scrolled to its
 * top. */
function onScreen(page, selector) {
  return page.evaluate((selector) => {
    window.scrollTo(0, 0);
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  }, selector);
}

for (const [width, height] of [[360, 740], [1280, 800]]) {
  test(`at ${width}×${height}: Pylos's prompt, Crescendo's Cancel, Architekton's Display title on the screen`, async () => {
    const { page, errors } = await watchedPage(running.browser.context);
    await page.setViewportSize({ width, height });
    await startGame(page, running.server.url, { game: "pylos", bot: "random" });
    await page.waitForSelector("body[data-phase=human]");
    assert.match(await page.textContent("#prompt"), /^Click an empty spot/);
    assert.equal(await onScreen(page, "#prompt"), true, "Pylos's prompt");

    await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "random" });
    for (let clicks = 0; ; clicks += 1) {
      assert.ok(clicks < 60, "the movement phase within 60 clicks");
      await page.waitForSelector("body[data-phase=human]");
      if ((await page.textContent("#prompt")).startsWith("Click one of your towers")) break;
      await firstChoice(page).click();
    }
    await page.locator("#board [data-step]").first().click();
    await page.waitForSelector("#choices [data-step=cancel]");
    assert.equal(await onScreen(page, "#choices [data-step=cancel]"), true, "Cancel");
    assert.equal(await onScreen(page, "#prompt"), true, "Crescendo's prompt");
    // Scrolled to its far right and top, the board keeps its coordinates in view.
    const pinned = await page.evaluate(async () => {
      const box = document.querySelector("#board");
      box.scrollLeft = box.scrollWidth;
      box.scrollTop = 0;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const b = box.getBoundingClientRect();
      const inside = (selector) => [...box.querySelectorAll(selector)].some((text) => {
        const r = text.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom;
      });
      return { rows: inside(".axis-y"), columns: inside(".axis-x") };
    });
    assert.deepEqual(pinned, { rows: true, columns: true }, "Crescendo's coordinates in the box");

    await startGame(page, running.server.url, { game: "architekton", bot: "random" });
    for (let turn = 0; turn < 10; turn += 1) {
      await page.waitForSelector("body[data-phase=human], body[data-phase=over]");
      if ((await page.getAttribute("body", "data-phase")) === "over") break;
      // (On a phone the display is wider than the box: its title may pan away with it.)
      if (width >= 800 && (await page.textContent("#prompt")).startsWith("Take a highlighted tile")) {
        assert.equal(await displayTitleShown(page), true, `the Display title at the person's turn ${turn}`);
      }
      await firstChoice(page).click();
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("at 360×740 no Crescendo tower or target is cut at the left, move after move", async () => {
  const { page, errors } = await watchedPage(running.browser.context);
  await page.setViewportSize({ width: 360, height: 740 });
  await startGame(page, running.server.url, { game: "crescendo", options: { players: 4 }, bot: "random" });
  let checked = 0;
  for (let clicks = 0; clicks < 150 && checked < 12; clicks += 1) {
    await page.waitForSelector("body[data-phase=human], body[data-phase=over]");
    if ((await page.getAttribute("body", "data-phase")) === "over") break;
    if ((await page.textContent("#prompt")).startsWith("Click one of your towers")) {
      assert.equal(await cutAtTheLeft(page), 0, `towers or targets cut at the left at the person's move ${checked}`);
      checked += 1;
    }
    await firstChoice(page).click();
  }
  assert.ok(checked >= 5, `${checked} of the person's moves checked`);
  assert.deepEqual(errors, []);
  await page.close();
});
