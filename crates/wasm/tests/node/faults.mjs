// A local HTTP server of solution files on the loopback address, well-behaved or
// misbehaving on purpose, for the tests of `PylosTablebase` (Node here, Chromium in
// web/tests). Paths: `/good.dz` (range requests answered), `/damaged.dz` (a byte of
// every block changed), `/truncated.dz` (the file cut short), `/norange.dz` (200 and the whole
// file for every request), `/slow.dz` (each answer late by `slowMs`), anything else 404.
import { createServer } from "node:http";

/** Starts the server over the bytes `file` (a compact solution file); resolves to
 * `{url, close, requests}` where `requests` counts the requests by path. */
export async function faultyHost(file, { slowMs = 3000 } = {}) {
  const damaged = Uint8Array.from(file);
  // A byte in the middle of every block (the header and table stay whole).
  const blocks = Number(/blocks=(\d+)/.exec(new TextDecoder().decode(file.subarray(0, 256)))[1]);
  const table = new DataView(file.buffer, file.byteOffset + 256, (blocks + 1) * 8);
  for (let block = 0; block < blocks; block += 1) {
    const start = Number(table.getBigUint64(block * 8, true));
    const end = Number(table.getBigUint64(block * 8 + 8, true));
    damaged[Math.floor((start + end) / 2)] ^= 0x5a;
  }
  const truncated = file.subarray(0, file.length - 1000);
  const requests = new Map();
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "Range");
    response.setHeader("Access-Control-Expose-Headers", "Content-Range, Content-Length");
    if (request.method === "OPTIONS") return response.writeHead(204).end();
    const bytes = { "/good.dz": file, "/slow.dz": file, "/damaged.dz": damaged, "/truncated.dz": truncated, "/norange.dz": file }[path];
    if (bytes === undefined) return response.writeHead(404).end("not found");
    if (path === "/slow.dz") await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (response.destroyed) return undefined;
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
    if (path === "/norange.dz" || range === null) {
      response.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": bytes.length });
      return response.end(bytes);
    }
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), bytes.length - 1);
    if (start >= bytes.length) {
      response.writeHead(416, { "Content-Range": `bytes */${bytes.length}` });
      return response.end();
    }
    response.writeHead(206, {
      "Content-Type": "application/octet-stream",
      "Content-Range": `bytes ${start}-${end}/${bytes.length}`,
      "Content-Length": end - start + 1,
    });
    return response.end(bytes.subarray(start, end + 1));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}
