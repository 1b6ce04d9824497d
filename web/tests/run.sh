#!/usr/bin/env bash
# Browser tests of the web app: plays each game through the page in headless Chromium.
# Expects `cargo xtask web` to have built target/web/app. Installs what it needs when missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi
if ! command -v node >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi
if [ ! -f "$root/target/web/app/index.html" ]; then
  echo "target/web/app is missing: run 'cargo xtask web' first" >&2
  exit 1
fi
if [ ! -x "$root/target/debug/towers-server" ]; then
  # The analysis server that the Pylos panel's tests start.
  (cd "$root" && cargo build -p towers-server)
fi
if [ ! -x "$root/target/debug/xtask" ]; then
  # `cargo xtask serve`, whose compression and caching weight.test.mjs measures.
  (cd "$root" && cargo build -p xtask)
fi
cd "$here"
if [ ! -d node_modules/playwright-core ] || [ ! -f node_modules/axe-core/axe.min.js ]; then
  npm ci --no-audit --no-fund
fi
node --test --test-concurrency=1 "$here"/*.test.mjs
