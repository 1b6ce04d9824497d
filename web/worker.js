// The bot thinks here, off the page's thread, so the page never freezes.

import init, { Game, botMove } from "./pkg/towers_wasm.js";

const ready = init();

self.addEventListener("message", async (event) => {
  const { epoch, name, text, bot, level, timeMs, seed } = event.data;
  try {
    await ready;
    const game = Game.fromText(name, text);
    const start = performance.now();
    const move = botMove(game, timeMs === undefined ? { bot, level, seed } : { bot, level, timeMs, seed });
    const ms = performance.now() - start;
    game.free?.();
    self.postMessage({ epoch, move, ms });
  } catch (error) {
    const kind = error && error.kind ? ` (${error.kind})` : "";
    self.postMessage({ epoch, error: `${error && error.message ? error.message : error}${kind}` });
  }
});
