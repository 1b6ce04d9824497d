// Pylos's solution files: the list the host serves beside the app (`solve/index.json`,
// which `cargo xtask serve` makes from the compact files of target/solve/), the file for
// a match's options, what the setup form says about it, and the one command that makes a
// missing one.

import GAMES from "./games/index.js";
import { solutions, server } from "./state.js";

/** Pylos's `options` with the defaults of those not given (a loaded game file names only
 * some). */
function whole(options) {
  return { ...Object.fromEntries(GAMES.pylos.options.map((o) => [o.key, o.values[0][0]])), ...options };
}

/** The list of the host's solution files, fetched once: resolves when it is known
 * (`solutions.list`, empty with `solutions.problem` set when the host lists none). */
export function listSolutions() {
  solutions.loading ??= fetch(new URL("solve/index.json", location.href), { cache: "no-cache" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`solve/index.json: ${response.status} ${response.statusText}`.trim());
      const { files } = await response.json();
      solutions.list = files;
    })
    .catch((error) => {
      solutions.list = [];
      solutions.problem = `this host lists no solution files (${error.message}): serve the app with cargo xtask serve, or give a file's address in the analysis panel`;
    });
  return solutions.loading;
}

/** The host's solution file for the Pylos `options`: the one that covers the most
 * positions (the fewest balls), or null. */
export function fileFor(options) {
  const { variant, takeback, end } = whole(options);
  const fits = (solutions.list ?? []).filter((f) => f.variant === variant && f.takeback === takeback && f.end === end);
  return fits.sort((a, b) => a.minBalls - b.minBalls)[0] ?? null;
}

/** The address of the solution file read for the Pylos `options`: the one given in the
 * analysis panel, else the host's file for them; "" when there is none. */
export function solutionUrl(options) {
  if (solutions.url !== "") return new URL(solutions.url, location.href).href;
  const file = fileFor(options);
  return file === null ? "" : new URL(file.url, location.href).href;
}

/** Whether the perfect bot can play the Pylos `options`: a solution file for them, an
 * address given in the panel, or an analysis server. */
export function perfectAvailable(options) {
  return server.url !== "" || solutions.url !== "" || fileFor(options) !== null;
}

/** The one command, run in the project's folder, that builds the whole solution of the
 * Pylos `options` and writes its compact file where `cargo xtask serve` finds it. */
export function makeCommand(options) {
  const { variant, takeback, end } = whole(options);
  const flags = [`--variant ${variant}`];
  const stem = ["pylos", variant];
  if (takeback !== "1-2") {
    flags.push(`--takeback ${takeback}`);
    stem.push(takeback);
  }
  if (end !== "nomove") {
    flags.push(`--end ${end}`);
    stem.push(end);
  }
  const name = `target/solve/${stem.join("-")}`;
  return `cargo run --release -p towers -- solve pylos ${flags.join(" ")} --build --min-balls 0 --db ${name}.db --compact ${name}.dz`;
}

/** A size in megabytes, with its bytes: "16.3 MB (16,261,654 bytes)". */
function size(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB (${bytes.toLocaleString("en")} bytes)`;
}

/** What the setup form says about perfect play in Pylos with `options`: `{ text, missing }`,
 * `missing` when no solution file serves them (the text then names the command that makes
 * one). */
export function solutionNote(options) {
  if (solutions.list === null) return { text: "Looking for solution files…", missing: false };
  const file = fileFor(options);
  if (solutions.url !== "") return { text: `Perfect play: the solution file at ${solutions.url} (given in the analysis panel).`, missing: false };
  if (file !== null) {
    const covers = file.minBalls === 0 ? "every position" : `the positions with at least ${file.minBalls} balls (before them the perfect bot says so and the strong bot plays)`;
    return { text: `Perfect play: ${file.url}, ${size(file.bytes)}, ${covers}.`, missing: false };
  }
  const why = solutions.problem === ""
    ? "no solution file for these options on this host"
    : solutions.problem;
  const byServer = server.url === "" ? "" : ` The perfect bot asks the analysis server at ${server.url}.`;
  return {
    text: `No perfect bot from a file: ${why}. Make the file (in the project's folder; cargo xtask serve then serves it): ${makeCommand(options)}${byServer}`,
    missing: true,
  };
}
