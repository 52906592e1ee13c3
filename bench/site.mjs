// The static site's benchmark: its size, and the time from navigation to an
// interactive board in headless Chromium (the Performance API's clock, in a
// fresh browser context each time, so nothing is cached), for the site
// (WebAssembly in a Web Worker, served by Python's static file server)
// side by side with the same page from `grundy serve`, interleaved.
//
//     scripts/build-site.sh && node bench/site.mjs [--runs 10]
//
// Uses playwright-core from e2e/ (`cd e2e && npm ci`) and
// target/release/grundy (or GRUNDY_BIN).
import { start } from "./start.mjs";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { chromium } = await import(join(root, "e2e", "node_modules", "playwright-core", "index.mjs"));
const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 10;
const site = join(root, "target", "site");
const release = join(root, "target", "release", "grundy");
const binary = process.env.GRUNDY_BIN || (existsSync(release) ? release : join(root, "target", "debug", "grundy"));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const wasm = readFileSync(join(site, "pkg", "grundy_wasm_bg.wasm"));
const page = ["index.html", "assets/app.js", "assets/style.css", "assets/worker.js", "pkg/grundy_wasm.js", "pkg/grundy_wasm_bg.wasm"]
  .map((f) => readFileSync(join(site, f)));
const gz = (bufs) => bufs.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
console.log(`site: ${files(site).length} files; .wasm ${wasm.length} B, ${gz([wasm])} B gzipped; what the page loads: ${gz(page)} B gzipped`);

const statics = await start("python3", ["-m", "http.server", "0", "--bind", "127.0.0.1", "-d", join(root, "target")],
  /port (\d+)/, (m) => `http://127.0.0.1:${m[1]}/site/`);
const server = await start(binary, ["serve", "--port", "0"], /http:\/\/127\.0\.0\.1:\d+\//, (m) => m[0]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const times = { site: [], server: [] };
try {
  for (let run = 0; run < runs; run++) {
    for (const [name, url] of [["site", statics.url], ["server", server.url]]) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${url}#play/bomb`);
      await tab.locator("[data-testid=status][data-state=your-move]").waitFor();
      // Milliseconds since navigation began, when the board took clicks.
      times[name].push(await tab.evaluate(() => performance.now()));
      await context.close();
    }
  }
} finally {
  await browser.close();
  statics.child.kill();
  server.child.kill();
}
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)}`;
};
console.log(`first load to an interactive Bomb board, ${runs} runs interleaved:`);
console.log(`  static site (wasm, worker): ${summary(times.site)}`);
console.log(`  grundy serve (${binary.replace(root + "/", "")}): ${summary(times.server)}`);
