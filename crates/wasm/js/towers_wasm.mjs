// The package for Node as an ES module (`import … from "towers-wasm"`): the CommonJS
// package re-exported, so that `import` and `require` in one program share one module.
// The module is loaded on import: `init()` and `initSync()` do nothing, so that code
// written for browsers runs unchanged.
import towers from "./towers_wasm.cjs";

/** Does nothing: in Node the module is loaded on import. */
export default async function init() {}

/** Does nothing: in Node the module is loaded on import. */
export function initSync() {}

export const { Game, botMove, solve, moveValues, gameInfo, memoryUsage, PylosTablebase } = towers;
