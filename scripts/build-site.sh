#!/usr/bin/env bash
# Builds the playground as a static site in target/site/: the page
# `grundy serve` serves, answering from grundy compiled to WebAssembly in a
# Web Worker instead of a server. Serve the folder with any static file
# server (`python3 -m http.server -d target/site`), at its root or under a
# sub-path. target/site/pkg/ is also an npm package (bindings, TypeScript
# types, README) that Node can import.
#
# Installs what it needs, once, into a folder of its own (GRUNDY_WASM_TOOLS,
# by default ~/.cache/grundy/wasm-tools), without touching the rustup
# toolchain other processes use:
# - Debian's rustc-web, cargo-web and rust-web-src (Rust 1.96 with the
#   standard library's source: rustup's toolchain here has no wasm32 target),
#   downloaded with `apt-get download` and unpacked, not installed;
# - wasm-bindgen-cli at exactly the version crates/grundy-wasm pins, built
#   by rustup's cargo;
# - wasm-opt from npm's binaryen.
# The linker is rustup's own rust-lld.
#
# Usage: scripts/build-site.sh [--no-opt]
#   --no-opt  skip wasm-opt (a larger .wasm, about 35 s sooner)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
optimise=1
for arg in "$@"; do
  case $arg in
    --no-opt) optimise=0 ;;
    *) echo "build-site.sh: unknown argument $arg (expected --no-opt)" >&2; exit 2 ;;
  esac
done

tools=${GRUNDY_WASM_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/grundy/wasm-tools}
site=$root/target/site
wasm_target=$root/target/wasm
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/grundy-wasm/Cargo.toml)
binaryen_version=132.0.0
mkdir -p "$tools"
step() { printf '== build-site: %s\n' "$*"; }

# The compiler: Debian's Rust for the web (1.96 today), unpacked into
# $tools/debian; at least the workspace's rust-version. Its libraries are
# under usr/lib and lib (libpcre3 keeps Debian 12's /lib layout).
debian=$tools/debian
debian_libs="$debian/usr/lib/x86_64-linux-gnu:$debian/lib/x86_64-linux-gnu"
rust_version=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
# Whether version $1 (e.g. 1.96.0+dfsg1-1~deb12u2) is at least rust-version.
recent_enough() { [ -n "$1" ] && printf '%s\n%s\n' "$rust_version" "$1" | sort -V -C; }
unpacked_version() {
  LD_LIBRARY_PATH="$debian_libs" "$debian/usr/bin/rustc" --version 2>/dev/null | cut -d' ' -f2
}
if [ ! -x "$debian/usr/bin/rustc" ] || [ ! -d "$debian/usr/lib/rustlib/src/rust/library" ] \
  || ! recent_enough "$(unpacked_version)"; then
  step "downloading Debian's rustc-web, cargo-web and rust-web-src"
  debs=$tools/debs
  rm -rf "$debs" "$debian"
  mkdir -p "$debs"
  # The packages and those of their dependencies this system lacks.
  wanted() {
    apt-get install -s --no-install-recommends rustc-web cargo-web rust-web-src 2>/dev/null \
      | sed -n 's/^Inst \([^ ]*\) .*/\1/p' || true
  }
  # apt's lists may be older than the security archive's Rust (a new
  # machine's offered 1.85 here): then they are updated first.
  offered() { apt-cache policy rustc-web 2>/dev/null | sed -n 's/^ *Candidate: \(.*\)$/\1/p'; }
  packages=$(wanted)
  if [ -z "$packages" ] || ! recent_enough "$(offered)" \
    || ! (cd "$debs" && apt-get download $packages 2>/dev/null); then
    sudo_or_not=()
    [ "$(id -u)" -eq 0 ] || sudo_or_not=(sudo)
    "${sudo_or_not[@]}" apt-get update -qq
    packages=$(wanted)
    if [ -z "$packages" ] || ! recent_enough "$(offered)"; then
      echo "build-site.sh: apt-get offers no rustc-web, cargo-web and rust-web-src of Rust" \
        "$rust_version or later to download (offered: $(offered)); Debian 12's security" \
        "archive has them (or are they installed system-wide?)" >&2
      exit 1
    fi
    (cd "$debs" && apt-get download $packages)
  fi
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$debian"; done
  rm -rf "$debs"
fi

# The linker: rustup's rust-lld.
host=$(rustc -vV | sed -n 's/^host: //p')
lld=$(rustc --print sysroot)/lib/rustlib/$host/bin/rust-lld
[ -x "$lld" ] || { echo "build-site.sh: no rust-lld at $lld" >&2; exit 1; }

# wasm-bindgen-cli, built by rustup's cargo (its build settings trade speed
# of the tool for a build in half the time).
bindgen=$tools/bin/wasm-bindgen
if ! "$bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $bindgen_version"; then
  step "installing wasm-bindgen-cli $bindgen_version (once; about 2 minutes)"
  CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 \
    CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=false \
    cargo install --quiet wasm-bindgen-cli --version "=$bindgen_version" \
    --no-default-features --root "$tools" --force
fi

# wasm-opt from npm's binaryen (Debian's is too old for wasm-bindgen's output).
wasm_opt=$tools/binaryen/node_modules/.bin/wasm-opt
if [ "$optimise" = 1 ] && [ ! -x "$wasm_opt" ]; then
  step "installing binaryen $binaryen_version from npm"
  mkdir -p "$tools/binaryen"
  npm install --prefix "$tools/binaryen" --no-audit --no-fund --silent "binaryen@$binaryen_version"
fi

step "compiling crates/grundy-wasm for wasm32-unknown-unknown"
(
  export PATH="$debian/usr/bin:/usr/local/bin:/usr/bin:/bin"
  export LD_LIBRARY_PATH="$debian_libs"
  export RUSTC="$debian/usr/bin/rustc" RUSTDOC="$debian/usr/bin/rustdoc"
  # A stable compiler that takes -Z build-std (the std source is Debian's).
  export RUSTC_BOOTSTRAP=1
  export CARGO_HOME="$tools/cargo-home"
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$lld"
  unset RUSTUP_TOOLCHAIN CARGO_BUILD_TARGET
  # Size against speed, measured (docs/site.md): the library at opt-level
  # 2, its dependencies at z, one LTO unit, LLVM's inliner at threshold 10
  # and panics that trap without formatting a message: 387 KB gzipped
  # instead of about 460 KB, for the same Bomb table time. SIMD128 for the
  # Bomb table's and the octal scans' twins (every current browser has it).
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_PROFILE_RELEASE_LTO=fat
  export RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Cllvm-args=-inline-threshold=10 -Ctarget-feature=+simd128"
  "$debian/usr/bin/cargo" build --quiet -p grundy-wasm --release --locked \
    --config 'profile.release.package.grundy.opt-level=2' \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort \
    --target-dir "$wasm_target"
)

step "writing $site"
rm -rf "$site"
mkdir -p "$site/assets" "$site/pkg"
"$bindgen" --target web --out-dir "$site/pkg" \
  "$wasm_target/wasm32-unknown-unknown/release/grundy_wasm.wasm"
if [ "$optimise" = 1 ]; then
  step "wasm-opt -Oz"
  # -ocimfs: a large function with one caller stays a function. A browser
  # optimises a WebAssembly function for its next call only, so a heap's
  # or a cell's work must stay a call of its own (marked inline(never) in
  # Rust); inlined into its loop, a whole run stayed in V8's quick code
  # (0.161 to 10^6 1.6x slower, a 300x300 Bomb table 1.4x). Size: the same.
  "$wasm_opt" -Oz -ocimfs 400 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals \
    "$site/pkg/grundy_wasm_bg.wasm" -o "$site/pkg/grundy_wasm_bg.wasm"
fi
web=crates/grundy-web/assets
js=crates/grundy-wasm/js
cp "$web/app.js" "$web/style.css" "$web/favicon.svg" "$js/worker.js" "$site/assets/"
sed 's|<meta name="grundy-transport" content="server">|<meta name="grundy-transport" content="wasm">|' \
  "$web/index.html" > "$site/index.html"
grep -q 'content="wasm"' "$site/index.html" || {
  echo "build-site.sh: index.html has no grundy-transport meta to set" >&2; exit 1; }
cp "$js/index.js" "$js/index.d.ts" "$js/README.md" "$site/pkg/"
sed "s/\"version\": \"0.0.0\"/\"version\": \"$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)\"/" \
  "$js/package.json" > "$site/pkg/package.json"
rm -f "$site/pkg/.gitignore"

wasm=$site/pkg/grundy_wasm_bg.wasm
printf '== build-site: done: %s (.wasm %s bytes, %s gzipped)\n' "$site" \
  "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)"
