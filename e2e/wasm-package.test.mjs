// The npm package of the static site (target/site/pkg, built by
// scripts/build-site.sh) tested from Node: every registered game's example
// positions solved by the package equal `grundy solve --format json` of the
// native binary; refusals are typed; the largest table and octal run the
// browser's limits allow stay within 1 GiB of WebAssembly memory.
//
//     node e2e/wasm-package.test.mjs     # GRUNDY_SITE, GRUNDY_BIN to override
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const site = resolve(root, process.env.GRUNDY_SITE || "target/site");
const binary = process.env.GRUNDY_BIN || join(root, "target", "debug", "grundy");
const grundy = await import(pathToFileURL(join(site, "pkg", "index.js")).href);
const exports = grundy.load(readFileSync(join(site, "pkg", "grundy_wasm_bg.wasm")));

const results = [];
function test(name, body) {
  const started = Date.now();
  try {
    body();
    results.push([name, "ok", Date.now() - started]);
  } catch (error) {
    results.push([name, "FAILED", Date.now() - started]);
    console.error(`${name}: ${error.stack || error}`);
  }
}

// The native binary's analysis of the first case of `text`.
function nativeSolve(game, text, all) {
  const flags = all ? ["--all"] : [];
  const run = spawnSync(binary, ["solve", game, "--format", "json", "--no-cache", ...flags], { input: text, encoding: "utf8" });
  assert.equal(run.status, 0, `grundy solve ${game}: ${run.stderr}`);
  return JSON.parse(run.stdout.split("\n")[0]);
}

const list = grundy.games().games;

test("the package lists every game of the registry, as grundy serve does", () => {
  const names = spawnSync(binary, ["solve", "--help"], { encoding: "utf8" }).stdout;
  assert.ok(list.length >= 8, `${list.length} games`);
  for (const info of list) assert.ok(names.includes(info.name.split(":")[0]), `${info.name} not in grundy's help`);
});

for (const info of list) {
  test(`${info.example}: solve equals grundy solve --format json`, () => {
    for (const text of [info.examples.judge, info.examples.won]) {
      const { position } = grundy.parse({ game: info.example, text });
      // One winning move listed (grundy solve), or all of them (--all).
      for (const all of [false, true]) {
        const native = nativeSolve(info.example, text, all);
        const listed = all ? Number(native.winning_move_count) : 1;
        if (listed > grundy.limits().listed_moves) continue;
        const mine = grundy.solve({ game: info.example, position, listed });
        // The API answers one position, not a case of an input.
        delete native.case;
        delete mine.case;
        assert.deepEqual(mine, native, `${info.example} from ${JSON.stringify(text)}${all ? " (all)" : ""}`);
      }
    }
  });
}

for (const info of list) {
  test(`${info.example}: explain equals grundy explain --format json`, () => {
    const text = info.examples.won;
    const { position } = grundy.parse({ game: info.example, text });
    const run = spawnSync(binary, ["explain", info.example, "--format", "json", "--options", "3", "--no-cache"], { input: text, encoding: "utf8" });
    assert.equal(run.status, 0, `grundy explain ${info.example}: ${run.stderr}`);
    const native = JSON.parse(run.stdout.split("\n")[0]);
    const mine = grundy.explain({ game: info.example, position, listed: 3 });
    delete native.case;
    assert.deepEqual(mine, native, info.example);
  });
}

for (const info of list) {
  test(`${info.example}: values marks each move as the package's own play and solve find it`, () => {
    const { position } = grundy.parse({ game: info.example, text: info.examples.won });
    const answer = grundy.values({ game: info.example, position, listed: 20 });
    assert.equal(answer.wins, grundy.solve({ game: info.example, position }).winner === "first", info.example);
    assert.ok(answer.moves.length > 0 && answer.winning > 0, info.example);
    for (const m of answer.moves) {
      const played = grundy.play({ game: info.example, position, move: m.move.move, reply: false });
      const wins = played.winner ? played.winner === "you"
        : grundy.solve({ game: info.example, position: played.position }).winner === "second";
      assert.equal(m.wins, wins, `${info.example}: ${m.move.text}`);
      if (m.remoteness !== null) assert.equal(m.wins, m.remoteness % 2 === 0, m.move.text);
    }
  });
}

test("refusals are GrundyErrors with the server's status and kind", () => {
  assert.throws(() => grundy.solve({ game: "no-such-game", position: { kind: "heaps", heaps: [] } }),
    (e) => e instanceof grundy.GrundyError && e.status === 422 && e.kind === "unknown_game");
  assert.throws(() => grundy.call("POST", "/api/solve", "{"),
    (e) => e.status === 400 && e.kind === "malformed");
  const limits = grundy.limits();
  assert.equal(limits.seconds, null);
  assert.throws(() => grundy.table({ game: "bomb", rows: 1001, cols: limits.table_cells / 1000 }),
    (e) => e.status === 422 && /not allowed/.test(e.message));
  assert.throws(() => grundy.octal({ code: "0.07", upto: limits.octal_values + 1 }),
    (e) => e.status === 422 && /upto must be/.test(e.message));
});

test("Bomb tables (the SIMD128 search in the browser's build) equal the native binary's", () => {
  for (const [rows, cols] of [[64, 64], [300, 200], [37, 513], [600, 600]]) {
    const run = spawnSync(binary, ["table", "bomb", "--size", `${rows}x${cols}`, "--format", "json", "--no-cache"],
      { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.equal(run.status, 0, run.stderr);
    const native = JSON.parse(run.stdout).values;
    const mine = grundy.table({ game: "bomb", rows, cols }).values;
    assert.equal(mine.length, rows);
    assert.deepEqual(mine, native, `${rows}×${cols}`);
  }
});

// 0.161's values stay below 256 (the scan of bytes, sixteen splits at a
// time); 0.6's pass 255 at heap 10,344 (the byte copy is dropped and the
// scan of four-byte values takes over).
test("octal sequences (the SIMD128 split scans in the browser's build) equal the native binary's", () => {
  for (const [code, upto] of [["0.161", 60000], ["0.6", 30000], ["0.16", 40000], ["0.356", 30000], ["0.7", 20000], ["0.137", 5000], ["4.07", 5000]]) {
    const run = spawnSync(binary, ["octal", code, "--upto", String(upto), "--format", "json"], { encoding: "utf8", maxBuffer: 1 << 28 });
    assert.equal(run.status, 0, run.stderr);
    const native = JSON.parse(run.stdout);
    const mine = grundy.octal({ code, upto });
    assert.equal(mine.computed, native.values.length, code);
    assert.deepEqual(mine.values, native.values, code);
  }
});

test("the largest octal run and table the limits allow fit in 1 GiB", () => {
  const limits = grundy.limits();
  const run = grundy.octal({ code: "0.07", upto: limits.octal_values });
  assert.equal(run.period, 34);
  const side = Math.floor(Math.sqrt(limits.table_cells));
  const table = grundy.table({ game: "cutting", rows: side, cols: side });
  assert.equal(table.values.length, side);
  const bytes = exports.memory.buffer.byteLength;
  assert.ok(bytes <= 2 ** 30, `${bytes} bytes of WebAssembly memory`);
});

test("the package README's Node example runs as written", () => {
  const readme = readFileSync(join(site, "pkg", "README.md"), "utf8");
  const code = readme.match(/## Node\n\n```js\n([\s\S]*?)```/)[1];
  const file = join(site, "pkg", "readme-example.mjs");
  writeFileSync(file, code);
  try {
    const run = spawnSync(process.execPath, [file], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split("\n");
    assert.equal(lines.length, 3, run.stdout);
    assert.match(lines[0], /cutting/);
    assert.equal(lines[1], "second 0");
    assert.equal(lines[2], "34");
  } finally {
    rmSync(file);
  }
});

test("configure raises a size and refuses bad ones; {} gives the browser's sizes back", () => {
  const before = grundy.limits();
  const upto = before.octal_values + 1000;
  assert.throws(() => grundy.octal({ code: "0.161", upto }), (e) => e.status === 422);
  assert.equal(grundy.configure({ octal_values: upto }).octal_values, upto);
  assert.equal(grundy.octal({ code: "0.161", upto }).computed, upto);
  assert.throws(() => grundy.configure({ octal_values: 0 }), (e) => e instanceof grundy.GrundyError && e.status === 422 && e.kind === "refused");
  assert.throws(() => grundy.configure({ seconds: 5 }), (e) => e.status === 422);
  assert.equal(grundy.limits().octal_values, upto, "a refusal leaves the sizes as they were");
  assert.deepEqual(grundy.configure({}), before);
});

for (const [name, outcome, ms] of results) console.log(`${outcome.padEnd(6)} ${name} (${ms} ms)`);
const failed = results.filter(([, outcome]) => outcome !== "ok").length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
