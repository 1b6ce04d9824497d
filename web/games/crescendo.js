// Crescendo: crosses of a white centre and four coloured arms, pawns stacked into towers,
// protected on their owner's colour. Each player's colour also has its own symbol.

import { esc, namesFromView, svg, genericResult, changedRect } from "./common.js";

const C = 46;
/** The margins where the coordinates are written: y on the left, x below. */
const LEFT = 26;
const BOTTOM = 22;
const COLOURS = [
  { fill: "#d7263d", light: "#f08c98", dark: "#5c0a16", name: "red", symbol: "circle" },
  { fill: "#56b4e9", light: "#8fcdf0", dark: "#174d70", name: "blue", symbol: "triangle" },
  { fill: "#f0e442", light: "#f6ee9c", dark: "#5f5800", name: "yellow", symbol: "square" },
  { fill: "#009e73", light: "#5cc2a3", dark: "#003d2b", name: "green", symbol: "diamond" },
];
const DELTA = { n: [0, 1], e: [1, 0], s: [0, -1], w: [-1, 0] };
const fallbackNames = (count) => ["Red", "Blue", "Yellow", "Green"].slice(0, count);

function symbol(seat, cx, cy, r, fill, stroke = "none") {
  const shape = COLOURS[seat].symbol;
  if (shape === "circle") return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}"/>`;
  if (shape === "triangle") return `<polygon points="${cx},${cy - r * 1.1} ${cx + r},${cy + r * 0.75} ${cx - r},${cy + r * 0.75}" fill="${fill}" stroke="${stroke}"/>`;
  if (shape === "square") return `<rect x="${cx - r * 0.85}" y="${cy - r * 0.85}" width="${r * 1.7}" height="${r * 1.7}" fill="${fill}" stroke="${stroke}"/>`;
  return `<polygon points="${cx},${cy - r * 1.15} ${cx + r},${cy} ${cx},${cy + r * 1.15} ${cx - r},${cy}" fill="${fill}" stroke="${stroke}"/>`;
}

function cellFill(colour) {
  return colour === "W" ? "#ffffff" : COLOURS[Number(colour)].light;
}

/** A tower of `height` pawns of `owner`, drawn as a stack of discs with its height on top. */
function tower(owner, height, cx, cy, isProtected) {
  const ink = COLOURS[owner];
  const step = Math.min(3, 14 / height);
  let body = "";
  for (let i = 0; i < height; i += 1) {
    const y = cy + 7 - i * step;
    body += `<ellipse cx="${cx}" cy="${y}" rx="15" ry="11" fill="${ink.fill}" stroke="${ink.dark}" stroke-width="1.6"/>`;
  }
  const topY = cy + 7 - (height - 1) * step;
  body += symbol(owner, cx - 8, topY - 1, 3.6, ink.dark);
  body += `<text x="${cx + 4}" y="${topY + 5}" text-anchor="middle" font-size="14" font-weight="bold" fill="#000" stroke="#fff" stroke-width="3" paint-order="stroke">${height}</text>`;
  if (isProtected) {
    body += `<path d="M${cx + 12} ${cy - 17}h10v6c0 5-5 8-5 8s-5-3-5-8z" fill="#fff" stroke="#000" stroke-width="1.6"><title>protected</title></path>`;
  }
  return `<g class="tower">${body}</g>`;
}

function cellsOf(view) {
  return view?.board?.cells ?? [];
}

/** The person's move so far: a cross to preview, a tower picked to move. */
function pending(chosen) {
  const result = { centre: null, rotation: null, from: null };
  for (const token of chosen) {
    if (token.startsWith("@")) {
      result.centre = token.slice(1);
      result.from = token.slice(1);
    } else if (token.startsWith("rot:")) result.rotation = Number(token.slice(4));
  }
  return result;
}

function draw(context) {
  const { view, targets, chosen, changed, status, next } = context;
  const cells = cellsOf(view);
  const points = cells.map((c) => [c.x, c.y]);
  for (const cell of targets.keys()) points.push(cell.split(",").map(Number));
  const laying = view?.board?.phase?.name === "laying";
  const pick = pending(chosen);
  if (laying && pick.centre) {
    const [x, y] = pick.centre.split(",").map(Number);
    points.push([x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]);
  }
  if (points.length === 0) points.push([0, 0]);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = laying ? 2 : 1;
  const minX = Math.min(...xs) - pad;
  const maxX = Math.max(...xs) + pad;
  const minY = Math.min(...ys) - pad;
  const maxY = Math.max(...ys) + pad;
  const at = (x, y) => [LEFT + (x - minX) * C, (maxY - y) * C];
  const width = LEFT + (maxX - minX + 1) * C;
  const height = (maxY - minY + 1) * C + BOTTOM;
  let body = `<rect width="${width}" height="${height}" fill="#3d3a36"/>`;
  for (const cell of cells) {
    const [px, py] = at(cell.x, cell.y);
    body += `<rect x="${px + 1}" y="${py + 1}" width="${C - 2}" height="${C - 2}" rx="3" fill="${cellFill(cell.colour)}" stroke="#222" stroke-width="1"><title>${cell.x},${cell.y}</title></rect>`;
    if (cell.colour !== "W") {
      const ink = COLOURS[Number(cell.colour)];
      body += symbol(Number(cell.colour), px + 9, py + 9, 4.5, ink.dark) + symbol(Number(cell.colour), px + C - 9, py + C - 9, 4.5, ink.dark);
    }
  }
  if (laying && pick.centre) {
    const [x, y] = pick.centre.split(",").map(Number);
    // Until the turn is chosen, the cross is shown in the first legal one.
    const first = (next ?? []).find((t) => t.startsWith("rot:"));
    const rotation = pick.rotation ?? (first ? Number(first.slice(4)) : 0);
    body += crossShape(x, y, rotation, at, 0.75);
  }
  for (const cell of cells) {
    if (!cell.tower) continue;
    const [px, py] = at(cell.x, cell.y);
    body += tower(cell.tower.owner, cell.tower.height, px + C / 2, py + C / 2, cell.protected);
  }
  // The coordinates go over the cells and towers, drawn last: pinned to the box's edges
  // (panning.js) on rulers of the board's ground, which hide what passes under them
  // rather than cut it, and which panning keeps clear of what matters.
  let coords = `<rect class="ruler axis-y" width="${LEFT}" height="${height}"/><rect class="ruler axis-x" y="${height - BOTTOM}" width="${width}" height="${BOTTOM}"/>`;
  for (let x = minX; x <= maxX; x += 1) {
    coords += `<text class="coord light axis-x" x="${at(x, 0)[0] + C / 2}" y="${height - 6}" text-anchor="middle">${x}</text>`;
  }
  for (let y = minY; y <= maxY; y += 1) {
    coords += `<text class="coord light axis-y" x="${LEFT / 2}" y="${at(0, y)[1] + C / 2 + 5}" text-anchor="middle">${y}</text>`;
  }
  body += coords;
  if (chosen.length === 0) {
    for (const cell of changed) {
      const [px, py] = at(...cell.split(",").map(Number));
      body += changedRect(px + 3, py + 3, C - 6, C - 6, cell);
    }
  } else if (!laying && pick.from) {
    const [x, y] = pick.from.split(",").map(Number);
    const [px, py] = at(x, y);
    body += `<rect class="selected" x="${px + 2}" y="${py + 2}" width="${C - 4}" height="${C - 4}"/>`;
  }
  for (const [cell, token] of targets) {
    const [x, y] = cell.split(",").map(Number);
    const [px, py] = at(x, y);
    body += `<rect class="target" x="${px + 1}" y="${py + 1}" width="${C - 2}" height="${C - 2}" rx="4" data-step="${esc(token)}"><title>${esc(targetTitle(token, view, status))} ${cell}</title></rect>`;
  }
  return svg(width, height, body, "Crescendo board of crosses", "zoomable crescendo", { ruler: LEFT, "ruler-bottom": BOTTOM, cell: C });
}

function crossShape(x, y, rotation, at, opacity) {
  let body = "";
  const arms = [[0, 1], [1, 0], [0, -1], [-1, 0]];
  const centre = at(x, y);
  body += `<rect x="${centre[0] + 1}" y="${centre[1] + 1}" width="${C - 2}" height="${C - 2}" fill="#ffffff" stroke="#000" stroke-width="2" opacity="${opacity}"/>`;
  for (let colour = 0; colour < 4; colour += 1) {
    const [dx, dy] = arms[(colour + rotation) % 4];
    const [px, py] = at(x + dx, y + dy);
    body += `<rect x="${px + 1}" y="${py + 1}" width="${C - 2}" height="${C - 2}" fill="${COLOURS[colour].fill}" stroke="#000" stroke-width="2" opacity="${opacity}"/>`;
    body += symbol(colour, px + C / 2, py + C / 2, 7, COLOURS[colour].dark);
  }
  return body;
}

/** Each cell's colour and tower, to find the cells that changed between two positions. */
function contents(view) {
  return new Map(cellsOf(view).map((c) => [`${c.x},${c.y}`, `${c.colour}:${c.tower ? `${c.tower.owner}x${c.tower.height}` : "-"}`]));
}

/** A move in words: "Blue moved 2 pawns from 1,0 north to 1,2."; `before` is the view of
 * the position the move was made in. */
function describeMove(move, who, { names, before }) {
  if (move === "pass") return `${who} passed.`;
  const [, kind, xs, ys, rotation, direction, count] = /^([XPESM])(-?\d+),(-?\d+)(?:r(\d)|([nesw])(\d+))?$/.exec(move);
  const cell = `${xs},${ys}`;
  switch (kind) {
    case "X":
      return `${who} laid a cross centred on ${cell}${Number(rotation) > 0 ? `, turned ${rotation}` : ""}.`;
    case "P":
      return `${who} put a pawn on ${cell}.`;
    case "E":
      return `${who} put an extra pawn on ${cell}.`;
    case "S": {
      const phase = before?.board?.phase;
      const whose = phase?.name === "scattering" ? ` of ${names[phase.victim]}` : "";
      return `${who} put a scattered pawn${whose} on ${cell}.`;
    }
    default: {
      const [dx, dy] = DELTA[direction];
      const k = Number(count);
      const name = { n: "north", e: "east", s: "south", w: "west" }[direction];
      return `${who} moved ${k} pawn${k === 1 ? "" : "s"} from ${cell} ${name} to ${Number(xs) + dx * k},${Number(ys) + dy * k}.`;
    }
  }
}

function targetTitle(token, view) {
  const phase = view?.board?.phase?.name;
  if (token.startsWith("to@")) return "Move the group to";
  return { laying: "Centre of the cross on", placing: "Pawn on", extra: "Extra pawn on", moving: "Move from", scattering: "Scattered pawn on" }[phase] ?? "Choose";
}

/** `M1,0n2` is two clicks, the tower and the cell the group lands on; `X2,-1r3` the centre and a turn. */
function steps(move) {
  if (move === "pass") return { seq: ["do:pass"], set: [] };
  const match = /^([XPESM])(-?\d+),(-?\d+)(?:r(\d)|([nesw])(\d+))?$/.exec(move);
  const [, kind, xs, ys, rotation, direction, count] = match;
  const cell = `${xs},${ys}`;
  if (kind === "X") return { seq: [`@${cell}`, `rot:${rotation}`], set: [] };
  if (kind === "M") {
    const [dx, dy] = DELTA[direction];
    const k = Number(count);
    return { seq: [`@${cell}`, `to@${Number(xs) + dx * k},${Number(ys) + dy * k}`], set: [] };
  }
  return { seq: [`@${cell}`], set: [] };
}

function choiceLabel(token) {
  if (token.startsWith("rot:")) {
    const rotation = Number(token.slice(4));
    const at = (x, y) => [(x + 1) * C, (1 - y) * C];
    return `${svg(3 * C, 3 * C, crossShape(0, 0, rotation, at, 1), `rotation ${rotation}`)}<span>turn ${rotation}</span>`;
  }
  return token === "do:pass" ? "Pass" : esc(token);
}

function prompt(context, input) {
  const { view, chosen, names } = context;
  const phase = view?.board?.phase;
  switch (phase?.name) {
    case "laying":
      return chosen.length === 0 ? "Click where the centre of your cross goes." : "Choose how the cross is turned.";
    case "placing":
      return "Put a pawn on an empty white cell.";
    case "extra":
      return "Put an extra pawn on one of your single pawns.";
    case "scattering":
      return `Put a scattered pawn of ${names[phase.victim]} on an empty cell (${phase.left} left).`;
    case "moving":
      if (input.options.includes("do:pass")) return "No group can move: pass.";
      return chosen.length === 0 ? "Click one of your towers." : "Click where the group lands: k pawns move exactly k cells.";
    default:
      return "";
  }
}

function panel(context) {
  const { view, names, status } = context;
  const board = view?.board;
  if (!board) return "";
  const players = (view.players ?? []).map((p) => {
    const ink = COLOURS[p.seat];
    const icon = svg(24, 24, `<rect width="24" height="24" rx="4" fill="${ink.fill}"/>${symbol(p.seat, 12, 12, 6, ink.dark)}`, ink.name);
    const state = status.ranking ? placeOf(status.ranking, p.seat, board, names.length)
      : board.qualified.includes(p.seat) ? "qualified"
        : board.eliminated.includes(p.seat) ? `eliminated in round ${roundOut(board, p.seat, names.length)}`
          : p.active ? `${p.pawnsOnBoard} pawns, tallest ${p.tallest}, ${p.onOwnColour} on own colour` : "";
    const toMove = status.seat === p.seat ? " to-move" : "";
    return `<div class="seat${toMove}"><span class="supply-item">${icon}</span><strong>${esc(names[p.seat])}</strong> (${ink.symbol}): ${state}</div>`;
  });
  const phase = board.phase;
  const idle = phase.name === "moving" ? `; ${phase.idle} of ${phase.idleLimit} moves without progress` : "";
  const goal = board.round === 3 ? `the final: the first tower of ${board.target} wins the match` : `round ${board.round}: each tower of ${board.target} qualifies`;
  const info = `<div class="seat"><small>${goal[0].toUpperCase()}${goal.slice(1)}; turn order ${board.turnOrder.map((s) => esc(names[s])).join(", ")}${idle}</small></div>`;
  return players.join("") + info;
}

/** The round in which `seat` was eliminated: the eliminated are listed in the order they
 * went out, and a match of `players` begins at round 5 − players. */
function roundOut(board, seat, players) {
  return 5 - players + board.eliminated.indexOf(seat);
}

/** The place of `seat` in the final `ranking`, in words: "1st, wins the match", "2nd,
 * runner-up", "3rd, eliminated in round 2"… */
function placeOf(ranking, seat, board, players) {
  const place = ranking.indexOf(seat);
  const ordinal = ["1st", "2nd", "3rd", "4th"][place] ?? `${place + 1}th`;
  if (place === 0) return `${ordinal}, wins the match`;
  if (place === 1) return `${ordinal}, runner-up`;
  return board.eliminated.includes(seat) ? `${ordinal}, eliminated in round ${roundOut(board, seat, players)}` : ordinal;
}

/** Whether `seat` is out of the match: eliminated, it has no move left to make. */
function isOut(view, seat) {
  return view?.board?.eliminated?.includes(seat) ?? false;
}

/** Why `seat`, out of the match, is out, in words. */
function outNote(context, seat) {
  const { view, names } = context;
  const round = roundOut(view.board, seat, names.length);
  // Each player of a round of N needs a tower of all their 12 / N + 2 pawns to qualify.
  const target = 12 / (5 - round) + 2;
  return `${names[seat]} (you) is out: eliminated in round ${round}, the others qualified first (a tower of ${target} each, or ahead when the round ended without progress).`;
}

function result(context) {
  const { status, names, view } = context;
  if (status.ranking) {
    const winner = status.ranking[0];
    const players = view?.players ?? [];
    const mine = players[winner];
    const ranking = `Ranking: ${status.ranking.map((s, i) => `${i + 1}. ${names[s]}`).join(", ")}.`;
    // A finished tower leaves the board: a winner with pawns still on it won by the
    // no-progress end, on the tallest tower.
    if (mine && mine.pawnsOnBoard > 0) {
      const other = players[status.ranking[1]] ?? { tallest: 0, onOwnColour: 0 };
      let why = `tallest tower ${mine.tallest} against ${other.tallest}`;
      if (mine.tallest === other.tallest) {
        why = mine.onOwnColour !== other.onOwnColour
          ? `tallest towers level at ${mine.tallest}, ${mine.onOwnColour} pawns on their own colour against ${other.onOwnColour}`
          : "everything level, earlier in the turn order";
      }
      return `${names[winner]} wins the match: too long without progress, ${why}. ${ranking}`;
    }
    const target = view?.board?.target;
    return `${names[winner]} wins the match${target ? `: a tower of ${target}` : ""}. ${ranking}`;
  }
  return genericResult(status, names);
}

export default {
  title: "Crescendo",
  rules: `<p>Two to four players lay crosses (a white centre, four coloured arms) into a
    board, put pawns on the white cells, then move their pawns to build one tower of all of
    them.</p>
    <ul><li>A group of k pawns of one of your towers moves exactly k cells in a straight
    line. Landing on your own pawns joins them; landing on an opponent's tower scatters it
    (you place its pawns one by one on empty cells), unless it stands on its owner's colour,
    where it is protected.</li>
    <li>Each round, players qualify by finishing their tower (5 pawns with four players, 6
    with three, 8 in the final); the last one is eliminated. The first to finish in the final
    wins the match.</li></ul>`,
  options: [{ key: "players", label: "Players", numeric: true, values: [["4", "4 (three rounds)"], ["3", "3 (two rounds)"], ["2", "2 (the final only)"]] }],
  bots: ["mcts", "greedy", "random"],
  defaultNames: (options) => fallbackNames(Number(options.players ?? 4)),
  seatLabel: (name, seat) => `${name} (${COLOURS[seat].symbol})`,
  seatNames: (game, view, options) => namesFromView(view, fallbackNames(Number(options.players ?? 4))),
  /** Another tower or centre can be clicked in the middle of a move: the move starts again there. */
  reselect: true,
  contents,
  isOut,
  outNote,
  describeMove,
  steps,
  draw,
  panel,
  prompt,
  choiceLabel,
  result,
};
