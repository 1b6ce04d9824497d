// The layer between the bindings wasm-bindgen writes and the package's users, the one place
// where every call into the module passes: the methods, getters and static functions of
// `Game`, its constructor, and the functions at the top level. Whatever such a call throws
// leaves it as an `Error` with a `kind`:
//
// - the module's own errors (`parse`, `illegal`, `gameOver`, `invalidPosition`,
//   `badOption`, `outOfBudget`, `noDatabase`, `badFile`) and the tablebase layer's
//   (`network`) pass through unchanged;
// - `freed`: a game used after its `free()`;
// - `notLoaded`: a call before the module was loaded (`init()` in a browser);
// - `outOfMemory`: the module trapped after an allocation failed (its memory is full);
// - `internal`: any other trap or error (a bug of the package).
//
// A trap stops the module: it leaves its memory as it was in the middle of a call, so every
// later call throws an error of the same kind (load the package anew: a new worker, a new
// page or a new process). `free()` of a game already freed, or after a trap, does nothing.
//
// Written once as an ES module; `cargo xtask web` writes the CommonJS copy (guard.cjs) by
// replacing the export line at the end, the only line that differs.

/** The kinds of the errors the module throws itself, and those given here (an error of
 * the guard passes unchanged through an outer call: `botMove(game)` calls `game.botMove`). */
const KINDS = new Set([
  "parse", "illegal", "gameOver", "invalidPosition", "badOption", "outOfBudget",
  "noDatabase", "badFile", "network", "freed", "notLoaded", "outOfMemory", "internal",
]);

/** The classes of the bindings, guarded as `Game` is. */
const CLASSES = ["Game", "PylosTablebaseReader"];

/** What the bindings throw for a game whose memory was released. */
const FREED = /null pointer passed to rust/;

/** An `Error` of `kind` with `message`, caused by `cause` when given. */
function kindError(kind, message, cause) {
  const error = cause === undefined ? new Error(message) : new Error(message, { cause });
  error.kind = kind;
  return error;
}

/**
 * Wraps the bindings `raw` (the exports of wasm-bindgen's glue) in place and returns the
 * functions to export: `{Game, botMove, …}`, every function of `raw` but those whose name
 * starts with `__` and those listed in `skip` (the loading functions), each guarded.
 * `loaded()` says whether the module is loaded.
 */
function guard(raw, { loaded = () => true, skip = [] } = {}) {
  // The error that stopped the module, once one has: {kind, message}.
  let stopped = null;

  const allocationFailed = () => {
    try {
      return raw.__allocationFailed() === true;
    } catch {
      return false;
    }
  };

  /** What leaves a call for `thrown`. */
  const translate = (thrown) => {
    if (thrown instanceof Error && KINDS.has(thrown.kind)) return thrown;
    if (typeof WebAssembly !== "undefined" && thrown instanceof WebAssembly.RuntimeError) {
      const kind = allocationFailed() ? "outOfMemory" : "internal";
      const what = kind === "outOfMemory" ? "an allocation failed: the module's memory is full" : `the module trapped (${thrown.message})`;
      stopped = { kind, message: `${what}; the module has stopped: load the package again` };
      return kindError(kind, stopped.message, thrown);
    }
    const message = thrown instanceof Error ? thrown.message : String(thrown);
    if (FREED.test(message)) return kindError("freed", "this game was freed (free()) and cannot be used", thrown);
    if (!loaded()) return kindError("notLoaded", "the module is not loaded yet: await init() first", thrown);
    return kindError("internal", `internal error: ${message}`, thrown);
  };

  /** `run(…args)` guarded, as a method or a function. */
  const guarded = (run) =>
    function (...args) {
      if (stopped !== null) throw kindError(stopped.kind, `the module has stopped after an earlier error: ${stopped.message}`);
      try {
        return run.apply(this, args);
      } catch (thrown) {
        throw translate(thrown);
      }
    };

  const wrapMembers = (target, names) => {
    for (const name of names) {
      // The class's own properties, and the bindings' internals (`__wrap`, …), as they are.
      if (name === "constructor" || name === "prototype" || name === "length") continue;
      if (typeof name === "string" && name.startsWith("__")) continue;
      if (name === "name" && typeof target === "function") continue;
      const descriptor = Object.getOwnPropertyDescriptor(target, name);
      if (descriptor === undefined || !descriptor.configurable) continue;
      if (typeof descriptor.value === "function") {
        descriptor.value = name === "free" || name === Symbol.dispose ? freeing(descriptor.value) : guarded(descriptor.value);
      } else if (typeof descriptor.get === "function") {
        descriptor.get = guarded(descriptor.get);
      } else {
        continue;
      }
      Object.defineProperty(target, name, descriptor);
    }
  };
  /** `free` guarded, doing nothing for a game already freed or once the module has stopped. */
  const freeing = (free) => {
    const run = guarded(free);
    return function () {
      if (stopped !== null) return;
      try {
        run.call(this);
      } catch (error) {
        if (error.kind !== "freed") throw error;
      }
    };
  };
  const exports = {};
  for (const name of CLASSES) {
    const Class = raw[name];
    if (typeof Class !== "function") continue;
    wrapMembers(Class.prototype, Reflect.ownKeys(Class.prototype));
    wrapMembers(Class, Object.getOwnPropertyNames(Class));
    const construct = guarded((args, newTarget) => Reflect.construct(Class, args, newTarget));
    // `new Game(…)` through the guard; `instanceof`, the prototype and the static
    // functions are those of the class itself.
    exports[name] = new Proxy(Class, { construct: (_, args, newTarget) => construct(args, newTarget) });
  }
  for (const [name, value] of Object.entries(raw)) {
    if (CLASSES.includes(name) || name.startsWith("__") || skip.includes(name) || typeof value !== "function") continue;
    exports[name] = guarded(value);
  }
  return exports;
}

export { guard };
