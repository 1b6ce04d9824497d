// Helpers shared by the game modules: status lines, step tokens and SVG pieces.

/** Reads a status line: "ongoing 0", "ongoing chance", "winner 1", "draw", "ranking 2 0 1". */
export function parseStatus(line) {
  const words = line.trim().split(/\s+/);
  switch (words[0]) {
    case "ongoing":
      return words[1] === "chance"
        ? { over: false, chance: true, seat: null }
        : { over: false, chance: false, seat: Number(words[1]) };
    case "winner":
      return { over: true, winner: Number(words[1]) };
    case "draw":
      return { over: true, draw: true };
    case "ranking":
      return { over: true, ranking: words.slice(1).map(Number), winner: Number(words[1]) };
    default:
      return { over: true, unknown: line };
  }
}

/** A step that is a click on the board is written `<tag>@<cell>`. */
export function isCellToken(token) {
  return token.includes("@");
}

export function tokenCell(token) {
  return token.slice(token.indexOf("@") + 1);
}

/** Escapes text for HTML and SVG. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The SVG root with a view box, scaling to the width of its box. A board of class
 * `zoomable` is never drawn smaller than its width times the CSS length `--unit` (set per
 * game and screen width in style.css): where that is wider than the screen, the board pans.
 * `data` become `data-` attributes (panning.js reads a board's rulers and cell size). */
export function svg(width, height, body, label, className = "", data = {}) {
  const attributes = Object.entries(data).map(([key, value]) => ` data-${key}="${value}"`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" style="max-width: ${Math.round(width * 1.5)}px; --w: ${width}; --aspect: ${(width / height).toFixed(4)}" role="group" aria-label="${esc(label)}" class="board-svg ${className}"${attributes}>${body}</svg>`;
}

/** A clickable, highlighted target over a cell's rectangle. */
export function targetRect(x, y, w, h, token, title) {
  return `<rect class="target" x="${x}" y="${y}" width="${w}" height="${h}" rx="4" data-step="${esc(token)}"><title>${esc(title)}</title></rect>`;
}

/** The generic result line. */
export function genericResult(status, names) {
  if (status.draw) return "Draw.";
  if (status.ranking) return `${names[status.ranking[0]]} wins. Ranking: ${status.ranking.map((s, i) => `${i + 1}. ${names[s]}`).join(", ")}.`;
  if (status.winner !== undefined) return `${names[status.winner]} wins.`;
  return `Game over (${status.unknown}).`;
}

/** The players' names from the view, else `fallback`. */
export function namesFromView(view, fallback) {
  const names = view?.players?.map((p, seat) => (typeof p?.name === "string" ? p.name : fallback[seat]));
  return names && names.length > 0 ? names : fallback;
}

const point = (at) => (at && typeof at === "object" ? `${at.x},${at.y}` : String(at));

/** The effects of a move (from the view) in words, one sentence each; what a move's own
 * description says already (Pylos' raises and take-backs) is left out. */
export function describeEffects(effects, names) {
  const name = (seat) => names[seat] ?? `Seat ${seat}`;
  return (effects ?? []).map((effect) => {
    switch (effect.kind) {
      case "towerComplete":
        return `The tower on ${effect.cell} is complete: ${name(effect.controller)} controls it.`;
      case "houseMoved":
        return `${name(effect.seat)}'s house moved from ${point(effect.from)} to ${point(effect.to)}.`;
      case "houseRemoved":
        return `${name(effect.seat)}'s house on ${point(effect.at)} left the game.`;
      case "score":
        return effect.change >= 0
          ? `${name(effect.seat)} scores ${effect.change} point${effect.change === 1 ? "" : "s"}.`
          : `${name(effect.seat)} pays ${-effect.change} point${effect.change === -1 ? "" : "s"}.`;
      case "scatter":
        return `${effect.pawns} pawn${effect.pawns === 1 ? "" : "s"} of ${name(effect.victim)} scattered from ${point(effect.at)}.`;
      case "qualified":
        return `${name(effect.seat)} qualifies.`;
      case "newRound":
        return `Round ${effect.round} begins on an empty table${effect.eliminated?.length ? `; ${effect.eliminated.map(name).join(", ")} eliminated` : ""}.`;
      default:
        return "";
    }
  }).filter((text) => text !== "");
}

/** `text` cut to at most `limit` characters, with an ellipsis where it was cut. */
export function clip(text, limit = 300) {
  const chars = [...String(text)];
  return chars.length <= limit ? chars.join("") : `${chars.slice(0, limit - 1).join("")}…`;
}

/** The SVG mark of a cell that changed since the person's last move (a dotted frame). */
export function changedRect(x, y, w, h, cell) {
  return `<rect class="changed" x="${x}" y="${y}" width="${w}" height="${h}" data-cell="${esc(cell)}"><title>Changed since your last move: ${esc(cell)}</title></rect>`;
}

/** The keys whose values differ between two maps (present in either). */
export function changedKeys(before, after) {
  const keys = new Set();
  for (const [key, value] of after) if (before.get(key) !== value) keys.add(key);
  for (const key of before.keys()) if (!after.has(key)) keys.add(key);
  return keys;
}

/** What each bot is to a player: a strength, and the engine behind it as a detail. */
const BOT_LABELS = {
  random: ["easy", "random moves"],
  greedy: ["medium", "greedy: the best-looking move now"],
  mcts: ["strong", "Monte Carlo tree search"],
  alphabeta: ["strong", "alpha-beta search"],
  perfect: ["perfect", "the solver, or a solution file in Pylos"],
};

/** A bot by its strength, with its engine as a detail: "strong (Monte Carlo tree search)". */
export function botLabel(bot) {
  const [strength, engine] = BOT_LABELS[bot] ?? [bot, bot];
  return `${strength} (${engine})`;
}

/** A bot by its strength alone: "strong". */
export function botStrength(bot) {
  return (BOT_LABELS[bot] ?? [bot])[0];
}
