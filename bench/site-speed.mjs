// The static site's speed against the native server, in one run: the same
// requests answered by `grundy serve` (release build, one job) and by the
// WebAssembly package in headless Chromium (the page's module, imported on
// the page's main thread: the worker adds only its message), interleaved
// round by round, each round on a fresh server and a fresh browser page
// (nothing computed before is kept).
//
//     cargo build --release && scripts/build-site.sh && node bench/site-speed.mjs [--rounds 3]
//
// Native times are a request's round trip over loopback HTTP with its JSON
// read; browser times are the package's call with its JSON read. Both
// raise the octal limit to 10^6 values (`--octal-values`, `configure`).
// Uses playwright-core from e2e/ (`cd e2e && npm ci`).
import { start } from "./start.mjs";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { chromium } = await import(join(root, "e2e", "node_modules", "playwright-core", "index.mjs"));
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 3;
const binary = process.env.GRUNDY_BIN || join(root, "target", "release", "grundy");
if (!existsSync(binary)) throw new Error(`${binary} is missing: cargo build --release first`);
if (!existsSync(join(root, "target", "site", "pkg", "index.js"))) throw new Error("target/site is missing: scripts/build-site.sh first");

// The requests: what issue 46 names (a 300×300 Bomb table, 0.161 to 10^6
// values, Nim and Kayles analyses).
const TASKS = [
  ["Bomb table 300×300", "GET", "/api/table?game=bomb&rows=300&cols=300"],
  ["0.161 to 10^6 values", "GET", "/api/octal?code=0.161&upto=1000000"],
  ["Nim analysis (8 heaps to 99,999, 1,000 moves listed)", "POST", "/api/solve",
    { game: "nim", position: { kind: "heaps", heaps: [99999, 87654, 76543, 65432, 54321, 43210, 32109, 21098] }, listed: 1000 }],
  ["Kayles analysis (5 heaps to 99,999, 1,000 moves listed)", "POST", "/api/solve",
    { game: "octal:0.77", position: { kind: "heaps", heaps: [99999, 77777, 54321, 31415, 12345] }, listed: 1000 }],
];

async function native() {
  const server = await start(binary, ["serve", "--port", "0", "--jobs", "1", "--time-limit", "600", "--octal-values", "1000000"],
    /http:\/\/127\.0\.0\.1:\d+\//, (m) => m[0]);
  try {
    const times = [];
    for (const [, method, path, body] of TASKS) {
      const started = performance.now();
      const response = await fetch(`${server.url}${path.slice(1)}`, {
        method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
      });
      const document = JSON.parse(await response.text());
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`native ${path}: ${document.error}`);
    }
    return times;
  } finally {
    server.child.kill();
  }
}

async function browserRun(browser, site) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(site);
    return await page.evaluate(async (tasks) => {
      const grundy = await import(new URL("pkg/index.js", location.href).href);
      await grundy.default();
      grundy.configure({ octal_values: 1000000 });
      const times = [];
      for (const [, method, path, body] of tasks) {
        const started = performance.now();
        grundy.call(method, path, body);
        times.push(performance.now() - started);
      }
      return times;
    }, TASKS);
  } finally {
    await context.close();
  }
}

const statics = await start("python3", ["-m", "http.server", "0", "--bind", "127.0.0.1", "-d", join(root, "target")],
  /port (\d+)/, (m) => `http://127.0.0.1:${m[1]}/site/`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = { native: [], browser: [] };
try {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? ["browser", "native"] : ["native", "browser"];
    for (const which of order) {
      results[which].push(which === "native" ? await native() : await browserRun(browser, statics.url));
    }
  }
} finally {
  await browser.close();
  statics.child.kill();
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`${rounds} rounds, interleaved; median ms (every round's ms)`);
console.log("| request | native server | browser (wasm) | browser / native |");
console.log("| --- | --- | --- | --- |");
TASKS.forEach(([name], i) => {
  const n = results.native.map((r) => r[i]), b = results.browser.map((r) => r[i]);
  const fmt = (xs) => `${median(xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(", ")})`;
  console.log(`| ${name} | ${fmt(n)} | ${fmt(b)} | ${(median(b) / median(n)).toFixed(2)}× |`);
});
