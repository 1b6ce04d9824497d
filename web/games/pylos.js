// Pylos: the pyramid seen from above, each level's balls resting between the four below,
// and both reserves.

import { esc, namesFromView, svg, genericResult } from "./common.js";

const FILES = "abcd";
const S = 92;
/** The margin around the spots, where the files and ranks of level 0 are written. */
const M = 24;
/** A spot of the levels drawn each on its own under the pyramid, in CSS pixels. */
const STRIP_CELL = 46;
const R = 0.46 * S;
const NAMES = ["Light", "Dark"];
const BALL = [
  { fill: "#ecd49a", shine: "#fff6df", flat: "#f2dfae", stroke: "#6b5326", text: "#3b2a10" },
  { fill: "#4e2f16", shine: "#7a5232", flat: "#4a2c14", stroke: "#1c0f04", text: "#ffffff" },
];

/** The position text: balls by spot name (`0a1`), the player to move, the reserves, options. */
function parsePosition(text) {
  const [pyramid, toMove, light, dark, variant, takeback, end] = text.split(" ");
  const balls = new Map();
  pyramid.split("/").forEach((levelText, level) => {
    const ranks = levelText.split(",");
    const size = 4 - level;
    ranks.forEach((rankText, row) => {
      const rank = size - row;
      [...rankText].forEach((char, file) => {
        if (char === "L" || char === "D") balls.set(`${level}${FILES[file]}${rank}`, char === "L" ? 0 : 1);
      });
    });
  });
  return { balls, toMove: toMove === "L" ? 0 : 1, reserves: [Number(light), Number(dark)], variant, takeback, end };
}

function centre(spot) {
  const level = Number(spot[0]);
  const u = FILES.indexOf(spot[1]) + level / 2;
  const v = Number(spot[2]) - 1 + level / 2;
  return [M + S / 2 + u * S, M + S / 2 + (3 - v) * S];
}

function spots() {
  const all = [];
  for (let level = 0; level < 4; level += 1) {
    for (let rank = 1; rank <= 4 - level; rank += 1) {
      for (let file = 0; file < 4 - level; file += 1) all.push(`${level}${FILES[file]}${rank}`);
    }
  }
  return all;
}

function ball(owner, cx, cy, r = R, extra = "") {
  const ink = BALL[owner];
  return `<g ${extra}><circle cx="${cx}" cy="${cy}" r="${r}" fill="${ink.fill}" stroke="${ink.stroke}" stroke-width="2"/>`
    + `<circle cx="${cx - r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.38}" fill="${ink.shine}"/></g>`;
}

/** The balls shown: the position, with the person's move so far applied. */
function pendingBalls(balls, chosen, seat) {
  const shown = new Map(balls);
  const removed = new Set();
  let moved = null;
  for (const token of chosen) {
    const spot = token.slice(token.indexOf("@") + 1);
    if (token.startsWith("@")) {
      if (!shown.has(spot)) {
        shown.set(spot, seat);
        moved = { to: spot };
      } else {
        moved = { from: spot };
      }
    } else if (token.startsWith("to@")) {
      shown.delete(moved.from);
      shown.set(spot, seat);
      moved = { from: moved.from, to: spot };
    } else if (token.startsWith("x@")) {
      removed.add(spot);
    }
  }
  return { shown, removed, moved };
}

function draw(context) {
  const { text, targets, chosen, changed, status } = context;
  const position = parsePosition(text);
  const seat = status.seat ?? position.toMove;
  const { shown, removed, moved } = pendingBalls(position.balls, chosen, seat);
  const size = 4 * S + 2 * M;
  let body = "";
  body += `<rect x="2" y="2" width="${size - 4}" height="${size - 4}" rx="18" fill="#c9a46a" stroke="#6d4c22" stroke-width="4"/>`;
  body += `<rect x="${M - 4}" y="${M - 4}" width="${4 * S + 8}" height="${4 * S + 8}" rx="12" fill="#b68d50"/>`;
  for (const spot of spots().filter((s) => s[0] === "0")) {
    const [x, y] = centre(spot);
    body += `<circle cx="${x}" cy="${y}" r="${R * 0.8}" fill="#9c7740" stroke="#7a5a2c" stroke-width="2"><title>${spot}</title></circle>`;
  }
  for (let i = 0; i < 4; i += 1) {
    body += `<text class="coord on-wood" x="${M + S / 2 + i * S}" y="${M + 4 * S + 18}" text-anchor="middle">${FILES[i]}</text>`;
    body += `<text class="coord on-wood" x="${M / 2}" y="${M + S / 2 + i * S + 5}" text-anchor="middle">${4 - i}</text>`;
  }
  for (let level = 0; level < 4; level += 1) {
    for (const spot of spots().filter((s) => Number(s[0]) === level)) {
      const owner = shown.get(spot);
      if (owner === undefined) continue;
      const [x, y] = centre(spot);
      const r = R * (1 + 0.05 * level);
      if (level > 0) body += `<circle cx="${x + 4 + 2 * level}" cy="${y + 6 + 2 * level}" r="${r}" fill="#000" opacity="0.3"/>`;
      body += ball(owner, x, y, r, removed.has(spot) ? 'opacity="0.35"' : "");
      body += `<title>${spot}</title>`;
      if (removed.has(spot)) body += `<path d="M${x - 18} ${y - 18}L${x + 18} ${y + 18}M${x + 18} ${y - 18}L${x - 18} ${y + 18}" stroke="#a00000" stroke-width="7" stroke-linecap="round"/>`;
      if (changed.has(spot) && chosen.length === 0) body += `<circle class="changed" cx="${x}" cy="${y}" r="${R - 5}" data-cell="${spot}"><title>Changed since your last move: ${spot}</title></circle>`;
      if (moved && (moved.to === spot || (moved.from === spot && !moved.to))) body += `<circle class="selected" cx="${x}" cy="${y}" r="${R - 4}"/>`;
    }
  }
  for (const spot of changed) {
    if (!shown.has(spot) && chosen.length === 0) {
      const [x, y] = centre(spot);
      body += `<circle class="changed" cx="${x}" cy="${y}" r="${R * 0.5}" data-cell="${spot}"><title>Emptied since your last move: ${spot}</title></circle>`;
    }
  }
  for (const [spot, token] of targets) {
    const [x, y] = centre(spot);
    const what = token.startsWith("x@") ? "Take back" : token.startsWith("to@") ? "Raise to" : shown.has(spot) ? "Raise" : "Place on";
    body += `<circle class="target" cx="${x}" cy="${y}" r="${0.33 * S}" data-step="${esc(token)}"><title>${what} ${spot}</title></circle>`;
  }
  return svg(size, size, body, "Pylos pyramid seen from above", "pylos")
    + levelsStrip(new Map([...shown].filter(([spot]) => !removed.has(spot))));
}

/** Each level flat, side by side, under the pyramid: what the top view hides. Each level
 * is its own drawing of a fixed size in CSS pixels (a spot of STRIP_CELL), so that its
 * balls keep their size on a phone, where the levels wrap. */
function levelsStrip(shown) {
  const cell = STRIP_CELL;
  const levels = [0, 1, 2, 3].map((level) => {
    const n = 4 - level;
    const top = 20;
    let body = `<text x="${(n * cell) / 2}" y="15" text-anchor="middle" font-size="14" fill="#3b2a10">level ${level}</text>`;
    const balls = [];
    for (let rank = n; rank >= 1; rank -= 1) {
      for (let file = 0; file < n; file += 1) {
        const spot = `${level}${FILES[file]}${rank}`;
        const cx = file * cell + cell / 2;
        const cy = top + (n - rank) * cell + cell / 2;
        const owner = shown.get(spot);
        if (owner === undefined) {
          body += `<circle cx="${cx}" cy="${cy}" r="3" fill="#a58b5f"/>`;
          continue;
        }
        balls.push(`${NAMES[owner].toLowerCase()} on ${spot}`);
        body += `<circle class="strip-ball" cx="${cx}" cy="${cy}" r="${cell / 2 - 0.5}" fill="${BALL[owner].flat}" stroke="${BALL[owner].stroke}" stroke-width="1.5"/>`
          + `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="15" font-weight="bold" fill="${BALL[owner].text}">${NAMES[owner][0]}</text>`;
      }
    }
    const said = `Level ${level}: ${balls.length === 0 ? "empty" : balls.join(", ")}`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n * cell} ${n * cell + top}" width="${n * cell}" height="${n * cell + top}" role="img" aria-label="${esc(said)}">${body}</svg>`;
  });
  return `<div class="levels">${levels.join("")}</div>`;
}

/** Who holds each spot, to find the spots that changed between two positions. */
function contents(view, text) {
  return new Map([...parsePosition(text).balls].map(([spot, owner]) => [spot, String(owner)]));
}

/** A move in words: "Dark raised a ball from 0a1 to 1b2 and took back 1b2 and 0c3." */
function describeMove(move, who) {
  const [main, ...removals] = move.split("x");
  const [from, to] = main.split("-");
  const put = to ? `raised a ball from ${from} to ${to}` : `placed a ball on ${from}`;
  const taken = removals.length > 0 ? ` and took back the ball${removals.length > 1 ? "s" : ""} on ${removals.join(" and ")}` : "";
  return `${who} ${put}${taken}.`;
}

function panel(context) {
  const position = parsePosition(context.text);
  const { status } = context;
  const reserves = [0, 1].map((owner) => {
    const count = position.reserves[owner];
    const icon = svg(40, 40, ball(owner, 20, 20, 17), `${NAMES[owner]} ball`);
    const toMove = status.seat === owner ? " to-move" : "";
    return `<div class="seat seat-${owner}${toMove}"><strong>${NAMES[owner]}</strong> <span class="supply-item">${icon}× ${count}</span> in reserve</div>`;
  });
  const rules = `<div class="seat"><small>Variant ${esc(position.variant)}, take back ${esc(position.takeback)}, end rule ${esc(position.end)}</small></div>`;
  return reserves.join("") + rules;
}

/** `0a1-1b2x1b2x0c3`: the ball placed or raised, then the balls taken back in any order. */
function steps(move) {
  const [main, ...removals] = move.split("x");
  const [from, to] = main.split("-");
  const seq = [`@${from}`];
  if (to) seq.push(`to@${to}`);
  return { seq, set: removals.map((spot) => `x@${spot}`) };
}

function prompt(context, input) {
  const { chosen } = context;
  const taking = input.options.some((t) => t.startsWith("x@"));
  if (taking) {
    return chosen.some((t) => t.startsWith("x@"))
      ? "You may take back a second ball."
      : "A square (or line) of your colour: take back a free ball.";
  }
  if (chosen.length === 0) return "Click an empty spot to place a ball, or one of your free balls to raise it.";
  return "Click the spot to raise this ball to.";
}

function doneLabel(context) {
  return context.chosen.some((t) => t.startsWith("x@")) ? "Take back only one" : "Take back none";
}

function result(context) {
  const { status, text } = context;
  if (status.winner === undefined) return genericResult(status, NAMES);
  const position = parsePosition(text);
  const winner = NAMES[status.winner];
  const loser = 1 - status.winner;
  if (position.balls.has("3a1")) return `${winner} wins: a ball on top of the pyramid.`;
  if (position.end === "reserve" && position.reserves[loser] === 0) return `${winner} wins: ${NAMES[loser]}'s reserve is empty.`;
  if (position.reserves[loser] === 0) return `${winner} wins: ${NAMES[loser]} cannot move (no ball left in reserve).`;
  return `${winner} wins: ${NAMES[loser]} cannot move.`;
}

export default {
  rules: `<p>Two players, Light and Dark, with 15 balls each, build a pyramid: 16 spots on
    the bottom level, 9, 4, then the apex. A ball can rest above level 0 only on four
    balls.</p>
    <ul><li>Each turn, place a ball from your reserve on an empty spot that can hold it, or
    move one of your balls that nothing rests on up to a higher level.</li>
    <li>Complete a 2×2 square of your colour (in the expert variant, also a line) and you
    take one or two of your free balls back into your reserve.</li>
    <li>Whoever puts the last ball on the apex wins: save your balls.</li></ul>`,
  title: "Pylos",
  options: [
    { key: "variant", label: "Variant", values: [["standard", "standard (squares)"], ["children", "children (no take-back)"], ["expert", "expert (squares and lines)"]] },
    { key: "takeback", label: "Take back", values: [["1-2", "one or two balls"], ["0-2", "none, one or two balls"]] },
    { key: "end", label: "End", values: [["nomove", "a player who cannot move loses"], ["reserve", "an empty reserve loses"]] },
  ],
  bots: ["mcts", "alphabeta", "random", "perfect"],
  /** The analysis panel and the perfect bot read a solution file (in the worker), or ask
   * the analysis server (towers-server) when one is given. */
  analysis: "solution",
  defaultNames: () => NAMES,
  seatLabel: (name, seat) => `${name}${seat === 0 ? " (moves first)" : ""}`,
  seatNames: (game, view) => namesFromView(view, NAMES),
  contents,
  describeMove,
  steps,
  draw,
  panel,
  prompt,
  doneLabel,
  choiceLabel: (token) => esc(token),
  result,
};
