// Time of one bot move at the default bot and level (3) of each game, under Node, from
// positions along a game played by random moves (chance outcomes drawn by botMove too).
//
//   cargo xtask web && node crates/wasm/bench/bots.mjs
//
// Prints the median and the slowest move per game.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);
const { Game, botMove } = require(path.join(root, "target/web/pkg"));

const samples = Number(process.argv[2] ?? 12);

for (const name of ["pyrga", "pylos", "architekton", "crescendo"]) {
  let game = new Game(name);
  const times = [];
  let ply = 0;
  while (times.length < samples && game.status().startsWith("ongoing")) {
    if (game.status() !== "ongoing chance" && ply % 3 === 0) {
      const started = process.hrtime.bigint();
      const move = botMove(game, { seed: ply });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (!game.legalMoves().includes(move)) throw new Error(`${name}: illegal ${move}`);
    }
    game = game.play(botMove(game, { bot: "random", seed: ply }));
    ply += 1;
    if (game.status().startsWith("ongoing") === false) game = new Game(name);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${name}: default bot, level 3: median ${median.toFixed(0)} ms, slowest ${times.at(-1).toFixed(0)} ms over ${times.length} moves`,
  );
}
