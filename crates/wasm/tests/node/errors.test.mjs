// Every error the package throws has a `kind`: a freed game (`freed`), a call before the
// browser build is loaded (`notLoaded`), an allocation failure (`outOfMemory`, in a Node
// whose WebAssembly memory is capped) and any other trap (`internal`, through the guard of
// the package on a stand-in module). Run: node --test crates/wasm/tests/node/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import { throwsKind } from "./kinds.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const packageDir = path.join(root, "target/web/pkg");
const require = createRequire(import.meta.url);
const towers = require(packageDir);
const { Game, botMove, solve, moveValues, gameInfo, memoryUsage } = towers;


test("a freed game throws freed from every call", () => {
  const game = Game.fromRecord("pyrga", {}, "Ca1");
  const other = new Game("pyrga");
  game.free();
  const freed = /this game was freed/;
  for (const call of [
    () => game.legalMoves(), () => game.play("Ta1e"), () => game.status(), () => game.view(),
    () => game.name, () => game.toText(), () => game.record(), () => game.key(),
    () => game.perft(1), () => game.inputChoices([]), () => game.botMove(),
    () => game.solve(), () => game.moveValues(), () => game.toFile(), () => game.options(),
    () => game.result(), () => game.chanceOutcomes(),
    () => botMove(game), () => solve(game), () => moveValues(game, { timeMs: 10 }),
  ]) {
    throwsKind(call, "freed", freed);
  }
  game.free(); // Freeing twice does nothing.
  assert.equal(other.status(), "ongoing 0", "the other games still work");
  assert.equal(new Game("pyrga").play("Ca1").record(), "Ca1");
});

test("the package's exports are the module's functions, each guarded", () => {
  const bindings = require(path.join(packageDir, "bindings/node/towers_wasm.js"));
  const exported = Object.keys(bindings).filter((name) => !name.startsWith("__") && typeof bindings[name] === "function");
  // And the tablebase layer's class (tablebase.js), reading Pylos solution files.
  assert.deepEqual(Object.keys(towers).sort(), [...exported, "PylosTablebase"].sort());
  assert.ok(new Game("pylos") instanceof Game);
  assert.ok(new Game("pylos").play("0a1") instanceof Game);
  assert.ok(Game.fromText("pyrga", "4/4/4/4 - standard") instanceof Game);
  const usage = memoryUsage();
  assert.ok(usage.memoryBytes >= usage.heapBytes && usage.heapBytes > 0, JSON.stringify(usage));
  assert.ok(usage.peakHeapBytes >= usage.heapBytes);
  throwsKind(() => gameInfo("chess"), "badOption");
});

test("the browser build throws notLoaded before init, and works after", async () => {
  const web = await import(pathToFileURL(path.join(packageDir, "towers_wasm.js")).href);
  throwsKind(() => new web.Game("pyrga"), "notLoaded", /await init\(\)/);
  throwsKind(() => web.gameInfo("pyrga"), "notLoaded");
  const { readFileSync } = await import("node:fs");
  throwsKind(() => web.initSync({ module: new Uint8Array([0, 1, 2]) }), "notLoaded", /could not be loaded/);
  throwsKind(() => new web.Game("pyrga"), "notLoaded");
  web.initSync({ module: readFileSync(path.join(packageDir, "bindings/web/towers_wasm_bg.wasm")) });
  const game = new web.Game("pyrga");
  assert.equal(game.play(web.botMove(game, { seed: 1 })).record().split(" ").length, 1);
  throwsKind(() => web.botMove(game, { levle: 1 }), "badOption", /levle/);
  game.free();
  throwsKind(() => game.legalMoves(), "freed");
});

test("a trap is an internal error, and the module stays stopped after it", async () => {
  const { guard } = require(path.join(packageDir, "guard.cjs"));
  // A stand-in for the bindings: a class and functions that trap or throw as a broken
  // module would.
  const stand = (allocationFailed) => ({
    Game: class {
      constructor(kind) {
        if (kind === "trap") throw new WebAssembly.RuntimeError("unreachable");
      }
      ok() { return 1; }
      trap() { throw new WebAssembly.RuntimeError("unreachable"); }
      static plain() { throw new TypeError("something broke"); }
      free() {}
    },
    ok: () => 2,
    refuse: () => { throw Object.assign(new Error("no"), { kind: "illegal" }); },
    thrownString: () => { throw "a string"; },
    __allocationFailed: () => allocationFailed,
  });

  const api = guard(stand(false));
  const game = new api.Game();
  assert.equal(game.ok(), 1);
  assert.equal(api.ok(), 2);
  throwsKind(() => api.refuse(), "illegal", /^no$/);
  throwsKind(() => api.thrownString(), "internal", /a string/);
  throwsKind(() => api.Game.plain(), "internal", /something broke/);
  throwsKind(() => game.trap(), "internal", /the module trapped \(unreachable\)/);
  throwsKind(() => api.ok(), "internal", /has stopped/);
  throwsKind(() => game.ok(), "internal", /has stopped/);
  throwsKind(() => new api.Game(), "internal", /has stopped/);
  game.free(); // does nothing once stopped

  const full = guard(stand(true));
  throwsKind(() => new full.Game("trap"), "outOfMemory", /allocation failed/);
  throwsKind(() => full.ok(), "outOfMemory", /has stopped/);
});

test("an allocation failure in the real module is an outOfMemory error", () => {
  // A Node whose WebAssembly memories are capped at 64 MiB; a 100-million-character record
  // cannot be copied into the module's memory.
  const script = `
    const towers = require(${JSON.stringify(packageDir)});
    const report = (run) => { try { run(); return "no error"; } catch (e) { return e instanceof Error ? e.kind + ": " + e.message : "not an Error"; } };
    const game = new towers.Game("pyrga");
    console.log(report(() => towers.Game.fromRecord("pyrga", {}, "Ca1 ".repeat(25_000_000))));
    console.log(report(() => game.legalMoves()));
    console.log(report(() => new towers.Game("pylos")));
  `;
  const out = execFileSync(process.execPath, ["--wasm-max-mem-pages=1024", "-e", script], { encoding: "utf8" });
  const [first, second, third] = out.trim().split("\n");
  assert.match(first, /^outOfMemory: an allocation failed/);
  assert.match(second, /^outOfMemory: the module has stopped/);
  assert.match(third, /^outOfMemory: the module has stopped/);
});
