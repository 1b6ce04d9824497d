// The app's modules as the project keeps them: each at most 500 lines, no circle among
// their imports, and module-level mutable variables in state.js alone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const modules = readdirSync(web).filter((file) => file.endsWith(".js"));
const source = Object.fromEntries(modules.map((file) => [file, readFileSync(join(web, file), "utf8")]));

test("every module of the app has at most 500 lines", () => {
  for (const file of modules) {
    const lines = source[file].split("\n").length - 1;
    assert.ok(lines <= 500, `web/${file}: ${lines} lines`);
  }
});

test("the modules of the app import each other without a circle", () => {
  const imports = (file) => [...source[file].matchAll(/^import .* from "\.\/([\w-]+\.js)";$/gm)].map((m) => m[1]);
  const done = new Set();
  const visit = (file, path) => {
    const at = path.indexOf(file);
    assert.ok(at < 0, `a circle: ${[...path.slice(at), file].join(" -> ")}`);
    if (done.has(file)) return;
    for (const next of imports(file)) visit(next, [...path, file]);
    done.add(file);
  };
  for (const file of modules) visit(file, []);
});

test("only state.js holds module-level mutable variables", () => {
  for (const file of modules.filter((file) => file !== "state.js")) {
    assert.doesNotMatch(source[file], /^(let|var) /m, `web/${file}`);
  }
});
