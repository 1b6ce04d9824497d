//! The TypeScript declarations of the plain values the API takes and returns (views,
//! choices, options), added to the generated `.d.ts`. They mirror the serde types of the
//! `view`, `input` and `games` modules; the Node tests check the values against them.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The games. */
export type GameName = "pyrga" | "pylos" | "architekton" | "crescendo";

/** Options of `new Game`, spelled as `towers` spells them; each game takes only its own
 * (another key, or a value of another type, throws a `badOption` error). */
export interface GameOptions {
  /** Pyrga: "standard" (default) or "classic". */
  rules?: "standard" | "classic";
  /** Pylos: "children", "standard" (default) or "expert". */
  variant?: "children" | "standard" | "expert";
  /** Pylos: "1-2" (default) or "0-2"; "1-2-earlier" or "0-2-earlier" forbid taking back
   * the ball just played (a candidate rule for analysis, not the published game's). */
  takeback?: "1-2" | "0-2" | "1-2-earlier" | "0-2-earlier";
  /** Pylos: "nomove" (default) or "reserve". */
  end?: "nomove" | "reserve";
  /** Architekton: "all" (default) or "one". */
  buildingMatch?: "all" | "one";
  /** Crescendo: 2, 3 or 4 (default). */
  players?: 2 | 3 | 4 | "2" | "3" | "4";
  /** Any other option a game lists in `gameInfo(name).options`. */
  [option: string]: string | number | undefined;
}

/** One option of a game, as `gameInfo` lists it. */
export interface OptionSpec {
  /** The key in `GameOptions`. */
  key: string;
  /** Every value it takes. */
  values: string[];
  /** The value when it is not given. */
  default: string;
  /** What it is, in two or three words ("rule set"). */
  help: string;
}

/** What `gameInfo(name)` returns. */
export interface GameInfo {
  name: GameName;
  options: OptionSpec[];
  /** The bots, the default first. */
  bots: string[];
  /** The seats' names, in seat order (the most the game has). */
  seats: string[];
  /** How to play, in words, with the notation. */
  rules: string;
  /** The plies after which a game between bots stops unfinished by default. */
  maxPlies: number;
  /** The most plies a whole game can last, where the rules bound it, or null. */
  longestGame: number | null;
}

/** Options of `botMove`; all optional. Another key, or a value of another type (a level
 * as a string), throws a `badOption` error naming the key. */
export interface BotOptions {
  /** The bot, as `towers play --bot` names it; default: the game's first (strongest practical). */
  bot?: "alphabeta" | "mcts" | "greedy" | "random" | "perfect";
  /** 1 (quick) to 5 (strong); default 3. */
  level?: 1 | 2 | 3 | 4 | 5;
  /** Seed of the bot's choices (a non-negative integer); default 0. */
  seed?: number;
  /** A time budget in milliseconds: the search grows while the next step fits. Pyrga's
   * `perfect` gives it to the solver (default: the level's 1, 2, 5, 15 or 45 s), and to
   * alpha-beta when the solver runs out of it. */
  timeMs?: number;
}

/** The budget of `solve` and `moveValues` (Pyrga); both optional. A budget that runs out
 * throws an `Error` of kind "outOfBudget"; another key, or a value of another type, one of
 * kind "badOption". */
export interface SolveOptions {
  /** At most this many milliseconds; default 5000. */
  timeMs?: number;
  /** At most this many nodes of the search (a positive integer); default: no limit. */
  nodes?: number;
}

/** What `toFile` adds to the file; another key, or a value of another type, throws an
 * `Error` of kind "badOption". */
export interface FileOptions {
  /** Who played each seat, in seat order (at most one name per seat; "" names none):
   * written as the tags `[player1 "…"]`, `[player2 "…"]`, …. */
  players?: string[];
}

/** Win, draw or loss with perfect play. */
export type Verdict = "win" | "draw" | "loss";

/** The value of a position with perfect play (`solve`). */
export interface PositionValue {
  /** For the player to move. */
  verdict: Verdict;
  /** Plies to the end (the winner takes the shortest way, the loser the longest); 0 for a draw. */
  plies: number;
  /** In words, naming the winner: "White wins in 17", "Draw". */
  text: string;
}

/** A legal move and its value for the player making it (`moveValues`, best first). */
export interface MoveValue {
  move: string;
  /** For the player making the move. */
  verdict: Verdict;
  /** Plies to the end, this move included; 0 for a draw. */
  plies: number;
  /** From the mover's side: "win in 9", "draw", "loss in 12". */
  text: string;
}

/** The kinds of the `Error`s thrown: every error the package throws has one. The module
 * refuses input with the first six; `freed` is a game used after `free()`, `notLoaded` a
 * call before `init()` (browsers), `outOfMemory` an allocation that failed and `internal`
 * any other failure (a bug). After `outOfMemory` or `internal` the module has stopped:
 * every later call throws the same kind until the package is loaded again. */
export type ErrorKind =
  | "parse" | "illegal" | "gameOver" | "invalidPosition" | "badOption" | "outOfBudget"
  | "noDatabase" | "badFile" | "network"
  | "freed" | "notLoaded" | "outOfMemory" | "internal";

/** What a Pylos solution file holds (`tb.options()`). */
export interface TablebaseOptions {
  variant: "children" | "standard" | "expert";
  takeback: string;
  end: "nomove" | "reserve";
  /** The fewest balls on the board of a position covered (0: the whole game). */
  minBalls: number;
  /** The indices (positions, valid or not) covered. */
  positions: number;
  /** The size of the file, in bytes. */
  bytes: number;
  /** The blocks of 65,536 values it holds. */
  blocks: number;
}

/** The value of a position and of its moves, and where they came from. */
export interface PerfectValues {
  value: PositionValue;
  moves: MoveValue[];
  /** "database": the file; "direct": solved directly (a position the file does not cover). */
  source: "database" | "direct" | "solver";
}

/** Pylos's perfect play from a compact solution file (`.dz`), read block by block: from a
 * URL with HTTP `Range` requests (each block's checksum checked, the last 256 kept), or a
 * file path in Node. Errors: `badFile` (damaged, cut short, not a solution file),
 * `network` (unreachable, 404, a host that ignores `Range`, too slow), `noDatabase` (a
 * position the file does not cover), never a wrong value. */
export class PylosTablebase {
  private constructor();
  /** Opens the file: reads and checks its header and table of blocks. `fetch`: the function
   * to read a URL with (default: the global one); `timeoutMs`: the most a request may take
   * (default 20000). */
  static open(
    source: string | { href: string },
    options?: { fetch?: (url: string, init?: object) => Promise<unknown>; timeoutMs?: number },
  ): Promise<PylosTablebase>;
  /** What the file holds. */
  options(): TablebaseOptions;
  /** The requests made and the bytes they brought so far. */
  stats(): { requests: number; bytes: number };
  /** The URL or path read. */
  readonly source: string;
  /** The value of `game`'s position and of each of its moves. */
  analyse(game: Game): Promise<PerfectValues>;
  /** Closes the file (a path in Node). */
  close(): Promise<void>;
}

/** `solve` with a Pylos solution file: the value of the position, as a promise. */
export function solve(game: Game, options: { tablebase: PylosTablebase }): Promise<PositionValue>;
/** `moveValues` with a Pylos solution file: every move with its value, best first, as a promise. */
export function moveValues(game: Game, options: { tablebase: PylosTablebase }): Promise<MoveValue[]>;

/** What every call throws: an `Error` with a `kind`. */
export interface TowersError extends Error { kind: ErrorKind; }

/** What `memoryUsage()` returns, in bytes. */
export interface MemoryUsage {
  /** The size of the module's WebAssembly memory (it grows and never shrinks). */
  memoryBytes: number;
  /** The bytes allocated now: games, records, tables. */
  heapBytes: number;
  /** The most bytes allocated at once since the module was loaded. */
  peakHeapBytes: number;
}

/** A chance outcome and its weight. */
export interface ChanceOutcome { move: string; weight: number; }

/** One step of a move built from clicks. */
export interface Step {
  /** The text to pass back in `steps`. */
  step: string;
  /** What it chooses: "cell", "shape", "direction" (Pyrga); "place", "raise", "to",
   * "takeBack" (Pylos); "tile", "cell", "rotation", "house", "keep", "remove", "pass",
   * "draw" (Architekton); "cross", "rotation", "pawn", "extra", "tower", "count",
   * "direction", "scatter", "pass" (Crescendo). */
  role: string;
}

/** The choices after the steps chosen so far. */
export interface Choices {
  steps: string[];
  /** The possible next steps, each once. */
  next: Step[];
  /** The legal move the steps make, when they make a whole one (more steps may follow). */
  move: string | null;
  /** Every legal move beginning with the steps, sorted. */
  moves: string[];
}

/** A cell of an open layout: x eastwards, y northwards. */
export interface Point { x: number; y: number; }

/** What the last move did besides putting its piece down. */
export type Effect =
  | { kind: "towerComplete"; cell: string; controller: number }
  | { kind: "raise"; from: string; to: string }
  | { kind: "takeBack"; spot: string }
  | { kind: "housePlaced"; at: Point; seat: number }
  | { kind: "houseMoved"; from: Point; to: Point; seat: number }
  | { kind: "houseRemoved"; at: Point; seat: number }
  | { kind: "score"; seat: number; change: number }
  | { kind: "scatter"; at: Point; victim: number; pawns: number }
  | { kind: "pawnPlaced"; at: Point; owner: number }
  | { kind: "qualified"; seat: number }
  | { kind: "newRound"; round: number; eliminated: number[] };

/** What every view has. */
export interface ViewBase<G extends GameName, B, P> {
  game: G;
  /** The `towers status` line. */
  status: string;
  /** The result in words once the game is over ("Black wins: controls 3 towers"), else null. */
  result: string | null;
  /** The seat deciding next, or null when chance decides or the game is over. */
  toMove: number | null;
  chance: boolean;
  over: boolean;
  /** The last move of this game object's record, or null. */
  lastMove: string | null;
  effects: Effect[];
  players: P[];
  board: B;
}

export interface PyrgaCell {
  cell: string; file: number; rank: number;
  square: number | null;
  triangle: { owner: number; direction: "n" | "e" | "s" | "w" } | null;
  cylinder: number | null;
  controller: number | null;
  /** The next piece may go here. */
  target: boolean;
}
export interface PyrgaBoard { cells: PyrgaCell[]; rules: string; lastPiece: string | null; }
export interface PyrgaPlayer {
  seat: number; name: "White" | "Black";
  supply: { square: number; triangle: number; cylinder: number };
  complete: number; twoPiece: number; onePiece: number;
}

export interface PylosSpot {
  spot: string; level: number; file: number; rank: number;
  ball: number | null;
  /** Empty and supported. */
  open: boolean;
  /** Holds a ball supporting nothing. */
  free: boolean;
}
export interface PylosBoard { spots: PylosSpot[]; variant: string; takeback: string; end: string; }
export interface PylosPlayer { seat: number; name: "Light" | "Dark"; reserve: number; onBoard: number; }

export interface ArchitektonTile {
  x: number; y: number;
  tile: string;
  stack: "landscape" | "building";
  north: string; east: string; south: string; west: string;
  rotation: number;
  house: number | null;
}
export type ArchitektonPhase =
  | { name: "deal" } | { name: "lay"; tile: number } | { name: "house"; building: Point }
  | { name: "decide"; building: Point | null } | { name: "refill" }
  | { name: "redraw"; left: number } | { name: "bankrupt"; seat: number } | { name: "over" };
export interface ArchitektonBoard {
  tiles: ArchitektonTile[];
  display: { tile: string; stack: "landscape" | "building"; count: number }[];
  unseenLandscapes: number; unseenBuildings: number;
  reserveLandscapes: number; reserveBuildings: number;
  lastRound: boolean; turn: number;
  phase: ArchitektonPhase;
  buildingMatch: string;
}
export interface ArchitektonPlayer {
  seat: number; name: "Blue" | "Orange";
  points: number; supply: number; onTable: number; removed: number;
  final: { points: number; group: number; total: number } | null;
}

export interface CrescendoCell {
  x: number; y: number;
  /** "W" for a white centre, else the seat of the cell's colour. */
  colour: string;
  tower: { owner: number; height: number } | null;
  protected: boolean;
}
export type CrescendoPhase =
  | { name: "laying" } | { name: "placing" } | { name: "extra" }
  | { name: "moving"; idle: number; idleLimit: number }
  | { name: "scattering"; mover: number; victim: number; left: number }
  | { name: "over" };
export interface CrescendoBoard {
  cells: CrescendoCell[];
  crosses: number; round: number; target: number;
  turnOrder: number[]; qualified: number[]; eliminated: number[];
  phase: CrescendoPhase;
}
export interface CrescendoPlayer {
  seat: number; name: "Red" | "Blue" | "Yellow" | "Green"; active: boolean;
  pawnsOnBoard: number; tallest: number; onOwnColour: number;
}

export type View =
  | ViewBase<"pyrga", PyrgaBoard, PyrgaPlayer>
  | ViewBase<"pylos", PylosBoard, PylosPlayer>
  | ViewBase<"architekton", ArchitektonBoard, ArchitektonPlayer>
  | ViewBase<"crescendo", CrescendoBoard, CrescendoPlayer>;
"#;
