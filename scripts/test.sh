#!/usr/bin/env bash
# The whole test suite, as the README gives it: the Rust tests of every crate,
# then the playground's browser tests (against `grundy serve`, then against
# the static WebAssembly site that scripts/build-site.sh builds), the npm
# package from Node, the census on a one-node Slurm cluster, then the Python
# package's tests.
# Installs what they need when it is missing (Debian's chromium,
# playwright-core from e2e/'s lock file, the WebAssembly tool chain of
# scripts/build-site.sh, and a virtual environment in target/py with
# crates/grundy-py/requirements-dev.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --workspace"
# The Python extension is tested from Python, below.
cargo test --workspace --exclude grundy-py

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

# The same page as a static site: grundy compiled to WebAssembly in a Web
# Worker, served by Python's static file server under a sub-path; then the
# site's npm package from Node, against the native binary.
echo "== the static site (scripts/build-site.sh), its browser tests and its npm package"
bash scripts/build-site.sh
GRUNDY_SITE=target/site node e2e/playground.test.mjs
node e2e/wasm-package.test.mjs

# The census on a real single-node Slurm cluster (slurm-wlm and munge,
# installed when missing; skipped, saying why, where they cannot be).
echo "== the census as a Slurm job array (scripts/slurm.sh)"
bash scripts/slurm.sh target/debug/grundy

# The Python package: built with maturin into a virtual environment of its
# own (pinned tools), then tested with pytest against the `grundy` binary
# the Rust tests built.
echo "== Python tests of crates/grundy-py (pytest)"
venv=target/py
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r crates/grundy-py/requirements-dev.txt
PATH="$PWD/$venv/bin:$PATH" VIRTUAL_ENV="$PWD/$venv" \
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-build-isolation ./crates/grundy-py
GRUNDY_BIN="$PWD/target/debug/grundy" "$venv/bin/pytest" -q crates/grundy-py/tests
