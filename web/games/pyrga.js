// Pyrga: a 4×4 board of towers seen from above: a square frame, a triangle pointing its
// way, a cylinder, in White's or Black's colour.

import { esc, namesFromView, svg, targetRect, genericResult, changedRect } from "./common.js";

const FILES = "abcd";
const SHAPES = { S: "square", T: "triangle", C: "cylinder" };
const DIRECTIONS = { n: "north", e: "east", s: "south", w: "west" };
const ROTATION = { n: 0, e: 90, s: 180, w: 270 };
const CELL = 100;
/** Icons show each shape at a size that fills them (the cylinder is small on the board). */
const ICON_SCALE = { S: 0.42, T: 0.55, C: 1.05 };
const LEFT = 26;
const TOP = 8;
const NAMES = ["White", "Black"];
const INK = [
  { fill: "#f7f3e8", stroke: "#2b2b2b", text: "#2b2b2b" },
  { fill: "#262626", stroke: "#000000", text: "#ffffff" },
];

/** The cells of the view: a map from cell name to its pieces and its tower's controller. */
function cellsOf(view) {
  const cells = new Map();
  for (const cell of view.board.cells) {
    const pieces = [];
    if (cell.square !== null && cell.square !== undefined) pieces.push({ shape: "S", owner: cell.square });
    if (cell.triangle) pieces.push({ shape: "T", owner: cell.triangle.owner, direction: cell.triangle.direction });
    if (cell.cylinder !== null && cell.cylinder !== undefined) pieces.push({ shape: "C", owner: cell.cylinder });
    cells.set(cell.cell, { pieces, controller: cell.controller ?? null });
  }
  return cells;
}

function cellCorner(cell) {
  const file = FILES.indexOf(cell[0]);
  const rank = Number(cell[1]);
  return [LEFT + file * CELL, TOP + (4 - rank) * CELL];
}

/** One piece drawn centred on (cx, cy). */
function piece(shape, owner, direction, cx, cy, scale = 1) {
  const ink = INK[owner];
  if (shape === "S") {
    const h = 38 * scale;
    return `<rect x="${cx - h}" y="${cy - h}" width="${2 * h}" height="${2 * h}" rx="${3 * scale}" fill="none" stroke="${ink.stroke}" stroke-width="${13 * scale}"/>`
      + `<rect x="${cx - h}" y="${cy - h}" width="${2 * h}" height="${2 * h}" rx="${3 * scale}" fill="none" stroke="${ink.fill}" stroke-width="${9 * scale}"/>`;
  }
  if (shape === "T") {
    const r = 27 * scale;
    const points = `${cx},${cy - r} ${cx + r * 0.9},${cy + r * 0.75} ${cx - r * 0.9},${cy + r * 0.75}`;
    return `<g transform="rotate(${ROTATION[direction] ?? 0} ${cx} ${cy})"><polygon points="${points}" fill="${ink.fill}" stroke="${ink.stroke}" stroke-width="${3 * scale}" stroke-linejoin="round"/>`
      + `<polygon points="${cx},${cy - r - 9 * scale} ${cx + 7 * scale},${cy - r + 2 * scale} ${cx - 7 * scale},${cy - r + 2 * scale}" fill="${ink.stroke}"/></g>`;
  }
  const r = 13 * scale;
  const rim = owner === 0 ? ink.stroke : "#f7f3e8";
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ink.fill}" stroke="${rim}" stroke-width="${3 * scale}"/>`
    + `<circle cx="${cx}" cy="${cy}" r="${r * 0.45}" fill="none" stroke="${rim}" stroke-width="${1.5 * scale}"/>`;
}

function tower(pieces, cx, cy) {
  const order = { S: 0, T: 1, C: 2 };
  return [...pieces].sort((a, b) => order[a.shape] - order[b.shape])
    .map((p) => piece(p.shape, p.owner, p.direction, cx, cy)).join("");
}

function draw(context) {
  const { view, targets, chosen, changed } = context;
  const cells = cellsOf(view);
  let body = `<rect x="${LEFT}" y="${TOP}" width="${4 * CELL}" height="${4 * CELL}" fill="#e2c48f" stroke="#5a4020" stroke-width="3"/>`;
  for (let rank = 4; rank >= 1; rank -= 1) {
    for (let file = 0; file < 4; file += 1) {
      const cell = `${FILES[file]}${rank}`;
      const [x, y] = cellCorner(cell);
      const shade = (file + rank) % 2 === 0 ? "#d6b57c" : "#e8cf9f";
      body += `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${shade}" stroke="#8a6a3a" stroke-width="1"><title>${cell}</title></rect>`;
    }
  }
  for (let i = 0; i < 4; i += 1) {
    body += `<text class="coord" x="${LEFT + i * CELL + CELL / 2}" y="${TOP + 4 * CELL + 20}" text-anchor="middle">${FILES[i]}</text>`;
    body += `<text class="coord" x="${LEFT - 13}" y="${TOP + i * CELL + CELL / 2 + 6}" text-anchor="middle">${4 - i}</text>`;
  }
  for (const [cell, { pieces, controller: owner }] of cells) {
    const [x, y] = cellCorner(cell);
    body += tower(pieces, x + CELL / 2, y + CELL / 2);
    if (owner !== null) {
      body += `<g class="badge"><circle cx="${x + 84}" cy="${y + 16}" r="13" fill="${INK[owner].fill}" stroke="${INK[owner].stroke}" stroke-width="2.5"/>`
        + `<text x="${x + 84}" y="${y + 21}" text-anchor="middle" font-size="14" font-weight="bold" fill="${INK[owner].text}">${NAMES[owner][0]}</text>`
        + `<title>${NAMES[owner]} controls this tower</title></g>`;
    }
  }
  for (const cell of changed) {
    const [x, y] = cellCorner(cell);
    body += changedRect(x + 3, y + 3, CELL - 6, CELL - 6, cell);
  }
  if (chosen.length > 0) {
    const cell = chosen[0].slice(1);
    const [x, y] = cellCorner(cell);
    body += `<rect class="selected" x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}"/>`;
  }
  for (const [cell, token] of targets) {
    const [x, y] = cellCorner(cell);
    body += targetRect(x + 6, y + 6, CELL - 12, CELL - 12, token, `Place a piece on ${cell}`);
  }
  return svg(LEFT + 4 * CELL + 6, TOP + 4 * CELL + 28, body, "Pyrga board");
}

function panel(context) {
  const { view, names, status } = context;
  return view.players.map((player, owner) => {
    const items = ["S", "T", "C"].map((shape) => {
      const icon = svg(60, 60, `<rect width="60" height="60" fill="#e8cf9f" rx="6"/>${piece(shape, owner, "n", 30, 30, 1.45 * ICON_SCALE[shape])}`, `${names[owner]} ${SHAPES[shape]}`);
      return `<span class="supply-item" title="${SHAPES[shape]}s in hand">${icon}×${player.supply[SHAPES[shape]]}</span>`;
    }).join("");
    const toMove = status.seat === owner ? " to-move" : "";
    return `<div class="seat${toMove}"><strong>${esc(names[owner])}</strong> ${items}<br><small>Towers: ${player.complete} complete, ${player.twoPiece} of two, ${player.onePiece} of one</small></div>`;
  }).join("");
}

function result(context) {
  const { status, view, names } = context;
  if (status.winner === undefined) {
    if (status.draw) return "Draw: equal towers.";
    return genericResult(status, names);
  }
  const mine = view.players[status.winner];
  const theirs = view.players[1 - status.winner];
  const winner = names[status.winner];
  if (mine.complete >= 3) return `${winner} wins: ${mine.complete} towers.`;
  if (mine.complete !== theirs.complete) return `${winner} wins: ${mine.complete} complete towers to ${theirs.complete}.`;
  if (mine.twoPiece !== theirs.twoPiece) return `${winner} wins: ${mine.complete} complete towers each, ${mine.twoPiece} towers of two to ${theirs.twoPiece}.`;
  return `${winner} wins: towers level, ${mine.onePiece} towers of one to ${theirs.onePiece}.`;
}

/** What each cell holds, to find the cells that changed between two positions. */
function contents(view) {
  return new Map([...cellsOf(view)].map(([cell, { pieces }]) => [cell, pieces.map((p) => `${p.shape}${p.owner}${p.direction ?? ""}`).join(" ")]));
}

/** A move in words: "Black placed a triangle on b1 pointing west." */
function describeMove(move, who) {
  const direction = move.length > 3 ? ` pointing ${DIRECTIONS[move[3]]}` : "";
  return `${who} placed a ${SHAPES[move[0]]} on ${move.slice(1, 3)}${direction}.`;
}

/** `Ta1n` is three clicks: the cell, the shape, the direction. */
function steps(move) {
  const seq = [`@${move.slice(1, 3)}`, `shape:${move[0]}`];
  if (move.length > 3) seq.push(`dir:${move[3]}`);
  return { seq, set: [] };
}

function choiceLabel(token, context) {
  const [kind, value] = token.split(":");
  const seat = context.status.seat ?? 0;
  if (kind === "shape") {
    const icon = svg(40, 40, piece(value, seat, "n", 20, 20, ICON_SCALE[value]), SHAPES[value]);
    return `${icon}<span>${SHAPES[value]}</span>`;
  }
  const arrow = { n: "↑", e: "→", s: "↓", w: "←" }[value];
  return `<span class="arrow">${arrow}</span><span>${DIRECTIONS[value]}</span>`;
}

function prompt(context) {
  const { chosen } = context;
  if (chosen.length === 0) return "Click a highlighted cell.";
  if (chosen.length === 1) return `On ${chosen[0].slice(1)}: which piece? (Or click another cell.)`;
  return "Which way does the triangle point?";
}

export default {
  rules: `<p>Two players, White and Black, each place one piece a turn on the 4×4 board:
    a square, a triangle (pointing north, east, south or west) or a cylinder. A cell holds at
    most one of each shape, of either colour.</p>
    <ul><li>The piece your opponent placed last says where you play: after a square, a cell
    next to it; after a triangle, a cell on the line it points along; after a cylinder, the
    same cell. If you cannot, play any piece on any empty cell.</li>
    <li>A cell with three pieces is a complete tower, controlled by whoever owns two or three
    of its pieces. The first to control three towers wins; otherwise, at the end, the most
    towers.</li></ul>`,
  title: "Pyrga",
  options: [{ key: "rules", label: "Rules", values: [["standard", "standard (no square after an opening square)"], ["classic", "classic (publisher's text)"]] }],
  bots: ["alphabeta", "mcts", "random", "perfect"],
  /** The package solves Pyrga: hints say the value, and the analysis panel lists every
   * move's value (`solve`, `moveValues`). */
  analysis: true,
  defaultNames: () => NAMES,
  seatLabel: (name, seat) => `${name}${seat === 0 ? " (moves first)" : ""}`,
  seatNames: (game, view) => namesFromView(view, NAMES),
  /** Another cell can be clicked in the middle of a move: the move starts again there. */
  reselect: true,
  contents,
  describeMove,
  steps,
  choiceOrder: (token) => ["shape:S", "shape:T", "shape:C", "dir:n", "dir:e", "dir:s", "dir:w"].indexOf(token),
  draw,
  panel,
  prompt,
  choiceLabel,
  result,
};
