// The package for Node as CommonJS (`require("towers-wasm")`): the module is read and
// compiled when the package is first required. Every export passes through the guard
// (guard.cjs). The ES module for Node (towers_wasm.mjs) re-exports this one, so that
// `import` and `require` share one module.
"use strict";

const bindings = require("./bindings/node/towers_wasm.js");
const { guard } = require("./guard.cjs");
const { tablebase } = require("./tablebase.cjs");

const guarded = guard(bindings);
module.exports = { ...guarded, ...tablebase(guarded) };
