// The package as an ES module for browsers and bundlers: `await init()` fetches and
// compiles the module (`bindings/web/towers_wasm_bg.wasm`, next to the bindings), then the
// calls are synchronous. Every export passes through the guard (guard.js).
import loadBindings, * as bindings from "./bindings/web/towers_wasm.js";
import { guard } from "./guard.js";
import { tablebase } from "./tablebase.js";

let loaded = false;
const guarded = guard(bindings, { loaded: () => loaded, skip: ["default", "initSync"] });
const api = { ...guarded, ...tablebase(guarded) };

/** The error of a module that could not be loaded: kind `notLoaded`. */
function notLoaded(cause) {
  const reason = cause instanceof Error ? cause.message : String(cause);
  const error = new Error(`the module could not be loaded: ${reason}`, { cause });
  error.kind = "notLoaded";
  return error;
}

/** Fetches and compiles the module (`input`: as wasm-bindgen's `init` takes it). */
export default async function init(input) {
  try {
    const exports = await loadBindings(input);
    loaded = true;
    return exports;
  } catch (cause) {
    throw notLoaded(cause);
  }
}

/** Compiles the module from its bytes or a `WebAssembly.Module`, synchronously. */
export function initSync(input) {
  try {
    const exports = bindings.initSync(input);
    loaded = true;
    return exports;
  } catch (cause) {
    throw notLoaded(cause);
  }
}

export const { Game, botMove, solve, moveValues, gameInfo, memoryUsage, PylosTablebase } = api;
