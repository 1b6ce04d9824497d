// Pylos's perfect play from a compact solution file (`.dz`, written by
// `towers solve pylos --db FILE --compact OUT`), read block by block: from a URL with HTTP
// `Range` requests (browsers and Node) or from a file path (Node). The module's
// `PylosTablebaseReader` says which blocks a position and its children need; they are
// fetched here, handed to the module, which decodes them and checks each block's checksum
// (and keeps the last 256), then the values come from the module. A file that is damaged,
// cut short, missing or served wrongly gives an `Error` of kind `badFile` or `network`,
// never a value.
//
// Written once as an ES module; `cargo xtask web` writes the CommonJS copy
// (tablebase.cjs) by replacing the export line at the end, the only line that differs.

/** An `Error` of `kind` with `message`, caused by `cause` when given. */
function fault(kind, message, cause) {
  const error = cause === undefined ? new Error(message) : new Error(message, { cause });
  error.kind = kind;
  return error;
}

/** How long a request may take by default, in milliseconds. */
const TIMEOUT_MS = 20000;

/** Reads byte ranges of the file at the URL `url` with `Range` requests. */
function urlBytes(url, fetcher, timeoutMs) {
  const where = String(url);
  return async (start, end) => {
    let response;
    try {
      response = await fetcher(where, {
        headers: { Range: `bytes=${start}-${end - 1}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      const late = cause?.name === "TimeoutError" || cause?.name === "AbortError";
      throw fault("network", late
        ? `the solution file at ${where} did not arrive within ${timeoutMs / 1000} s: the host is too slow or unreachable`
        : `the solution file at ${where} cannot be reached: ${cause?.message ?? cause}`, cause);
    }
    if (response.status === 404) {
      throw fault("network", `there is no solution file at ${where} (404 Not Found)`);
    }
    if (response.status === 416) {
      throw fault("badFile", `the solution file at ${where} is shorter than it should be: it was cut short`);
    }
    if (response.status === 200) {
      response.body?.cancel?.().catch(() => {});
      throw fault("network", `the host of ${where} ignores range requests (it sent the whole file): serve the file from a host that answers them (206)`);
    }
    if (response.status !== 206) {
      throw fault("network", `the host of ${where} answered ${response.status} ${response.statusText}`.trim());
    }
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.headers.get("content-range") ?? "");
    let bytes;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (cause) {
      throw fault("network", `the solution file at ${where} stopped arriving: ${cause?.message ?? cause}`, cause);
    }
    if (range === null || Number(range[1]) !== start) {
      throw fault("network", `the host of ${where} sent other bytes than those asked for`);
    }
    return { bytes, length: Number(range[3]) };
  };
}

/** Reads byte ranges of the file at `path` (Node). */
async function fileBytes(path) {
  let handle;
  try {
    const fs = await import("node:fs/promises");
    handle = await fs.open(path, "r");
  } catch (cause) {
    throw fault("badFile", `the solution file ${path} cannot be opened: ${cause?.message ?? cause}`, cause);
  }
  const { size } = await handle.stat();
  const read = async (start, end) => {
    const bytes = new Uint8Array(Math.max(0, Math.min(end, size) - start));
    try {
      await handle.read(bytes, 0, bytes.length, start);
    } catch (cause) {
      throw fault("badFile", `the solution file ${path} cannot be read: ${cause?.message ?? cause}`, cause);
    }
    return { bytes, length: size };
  };
  return { read, close: () => handle.close() };
}

/** Whether `source` names a URL rather than a file path. */
function isUrl(source) {
  if (source instanceof URL) return true;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || typeof process === "undefined" || typeof process.versions?.node !== "string";
}

/**
 * The tablebase layer over the guarded exports `api` (`PylosTablebaseReader`, `solve`,
 * `moveValues`): the class `PylosTablebase`, and `solve` and `moveValues` that take
 * `{tablebase}` and then answer with a promise.
 */
function tablebase(api) {
  const { PylosTablebaseReader } = api;

  class PylosTablebase {
    #reader;
    #read;
    #close;
    #source;
    #stats = { requests: 0, bytes: 0 };

    constructor(token, reader, read, close, source) {
      if (token !== PylosTablebase.#token) throw fault("badOption", "open a tablebase with PylosTablebase.open(source)");
      this.#reader = reader;
      this.#read = read;
      this.#close = close;
      this.#source = source;
    }

    static #token = Symbol("PylosTablebase");

    /**
     * Opens the compact solution file at `source`: a URL (read with `Range` requests) or,
     * in Node, a file path. `options`: `{fetch, timeoutMs}` (the `fetch` to use and the most
     * milliseconds a request may take; default 20000). Reads the header and table of
     * blocks and checks them.
     */
    static async open(source, { fetch: fetcher = globalThis.fetch, timeoutMs = TIMEOUT_MS } = {}) {
      if (typeof source !== "string" && !(source instanceof URL)) {
        throw fault("badOption", "PylosTablebase.open takes a URL or a file path");
      }
      let read;
      let close = async () => {};
      if (isUrl(source)) {
        if (typeof fetcher !== "function") throw fault("badOption", "no fetch function to read the URL with");
        read = urlBytes(source, fetcher, timeoutMs);
      } else {
        ({ read, close } = await fileBytes(source));
      }
      const name = String(source);
      const stats = { requests: 0, bytes: 0 };
      const counted = async (start, end) => {
        const answer = await read(start, end);
        stats.requests += 1;
        stats.bytes += answer.bytes.length;
        return answer;
      };
      try {
        const head = await counted(0, PylosTablebaseReader.headBytes());
        const end = PylosTablebaseReader.tableEnd(name, head.bytes);
        const prefix = end <= head.bytes.length ? head : await counted(0, end);
        const reader = new PylosTablebaseReader(name, prefix.bytes, head.length);
        const opened = new PylosTablebase(PylosTablebase.#token, reader, counted, close, name);
        opened.#stats = stats;
        return opened;
      } catch (error) {
        await close();
        throw error;
      }
    }

    /** What the file holds: `{variant, takeback, end, minBalls, positions, bytes, blocks}`. */
    options() {
      return this.#reader.options();
    }

    /** The requests made and the bytes they brought so far: `{requests, bytes}`. */
    stats() {
      return { ...this.#stats };
    }

    /** The file or URL read. */
    get source() {
      return this.#source;
    }

    /** The value of `game`'s position and of each of its moves: `{value, moves, source}`. */
    async analyse(game) {
      const blocks = this.#reader.needed(game);
      const fetched = await Promise.all(blocks.map(({ start, end }) => this.#read(start, end)));
      fetched.forEach(({ bytes }, i) => this.#reader.insert(blocks[i].block, bytes));
      return this.#reader.analyse(game);
    }

    /** Closes the file (Node, a path); a URL needs nothing. */
    async close() {
      await this.#close();
    }
  }

  /** `plain(game, options)`, or with `{tablebase}` the promise of `pick` of its values. */
  const withTablebase = (plain, pick, call) =>
    function (game, options) {
      let keys = null;
      try {
        if (options !== null && typeof options === "object" && Object.hasOwn(options, "tablebase")) keys = Object.keys(options);
      } catch {
        // An object that throws when looked at: the module refuses it with its kind.
      }
      if (keys === null) return plain(game, options);
      const tb = options.tablebase;
      if (!(tb instanceof PylosTablebase)) {
        return Promise.reject(fault("badOption", `${call}: tablebase must be a PylosTablebase`));
      }
      const other = keys.filter((key) => key !== "tablebase");
      if (other.length > 0) {
        return Promise.reject(fault("badOption", `${call}: unknown option ${JSON.stringify(other[0])} with a tablebase`));
      }
      return Promise.resolve().then(() => tb.analyse(game)).then(pick);
    };

  return {
    PylosTablebase,
    solve: withTablebase(api.solve, (values) => values.value, "solve"),
    moveValues: withTablebase(api.moveValues, (values) => values.moves, "moveValues"),
  };
}

export { tablebase };
