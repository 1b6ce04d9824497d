// Architekton: landscape tiles of one terrain, building tiles with a terrain on each side
// and perhaps a house, the display to take tiles from, points and houses.

import { esc, namesFromView, svg, genericResult, changedRect } from "./common.js";

const C = 64;
/** The margins where the table's coordinates are written: y on the left, x below. */
const LEFT = 28;
const BOTTOM = 24;
const TERRAINS = {
  w: { name: "water", fill: "#4d8fd6", dark: "#1f4f8a", letter: "W" },
  e: { name: "earth", fill: "#b5651d", dark: "#6b3509", letter: "E" },
  p: { name: "plain", fill: "#f0d858", dark: "#8a7410", letter: "P" },
  f: { name: "forest", fill: "#2f8a3a", dark: "#0f4a18", letter: "F" },
};
const HOUSE = [
  { fill: "#0072b2", stroke: "#002a45", text: "#ffffff", mark: "0" },
  { fill: "#e69f00", stroke: "#5c3f00", text: "#1a1a1a", mark: "1" },
];
const FALLBACK_NAMES = ["Blue", "Orange"];

/** Reads the nine-field position text. */
function parsePosition(text) {
  const [table, display, discarded, reserve, points, removed, turn, phase, config] = text.split(" ");
  const tiles = table === "-" ? [] : table.split("/").map(parsePlacement);
  return {
    tiles,
    display: display === "-" ? [] : display.split(","),
    discarded: discarded === "-" ? [] : discarded.split(","),
    reserve: reserve.split("/").map(Number),
    points: points.split("/").map(Number),
    removed: removed.split("/").map(Number),
    turn: turn.split(".").map(Number),
    phase,
    config,
  };
}

/** `wepf@-1,0r3#0`, `p@0,2`, `wepf@1,0`: kind, cell, turn and house. */
function parsePlacement(text) {
  const match = /^([a-z]+)@(-?\d+),(-?\d+)(?:r(\d))?(?:#(\d))?$/.exec(text);
  const [, kind, x, y, rotation, house] = match;
  return { kind, x: Number(x), y: Number(y), rotation: Number(rotation ?? 0), house: house === undefined ? null : Number(house) };
}

/** The terrain on each side, north, east, south, west, of a building turned `rotation` times. */
function sides(kind, rotation) {
  return [0, 1, 2, 3].map((d) => kind[(d - rotation + 4) % 4]);
}

function landscape(kind, x, y, size = C) {
  const t = TERRAINS[kind];
  const k = size / C;
  let pattern = "";
  if (kind === "w") {
    pattern = [0.3, 0.55, 0.8].map((f) => `<path d="M${x + 8 * k} ${y + size * f} q${6 * k} ${-6 * k} ${12 * k} 0 t${12 * k} 0 t${12 * k} 0" fill="none" stroke="#d7e9ff" stroke-width="${2 * k}" opacity="0.8"/>`).join("");
  } else if (kind === "f") {
    pattern = [[0.27, 0.35], [0.73, 0.35], [0.5, 0.78]].map(([fx, fy]) => `<path d="M${x + size * fx} ${y + size * fy - 9 * k}l${7 * k} ${12 * k}h${-14 * k}z" fill="#bfe6b5" opacity="0.7"/>`).join("");
  } else if (kind === "e") {
    pattern = [[0.25, 0.3], [0.7, 0.25], [0.3, 0.75], [0.75, 0.72], [0.5, 0.5]].map(([fx, fy]) => `<circle cx="${x + size * fx}" cy="${y + size * fy}" r="${2.6 * k}" fill="#f3c79b" opacity="0.8"/>`).join("");
  } else {
    pattern = [[0.25, 0.3], [0.7, 0.3], [0.3, 0.75], [0.72, 0.75]].map(([fx, fy]) => `<path d="M${x + size * fx - 4 * k} ${y + size * fy + 3 * k}l${3 * k} ${-7 * k}l${2 * k} ${7 * k}l${3 * k} ${-7 * k}" fill="none" stroke="#8a7410" stroke-width="${1.6 * k}"/>`).join("");
  }
  return `<g><rect x="${x + 1}" y="${y + 1}" width="${size - 2}" height="${size - 2}" rx="${3 * k}" fill="${t.fill}" stroke="${t.dark}" stroke-width="${1.5 * k}"/>${pattern}`
    + `<text x="${x + size / 2}" y="${y + size / 2 + 7 * k}" text-anchor="middle" font-size="${20 * k}" font-weight="bold" fill="${t.dark}" stroke="#ffffff" stroke-width="${3 * k}" paint-order="stroke">${t.letter}</text><title>${t.name} landscape</title></g>`;
}

function building(kind, rotation, x, y, house, size = C) {
  const k = size / C;
  const [n, e, s, w] = sides(kind, rotation);
  const cx = x + size / 2;
  const cy = y + size / 2;
  const x1 = x + size;
  const y1 = y + size;
  const tri = (terrain, points) => `<polygon points="${points}" fill="${TERRAINS[terrain].fill}" stroke="#333" stroke-width="${k}"/>`;
  const label = (terrain, lx, ly) => `<text class="side-letter" x="${lx}" y="${ly}" text-anchor="middle" font-size="${18 * k}" font-weight="bold" fill="${TERRAINS[terrain].dark}" stroke="#fff" stroke-width="${3 * k}" paint-order="stroke">${TERRAINS[terrain].letter}</text>`;
  let body = tri(n, `${x},${y} ${x1},${y} ${cx},${cy}`) + tri(e, `${x1},${y} ${x1},${y1} ${cx},${cy}`)
    + tri(s, `${x1},${y1} ${x},${y1} ${cx},${cy}`) + tri(w, `${x},${y1} ${x},${y} ${cx},${cy}`);
  body += label(n, cx, y + 16 * k) + label(e, x1 - 10 * k, cy + 6 * k) + label(s, cx, y1 - 4 * k) + label(w, x + 10 * k, cy + 6 * k);
  body += `<rect x="${cx - 12 * k}" y="${cy - 12 * k}" width="${24 * k}" height="${24 * k}" fill="#d9d2c5" stroke="#4a4a4a" stroke-width="${1.5 * k}"/>`;
  if (house !== null && house !== undefined) body += houseIcon(house, cx, cy, k);
  const names = [n, e, s, w].map((t) => TERRAINS[t].name).join(", ");
  return `<g>${body}<title>building: north ${names.replace(/, /g, ", then clockwise ")}</title></g>`;
}

function houseIcon(seat, cx, cy, k = 1) {
  const ink = HOUSE[seat];
  return `<path d="M${cx - 11 * k} ${cy + 10 * k}v${-11 * k}l${11 * k} ${-10 * k}l${11 * k} ${10 * k}v${11 * k}z" fill="${ink.fill}" stroke="${ink.stroke}" stroke-width="${2 * k}" stroke-linejoin="round"/>`
    + `<text x="${cx}" y="${cy + 7 * k}" text-anchor="middle" font-size="${12 * k}" font-weight="bold" fill="${ink.text}">${ink.mark}</text>`;
}

function tileIcon(kind, x, y, size, rotation = 0, house = null) {
  return kind.length === 1 ? landscape(kind, x, y, size) : building(kind, rotation, x, y, house, size);
}

/** The tiles shown: the table plus the tile the person is laying. */
function pending(position, chosen, seat, next) {
  const tiles = position.tiles.map((t) => ({ ...t }));
  let picked = null;
  let laid = null;
  for (const token of chosen) {
    if (token.startsWith("d@")) picked = token.slice(2);
    else if (token.startsWith("@") && picked) {
      const [x, y] = token.slice(1).split(",").map(Number);
      // Until the turn is chosen, the tile is shown in the first legal one.
      const first = next.find((t) => t.startsWith("rot:"));
      laid = { kind: picked, x, y, rotation: first ? Number(first.slice(4)) : 0, house: picked.length === 4 ? seat : null };
      tiles.push(laid);
    } else if (token.startsWith("rot:") && laid) laid.rotation = Number(token.slice(4));
  }
  return { tiles, picked, laid };
}

function draw(context) {
  const { text, view, targets, chosen, changed, status, next } = context;
  const position = parsePosition(text);
  const seat = status.seat ?? 0;
  const { tiles, picked, laid } = pending(position, chosen, seat, next ?? []);
  const cells = [...tiles.map((t) => [t.x, t.y])];
  for (const cell of targets.keys()) {
    if (/^-?\d+,-?\d+$/.test(cell)) cells.push(cell.split(",").map(Number));
  }
  if (cells.length === 0) cells.push([0, 0], [1, 1]);
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const minX = Math.min(...xs) - 1;
  const maxX = Math.max(...xs) + 1;
  const minY = Math.min(...ys) - 1;
  const maxY = Math.max(...ys) + 1;
  const top = displayHeight();
  const tableWidth = (maxX - minX + 1) * C;
  const tableHeight = (maxY - minY + 1) * C;
  const width = Math.max(LEFT + tableWidth, 6 * (C + 8) + 16);
  const offset = LEFT + (width - LEFT - tableWidth) / 2;
  const at = (x, y) => [offset + (x - minX) * C, top + (maxY - y) * C];
  let body = `<rect x="0" y="${top}" width="${width}" height="${tableHeight + BOTTOM}" fill="#efe6d2"/>`;
  // The coordinates go over the tiles, drawn last: pinned to the box's edges (panning.js).
  let coords = "";
  for (let y = minY; y <= maxY; y += 1) {
    for (let x = minX; x <= maxX; x += 1) {
      const [px, py] = at(x, y);
      body += `<rect x="${px}" y="${py}" width="${C}" height="${C}" fill="none" stroke="#ddd0b6" stroke-width="1"/>`;
    }
    coords += `<text class="coord axis-y" x="${offset - 14}" y="${at(minX, y)[1] + C / 2 + 5}" text-anchor="middle">${y}</text>`;
  }
  for (let x = minX; x <= maxX; x += 1) {
    coords += `<text class="coord axis-x" x="${at(x, minY)[0] + C / 2}" y="${top + tableHeight + 17}" text-anchor="middle">${x}</text>`;
  }
  for (const tile of tiles) {
    const [px, py] = at(tile.x, tile.y);
    body += tileIcon(tile.kind, px, py, C, tile.rotation, tile.house);
  }
  body += mismatches(position.tiles, at);
  if (chosen.length === 0) {
    for (const cell of changed) {
      if (!/^-?\d+,-?\d+$/.test(cell)) continue;
      const [px, py] = at(...cell.split(",").map(Number));
      body += changedRect(px + 3, py + 3, C - 6, C - 6, cell);
    }
  }
  const phase = view?.board?.phase;
  if (phase?.name === "decide" && phase.building) {
    const { x, y } = phase.building;
    const [px, py] = at(x, y);
    body += `<g class="question" data-cell="${x},${y}"><rect x="${px + 1}" y="${py + 1}" width="${C - 2}" height="${C - 2}"/>`
      + `<circle cx="${px + C - 4}" cy="${py + 4}" r="11"/><text x="${px + C - 4}" y="${py + 10}" text-anchor="middle" font-size="17" font-weight="bold">?</text>`
      + `<title>The enclosed building on ${x},${y}: keep or remove its house?</title></g>`;
  }
  if (laid) {
    const [px, py] = at(laid.x, laid.y);
    body += `<rect class="selected" x="${px + 2}" y="${py + 2}" width="${C - 4}" height="${C - 4}"/>`;
  }
  for (const [cell, token] of targets) {
    if (!/^-?\d+,-?\d+$/.test(cell)) continue;
    const [x, y] = cell.split(",").map(Number);
    const [px, py] = at(x, y);
    const what = token.startsWith("h@") ? "Move the house from the building on" : "Lay the tile on";
    body += `<rect class="target" x="${px + 2}" y="${py + 2}" width="${C - 4}" height="${C - 4}" rx="4" data-step="${esc(token)}"><title>${what} ${cell}</title></rect>`;
  }
  body += coords;
  body += drawDisplay(position, targets, picked, width, chosen.length === 0 ? changed : new Set());
  return svg(width, top + tableHeight + BOTTOM, body, "Architekton table and display", "zoomable architekton");
}

function displayHeight() {
  return C + 34;
}

/** A red zigzag on each edge where a building's side faces a landscape of another terrain. */
function mismatches(tiles, at) {
  const landscapes = new Map(tiles.filter((t) => t.kind.length === 1).map((t) => [`${t.x},${t.y}`, t.kind]));
  const offsets = [[0, 1], [1, 0], [0, -1], [-1, 0]];
  let body = "";
  for (const tile of tiles) {
    if (tile.kind.length !== 4) continue;
    const faces = sides(tile.kind, tile.rotation);
    offsets.forEach(([dx, dy], side) => {
      const terrain = landscapes.get(`${tile.x + dx},${tile.y + dy}`);
      if (terrain === undefined || terrain === faces[side]) return;
      const [px, py] = at(tile.x, tile.y);
      const cx = px + C / 2 + (dx * C) / 2;
      const cy = py + C / 2 - (dy * C) / 2;
      const along = dx === 0 ? [1, 0] : [0, 1];
      const across = [along[1], along[0]];
      let d = "";
      for (let i = -3; i <= 3; i += 1) {
        const sign = i % 2 === 0 ? 1 : -1;
        const x = cx + along[0] * i * 5 + across[0] * sign * 4;
        const y = cy + along[1] * i * 5 + across[1] * sign * 4;
        d += `${i === -3 ? "M" : "L"}${x} ${y}`;
      }
      body += `<path d="${d}" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="#c00000" stroke-width="3" stroke-linejoin="round"><title>mismatch</title></path>`;
    });
  }
  return body;
}

/** The display: its landscapes then its buildings, in a row above the table. */
function drawDisplay(position, targets, picked, width, changed) {
  const size = C;
  const gap = 8;
  const count = Math.max(position.display.length, 1);
  let x = (width - (count * (size + gap) - gap)) / 2;
  let body = `<rect x="0" y="0" width="${width}" height="${displayHeight() - 6}" fill="#d8c7a4"/>`
    + `<text class="pan-with" x="8" y="18" font-size="14" font-weight="bold" fill="#3b2f22">Display</text>`;
  if (position.display.length === 0) body += `<text x="${width / 2}" y="${size / 2 + 24}" text-anchor="middle" font-size="14">(empty)</text>`;
  let used = new Map();
  for (const kind of position.display) {
    const y = 24;
    body += tileIcon(kind, x, y, size);
    const token = `d@${kind}`;
    const seen = used.get(kind) ?? 0;
    used.set(kind, seen + 1);
    if (changed.has(`d:${kind}:${seen}`)) body += changedRect(x + 3, y + 3, size - 6, size - 6, `d:${kind}:${seen}`);
    if (picked === kind && seen === 0) body += `<rect class="selected" x="${x - 2}" y="${y - 2}" width="${size + 4}" height="${size + 4}"/>`;
    else if (targets.has(kind) && seen === 0) body += `<rect class="target" x="${x}" y="${y}" width="${size}" height="${size}" rx="4" data-step="${esc(token)}"><title>Take this tile</title></rect>`;
    x += size + gap;
  }
  return body;
}

function panel(context) {
  const position = parsePosition(context.text);
  const { names, status, view } = context;
  const seats = view.players.map((player, seat) => {
    const icon = svg(30, 30, houseIcon(seat, 15, 16, 1), `${names[seat]} house`);
    const toMove = status.seat === seat ? " to-move" : "";
    const score = player.final;
    const final = score ? `; final score ${score.total} (${score.points} points + ${score.group} houses in the largest group)` : "";
    return `<div class="seat${toMove}"><span class="supply-item">${icon}</span><strong>${esc(names[seat])}</strong>: ${player.points} point${player.points === 1 ? "" : "s"}${final}; houses ${player.supply} in supply, ${player.onTable} on the table, ${player.removed} removed</div>`;
  });
  const [landscapes, buildings] = position.reserve;
  const info = `<div class="seat"><small>Turn ${position.turn[0] + 1}, tiles laid ${position.turn[1]}; reserve ${landscapes} landscapes, ${buildings} buildings; buildings match ${position.config.startsWith("one") ? "one side" : "every side"}</small></div>`;
  return seats.join("") + info;
}

/** `p@0,2` and `wepf@-1,0r3` are clicks on a display tile, a cell and a turn; `h@1,0` one click. */
function steps(move) {
  const lay = /^([a-z]+)@(-?\d+,-?\d+)(?:r(\d))?$/.exec(move);
  if (lay && lay[1] !== "h") {
    const seq = [`d@${lay[1]}`, `@${lay[2]}`];
    if (lay[1].length === 4) seq.push(`rot:${lay[3] ?? 0}`);
    return { seq, set: [] };
  }
  if (lay) return { seq: [`h@${lay[2]}`], set: [] };
  return { seq: [`do:${move}`], set: [] };
}

function choiceLabel(token, context) {
  if (token.startsWith("rot:")) {
    const rotation = Number(token.slice(4));
    const kind = context.chosen.find((t) => t.startsWith("d@")).slice(2);
    const icon = svg(C, C, building(kind, rotation, 0, 0, context.status.seat, C), `turned ${rotation}`);
    return `${icon}<span>${["as shown", "¼ turn", "½ turn", "¾ turn"][rotation]}</span>`;
  }
  const action = token.slice(3);
  const words = { keep: "Keep the house (pay for every mismatch)", remove: "Remove the house (pay one point less)", pass: "Pass" };
  return esc(words[action] ?? action);
}

function prompt(context, input) {
  const { chosen } = context;
  const first = input.options[0] ?? "";
  if (first.startsWith("do:keep") || first.startsWith("do:remove")) {
    const building = context.view?.board?.phase?.building;
    const where = building ? ` on ${building.x},${building.y} (marked ?)` : "";
    return `Your building${where} is enclosed with a mismatch: keep or remove its house?`;
  }
  if (first.startsWith("h@")) return "No house left in supply: click the building whose house moves onto the new one.";
  if (chosen.length === 0) return "Take a highlighted tile from the display.";
  if (chosen.length === 1) return "Click where to lay it.";
  return "Which way round?";
}

/** What lies on each cell of the table and in the display (`d:<tile>:<n>`, the n-th of its
 * kind), to find what changed between two positions. */
function contents(view, text) {
  const position = parsePosition(text);
  const cells = new Map(position.tiles.map((t) => [`${t.x},${t.y}`, `${t.kind}r${t.rotation}#${t.house ?? "-"}`]));
  const seen = new Map();
  for (const kind of position.display) {
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    cells.set(`d:${kind}:${n}`, kind);
  }
  return cells;
}

/** The terrains of a building's sides, north first, as laid. */
function sideNames(kind, rotation) {
  return sides(kind, rotation).map((t, i) => `${["north", "east", "south", "west"][i]} ${TERRAINS[t].name}`).join(", ");
}

/** A move in words: "Orange laid a water landscape on 1,0." Chance draws are told by
 * `describeChance`; a house moved or removed by its effect. */
function describeMove(move, who) {
  const lay = /^([a-z]+)@(-?\d+,-?\d+)(?:r(\d))?$/.exec(move);
  if (lay && lay[1] === "h") return "";
  if (lay && lay[1].length === 1) return `${who} laid ${lay[1] === "e" ? "an" : "a"} ${TERRAINS[lay[1]].name} landscape on ${lay[2]}.`;
  if (lay) return `${who} laid a building on ${lay[2]} (${sideNames(lay[1], Number(lay[3] ?? 0))}).`;
  if (move === "keep") return `${who} kept the house and paid for the mismatches.`;
  if (move === "pass") return `${who} passed.`;
  return "";
}

function describeChance(move) {
  const kind = move.slice(1);
  if (kind.length === 1) return `Chance: ${kind === "e" ? "an" : "a"} ${TERRAINS[kind].name} landscape is turned up.`;
  return `Chance: a building (${[...kind].map((t) => TERRAINS[t].name).join(", ")}) is turned up.`;
}

function result(context) {
  const { status, text, names, view } = context;
  const position = parsePosition(text);
  if (position.phase.startsWith("bankrupt:")) {
    const loser = Number(position.phase.slice(9));
    const had = context.previous ? parsePosition(context.previous).points[loser] : null;
    const owned = had === null ? "" : ` ${names[loser]} had ${had} ${had === 1 ? "point" : "points"}, fewer than the enclosed building of theirs cost:`;
    return `${names[1 - loser]} wins: ${names[loser]} cannot pay.${owned} a building with a house costs its owner a point for each side that does not match the landscape next to it (one less with the house removed), and a player who cannot pay loses at once.`;
  }
  const scores = view?.players?.map((p) => p.final?.total);
  if (scores && scores.every((s) => typeof s === "number")) {
    if (status.draw) return `Draw: ${scores[0]} points each.`;
    return `${names[status.winner]} wins: ${scores[status.winner]} points to ${scores[1 - status.winner]}.`;
  }
  return genericResult(status, names);
}

export default {
  title: "Architekton",
  rules: `<p>Two players build a landscape of tiles, each turn taking two tiles from the display
    above the table and laying each next to the tiles already there: landscapes (water,
    earth, plain, forest) and buildings alternate like the squares of a chessboard.</p>
    <ul><li>A landscape must match the facing side of a building next to it; a building must
    match every landscape next to it. Your house goes on each building you lay.</li>
    <li>When a building with a house is enclosed by four landscapes, its owner gains a point
    if every side matches, else pays a point per mismatched side (one less if they remove
    the house). Who cannot pay loses at once; everyone starts with 1 point.</li>
    <li>When the tiles run out, houses on buildings with only one or two landscapes beside
    them are removed; each scores their points plus one per house of their largest group
    of houses touching at the corners.</li></ul>`,
  options: [{ key: "buildingMatch", label: "Buildings must match", values: [["all", "every landscape beside them"], ["one", "at least one landscape (published game)"]] }],
  bots: ["mcts", "random"],
  defaultNames: () => FALLBACK_NAMES,
  seatLabel: (name, seat) => `${name} (${name.toLowerCase()} houses marked ${HOUSE[seat].mark})`,
  seatNames: (game, view) => namesFromView(view, FALLBACK_NAMES),
  contents,
  describeMove,
  steps,
  draw,
  panel,
  prompt,
  choiceLabel,
  describeChance,
  result,
};
