// The TypeScript declarations against the values the package returns: views, choices and
// chance outcomes gathered along games of every game are written as typed literals into a
// TypeScript file, which `tsc --strict` must accept (it refuses missing, extra or mistyped
// fields). Needs `npm ci` in this folder (typescript); `node --test` runs it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../../..");
const require = createRequire(import.meta.url);
const packageDir = path.join(root, "target/web/pkg");
const { Game, botMove, solve, moveValues, memoryUsage } = require(packageDir);
const tsc = path.join(here, "node_modules/typescript/bin/tsc");

function samples() {
  const views = [];
  const seen = new Map();
  const choices = [];
  const outcomes = [];
  const settings = [
    ["pyrga", {}], ["pylos", { takeback: "0-2" }], ["architekton", {}],
    ["crescendo", { players: 2 }], ["crescendo", {}],
  ];
  for (const [name, options] of settings) {
    for (const seed of [1, 2]) {
      let game = new Game(name, options);
      views.push(game.view());
      for (let ply = 0; game.status().startsWith("ongoing") && ply < 1500; ply++) {
        const bot = name === "crescendo" ? "greedy" : "random";
        game = game.play(botMove(game, { bot, seed: seed * 10_000 + ply }));
        const view = game.view();
        const kinds = `${name} ${view.effects.map((effect) => effect.kind).join(" ")}`;
        const count = seen.get(kinds) ?? 0;
        seen.set(kinds, count + 1);
        if (count < 3 || ply % 100 === 0) views.push(view);
        if (ply % 60 === 0 && game.status().startsWith("ongoing")) {
          choices.push(game.inputChoices([]));
          outcomes.push(game.chanceOutcomes());
        }
      }
      views.push(game.view());
    }
  }
  return { views, choices, outcomes };
}

/** A Pyrga position at ply 16, solved in a moment. */
const LATE = "Tc3n Tc4e Td4s Cd1 Sd1 Sc1 Cb1 Tb1w Sa1 Ta2s Ta1n Ta3n Ta4e Cb4 Sb4 Sb3";
const late = Game.fromRecord("pyrga", {}, LATE);

test("the declared types fit the values returned", { skip: !existsSync(tsc) && "run npm ci here" }, () => {
  const { views, choices, outcomes } = samples();
  const kinds = new Set(views.flatMap((view) => view.effects.map((effect) => effect.kind)));
  for (const kind of ["takeBack", "housePlaced", "score", "scatter", "pawnPlaced", "qualified"]) {
    assert.ok(kinds.has(kind), `no ${kind} effect in the samples`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "towers-wasm-types-"));
  const file = path.join(dir, "check.ts");
  // The declarations of `require` (towers_wasm.d.cts): the check file is CommonJS.
  const declarations = path.join(packageDir, "towers_wasm.cjs");
  writeFileSync(
    file,
    [
      `import type { View, Choices, ChanceOutcome, PositionValue, MoveValue, ErrorKind, MemoryUsage, TowersError } from ${JSON.stringify(declarations)};`,
      `import { Game, botMove, solve, moveValues, memoryUsage } from ${JSON.stringify(declarations)};`,
      ...views.map((view, index) => `export const view${index}: View = ${JSON.stringify(view)};`),
      `export const choices: Choices[] = ${JSON.stringify(choices)};`,
      `export const outcomes: ChanceOutcome[][] = ${JSON.stringify(outcomes)};`,
      `export const value: PositionValue = ${JSON.stringify(solve(late))};`,
      `export const values: MoveValue[] = ${JSON.stringify(moveValues(late))};`,
      `export const outOfBudget: ErrorKind = "outOfBudget";`,
      `export const kinds: ErrorKind[] = ["freed", "notLoaded", "outOfMemory", "internal"];`,
      `export const usage: MemoryUsage = ${JSON.stringify(memoryUsage())};`,
      `export const again: MemoryUsage = memoryUsage();`,
      `export const kindOf = (error: TowersError): ErrorKind => error.kind;`,
      `const game: Game = new Game("pylos", { variant: "expert" });`,
      `export const move: string = botMove(game, { level: 2, seed: 1, timeMs: 10 });`,
      `export const next: Game = Game.fromRecord("pyrga", null, "Ca1").play("Ta1e");`,
      `const late: Game = Game.fromRecord("pyrga", {}, ${JSON.stringify(LATE)});`,
      `export const solved: PositionValue = solve(late, { timeMs: 500 });`,
      `export const listed: MoveValue[] = moveValues(late, { nodes: 1e6 });`,
      `export const perfect: string = late.botMove({ bot: "perfect", timeMs: 500 });`,
      "",
    ].join("\n"),
  );
  try {
    execFileSync(
      process.execPath,
      [tsc, "--strict", "--noEmit", "--target", "es2022", "--lib", "esnext", "--module", "node16", file],
      { encoding: "utf8" },
    );
  } catch (error) {
    assert.fail(`tsc refused the values:\n${error.stdout}${error.stderr}`);
  }
});
