// The npm package as a user gets it: `npm pack` of target/web/pkg, installed from the
// tarball into a fresh Node project (no network), then imported both ways, with `import`
// from an .mjs file and `require` from a .cjs file, each playing a move; and its types
// checked by `tsc` from both kinds of file when typescript is installed here (npm ci).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..", "..");
const packageDir = path.join(root, "target/web/pkg");
const tsc = path.join(here, "node_modules/typescript/bin/tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Runs `command` in `cwd`, returning its output; a failure shows its output. */
function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    assert.fail(`${command} ${args.join(" ")} failed:\n${error.stdout}${error.stderr}`);
  }
}

test("the packed package installs into a fresh project and loads with import and require", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "towers-wasm-package-"));
  try {
    const packed = JSON.parse(run(npm, ["pack", packageDir, "--json", "--pack-destination", dir], dir));
    const files = packed[0].files.map((file) => file.path);
    for (const file of [
      "package.json", "README.md", "LICENSE-MIT", "LICENSE-APACHE", "towers_wasm.js",
      "towers_wasm.cjs", "towers_wasm.mjs", "towers_wasm.d.ts", "towers_wasm.d.cts",
      "towers_wasm.d.mts", "guard.js", "guard.cjs", "bindings/web/towers_wasm.js",
      "bindings/web/towers_wasm_bg.wasm", "bindings/node/towers_wasm.js",
      "bindings/node/package.json",
    ]) {
      assert.ok(files.includes(file), `${file} not in the tarball: ${files.join(", ")}`);
    }
    // One module, which the bindings for Node read from those for browsers.
    assert.deepEqual(files.filter((file) => file.endsWith(".wasm")), ["bindings/web/towers_wasm_bg.wasm"]);
    const tarball = path.join(dir, packed[0].filename);
    const project = path.join(dir, "project");
    run("mkdir", [project], dir);
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "user", private: true }));
    run(npm, ["install", tarball, "--no-audit", "--no-fund", "--offline"], project);
    const installed = JSON.parse(readFileSync(path.join(project, "node_modules/towers-wasm/package.json"), "utf8"));
    for (const key of ["license", "repository", "engines", "exports", "files", "types"]) {
      assert.ok(installed[key] !== undefined, `package.json has no ${key}`);
    }
    assert.equal(installed.license, "MIT OR Apache-2.0");

    writeFileSync(
      path.join(project, "play.mjs"),
      [
        'import init, { Game, botMove } from "towers-wasm";',
        "await init();",
        'const game = new Game("pylos");',
        "const next = game.play(botMove(game, { seed: 1 }));",
        "let kind;",
        "try { botMove(next, { levle: 1 }); } catch (error) { kind = error.kind; }",
        'console.log(next.record(), kind, next instanceof Game);',
      ].join("\n"),
    );
    writeFileSync(
      path.join(project, "play.cjs"),
      [
        'const { Game, botMove } = require("towers-wasm");',
        'const game = new Game("pylos");',
        "const next = game.play(botMove(game, { seed: 1 }));",
        "let kind;",
        "try { next.free(); next.status(); } catch (error) { kind = error.kind; }",
        'console.log(game.play(botMove(game, { seed: 1 })).record(), kind, game instanceof Game);',
      ].join("\n"),
    );
    const imported = run(process.execPath, ["play.mjs"], project).trim().split(" ");
    const required = run(process.execPath, ["play.cjs"], project).trim().split(" ");
    assert.match(imported[0], /^[0-3][a-d][1-4]$/);
    assert.deepEqual(imported.slice(1), ["badOption", "true"]);
    assert.deepEqual(required, [imported[0], "freed", "true"]);

    if (existsSync(tsc)) {
      // The declarations as `import` (.mts) and `require` (.cts) see them.
      const body = [
        'const game: Game = new Game("pyrga", { rules: "classic" });',
        "const move: string = botMove(game, { level: 2 });",
        "export const view: View = game.play(move).view();",
        "export const kind = (error: TowersError): ErrorKind => error.kind;",
      ];
      writeFileSync(path.join(project, "check.mts"), ['import init, { Game, botMove } from "towers-wasm";', 'import type { View, TowersError, ErrorKind } from "towers-wasm";', "await init();", ...body].join("\n"));
      writeFileSync(path.join(project, "check.cts"), ['import { Game, botMove } from "towers-wasm";', 'import type { View, TowersError, ErrorKind } from "towers-wasm";', ...body].join("\n"));
      run(process.execPath, [tsc, "--strict", "--noEmit", "--target", "es2022", "--lib", "esnext", "--module", "node16", "check.mts", "check.cts"], project);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
