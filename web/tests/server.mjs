// A small static file server for the built app, on 127.0.0.1 and a free port. Like
// `cargo xtask serve` over an empty target/solve/, it lists no Pylos solution files
// (`/solve/index.json`); the tests of solution files (tablebase.test.mjs) use
// `cargo xtask serve` itself.

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ts": "text/plain; charset=utf-8",
};

/** Serves `root`; resolves to `{ url, close }` once listening. */
export function serve(root) {
  const server = createServer(async (request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
      if (path === "/solve/index.json") {
        response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"files": []}');
        return;
      }
      let file = normalize(join(root, path));
      if (!file.startsWith(normalize(root + sep)) && file !== normalize(root)) {
        response.writeHead(403).end();
        return;
      }
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
