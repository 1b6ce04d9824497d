// The accessibility audit: axe-core, injected into the page, checks each game's page at a
// phone's width and a desktop's, on the setup form, during play, after the first step of a
// move, and with the record dialog open; Pyrga's also with the analysis panel on and at the
// end of a lost game. Besides axe's default rules (WCAG 2.0 to 2.2 A and AA, and its best
// practices) its target-size rule runs, set to 44 px. No violation of impact "serious" or
// "critical" is allowed; neither is a result axe leaves to review ("incomplete") of those
// impacts, except the contrast of the boards' SVG texts, which axe cannot measure (their
// colours are chosen for a contrast of at least 4.5 to 1, or have a white halo). The minor
// and moderate findings are printed as diagnostics.

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { firstChoice, servedApp, startGame, watchedPage, loadRecord } from "./browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const app = process.env.TOWERS_WEB_APP ?? join(root, "target", "web", "app");
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const running = servedApp(app);

/** What axe finds in the page as it is now: violations and results to review
 * (`incomplete`), each `{ id, impact, help, nodes, elements, svgText }`: the number of
 * elements, the first few, and whether all are texts of an SVG drawing. */
async function audit(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) {
    await page.addScriptTag({ path: AXE });
    await page.evaluate(() => window.axe.configure({
      rules: [{ id: "target-size", enabled: true }],
      checks: [{ id: "target-size", options: { minSize: 44 } }],
    }));
  }
  return page.evaluate(async () => {
    /** The contrast of an HTML element's text with the first opaque background behind it
     * (its own or an ancestor's), from the computed styles. */
    const contrast = (element) => {
      const rgb = (colour) => colour.match(/[\d.]+/g).map(Number);
      const luminance = ([r, g, b]) => [r, g, b].map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      let back = element;
      while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
      const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(rgb(back ? getComputedStyle(back).backgroundColor : "rgb(255, 255, 255)"))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    };
    const results = await window.axe.run(document, { resultTypes: ["violations", "incomplete"], elementRef: true });
    const summary = (kind) => (v) => ({
      kind,
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      // The elements that are not SVG texts first.
      elements: [...v.nodes].sort((a, b) => (a.element instanceof SVGTextElement) - (b.element instanceof SVGTextElement))
        .slice(0, 3).map((node) => node.target.join(" ")),
      svgText: v.nodes.every((node) => node.element instanceof SVGTextElement),
      // For a contrast axe could not measure: the least contrast of the HTML elements,
      // measured here (SVG texts left out).
      htmlContrast: v.id === "color-contrast"
        ? Math.min(...v.nodes.filter((node) => !(node.element instanceof SVGElement)).map((node) => contrast(node.element)))
        : null,
      // What axe says of the first element that is not an SVG text (or of the first).
      why: (v.nodes.find((node) => !(node.element instanceof SVGTextElement)) ?? v.nodes[0])?.any[0]?.message ?? "",
    });
    return [...results.violations.map(summary("violation")), ...results.incomplete.map(summary("incomplete"))];
  });
}

const SEVERE = new Set(["serious", "critical"]);

/** Audits the page in the state `where`; keeps its findings in `log.findings` and counts
 * the states audited in `log.states`. */
async function check(page, log, where) {
  log.findings.push(...(await audit(page)).map((v) => ({ ...v, where })));
  log.states += 1;
}

/** Whether a finding fails the audit: a serious or critical violation, or one to review
 * other than a contrast that axe could not measure (texts of the boards' drawings; texts
 * of a scrolled list partly hidden) when the HTML ones measure at least 4.5 here. */
function fails(finding) {
  if (!SEVERE.has(finding.impact)) return false;
  return finding.kind === "violation" || !(finding.id === "color-contrast" && finding.htmlContrast >= 4.5);
}

/** Pyrga: a game of random bots that Black wins. */
const LOST = "Cd4 Sd4 Cc4 Tc4e Td4w Tb4s Tb2n Tb3n Cb4 Sb4 Ca4 Ta4s Ta2e Cc2 Tc2w Sa2 Ta3n Sa4 Sa3 Cb3 Sb3";

const GAMES = [
  { game: "pyrga" },
  { game: "pylos" },
  { game: "architekton" },
  { game: "crescendo", options: { players: 4 } },
];

for (const [width, height] of [[360, 740], [1280, 800]]) {
  test(`axe finds no serious or critical violation at ${width} px`, async (t) => {
    const { page, errors } = await watchedPage(running.browser.context);
    await page.setViewportSize({ width, height });
    const log = { findings: [], states: 0 };
    for (const { game, options } of GAMES) {
      await page.goto(running.server.url);
      await page.waitForSelector("body[data-phase=setup]");
      await page.selectOption("#setup-game", game);
      await check(page, log, `${game} setup`);
      await startGame(page, running.server.url, { game, options, bot: "random" });
      await page.waitForSelector("body[data-phase=human]");
      await check(page, log, `${game} play`);
      // The first step of a move: the choices under the board (a piece, a tile's turn)
      // or the next targets on the board.
      await firstChoice(page).click();
      await page.waitForSelector("body[data-phase=human], body[data-phase=over]");
      await check(page, log, `${game} move`);
      await page.click("#save");
      await page.waitForSelector("#records[open]");
      await check(page, log, `${game} dialog`);
      await page.click("#records button[value=close]");
      if (game === "pyrga") {
        await page.check("#analysis-on");
        await page.waitForSelector("#analysis-moves:not([hidden]), #analysis-status.error", { timeout: 30_000 });
        await check(page, log, "pyrga analysis");
        await page.uncheck("#analysis-on");
        await loadRecord(page, LOST);
        await page.waitForSelector("body[data-phase=over]");
        await check(page, log, "pyrga lost");
      }
    }
    const { findings } = log;
    const counts = {};
    for (const finding of findings) {
      const key = `${finding.impact} ${finding.kind}s`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const states = new Set(findings.map((finding) => finding.where)).size;
    const impact = (level) => findings.filter((finding) => finding.impact === level).length;
    t.diagnostic(`${width} px: minor ${impact("minor")}, moderate ${impact("moderate")}, serious ${impact("serious")}, critical ${impact("critical")}`);
    t.diagnostic(`${width} px: ${findings.length} findings in ${states} of the ${log.states} states audited (${Object.entries(counts).map(([key, n]) => `${n} ${key}`).join(", ") || "none"})`);
    for (const finding of findings) {
      t.diagnostic(`${finding.impact} ${finding.kind} ${finding.id} in ${finding.where}: ${finding.nodes} element(s)${finding.svgText ? ", all SVG texts" : ""}${Number.isFinite(finding.htmlContrast) ? `, the HTML ones' contrast at least ${finding.htmlContrast.toFixed(1)}` : ""} (${finding.help}), e.g. ${finding.elements.join(", ")}: ${finding.why}`);
    }
    assert.deepEqual(findings.filter(fails).map((f) => `${f.where}: ${f.impact} ${f.kind} ${f.id} (${f.help}) at ${f.nodes} element(s): ${f.elements.join(", ")}`), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
