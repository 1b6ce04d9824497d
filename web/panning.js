// A board larger than its box pans: after each redraw it scrolls to what matters.

import { $ } from "./page.js";

/** The rectangle covering `elements`, in the coordinates of the board box's scrolled
 * content, or null. */
function extent(elements) {
  const box = $("board");
  const origin = box.getBoundingClientRect();
  let rect = null;
  for (const element of elements) {
    const r = element.getBoundingClientRect();
    const left = r.left - origin.left - box.clientLeft + box.scrollLeft;
    const top = r.top - origin.top - box.clientTop + box.scrollTop;
    rect = rect === null
      ? { left, top, right: left + r.width, bottom: top + r.height }
      : { left: Math.min(rect.left, left), top: Math.min(rect.top, top), right: Math.max(rect.right, left + r.width), bottom: Math.max(rect.bottom, top + r.height) };
  }
  return rect;
}

/** The scroll position along one axis that shows `[start, end]` in a view of `size` moved
 * as little as possible from `from`; a span longer than the view is centred. */
function scrollTo(from, start, end, size) {
  if (end - start > size) return (start + end - size) / 2;
  if (start < from) return start;
  if (end > from + size) return end - size;
  return from;
}

/** The rulers of a board that pans, in pixels: the widths of the strips its pinned
 * coordinates take on the box's left and bottom edges (`data-ruler`, `data-ruler-bottom`,
 * in the board's units), and the side of its cells (`data-cell`), for boards that have
 * them; else zero. */
function rulers(box) {
  const svg = box.querySelector("svg.zoomable");
  const scale = svg === null ? 0 : svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const of = (name) => (scale > 0 ? Number(svg.dataset[name] ?? 0) * scale : 0);
  return { left: of("ruler"), bottom: of("rulerBottom"), cell: of("cell") };
}

/** The scroll from the left that puts a column's edge on the left ruler's edge, so that no
 * cell is cut there (a cell left of it is wholly under the ruler): `left` rounded down to
 * whole cells, or up where rounding down would cut `[start, end]` at the right. */
function snapped(left, start, end, size, cell) {
  if (!(cell > 0)) return left;
  const down = Math.floor(left / cell) * cell;
  return end > down + size && start >= down + cell ? down + cell : down;
}

/** Pads the right of a board that pans and has cells, so that its furthest scroll puts a
 * column's edge on the left ruler's edge too: else the board's right end, scrolled into
 * view, would leave a column cut at the left (the box's width is rarely whole cells). */
function alignFurthestScroll(box) {
  const svg = box.querySelector("svg.zoomable");
  if (svg === null) return;
  svg.style.marginRight = "0px";
  const cell = rulers(box).cell;
  const furthest = box.scrollWidth - box.clientWidth;
  if (!(cell > 0) || furthest <= 0) return;
  const short = (cell - (furthest % cell)) % cell;
  if (short > 0.5) svg.style.marginRight = `${short}px`;
}

/** A board larger than its box (it pans) shows what matters after each redraw, moved as
 * little as possible from where it was (`scroll`, before the redraw): the building a
 * question is about; else the piece being moved and where it can go; else what changed
 * since the person's move together with the person's targets (their towers, the cells to
 * play on), or, when they do not fit together, what changed and the target nearest to it,
 * or else that target in the middle; else the targets; with a title of the board (class
 * `pan-with`, Architekton's "Display") when it fits too, or else the title with the
 * targets when they fit together. */
export function panBoard(scroll) {
  const box = $("board");
  alignFurthestScroll(box);
  box.scrollLeft = scroll.left;
  box.scrollTop = scroll.top;
  if (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
  const all = (selector) => [...box.querySelectorAll(selector)];
  const targets = all("[data-step]:not(.again)");
  const changed = all(".changed");
  const question = all(".question");
  const selected = all(".selected");
  // The room left beside the rulers of the pinned coordinates.
  const ruler = rulers(box);
  const width = box.clientWidth - ruler.left;
  const height = box.clientHeight - ruler.bottom;
  const fits = (rect) => rect !== null && rect.right - rect.left <= width && rect.bottom - rect.top <= height;
  let rect = extent(question);
  if (rect === null && selected.length > 0) {
    rect = extent([...selected, ...targets]);
    if (!fits(rect)) rect = extent(selected);
  }
  if (rect === null) {
    rect = extent([...changed, ...targets]);
    if (!fits(rect) && changed.length > 0 && targets.length > 0) {
      // What changed with the target nearest to it; else that target, centred.
      const around = extent(changed);
      const centre = (r) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
      const from = centre(around);
      const distance = (target) => {
        const at = centre(extent([target]));
        return Math.hypot(at.x - from.x, at.y - from.y);
      };
      const near = targets.reduce((best, target) => (distance(target) < distance(best) ? target : best));
      rect = extent([...changed, near]);
      if (!fits(rect)) {
        const at = centre(extent([near]));
        rect = { left: at.x - width / 2, right: at.x + width / 2, top: at.y - height / 2, bottom: at.y + height / 2 };
      }
    } else if (!fits(rect) && changed.length > 0) {
      rect = extent(changed);
    }
  }
  if (rect === null) return;
  // A title the board asks to keep in view (class pan-with) joins when all fits, else
  // with the targets alone (the display's title with the tiles to take).
  const titles = all(".pan-with");
  if (titles.length > 0) {
    const titled = extent(titles);
    const both = { left: Math.min(rect.left, titled.left), top: Math.min(rect.top, titled.top), right: Math.max(rect.right, titled.right), bottom: Math.max(rect.bottom, titled.bottom) };
    const withTargets = targets.length > 0 ? extent([...titles, ...targets]) : null;
    if (fits(both)) rect = both;
    else if (fits(withTargets)) rect = withTargets;
  }
  const left = scrollTo(box.scrollLeft, rect.left - ruler.left, rect.right, box.clientWidth);
  box.scrollLeft = snapped(left, rect.left - ruler.left, rect.right, box.clientWidth, ruler.cell);
  box.scrollTop = scrollTo(box.scrollTop, rect.top, rect.bottom + ruler.bottom, box.clientHeight);
}

/** Keeps the coordinates of a board that pans on the box's visible edges, as a ruler
 * does: the rows' (class `axis-y`) on the left, the columns' (`axis-x`) at the bottom.
 * Called after each redraw and as the box scrolls. */
export function pinCoordinates() {
  const box = $("board");
  const svg = box.querySelector("svg.zoomable");
  if (svg === null) return;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  if (!(scale > 0)) return;
  const dx = box.scrollLeft / scale;
  const dy = Math.min(0, box.scrollTop + box.clientHeight - box.scrollHeight) / scale;
  for (const text of svg.querySelectorAll(".axis-y")) text.setAttribute("transform", `translate(${dx} 0)`);
  for (const text of svg.querySelectorAll(".axis-x")) text.setAttribute("transform", `translate(0 ${dy})`);
}
