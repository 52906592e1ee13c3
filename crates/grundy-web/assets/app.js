// The grundy playground: play the seed games against the engine, explore
// Grundy tables and octal sequences. Every answer comes from the JSON API;
// this script only draws and clicks.
"use strict";

const view = document.getElementById("view");

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}) {
  const node = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function randint(lo, hi) { return lo + Math.floor(Math.random() * (hi - lo + 1)); }

// ---------------------------------------------------------------- games

// What differs between the games: a random start, an example of the judge
// format, how to draw a position (with the moves a click can make), and
// how to describe and highlight a move.
const GAMES = {
  bomb: {
    title: "Bomb Game",
    rules: "Click a bomb, then where its two new bombs land: a cell above it in its column, then a cell left of it in its row. Two bombs on one cell vanish. Whoever cannot move loses.",
    example: "3 4\n..#.\n....\n.#.#\n",
    random() {
      const rows = randint(3, 6), cols = randint(3, 6), bombs = [];
      for (let r = 1; r <= rows; r++)
        for (let c = 1; c <= cols; c++)
          if ((r > 1 || c > 1) && Math.random() < 0.2) bombs.push([r, c]);
      if (bombs.length === 0) bombs.push([rows, cols]);
      return { rows, cols, bombs };
    },
    describe(m) {
      const parts = [m.above && `(${m.above})`, m.left && `(${m.left})`].filter(Boolean);
      return `explode (${m.explode}) onto ${parts.join(" and ")}`;
    },
  },
  cutting: {
    title: "Cutting Game",
    rules: "Click a grid line of a piece to cut it in two. Whoever cuts out a 1×1 piece wins.",
    example: "5 4\n",
    random() { return { pieces: [[randint(2, 9), randint(2, 9)]] }; },
    describe(m) { return `cut piece ${m.piece} ${m.direction}ly at ${m.at}`; },
  },
  matrix: {
    title: "Matrix Game",
    rules: "Pick a row, then how many stones to take from each of its cells (at least one in all). Whoever cannot move loses.",
    example: "1\n2 3\n1 2 3\n3 2 1\n",
    random() {
      const m = randint(2, 4), n = randint(2, 4);
      const rows = Array.from({ length: m }, () => Array.from({ length: n }, () => randint(0, 6)));
      rows[0][0] = Math.max(rows[0][0], 1); // at least one move
      return { rows };
    },
    describe(m) { return `take ${m.take.join(", ")} from row ${m.row}`; },
  },
};

// One game in progress.
class Match {
  constructor(game) {
    this.game = game;
    this.spec = GAMES[game];
    this.history = [];
    this.position = null;
    this.over = false;
    this.busy = false;
    this.last = null; // the engine's last move, highlighted
    this.hint = null;
    this.selection = {};
    this.turns = 0;
  }

  async start(position) {
    this.position = position;
    this.history = [];
    this.over = false;
    this.last = null;
    this.hint = null;
    this.selection = {};
    this.started = true; // no move made yet: grundy may be asked to start
    this.setStatus("Your move.", "");
    this.explain("");
    this.draw();
    // A position without a legal move is lost at once by the player to move.
    try {
      const analysis = await api("/api/solve", { game: this.game, position });
      if (!analysis.engine_move && this.position === position) {
        this.explain("There is no legal move in this position.");
        this.finish(false);
      }
    } catch (error) {
      this.explain(`Cannot use this position: ${error.message}`);
    }
  }

  // `state` (your-move, thinking, won, lost) and `turns` (moves answered
  // so far) are for scripts and tests that drive the page.
  setStatus(text, kind, state = kind || "your-move") {
    const status = document.getElementById("status");
    status.textContent = text;
    status.className = kind;
    status.dataset.state = state;
    status.dataset.turns = this.turns;
  }

  explain(text) { document.getElementById("explain").textContent = text; }

  // One turn with the page locked: `body` makes the moves; an error is
  // shown, and the person moves again.
  async turn(body) {
    if (this.busy || this.over) return;
    this.busy = true;
    this.hint = null;
    this.selection = {};
    try {
      await body();
    } catch (error) {
      this.explain(`Refused: ${error.message}`);
      this.setStatus("Your move.", "");
    } finally {
      this.busy = false;
      this.turns += 1;
      document.getElementById("status").dataset.turns = this.turns;
      this.draw();
    }
  }

  // The person's move, then the engine's answer.
  play(move) {
    return this.turn(async () => {
      this.explain(`You: ${this.spec.describe(move)}.`);
      const before = this.position;
      const mine = await api("/api/move", { game: this.game, position: before, move });
      this.history.push(before);
      this.position = mine.position;
      this.last = null;
      this.started = false;
      if (mine.mover_won) return this.finish(true);
      await this.engineTurn();
    });
  }

  // grundy moves, then it is the person's turn again (or the game is over).
  async engineTurn() {
    this.setStatus("grundy is thinking…", "", "thinking");
    this.draw();
    const analysis = await api("/api/solve", { game: this.game, position: this.position });
    if (!analysis.engine_move) return this.finish(true);
    const reply = await api("/api/move", { game: this.game, position: this.position, move: analysis.engine_move });
    this.last = analysis.engine_move;
    this.position = reply.position;
    this.explain(`grundy: ${this.spec.describe(analysis.engine_move)}` +
      (analysis.first_player_wins ? " (a winning move)." : " (no winning move existed; the hardest one to answer)."));
    if (reply.mover_won) return this.finish(false);
    this.setStatus("Your move.", "");
  }

  // Before any move: let grundy have the first move.
  engineFirst() {
    if (!this.started) return;
    return this.turn(async () => {
      this.started = false;
      await this.engineTurn();
    });
  }

  finish(youWon) {
    this.over = true;
    this.busy = false;
    this.setStatus(youWon ? "You won!" : "grundy won.", youWon ? "won" : "lost");
    this.draw();
  }

  async showHint() {
    if (this.over || this.busy) return;
    const analysis = await api("/api/solve", { game: this.game, position: this.position });
    this.hint = analysis.engine_move;
    this.explain(this.hint
      ? `Hint: ${this.spec.describe(this.hint)} — ${analysis.first_player_wins ? "it wins (nim-sum *" + analysis.nim_sum + " to *0)." : "the position is lost (nim-sum *0); this is the hardest move to answer."}`
      : "No move is left.");
    this.draw();
  }

  undo() {
    if (this.busy || this.history.length === 0) return;
    this.position = this.history.pop();
    this.over = false;
    this.last = null;
    this.hint = null;
    this.selection = {};
    this.setStatus("Your move.", "");
    this.explain("Took back your last move and grundy's answer.");
    this.draw();
  }

  draw() {
    const first = document.querySelector("[data-testid=engine-first]");
    if (first) first.disabled = !this.started || this.over || this.busy;
    const area = document.getElementById("board");
    area.replaceChildren(DRAW[this.game](this));
  }
}

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

const DRAW = {
  bomb(match) {
    const { rows, cols, bombs } = match.position;
    const has = new Set(bombs.map(([r, c]) => `${r},${c}`));
    const sel = match.selection;
    const grid = el("div", { class: "board", "data-testid": "bomb-board" });
    grid.style.gridTemplateColumns = `repeat(${cols}, 34px)`;
    const cells = (m) => m ? [m.explode, m.above, m.left].filter(Boolean) : [];
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= cols; c++) {
        const here = [r, c];
        const classes = ["cell"];
        if (has.has(`${r},${c}`)) classes.push("bomb");
        let target = null;
        if (sel.explode) {
          const [p, q] = sel.explode;
          if (same(sel.explode, here)) classes.push("selected");
          if (sel.stage === "above" && c === q && r < p) target = "above";
          if (sel.stage === "left" && r === p && c < q) target = "left";
          if (target) classes.push("target");
        }
        if (cells(match.hint).some((x) => same(x, here))) classes.push("hint");
        if (cells(match.last).some((x) => same(x, here))) classes.push("last");
        const cell = el("div", { class: classes.join(" "), "data-cell": `${r},${c}` });
        if (match.hint) {
          if (same(match.hint.explode, here)) cell.dataset.hint = "explode";
          else if (same(match.hint.above, here)) cell.dataset.hint = "above";
          else if (same(match.hint.left, here)) cell.dataset.hint = "left";
        }
        cell.addEventListener("click", () => bombClick(match, here, has.has(`${r},${c}`), target));
        grid.append(cell);
      }
    }
    return grid;
  },

  cutting(match) {
    const box = el("div", { class: "pieces", "data-testid": "pieces" });
    const pieces = match.position.pieces;
    const longest = Math.max(...pieces.flat(), 1);
    const scale = Math.max(6, Math.min(40, Math.floor(360 / longest)));
    pieces.forEach(([w, h], index) => {
      const piece = index + 1;
      // The engine's cut left pieces `last.piece` and the one after it.
      const cutByEngine = match.last && (piece === match.last.piece || piece === match.last.piece + 1);
      const figure = el("figure", { class: cutByEngine ? "piece last" : "piece", "data-piece": piece });
      if (w > 80 || h > 80) {
        figure.append(el("figcaption", {}, `${piece}) ${w}×${h}: too large to draw; type the cut below`));
        box.append(figure);
        return;
      }
      const drawing = svg("svg", { width: w * scale + 2, height: h * scale + 2 });
      drawing.append(svg("rect", { x: 1, y: 1, width: w * scale, height: h * scale, fill: "#fff", stroke: "#333" }));
      const line = (direction, at, x1, y1, x2, y2) => {
        const hinted = match.hint && match.hint.piece === piece && match.hint.direction === direction && match.hint.at === at;
        // The line is thin; a transparent band around it takes the click.
        const band = Math.max(4, Math.min(10, scale - 2));
        const hit = svg("rect", {
          x: Math.min(x1, x2) - (x1 === x2 ? band / 2 : 0), y: Math.min(y1, y2) - (y1 === y2 ? band / 2 : 0),
          width: x1 === x2 ? band : Math.abs(x2 - x1), height: y1 === y2 ? band : Math.abs(y2 - y1),
          class: "hit", "data-cut": `${piece},${direction},${at}`,
        });
        const cut = svg("line", { x1, y1, x2, y2, class: hinted ? "cut hint" : "cut" });
        if (hinted) hit.dataset.hint = "cut";
        hit.addEventListener("click", () => match.play({ piece, direction, at }));
        drawing.append(hit, cut);
      };
      for (let k = 1; k < w; k++) line("vertical", k, 1 + k * scale, 1, 1 + k * scale, 1 + h * scale);
      for (let k = 1; k < h; k++) line("horizontal", k, 1, 1 + k * scale, 1 + w * scale, 1 + k * scale);
      figure.append(drawing, el("figcaption", {}, `${piece}) ${w}×${h}`));
      box.append(figure);
    });
    if (pieces.some(([w, h]) => w > 80 || h > 80)) {
      const p = el("input", { type: "number", min: 1, value: 1 });
      const d = el("select", {}, el("option", { value: "vertical" }, "vertically"), el("option", { value: "horizontal" }, "horizontally"));
      const k = el("input", { type: "number", min: 1, value: 1 });
      box.append(el("div", {}, "Cut piece ", p, " ", d, " at ", k, " ",
        el("button", { onclick: () => match.play({ piece: +p.value, direction: d.value, at: +k.value }) }, "Cut")));
    }
    return box;
  },

  matrix(match) {
    const table = el("table", { class: "matrix", "data-testid": "matrix" });
    match.position.rows.forEach((cells, i) => {
      const row = i + 1;
      const chosen = match.selection.row === row;
      const classes = [];
      if (chosen) classes.push("chosen");
      if (match.last && match.last.row === row) classes.push("last");
      if (match.hint && match.hint.row === row) classes.push("hint");
      const tr = el("tr", { class: classes.join(" "), "data-row": row });
      tr.append(el("td", {}, `${row})`));
      cells.forEach((stones, j) => {
        const td = el("td", { class: "stones", "data-stones": `${row},${j + 1}` }, String(stones));
        td.addEventListener("click", () => { match.selection = { row }; match.draw(); });
        tr.append(td);
      });
      const inputs = cells.map((stones, j) => {
        const input = el("input", { type: "number", min: 0, max: stones, value: 0, "data-take": `${row},${j + 1}` });
        if (match.hint && match.hint.row === row) input.dataset.hint = match.hint.take[j];
        if (!chosen) input.disabled = true;
        return input;
      });
      const take = el("button", { "data-take-row": row, onclick: () => match.play({ row, take: inputs.map((x) => Number(x.value) || 0) }) }, "Take");
      take.disabled = !chosen;
      const choose = el("button", { "data-choose-row": row, onclick: () => { match.selection = { row }; match.draw(); } }, "Pick row");
      tr.append(el("td", {}, chosen ? "take:" : ""), ...inputs.map((x) => el("td", {}, x)), el("td", {}, chosen ? take : choose));
      table.append(tr);
    });
    return table;
  },
};

function bombClick(match, cell, hasBomb, target) {
  if (match.busy || match.over) return;
  const sel = match.selection;
  const [r, c] = cell;
  if (target && sel.explode) {
    sel[target] = cell;
    if (target === "above" && sel.explode[1] > 1) { sel.stage = "left"; match.draw(); return; }
    return match.play({ explode: sel.explode, above: sel.above || null, left: sel.left || null });
  }
  if (!hasBomb || (r === 1 && c === 1)) { match.selection = {}; match.draw(); return; }
  // A bomb on row 1 only lands left of it; on column 1, only above it.
  match.selection = { explode: cell, stage: r > 1 ? "above" : "left" };
  match.draw();
}

function playView(game) {
  const spec = GAMES[game];
  const match = new Match(game);
  const paste = el("textarea", { "data-testid": "paste", spellcheck: "false" }, spec.example);
  const fromText = async () => {
    try {
      const parsed = await api("/api/parse", { game, text: paste.value });
      match.start(parsed.position);
    } catch (error) { match.explain(`Cannot start from that text: ${error.message}`); }
  };
  view.replaceChildren(
    el("h2", {}, spec.title),
    el("p", {}, spec.rules),
    el("div", { class: "toolbar" },
      el("button", { onclick: () => match.showHint(), "data-testid": "hint" }, "Hint"),
      el("button", { onclick: () => match.undo(), "data-testid": "undo" }, "Undo"),
      el("button", { onclick: () => match.engineFirst(), "data-testid": "engine-first", title: "Before any move: grundy moves first" }, "grundy moves first"),
      el("button", { onclick: () => match.start(spec.random()), "data-testid": "new-random" }, "New random game")),
    el("div", { id: "status", "data-testid": "status" }),
    el("div", { id: "board" }),
    el("div", { id: "explain", "data-testid": "explain" }),
    el("details", {}, el("summary", {}, "New game from the judge format"),
      paste, el("div", {}, el("button", { onclick: fromText, "data-testid": "start-text" }, "Start from this text"))),
  );
  match.start(spec.random());
  window.grundyMatch = match;
}

// ---------------------------------------------------------------- explore

// Viridis, by a few stops; zeros are drawn in red so they stand out.
const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
function colour(value, max) {
  if (value === 0) return [230, 30, 60];
  const t = max <= 1 ? 1 : (value - 1) / (max - 1);
  const x = t * (VIRIDIS.length - 1), i = Math.min(Math.floor(x), VIRIDIS.length - 2), f = x - i;
  return VIRIDIS[i].map((a, k) => Math.round(a + (VIRIDIS[i + 1][k] - a) * f));
}

function tablesView() {
  const game = el("select", { "data-testid": "table-game" }, el("option", { value: "bomb" }, "Bomb: one bomb at (p, q)"), el("option", { value: "cutting" }, "Cutting: one W×H paper"));
  const rows = el("input", { type: "number", min: 1, max: 1000, value: 64, "data-testid": "table-rows" });
  const cols = el("input", { type: "number", min: 1, max: 1000, value: 64, "data-testid": "table-cols" });
  const canvas = el("canvas", { width: 640, height: 640, "data-testid": "heatmap" });
  const info = el("p", { class: "legend", "data-testid": "table-info" });
  const tip = document.getElementById("tip") || document.body.appendChild(el("div", { id: "tip" }));
  let data = null, zoom = 1, ox = 0, oy = 0, image = null;

  const render = () => {
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!image) return;
    const base = Math.min(canvas.width / data.cols, canvas.height / data.rows);
    ctx.setTransform(zoom * base, 0, 0, zoom * base, ox, oy);
    ctx.drawImage(image, 0, 0);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  };
  const load = async () => {
    info.textContent = "Computing…";
    try {
      data = await api(`/api/table?game=${game.value}&rows=${rows.value}&cols=${cols.value}`);
    } catch (error) { info.textContent = error.message; return; }
    const off = document.createElement("canvas");
    off.width = data.cols; off.height = data.rows;
    const ctx = off.getContext("2d"), pixels = ctx.createImageData(data.cols, data.rows);
    let zeros = 0;
    data.values.forEach((row, i) => row.forEach((v, j) => {
      const [r, g, b] = colour(v, data.max), k = 4 * (i * data.cols + j);
      pixels.data.set([r, g, b, 255], k);
      if (v === 0) zeros++;
    }));
    ctx.putImageData(pixels, 0, 0);
    image = off; zoom = 1; ox = 0; oy = 0;
    info.replaceChildren(`${data.rows}×${data.cols} values, largest *${data.max}; `,
      el("span", { class: "swatch", style: "background: rgb(230,30,60)" }), `${zeros} zeros (second player wins). Scroll to zoom, drag to pan, hover for a value.`);
    render();
  };
  const cellAt = (event) => {
    if (!data) return null;
    const rect = canvas.getBoundingClientRect();
    const base = Math.min(canvas.width / data.cols, canvas.height / data.rows);
    const x = (event.clientX - rect.left - ox) / (zoom * base), y = (event.clientY - rect.top - oy) / (zoom * base);
    const q = Math.floor(x), p = Math.floor(y);
    return p >= 0 && q >= 0 && p < data.rows && q < data.cols ? [p, q] : null;
  };
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect(), mx = event.clientX - rect.left, my = event.clientY - rect.top;
    const factor = event.deltaY < 0 ? 1.25 : 0.8, next = Math.max(1, Math.min(200, zoom * factor));
    ox = mx - (mx - ox) * (next / zoom); oy = my - (my - oy) * (next / zoom); zoom = next;
    render();
  });
  let drag = null;
  canvas.addEventListener("mousedown", (e) => { drag = [e.clientX - ox, e.clientY - oy]; });
  window.addEventListener("mouseup", () => { drag = null; });
  canvas.addEventListener("mousemove", (event) => {
    if (drag) { ox = event.clientX - drag[0]; oy = event.clientY - drag[1]; render(); }
    const at = cellAt(event);
    if (!at) { tip.style.display = "none"; return; }
    const [p, q] = at;
    const label = game.value === "bomb" ? `bomb at (${p + 1}, ${q + 1})` : `${p + 1}×${q + 1} paper`;
    tip.textContent = `${label}: *${data.values[p][q]}`;
    tip.style.left = `${event.clientX + 12}px`; tip.style.top = `${event.clientY + 12}px`; tip.style.display = "block";
  });
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  view.replaceChildren(el("h2", {}, "Grundy tables"),
    el("div", { class: "toolbar" }, game, " rows ", rows, " columns ", cols, el("button", { onclick: load, "data-testid": "table-show" }, "Show")),
    el("div", { class: "explore" }, canvas), info);
  load();
}

function octalView() {
  const code = el("input", { type: "text", value: "0.07", "data-testid": "octal-code" });
  const upto = el("input", { type: "number", min: 1, max: 200000, value: 1000, "data-testid": "octal-upto" });
  const canvas = el("canvas", { width: 900, height: 320, "data-testid": "octal-plot" });
  const info = el("p", { "data-testid": "octal-info" });
  const values = el("p", { class: "legend" });
  const run = async () => {
    info.textContent = "Computing…";
    let data;
    try { data = await api(`/api/octal?code=${encodeURIComponent(code.value)}&upto=${upto.value}`); }
    catch (error) { info.textContent = error.message; return; }
    info.textContent = data.period
      ? `${data.code}: period ${data.period}, preperiod ${data.preperiod} (proven after ${data.computed} values).`
      : `${data.code}: no period proven among ${data.computed} values${data.complete ? "" : " (stopped by the time limit)"}.`;
    values.textContent = `G(0…): ${data.values.slice(0, 120).join(" ")}${data.values.length > 120 ? " …" : ""}`;
    const ctx = canvas.getContext("2d"), n = data.values.length, max = Math.max(1, ...data.values.slice(0, 20000));
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
    const shown = Math.min(n, 20000), pad = 30, w = canvas.width - 2 * pad, h = canvas.height - 2 * pad;
    if (data.period) {
      ctx.fillStyle = "#eef4ff";
      const x = pad + (Math.min(data.preperiod, shown) / shown) * w;
      ctx.fillRect(x, pad, w - (x - pad), h);
    }
    ctx.fillStyle = "#3b528b";
    for (let i = 0; i < shown; i++) {
      const v = data.values[i];
      ctx.fillStyle = v === 0 ? "rgb(230,30,60)" : "#3b528b";
      ctx.fillRect(pad + (i / shown) * w - 1, pad + h - (v / max) * h - 1, 3, 3);
    }
    ctx.fillStyle = "#333"; ctx.font = "12px sans-serif";
    ctx.fillText(`G(n), n = 0…${shown - 1}; max ${max}`, pad, 18);
  };
  view.replaceChildren(el("h2", {}, "Octal games"),
    el("p", {}, "A code such as 0.07 (Dawson's Kayles), 0.137 or 4.07; the sequence is plotted, and its period shown once the periodicity theorem proves it (shaded)."),
    el("div", { class: "toolbar" }, "code ", code, " values ", upto, el("button", { onclick: run, "data-testid": "octal-run" }, "Compute")),
    canvas, info, values);
  run();
}

// ---------------------------------------------------------------- routing

function route() {
  const name = (location.hash || "#bomb").slice(1);
  const tip = document.getElementById("tip");
  if (tip) tip.style.display = "none";
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("active", a.dataset.view === name));
  if (GAMES[name]) playView(name);
  else if (name === "tables") tablesView();
  else if (name === "octal") octalView();
  else playView("bomb");
}
window.addEventListener("hashchange", route);
route();
