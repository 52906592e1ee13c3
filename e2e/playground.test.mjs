// End-to-end tests of the playground in headless Chromium (playwright-core
// driving Debian's /usr/bin/chromium): the game list is the registry's; one
// full game of each seed game, of an octal game and of Wythoff's game,
// played by clicking the hinted moves; then the Grundy table and octal
// views. Screenshots go to e2e/screenshots/.
//
// Two transports, the same tests: the page served by `grundy serve`, or
// with GRUNDY_SITE, the static site of scripts/build-site.sh (WebAssembly
// in a Web Worker) served by a plain static server under a sub-path; then
// no request may go to /api/, and a long computation is stopped while the
// page answers clicks. `grundy serve` still runs beside the site: the
// tests read the registry's reference answers from it.
//
//     node e2e/playground.test.mjs            # uses target/debug/grundy
//     GRUNDY_BIN=target/release/grundy node e2e/playground.test.mjs
//     GRUNDY_SITE=target/site node e2e/playground.test.mjs
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const binary = process.env.GRUNDY_BIN || join(root, "target", "debug", "grundy");
const site = process.env.GRUNDY_SITE ? resolve(root, process.env.GRUNDY_SITE) : null;
const shots = join(here, "screenshots", site ? "site" : "server");
mkdirSync(shots, { recursive: true });

// The server's cache folder, this run's own: what the user's cache keeps
// (a partial quotient of 0.07, say) would change what the pages show.
const cache = mkdtempSync(join(tmpdir(), "grundy-e2e-cache-"));

// Start the server on a free loopback port and read its address.
function startServer() {
  const server = spawn(binary, ["serve", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, GRUNDY_CACHE_DIR: cache },
  });
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("the server did not print its address")), 20000);
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const match = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) { clearTimeout(timer); resolve({ server, url: match[0] }); }
    });
    server.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

// Serves the folder above `site` with Python's static file server, so that
// the site is at a sub-path (/site/), as on a project page.
function startStatic() {
  const server = spawn("python3", ["-m", "http.server", "0", "--bind", "127.0.0.1", "-d", dirname(site)],
    { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("the static server did not print its port")), 20000);
    const read = (chunk) => {
      text += chunk;
      const match = text.match(/port (\d+)/);
      if (match) { clearTimeout(timer); resolve({ server, url: `http://127.0.0.1:${match[1]}/${basename(site)}/` }); }
    };
    server.stdout.on("data", read);
    server.stderr.on("data", () => {});
    server.on("exit", (code) => reject(new Error(`the static server exited with ${code}`)));
  });
}

// An octal code whose 200,000 values take the worker seconds (no period
// among them).
const LONG_CODE = "0.3f";

const results = [];
async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push([name, "ok", Date.now() - started]);
  } catch (error) {
    results.push([name, "FAILED", Date.now() - started]);
    console.error(`${name}: ${error.stack || error}`);
  }
}

// Opens a game's view and starts it from judge-format text.
async function startFromText(page, url, game, text) {
  // A fresh page: going to another hash of the same page would keep its state.
  await page.goto("about:blank");
  await page.goto(`${url}#play/${game}`);
  // The page starts a random game first: wait until it is shown, or its
  // answer could arrive after the pasted one and replace it.
  await page.locator("[data-testid=status][data-state=your-move]").waitFor();
  // Mark the random game's drawing, and wait until the pasted game's
  // drawing has replaced it (events, not time).
  await page.evaluate(() => {
    for (const drawing of document.querySelectorAll("[data-drawing]")) drawing.dataset.stale = "1";
  });
  await page.click("details summary");
  await page.fill("[data-testid=paste]", text);
  await page.click("[data-testid=start-text]");
  await page.waitForFunction(() => !document.querySelector("[data-stale]") && document.querySelector("[data-drawing]"));
}

// Starts a game from judge-format text, then follows the hints to the end.
async function playWithHints(page, url, game, text, clickHint) {
  await startFromText(page, url, game, text);
  return followHints(page, clickHint);
}

// Follows the hints to the end of the game; "won" or "lost".
async function followHints(page, clickHint) {
  const status = page.locator("[data-testid=status]");
  for (let move = 0; move < 200; move++) {
    const state = await status.getAttribute("data-state");
    if (state === "won" || state === "lost") return state;
    assert.equal(state, "your-move");
    const turns = Number(await status.getAttribute("data-turns"));
    await page.click("[data-testid=hint]");
    await page.locator("[data-hint]").first().waitFor();
    await clickHint(page);
    await page.locator(`[data-testid=status][data-turns="${turns + 1}"]`).waitFor();
    const explain = await page.textContent("[data-testid=explain]");
    assert.ok(!explain.startsWith("Refused"), explain);
  }
  throw new Error("the game did not end");
}

// A Bomb move by clicks: the bomb, then where its new bombs land.
async function clickBombHint(page) {
  await page.click("[data-hint=explode]");
  if (await page.locator("[data-hint=above]").count()) await page.click("[data-hint=above]");
  if (await page.locator("[data-hint=left]").count()) await page.click("[data-hint=left]");
}

// `api`: grundy serve, for the tests' reference answers; `url`: the page.
const { server, url: api } = await startServer();
const statics = site ? await startStatic() : null;
const url = statics ? statics.url : api;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.on("pageerror", (error) => console.error(`page error: ${error}`));
  // Every request the page sends to an API path (the static site must send
  // none: its answers come from the worker).
  const apiRequests = [];
  const watch = (p) => p.on("request", (request) => {
    if (new URL(request.url()).pathname.includes("/api/")) apiRequests.push(request.url());
  });
  watch(page);

  await test("the game list is the registry's", async () => {
    await page.goto(url);
    const registry = await (await fetch(`${api}api/games`)).json();
    await page.locator("nav a[data-game]").first().waitFor();
    const listed = await page.locator("nav a[data-game]").evaluateAll((links) => links.map((a) => a.dataset.game));
    assert.deepEqual(listed, registry.games.map((g) => g.name));
    assert.ok(listed.length > 0);
  });

  // Every game of the registry, by its own example: started from its text,
  // the illegal move refused, the winning move played (by its button where
  // the page draws the game from the API, else typed). A game registered
  // later is tested here without an edit.
  const registry = await (await fetch(`${api}api/games`)).json();
  for (const info of registry.games) {
    await test(`${info.example}: its example is played, by clicking where drawn generically`, async () => {
      const examples = info.examples;
      assert.ok(examples.won, `${info.name} has no examples`);
      await startFromText(page, url, info.example, examples.won);
      const status = page.locator("[data-testid=status]");
      await page.locator("[data-testid=status][data-state=your-move]").waitFor();
      const turns = Number(await status.getAttribute("data-turns"));
      await page.fill("[data-testid=move-text]", examples.illegal_move);
      await page.click("[data-testid=move-play]");
      await page.locator(`[data-testid=status][data-turns="${turns + 1}"]`).waitFor();
      assert.match(await page.textContent("[data-testid=explain]"), /^Refused: /);
      const generic = page.locator("[data-testid=generic]");
      if (await generic.count()) {
        // The text drawing, the components with their values, and the
        // winning move among the buttons.
        await page.locator("[data-testid=drawing]").waitFor();
        assert.ok((await page.locator("[data-testid=components] li").count()) > 0);
        await page.screenshot({ path: join(shots, `${info.name}-generic.png`), fullPage: true });
        await page.click(`[data-testid=moves] button[data-move="${examples.winning_move}"]`);
      } else {
        await page.fill("[data-testid=move-text]", examples.winning_move);
        await page.click("[data-testid=move-play]");
      }
      await page.locator(`[data-testid=status][data-turns="${turns + 2}"]`).waitFor();
      const explain = await page.textContent("[data-testid=explain]");
      assert.ok(explain.startsWith("You: "), explain);
      assert.notEqual(await status.getAttribute("data-state"), "lost");
    });
  }

  await test("bomb: a won position, played by clicking the hints, is won", async () => {
    await startFromText(page, url, "bomb", "3 4\n..#.\n....\n.#.#\n");
    // The board has its 1-based row and column numbers.
    await page.locator("[data-row-label]").first().waitFor();
    assert.deepEqual(await page.locator("[data-col-label]").allTextContents(), ["1", "2", "3", "4"]);
    assert.deepEqual(await page.locator("[data-row-label]").allTextContents(), ["1", "2", "3"]);
    assert.deepEqual(await page.locator("nav a.active").allTextContents(), ["Bomb Game"]);
    const state = await playWithHints(page, url, "bomb", "3 4\n..#.\n....\n.#.#\n", clickBombHint);
    assert.equal(state, "won");
    assert.equal(await page.textContent("[data-testid=status]"), "You won!");
    assert.equal(await page.locator(".cell.bomb").count(), 0);
    await page.screenshot({ path: join(shots, "bomb.png"), fullPage: true });
  });

  await test("octal: Dawson's Kayles from 10 7 3, played by clicking the hinted tokens, is won", async () => {
    const state = await playWithHints(page, url, "octal:0.07", "10 7 3\n", async (p) => {
      if (await p.locator("[data-hint=gap]").count()) return p.click("[data-hint=gap]");
      await p.click("[data-hint~=from]");
      await p.click("[data-hint~=to]");
    });
    assert.equal(state, "won");
    assert.equal(await page.textContent("[data-testid=status]"), "You won!");
    await page.screenshot({ path: join(shots, "octal-game.png"), fullPage: true });
  });

  await test("octal: misère Kayles, played by the hints, is won, and the last move loses", async () => {
    const clickHeapHint = async (p) => {
      if (await p.locator("[data-hint=gap]").count()) return p.click("[data-hint=gap]");
      await p.click("[data-hint~=from]");
      await p.click("[data-hint~=to]");
    };
    await startFromText(page, url, "octal:0.77", "2 1 1\n");
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    await page.check("[data-testid=misere]");
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    // The hint says what decided it: Kayles' misère quotient.
    await page.click("[data-testid=hint]");
    await page.locator("[data-testid=explain]", { hasText: "Decided by the misère quotient of octal:0.77" }).waitFor();
    assert.equal(await followHints(page, clickHeapHint), "won");
    // A single pin under misère play: taking it is the last move, and loses.
    await startFromText(page, url, "octal:0.77", "1\n");
    await page.check("[data-testid=misere]");
    await page.fill("[data-testid=move-text]", "1 1");
    await page.click("[data-testid=move-play]");
    await page.locator("[data-testid=status][data-state=lost]").waitFor();
    // The Cutting Game has no misère switch.
    await page.goto("about:blank");
    await page.goto(`${url}#play/cutting`);
    await page.locator("[data-testid=status]").waitFor();
    assert.equal(await page.locator("[data-testid=misere]").count(), 0);
  });

  await test("octal: misère genera of Kayles, with the first heap not shown tame", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#octal`);
    await page.fill("[data-testid=octal-code]", "0.77");
    await page.click("[data-testid=octal-genera]");
    await page.locator("[data-testid=genera] tr[data-heap='5']").waitFor();
    assert.equal(await page.textContent("[data-testid=genera] tr[data-heap='5'] td:nth-child(2)"), "4^146");
    assert.match(await page.textContent("[data-testid=genera] p"), /first heap not shown tame is 5/);
    assert.equal(await page.textContent("[data-testid=genera] tr[data-heap='5'] td:nth-child(3)"), "wild");
    assert.equal(await page.textContent("[data-testid=genera] tr[data-heap='6'] td:nth-child(3)"), "not shown tame");
    assert.equal(await page.textContent("[data-testid=genera] tr[data-heap='4'] td:nth-child(3)"), "tame");
  });

  await test("octal: the engine's move is highlighted, and a typed move is played", async () => {
    await startFromText(page, url, "octal:0.137", "6 4\n");
    await page.fill("[data-testid=move-text]", "1 2");
    await page.click("[data-testid=move-play]");
    await page.locator('[data-testid=status][data-turns="1"]').waitFor();
    const explain = await page.textContent("[data-testid=explain]");
    assert.match(explain, /^You: take 2 tokens from heap 1 \(6\), leaving 4\. grundy: /);
    // The same round trip through the API: the heaps its reply left are
    // the ones marked.
    const answer = await (await fetch(`${api}api/play`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "octal:0.137", position: { kind: "heaps", heaps: [6, 4] }, move: { kind: "notation", notation: "1 2" } }),
    })).json();
    const reply = answer.engine_move.move;
    const expected = reply.leave.map((_, k) => String(reply.heap + k));
    assert.ok(expected.length > 0, "the reply leaves a heap to mark");
    const marked = await page.locator(".heap.last").evaluateAll((rows) => rows.map((r) => r.dataset.heap));
    assert.deepEqual(marked, expected, JSON.stringify(reply));
    assert.ok(explain.includes(answer.engine_move.text), explain);
  });

  await test("grundy's game: heaps split by clicking the hinted gaps, is won", async () => {
    const state = await playWithHints(page, url, "grundys-game", "7 5\n", (p) => p.click("[data-hint=gap]"));
    assert.equal(state, "won");
  });

  await test("wythoff: a queen from (4, 6), moved by clicking the hinted squares, wins", async () => {
    const state = await playWithHints(page, url, "wythoff", "4 6\n", (p) => p.click("[data-hint=to]"));
    assert.equal(state, "won");
    assert.equal(await page.textContent("[data-testid=status]"), "You won!");
    await page.screenshot({ path: join(shots, "wythoff.png"), fullPage: true });
  });

  await test("green hackenbush: a tree, played by clicking the hinted edges, is won", async () => {
    // A branch of two edges on a stalk (worth *1) and a stalk of three (*3).
    const state = await playWithHints(page, url, "green-hackenbush", "0-1 1-2 1-3 0-4 4-5 5-6\n",
      (p) => p.click("[data-hint=edge]"));
    assert.equal(state, "won");
    assert.equal(await page.textContent("[data-testid=status]"), "You won!");
    await page.screenshot({ path: join(shots, "green-hackenbush.png"), fullPage: true });
    // Every edge carries its number on the drawing, as moves count them.
    await startFromText(page, url, "green-hackenbush", "0-1 1-2 1-3 2-3 0-0\n");
    assert.deepEqual(await page.locator("[data-edge-number]").allTextContents(), ["1", "2", "3", "4", "5"]);
  });

  await test("cutting: a won position, played by clicking grid lines, is won", async () => {
    const state = await playWithHints(page, url, "cutting", "4 2\n", async (p) => {
      // Near the line's start, away from where it crosses the others.
      await p.click("[data-hint=cut]", { position: { x: 3, y: 3 } });
    });
    assert.equal(state, "won");
    assert.equal(await page.textContent("[data-testid=status]"), "You won!");
    // Some piece is 1×1: the winning cut cut one out.
    assert.ok((await page.textContent("[data-testid=pieces]")).includes("1×1"));
    await page.screenshot({ path: join(shots, "cutting.png"), fullPage: true });
  });

  await test("matrix: a won position, played by picking rows and stones, is won", async () => {
    const state = await playWithHints(page, url, "matrix", "1\n2 2\n1 2\n3 4\n", async (p) => {
      const row = await p.locator("tr.hint").getAttribute("data-row");
      await p.click(`[data-choose-row="${row}"]`);
      for (const input of await p.locator(`input[data-take^="${row},"]`).all()) {
        await input.fill(await input.getAttribute("data-hint"));
      }
      await p.click(`[data-take-row="${row}"]`);
    });
    assert.equal(state, "won");
    const stones = await page.locator("td.stones").allTextContents();
    assert.ok(stones.every((s) => s === "0"), stones.join(","));
    await page.screenshot({ path: join(shots, "matrix.png"), fullPage: true });
  });

  await test("bomb: from a lost position the engine wins", async () => {
    // Bombs at (1, 2) and (2, 1) are Nim heaps of 1 each: *1 + *1 = *0.
    const state = await playWithHints(page, url, "bomb", "2 2\n.#\n#.\n", clickBombHint);
    assert.equal(state, "lost");
    assert.equal(await page.textContent("[data-testid=status]"), "grundy won.");
  });

  await test("matrix: grundy moves first from a won position and wins", async () => {
    await startFromText(page, url, "matrix", "1\n2 3\n1 0 2\n0 4 0\n");
    await page.click("[data-testid=engine-first]");
    await page.locator('[data-testid=status][data-turns="1"]').waitFor();
    // The reply says which rule chose it: a small game is searched, so
    // the winning move that ends the game soonest.
    assert.match(await page.textContent("[data-testid=explain]"),
      /^grundy: take .* \(it wins soonest: the game ends within \d+ moves\)\.$/);
    assert.ok(await page.locator("[data-testid=engine-first]").isDisabled());
    const status = page.locator("[data-testid=status]");
    for (let move = 0; move < 50 && (await status.getAttribute("data-state")) === "your-move"; move++) {
      const turns = Number(await status.getAttribute("data-turns"));
      await page.click("[data-testid=hint]");
      await page.locator("tr.hint").waitFor();
      // From a lost position the hint is grundy's own best try, and says so.
      assert.match(await page.textContent("[data-testid=explain]"),
        /^Hint: take .* — no move wins; this one makes the game last longest, \d+ moves with best play\.$/);
      const row = await page.locator("tr.hint").getAttribute("data-row");
      await page.click(`[data-choose-row="${row}"]`);
      for (const input of await page.locator(`input[data-take^="${row},"]`).all()) {
        await input.fill(await input.getAttribute("data-hint"));
      }
      await page.click(`[data-take-row="${row}"]`);
      await page.locator(`[data-testid=status][data-turns="${turns + 1}"]`).waitFor();
    }
    assert.equal(await status.getAttribute("data-state"), "lost");
    assert.equal(await page.textContent("[data-testid=status]"), "grundy won.");
  });

  await test("a position without a legal move is lost at once", async () => {
    await startFromText(page, url, "matrix", "1\n1 2\n0 0\n");
    await page.locator('[data-testid=status][data-state="lost"]').waitFor();
    assert.equal(await page.textContent("[data-testid=explain]"), "There is no legal move in this position.");
  });

  await test("undo and illegal clicks change nothing they should not", async () => {
    await startFromText(page, url, "cutting", "5 3\n");
    await page.click('[data-cut="1,vertical,2"]', { position: { x: 3, y: 3 } });
    await page.locator('[data-testid=status][data-state="your-move"]').waitFor();
    assert.notEqual(await page.textContent("[data-testid=pieces]"), "");
    await page.click("[data-testid=undo]");
    const pieces = await page.locator("figure.piece figcaption").allTextContents();
    assert.deepEqual(pieces, ["1) 5×3"]);
  });

  await test("tables: the heatmap shows values on hover", async () => {
    await page.goto(`${url}#tables`);
    await page.locator("[data-testid=table-info]", { hasText: "zeros" }).waitFor();
    const info = await page.textContent("[data-testid=table-info]");
    assert.match(info, /^64×64 values, largest \*\d+; /);
    assert.equal(await page.textContent("[data-testid=table-axes]"), "Down: row p, from 1. Across: column q, from 1.");
    const box = await page.locator("[data-testid=heatmap]").boundingBox();
    // The top-left cell is one bomb at (1, 1): *0.
    // The cells start after the margins that hold the ticks (48, 40).
    await page.mouse.move(box.x + 48 + 3, box.y + 40 + 3);
    assert.equal(await page.textContent("#tip"), "bomb at (1, 1): *0");
    await page.mouse.move(box.x + 48 + 10 * 5 + 2, box.y + 40 + 3);
    assert.equal(await page.textContent("#tip"), "bomb at (1, 6): *5");
    // Labelled axes with ticks, and a colour bar, as the PNG has.
    assert.equal(await page.getAttribute("[data-testid=heatmap]", "data-axes"), "row p, column q");
    const [across, down] = (await page.getAttribute("[data-testid=heatmap]", "data-ticks")).split(";");
    assert.equal(across.split(",")[0], "1");
    assert.ok(across.split(",").length >= 4 && down.split(",").length >= 4, `${across};${down}`);
    const bar = await page.textContent("[data-testid=table-colour-bar]");
    assert.ok(bar.includes("*1") && bar.includes("*0: second player wins"), bar);
    assert.equal(await page.locator("[data-testid=table-at-once]").count(), 0);
    await page.mouse.wheel(0, -300);
    await page.screenshot({ path: join(shots, "tables.png"), fullPage: true });
  });

  await test("tables: Cutting strips are keyed as won at once", async () => {
    await page.goto(`${url}#tables`);
    await page.locator("[data-testid=table-info]", { hasText: "zeros" }).waitFor();
    await page.selectOption("[data-testid=table-game]", "cutting");
    await page.click("[data-testid=table-show]");
    await page.locator("[data-testid=table-at-once]").waitFor();
    assert.match(await page.textContent("[data-testid=table-at-once]"), /first player wins at once/);
  });

  await test("every game states its rules above the board and how to click", async () => {
    const registry = await (await fetch(`${api}api/games`)).json();
    for (const info of registry.games) {
      await page.goto("about:blank");
      await page.goto(`${url}#play/${info.example}`);
      await page.locator("[data-testid=status][data-state=your-move]").waitFor();
      assert.equal(await page.textContent("[data-testid=rules]"), info.rules, info.name);
      const clicks = await page.textContent("[data-testid=clicks]");
      assert.match(clicks, /[Cc]lick/, info.name);
      // Only the game's own moves: no split where it has none (Nim), no
      // take where it only splits (Grundy's game).
      if (info.kind === "heaps" && !info.move_help.includes("`H A B`")) assert.doesNotMatch(clicks, /split|gap/, `${info.name}: ${clicks}`);
      if (info.kind === "heaps" && !info.move_help.includes("`H K`") && !info.move_help.includes("leave")) assert.doesNotMatch(clicks, /taken/, `${info.name}: ${clicks}`);
      // The judge format is kept apart, with the text box.
      assert.equal(await page.textContent("[data-testid=format]"), info.summary, info.name);
    }
  });

  await test("every game explains why its values are what they are (Why?)", async () => {
    const registry = await (await fetch(`${api}api/games`)).json();
    for (const info of registry.games) {
      await startFromText(page, url, info.example, info.examples.won);
      await page.click("[data-testid=why]");
      await page.locator("[data-testid=why-box] h3").waitFor();
      const mex = await page.locator("[data-testid=why-mex]").allTextContents();
      const summaries = await page.locator("[data-testid=why-box] summary").allTextContents();
      assert.ok(summaries.length > 0, info.name);
      for (const line of mex) assert.match(line, /the least value they miss \(the mex\) is \*\d+, so its value is \*\d+\./, info.name);
      // The nim-sum, and from a won position the move that makes it *0.
      const sum = await page.textContent("[data-testid=why-sum]");
      assert.ok(/The nim-sum: .* = \*\d+\. Not \*0/.test(sum) || /first player wins at once/i.test(sum), `${info.name}: ${sum}`);
    }
    // A bomb at (2,3): its options (1, v) are worth sg(1,3) ⊕ sg(2,v):
    // *2 ⊕ *1 for v = 1 and v = 2 (the table's values), so its mex is *0.
    await startFromText(page, url, "bomb", "2 3\n...\n..#\n");
    await page.click("[data-testid=why]");
    await page.locator("[data-testid=why-mex]").waitFor();
    const values = await page.locator("[data-option-value]").evaluateAll((items) => items.map((i) => i.dataset.optionValue));
    assert.deepEqual(values, ["3", "3"]);
    assert.equal(await page.textContent("[data-testid=why-mex]"),
      "Its options reach *3; the least value they miss (the mex) is *0, so its value is *0.");
    // A move clears the explanation of the position before it.
    await page.fill("[data-testid=move-text]", "2 3 1 1");
    await page.click("[data-testid=move-play]");
    await page.locator("[data-testid=why-box] h3").waitFor({ state: "detached" });
  });

  await test("value moves: every game's moves are marked, on the drawing where a move is one click", async () => {
    const registry = await (await fetch(`${api}api/games`)).json();
    for (const info of registry.games) {
      await startFromText(page, url, info.example, info.examples.won);
      await page.check("[data-testid=value-moves]");
      await page.locator("[data-testid=value-moves-list]").waitFor();
      const marks = await page.locator("[data-value-move]").evaluateAll((b) => b.map((x) => x.dataset.wins));
      const summary = await page.textContent("[data-testid=value-summary]");
      const [, winning, valued] = summary.match(/^(\d+) of ([\d,]+) legal moves win/);
      assert.ok(marks.length > 0, info.name);
      // The example is won: some move wins, and the count is of them all.
      assert.ok(Number(winning) > 0, `${info.name}: ${summary}`);
      if (marks.length === Number(valued.replace(/,/g, ""))) assert.equal(marks.filter((m) => m === "true").length, Number(winning), info.name);
      // The winning move grundy would hint is among those marked winning.
      const hinted = await (await fetch(`${api}api/solve`, { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: info.example, position: await page.evaluate(() => window.grundyMatch.position), listed: 1 }) })).json();
      const notation = hinted.winning_moves[0].notation;
      const button = page.locator(`[data-value-move="${notation}"]`);
      if (await button.count()) assert.equal(await button.getAttribute("data-wins"), "true", `${info.name}: ${notation}`);
      // Drawings whose moves are one click each are coloured too.
      if (["pieces", "pairs", "graph", "heaps"].includes(info.kind)) {
        assert.ok(await page.locator("#board .value-win, #board .value-lose").count() > 0, `${info.name}: no move coloured on the drawing`);
      }
      if (info.kind === "pieces") {
        // Each grid line has its cut's mark: `1,vertical,2` is `1 v 2`.
        const lines = await page.locator("#board [data-cut]").evaluateAll((n) => n.map((x) => [x.dataset.cut, x.dataset.value]));
        assert.ok(lines.length > 0);
        for (const [cut, value] of lines) {
          const [piece, direction, at] = cut.split(",");
          const wins = await page.getAttribute(`[data-value-move="${piece} ${direction[0]} ${at}"]`, "data-wins");
          assert.equal(value, wins === "true" ? "wins" : "loses", `${info.name}: ${cut}`);
        }
      }
      await page.uncheck("[data-testid=value-moves]");
      await page.locator("[data-testid=value-moves-list]").waitFor({ state: "detached" });
      assert.equal(await page.locator("#board .value-win, #board .value-lose").count(), 0, info.name);
    }
    // More moves than are marked: the one winning move (the first heap
    // down to 12,345) shown first, and every winning move counted.
    await startFromText(page, url, "nim", "20000 12345");
    await page.check("[data-testid=value-moves]");
    await page.locator("[data-testid=value-moves-list]").waitFor();
    assert.match(await page.textContent("[data-testid=value-summary]"),
      /^1 of its more than 10,000 legal moves win \(10,000 looked at\); 50 shown, the winning ones first;/);
    const first = page.locator("[data-value-move]").first();
    assert.deepEqual([await first.getAttribute("data-value-move"), await first.getAttribute("data-wins")], ["1 7655", "true"]);
    await page.uncheck("[data-testid=value-moves]");
  });

  await test("value moves: Nim's moves by their literal remoteness, and the value history of a game", async () => {
    // Nim by its rule, apart from grundy: remoteness (Winning Ways, ch. 9).
    const memo = new Map();
    const remoteness = (heaps) => {
      const key = [...heaps].sort((a, b) => a - b).join(",");
      if (memo.has(key)) return memo.get(key);
      const rs = [];
      heaps.forEach((h, i) => { for (let left = 0; left < h; left++) rs.push(remoteness(heaps.map((x, j) => (j === i ? left : x)))); });
      const even = rs.filter((r) => r % 2 === 0), odd = rs.filter((r) => r % 2 === 1);
      const r = even.length ? Math.min(...even) + 1 : odd.length ? Math.max(...odd) + 1 : 0;
      memo.set(key, r);
      return r;
    };
    await page.goto("about:blank");
    await page.goto(`${url}#play/nim`);
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    await page.check("[data-testid=value-moves]");
    const heaps = [2, 3, 4];
    await page.evaluate((heaps) => window.grundyMatch.start({ kind: "heaps", heaps }), heaps);
    await page.locator("[data-testid=value-moves-list]").waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[data-value-move]").length === 9);
    const shown = await page.locator("[data-value-move]").evaluateAll((b) => b.map((x) => x.textContent));
    const expected = [];
    heaps.forEach((h, i) => {
      for (let take = 1; take <= h; take++) {
        const next = heaps.map((x, j) => (j === i ? h - take : x));
        const r = remoteness(next), wins = r % 2 === 0;
        expected.push(`${i + 1} ${take} ${wins ? (r === 0 ? "wins at once" : `wins in ${r + 1}`) : `loses in ${r + 1}`}`);
      }
    });
    assert.deepEqual(shown, expected);
    // Play the winning move by its button; the history follows the game.
    const win = expected.find((t) => t.includes("wins")).split(" ").slice(0, 2).join(" ");
    await page.click(`[data-value-move="${win}"]`);
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=value-history] .point").length === 3);
    const points = async () => page.locator("[data-testid=value-history] .point").evaluateAll((p) =>
      p.map((x) => [x.dataset.mover, x.dataset.wins, x.dataset.remoteness]));
    const trail = await page.evaluate(() => window.grundyMatch.trail.map((e) => e.position.heaps));
    const nimSum = (hs) => hs.reduce((a, b) => a ^ b, 0);
    assert.deepEqual(await points(), trail.map((hs, i) => [i % 2 === 0 ? "you" : "grundy", String(nimSum(hs) !== 0), String(remoteness(hs))]));
    assert.equal((await points())[0][1], "true");
    await page.locator("[data-testid=value-moves-list]").waitFor();
    await page.screenshot({ path: join(shots, "value-moves.png"), fullPage: true });
    // Undo takes the history back too.
    await page.click("[data-testid=undo]");
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=value-history] .point").length === 1);
  });

  await test("learn: every example is computed live, and agrees with the rules worked out here", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#play/nim`);
    // Every game page links to it.
    await page.click("[data-testid=learn-link]");
    await page.waitForFunction(() => location.hash === "#learn");
    const ready = () => page.waitForFunction(() => document.querySelectorAll("[data-live]").length > 0
      && !document.querySelector("[data-live][data-state=loading]"));
    await ready();
    assert.equal(await page.locator("[data-live][data-state=failed]").count(), 0);
    assert.deepEqual(await page.locator("nav a.active").allTextContents(), ["Learn"]);
    // Subtraction {1, 3, 4} by its rule: the mex of the values 1, 3, 4 below.
    const sg = [0];
    for (let n = 1; n <= 21; n++) {
      const seen = new Set([1, 3, 4].filter((k) => k <= n).map((k) => sg[n - k]));
      let m = 0;
      while (seen.has(m)) m++;
      sg.push(m);
    }
    assert.deepEqual(await page.locator("[data-testid=values-table] td[data-heap]").allTextContents(), sg.slice(1).map((v) => `*${v}`));
    // Its period, found from the values: 7 (0 1 0 1 2 3 2, and again).
    assert.match(await page.textContent("[data-testid=values-period]"), /period 7: \*0 \*1 \*0 \*1 \*2 \*3 \*2, and again\./);
    // The mex of a heap of 6: options 5, 3, 2 are worth *3, *1, *0, so *2.
    assert.equal(await page.textContent("[data-live=mex] [data-testid=why-mex]"),
      `Its options reach *0…*1, *3; the least value they miss (the mex) is *${sg[6]}, so its value is *${sg[6]}.`);
    // P- and N-positions of Nim, by Bouton's rule; typed heaps recomputed.
    assert.match(await page.textContent("[data-testid=pn-verdict]"), /^Heaps 1, 2: an N-position: .* 1 of its 3 moves lead to a P-position\./);
    await page.fill("[data-testid=pn-heaps]", "2 2");
    await page.click("[data-testid=pn-go]");
    await page.locator("[data-testid=pn-verdict]", { hasText: "Heaps 2, 2: a P-position" }).waitFor();
    const marks = await page.locator("[data-live=pn] li").evaluateAll((l) => l.map((x) => x.dataset.wins));
    assert.deepEqual(marks, ["false", "false", "false", "false"]);
    // More moves than are marked: the one winning move (the first heap
    // down to 12,345, equal to the second) listed first, and how many win
    // in all.
    await page.fill("[data-testid=pn-heaps]", "20000 12345");
    await page.click("[data-testid=pn-go]");
    await page.locator("[data-testid=pn-verdict]", { hasText: "Heaps 20000, 12345: an N-position" }).waitFor();
    assert.match(await page.textContent("[data-testid=pn-verdict]"), /1 of its more than 10,000 moves lead to a P-position\.$/);
    const big = await page.locator("[data-live=pn] li").evaluateAll((l) => l.map((x) => [x.dataset.wins, x.textContent]));
    assert.equal(big.length, 41);
    assert.deepEqual(big.map(([w]) => w).slice(0, 3), ["true", "false", "false"]);
    assert.equal(big[40][1], "… 9,960 more, and more past them");
    // The nim-sum: 3 ⊕ 5 ⊕ 7 = 1; then heaps typed in.
    assert.match(await page.textContent("[data-live=nimsum] [data-testid=why-sum]"), /^The nim-sum: \*3 ⊕ \*5 ⊕ \*7 = \*1\. Not \*0/);
    await page.fill("[data-testid=nimsum-heaps]", "1 2 3");
    await page.click("[data-testid=nimsum-go]");
    await page.locator("[data-live=nimsum] [data-testid=why-sum]", { hasText: "= *0. It is *0" }).waitFor();
    // Misère Nim by Bouton's rule: with a heap of 2 or more, as in normal
    // play; with heaps of 1 only, the player to move wins an even count.
    for (const row of await page.locator("[data-testid=misere-table] tr[data-heaps]").all()) {
      const heaps = (await row.getAttribute("data-heaps")).split(",").map(Number);
      const [, normal, misere] = await row.locator("td").allTextContents();
      const sum = heaps.reduce((a, b) => a ^ b, 0);
      const big = heaps.some((h) => h > 1);
      const says = (wins) => (wins ? "the player to move wins" : "the player to move loses");
      assert.equal(normal, says(sum !== 0), heaps.join(","));
      assert.equal(misere, says(big ? sum !== 0 : heaps.length % 2 === 0), heaps.join(","));
    }
    // A bomb on row 1 at column 5 is a Nim heap of 4; equal bombs cancel.
    assert.match(await page.textContent("[data-live=bomb-row] [data-testid=why-mex]"), /is \*4, so its value is \*4\.$/);
    assert.match(await page.textContent("[data-testid=cancel]"), /values \*2 and \*2, nim-sum \*2 ⊕ \*2 = \*0: a P-position/);
    // A Matrix row is a heap of its total: 13 and 14.
    assert.match(await page.textContent("[data-live=matrix] [data-testid=why-sum]"), /^The nim-sum: \*13 ⊕ \*14 = \*3\./);
    // A strip on the table: the player to move wins at once.
    assert.match(await page.textContent("[data-live=cutting-strip] [data-testid=why-sum]"), /at once/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, "learn.png") });
  });

  await test("a component clicked on the drawing is explained alone", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#play/nim`);
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    await page.evaluate(() => window.grundyMatch.start({ kind: "heaps", heaps: [3, 5, 6] }));
    await page.click('[data-why="2"]');
    await page.locator("[data-testid=why-all]").waitFor();
    assert.deepEqual(await page.locator("[data-testid=why-box] details").evaluateAll((d) => d.map((x) => x.dataset.component)), ["2"]);
    // A Nim heap of 5: its options are the heaps 0 … 4, so its value is *5.
    assert.equal(await page.textContent("[data-testid=why-mex]"), "Its options reach *0…*4; the least value they miss (the mex) is *5, so its value is *5.");
    assert.equal(await page.locator("[data-testid=why-sum]").count(), 0);
    await page.click("[data-testid=why-all]");
    await page.locator("[data-testid=why-sum]").waitFor();
    assert.equal(await page.locator("[data-testid=why-box] details").count(), 3);
    // A bomb chosen to explode: its options are the grid of (u, v), u < 3, v < 4.
    await startFromText(page, url, "bomb", "3 4\n..#.\n....\n.#.#\n");
    await page.click('[data-cell="3,4"]');
    await page.click("[data-testid=why-bomb]");
    await page.locator("[data-testid=why-all]").waitFor();
    const summary = await page.textContent("[data-testid=why-box] summary");
    assert.match(summary, /^\(3,4\) \*\d+ — 6 options$/);
    // A Matrix row and a Cutting piece by their labels.
    await startFromText(page, url, "matrix", "1\n2 2\n1 2\n3 4\n");
    await page.click('[data-why="2"]');
    await page.locator("[data-testid=why-all]").waitFor();
    assert.match(await page.textContent("[data-testid=why-box] summary"), /^row 2: 7 stones \*7/);
    await startFromText(page, url, "cutting", "4 2\n");
    await page.click('figcaption[data-why="1"]');
    await page.locator("[data-testid=why-all]").waitFor();
    assert.match(await page.textContent("[data-testid=why-box] h3"), /^Why .*4×2.* has its value$/);
  });

  await test("bomb: a hint's bomb and its landing cells differ in colour, with a legend", async () => {
    await startFromText(page, url, "bomb", "3 4\n..#.\n....\n.#.#\n");
    await page.click("[data-testid=hint]");
    await page.locator(".cell.hint-explode").waitFor();
    const shadow = (selector) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).boxShadow);
    const explode = await shadow(".cell.hint-explode"), lands = await shadow(".cell.hint-lands");
    assert.ok(explode && lands && explode !== lands, `${explode} / ${lands}`);
    const legend = await page.textContent("[data-testid=hint-legend]");
    assert.ok(legend.includes("the bomb to explode") && legend.includes("where its new bombs land"), legend);
    await page.screenshot({ path: join(shots, "playground.png") });
  });

  await test("the move box has focus, and controls are disabled once the game is over", async () => {
    await startFromText(page, url, "matrix", "1\n1 1\n1\n");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), "move-text");
    assert.equal(await page.isDisabled("[data-testid=hint]"), false);
    await page.fill("[data-testid=move-text]", "1 1");
    await page.click("[data-testid=move-play]");
    await page.locator('[data-testid=status][data-state="won"]').waitFor();
    assert.equal(await page.isDisabled("[data-testid=hint]"), true);
    assert.equal(await page.isDisabled("[data-testid=move-play]"), true);
  });

  await test("misère Bomb: the switch deals a board it answers", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#play/bomb`);
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    await page.check("[data-testid=misere]");
    await page.click("[data-testid=new-random]");
    await page.locator("[data-testid=status][data-state=your-move]").waitFor();
    await page.click("[data-testid=hint]");
    await page.locator("[data-testid=explain]", { hasText: "Hint" }).waitFor();
    assert.ok(!(await page.textContent("[data-testid=explain]")).includes("Refused"));
  });

  await test("a favicon is served", async () => {
    const answer = await fetch(site ? `${url}assets/favicon.svg` : `${url}favicon.ico`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get("content-type"), /^image\/svg\+xml/);
  });

  // Every view: each game's page, Learn, the tables and the octal plots.
  const everyView = async () => {
    const registry = await (await fetch(`${api}api/games`)).json();
    return [...registry.games.map((g) => `#play/${g.example}`), "#learn", "#tables", "#octal"];
  };
  // No page scrolls sideways, and no nav link wraps inside its name.
  const fits = async (p, width) => {
    for (const view of await everyView()) {
      await p.goto("about:blank");
      await p.goto(`${url}${view}`);
      await p.waitForLoadState("networkidle");
      await p.waitForFunction(() => !document.querySelector("[data-live][data-state=loading]") && document.querySelector("#view h2"));
      const scroll = await p.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `${view} at ${width} px: ${scroll} px wide`);
      const heights = await p.locator("nav a").evaluateAll((links) => links.map((a) => [a.textContent, a.getBoundingClientRect().height]));
      const line = Math.min(...heights.map(([, h]) => h));
      for (const [name, h] of heights) assert.ok(h < 1.5 * line, `${view} at ${width} px: "${name}" wraps (${h} px, a line ${line} px)`);
    }
  };

  await test("a wide screen (1400 px): no horizontal scroll and no nav name wrapped, on every view", async () => {
    const wide = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    watch(wide);
    try { await fits(wide, 1400); } finally { await wide.close(); }
  });

  await test("a phone's width (375 px): no horizontal scroll", async () => {
    const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
    watch(phone);
    try {
      await fits(phone, 375);
      // The octal plot is drawn at the width it is shown at: its 12 px
      // labels are not scaled down.
      await phone.goto("about:blank");
      await phone.goto(`${url}#octal`);
      await phone.locator("[data-testid=octal-info]", { hasText: "period" }).waitFor();
      const plot = await phone.locator("[data-testid=octal-plot]").evaluate((c) => [c.width, c.getBoundingClientRect().width]);
      assert.ok(plot[0] <= 375 && Math.abs(plot[0] - plot[1]) <= 2, JSON.stringify(plot));
      // The heatmap too.
      await phone.goto("about:blank");
      await phone.goto(`${url}#tables`);
      await phone.waitForFunction(() => document.querySelector("[data-testid=heatmap]")?.dataset.axes);
      const map = await phone.locator("[data-testid=heatmap]").evaluate((c) => [c.width, c.getBoundingClientRect().width]);
      assert.ok(map[0] <= 375 && Math.abs(map[0] - map[1]) <= 2, JSON.stringify(map));
      // A wide Matrix: every row's button on the screen, no page scroll.
      await startFromText(phone, url, "matrix", "1\n3 6\n9 9 9 9 9 9\n8 8 8 8 8 8\n7 7 7 7 7 7\n");
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `matrix: ${width} px wide`);
      for (const button of await phone.locator("[data-choose-row]").all()) {
        const box = await button.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 375, JSON.stringify(box));
      }
      // The misère checkbox sits beside the first line of its words.
      const tick = await phone.locator("[data-testid=misere]").boundingBox();
      const words = await phone.locator("[data-testid=misere-label] span").boundingBox();
      assert.ok(words.x > tick.x + tick.width - 1 && Math.abs(words.y - tick.y) < 12,
        `${JSON.stringify(tick)} ${JSON.stringify(words)}`);
      await phone.goto("about:blank");
      await phone.goto(`${url}#play/bomb`);
      await phone.locator("[data-testid=status][data-state=your-move]").waitFor();
      await phone.screenshot({ path: join(shots, "playground-phone.png"), fullPage: true });
      // Value moves and the value history fit a phone too.
      await phone.goto("about:blank");
      await phone.goto(`${url}#play/cutting`);
      await phone.locator("[data-testid=status][data-state=your-move]").waitFor();
      await phone.evaluate(() => window.grundyMatch.start({ kind: "pieces", pieces: [["4", "3"], ["2", "3"]] }));
      await phone.check("[data-testid=value-moves]");
      await phone.locator("[data-testid=value-moves-list]").waitFor();
      await phone.click("[data-value-move][data-wins=true]");
      await phone.waitForFunction(() => document.querySelectorAll("[data-testid=value-history] .point").length >= 3);
      await phone.locator("[data-testid=value-moves-list]").waitFor();
      assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 375, "value moves: wider than the phone");
      await phone.screenshot({ path: join(shots, "value-moves-phone.png"), fullPage: true });
      await phone.goto("about:blank");
      await phone.goto(`${url}#learn`);
      await phone.waitForFunction(() => document.querySelectorAll("[data-live]").length > 0 && !document.querySelector("[data-live][data-state=loading]"));
      await phone.screenshot({ path: join(shots, "learn-phone.png") });
      // An explanation on a phone.
      await startFromText(phone, url, "bomb", "3 4\n..#.\n....\n.#.#\n");
      await phone.click("[data-testid=why]");
      await phone.locator("[data-testid=why-box] h3").waitFor();
      assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= 375, "Why?: wider than the phone");
      await phone.locator("[data-testid=why-box]").scrollIntoViewIfNeeded();
      await phone.screenshot({ path: join(shots, "why-phone.png") });
    } finally {
      await phone.close();
    }
  });

  await test("octal: Dawson's Kayles shows its period", async () => {
    await page.goto(`${url}#octal`);
    await page.locator("[data-testid=octal-info]", { hasText: "period" }).waitFor();
    assert.equal(await page.textContent("[data-testid=octal-info]"),
      "0.07: period 34, preperiod 53 (proven after 176 values). All 176 values are plotted.");
    // The page is titled as its link.
    assert.equal(await page.textContent("#view h2"), "Octal sequences");
    await page.fill("[data-testid=octal-code]", "0.x");
    await page.click("[data-testid=octal-run]");
    await page.locator("[data-testid=octal-info]", { hasText: "not an octal code" }).waitFor();
    await page.fill("[data-testid=octal-code]", "0.137");
    await page.click("[data-testid=octal-run]");
    await page.locator("[data-testid=octal-info]", { hasText: "period 34" }).waitFor();
    assert.equal(await page.getAttribute("[data-testid=octal-plot]", "data-axes"), "heap n, G(n)");
    // The value axis ends on a round tick at or above the largest value
    // (0.137's values reach 8): nothing is drawn above the plot.
    const top = Number(await page.getAttribute("[data-testid=octal-plot]", "data-y-top"));
    const step = Number(await page.getAttribute("[data-testid=octal-plot]", "data-y-ticks"));
    assert.ok(top >= 8 && top % step === 0, `${top} ${step}`);
    // Only this view's link is marked, whatever was visited before.
    assert.deepEqual(await page.locator("nav a.active").allTextContents(), ["Octal sequences"]);
    // Every value computed is plotted, not the first 20,000: 0.16 has no
    // period among its first 50,000.
    await page.fill("[data-testid=octal-code]", "0.16");
    await page.fill("[data-testid=octal-upto]", "50000");
    await page.click("[data-testid=octal-run]");
    await page.locator("[data-testid=octal-info]", { hasText: "All 50,000 values are plotted." }).waitFor();
    assert.equal(await page.getAttribute("[data-testid=octal-plot]", "data-drawn"), "50000");
    // Its rare and common values in two colours: the rare heaps counted
    // here from the values and the mask the answer gives.
    const answer = await (await fetch(`${api}api/octal?code=0.16&upto=50000`)).json();
    assert.ok(answer.sparse, "0.16 has a sparse space");
    const weight = (x) => x.toString(2).replace(/0/g, "").length;
    const rare = answer.values.slice(1).filter((v) => weight(v & answer.sparse.mask) % 2 === 0).length;
    assert.equal(rare, answer.sparse.rare_heaps.length);
    assert.equal(await page.getAttribute("[data-testid=octal-plot]", "data-rare"), String(rare));
    assert.match(await page.textContent("[data-testid=octal-key]"), new RegExp(`rare values \\(v AND ${answer.sparse.mask} has an even number of 1 bits\\): ${rare.toLocaleString("en")} heaps`));
    await page.fill("[data-testid=octal-upto]", "1000");
    await page.screenshot({ path: join(shots, "octal.png"), fullPage: true });
  });
  await test("the page says what it computes at which size, and where", async () => {
    await page.goto("about:blank");
    await page.goto(`${url}#tables`);
    const note = page.locator("[data-testid=limits]");
    await note.filter({ hasText: "cells" }).waitFor();
    const limits = await (await fetch(`${api}api/limits`)).json();
    const cells = limits.table_cells.toLocaleString("en");
    assert.match(await note.textContent(), new RegExp(`Tables of 1 to ${cells} cells, computed ${site ? "in this browser" : "by the server"}`));
    // A size past the limit is refused at once, not computed.
    await page.fill("[data-testid=table-rows]", "1001");
    await page.fill("[data-testid=table-cols]", "1000");
    const started = Date.now();
    await page.click("[data-testid=table-show]");
    await page.locator("[data-testid=table-info]", { hasText: "not allowed" }).waitFor();
    assert.ok(Date.now() - started < 3000, `refused after ${Date.now() - started} ms`);
  });

  if (site) {
    await test("site: a long computation is stopped, and the page answers clicks while it runs", async () => {
      await page.goto("about:blank");
      await page.goto(`${url}#octal`);
      await page.locator("[data-testid=octal-info]", { hasText: "period 34" }).waitFor();
      // Hundreds of thousands of values of a code with no short period:
      // seconds of work in the worker.
      await page.fill("[data-testid=octal-code]", LONG_CODE);
      await page.fill("[data-testid=octal-upto]", "200000");
      await page.click("[data-testid=octal-run]");
      await page.locator("[data-testid=busy]").waitFor({ state: "visible" });
      // The page is not frozen: a typed code shows at once, and the time a
      // script takes to answer stays short.
      const before = Date.now();
      await page.fill("[data-testid=octal-code]", "0.07");
      assert.equal(await page.inputValue("[data-testid=octal-code]"), "0.07");
      const answered = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(true))));
      assert.ok(answered && Date.now() - before < 1500, `the page took ${Date.now() - before} ms to answer`);
      assert.ok(await page.locator("[data-testid=busy]").isVisible(), "the computation ended too soon to be stopped");
      await page.click("[data-testid=stop]");
      await page.locator("[data-testid=octal-info]", { hasText: "Stopped." }).waitFor({ timeout: 2000 });
      await page.locator("[data-testid=busy]").waitFor({ state: "hidden", timeout: 2000 });
      // A new worker answers the next request.
      await page.fill("[data-testid=octal-upto]", "1000");
      await page.click("[data-testid=octal-run]");
      await page.locator("[data-testid=octal-info]", { hasText: "0.07: period 34" }).waitFor();
    });

    await test("site: a new run stops the one still computing", async () => {
      await page.fill("[data-testid=octal-code]", LONG_CODE);
      await page.fill("[data-testid=octal-upto]", "200000");
      await page.click("[data-testid=octal-run]");
      await page.locator("[data-testid=busy]").waitFor({ state: "visible" });
      await page.fill("[data-testid=octal-code]", "0.137");
      await page.fill("[data-testid=octal-upto]", "1000");
      const started = Date.now();
      await page.click("[data-testid=octal-run]");
      await page.locator("[data-testid=octal-info]", { hasText: "0.137: period 34" }).waitFor({ timeout: 5000 });
      assert.ok(Date.now() - started < 5000);
    });

    await test("site: no request went to /api/", async () => {
      assert.deepEqual(apiRequests, []);
    });
  }
} finally {
  await browser.close();
  server.kill();
  if (statics) statics.server.kill();
  rmSync(cache, { recursive: true, force: true });
}

for (const [name, outcome, ms] of results) console.log(`${outcome.padEnd(6)} ${name} (${ms} ms)`);
const failed = results.filter(([, outcome]) => outcome !== "ok").length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
