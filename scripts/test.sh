#!/usr/bin/env bash
# The whole test suite, as the README gives it: the Rust tests of every crate,
# then the playground's browser tests. Installs what the browser tests need
# when it is missing (Debian's chromium, and playwright-core from e2e/'s
# lock file).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --workspace"
cargo test --workspace

# The playground's browser tests: Debian's Chromium driven by playwright-core
# (the version pinned in e2e/package-lock.json), against the `grundy` binary
# the tests above built.
echo "== browser tests of grundy serve (e2e/)"
if ! command -v chromium >/dev/null; then
  sudo_or_not=()
  [ "$(id -u)" -eq 0 ] || sudo_or_not=(sudo)
  "${sudo_or_not[@]}" apt-get update -qq
  "${sudo_or_not[@]}" apt-get install -y -qq chromium chromium-driver
fi
(cd e2e && npm ci --no-audit --no-fund --silent)
node e2e/playground.test.mjs
