// The package as an ES module for browsers and bundlers: `await init()` fetches and
// compiles the module (`bindings/web/towers_wasm_bg.wasm`, next to the bindings), then the
// calls are synchronous. Every export passes through the guard (guard.js).
import loadBindings, * as bindings from "./bindings/web/towers_wasm.js";
import { guard } from "./guard.js";

let loaded = false;
const api = guard(bindings, { loaded: () => loaded, skip: ["default", "initSync"] });

/** Fetches and compiles the module (`input`: as wasm-bindgen's `init` takes it). */
export default async function init(input) {
  const exports = await loadBindings(input);
  loaded = true;
  return exports;
}

/** Compiles the module from its bytes or a `WebAssembly.Module`, synchronously. */
export function initSync(input) {
  const exports = bindings.initSync(input);
  loaded = true;
  return exports;
}

export const { Game, botMove, solve, moveValues, gameInfo, memoryUsage } = api;
