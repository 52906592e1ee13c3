// The grundy playground: play every game of the registry against the
// engine, explore Grundy tables and octal sequences. The game list, every
// answer and every move come from the JSON API (the wire format of
// /api/schema); this script only draws positions by their kind and turns
// clicks into moves.
"use strict";

const view = document.getElementById("view");

// ---------------------------------------------------------------- transport
// Where answers come from: `grundy serve` (fetch to /api/…), or grundy
// compiled to WebAssembly in a Web Worker (the static site of
// scripts/build-site.sh, which sets the page's grundy-transport to "wasm").
// Both take the same requests and give the same documents. A request made
// with a `key` stops the unfinished one of the same key (a new table stops
// the table still being computed); Stop stops every request in flight. The
// worker computes one request at a time: stopping one terminates it, and
// the requests it had not answered go to a new worker.
const TRANSPORT = document.querySelector('meta[name="grundy-transport"]')?.content === "wasm" ? "wasm" : "server";
const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
const pending = new Map();
let nextRequest = 1, worker = null, busyTimer = null;

function api(path, body, key) {
  const method = body === undefined ? "GET" : "POST";
  const text = body === undefined ? "" : JSON.stringify(body);
  if (key) stop((r) => r.key === key);
  return new Promise((resolve, reject) => {
    const request = { id: nextRequest++, method, path, text, key, resolve, reject };
    pending.set(request.id, request);
    send(request);
    showBusy();
  });
}

function send(request) {
  if (TRANSPORT === "wasm") {
    if (!worker) startWorker();
    worker.postMessage({ id: request.id, method: request.method, path: request.path, body: request.text });
    return;
  }
  request.controller = new AbortController();
  const post = request.method === "POST";
  fetch(request.path, {
    method: request.method,
    headers: post ? { "content-type": "application/json" } : {},
    body: post ? request.text : undefined,
    signal: request.controller.signal,
  }).then(async (response) => answer(request.id, response.status, await response.text(), response.statusText))
    .catch((error) => { if (pending.delete(request.id)) { request.reject(error); showBusy(); } });
}

function answer(id, status, text, statusText = "") {
  const request = pending.get(id);
  if (!request) return;
  pending.delete(id);
  showBusy();
  let data;
  try { data = JSON.parse(text); } catch { data = { error: statusText || `status ${status}` }; }
  if (status >= 200 && status < 300) request.resolve(data);
  else request.reject(new Error(data.error || statusText || `status ${status}`));
}

function startWorker() {
  worker = new Worker(new URL("worker.js", SCRIPT_URL), { type: "module" });
  worker.onmessage = (event) => {
    const { id, status, body } = event.data;
    answer(id, status, body);
    // A computation that failed may leave the module unusable.
    if (status === 500) restartWorker();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const failed = [...pending.values()];
    pending.clear();
    worker.terminate();
    worker = null;
    failed.forEach((r) => r.reject(new Error(`the WebAssembly module did not load: ${event.message || "see the console"}`)));
    showBusy();
  };
}

function restartWorker() {
  if (worker) worker.terminate();
  worker = null;
  for (const request of pending.values()) send(request);
}

// Stops the requests `which` picks: their promises reject with "Stopped.".
function stop(which = () => true) {
  const stopped = [...pending.values()].filter(which);
  if (stopped.length === 0) return;
  for (const request of stopped) {
    pending.delete(request.id);
    if (request.controller) request.controller.abort();
    request.reject(new Error("Stopped."));
  }
  if (TRANSPORT === "wasm") restartWorker();
  showBusy();
}

// "Computing…" with a Stop button while a request has taken more than a
// moment.
function showBusy() {
  let bar = document.getElementById("busy");
  if (!bar) {
    bar = el("div", { id: "busy", role: "status", "data-testid": "busy" }, "Computing… ",
      el("button", { onclick: () => stop(), "data-testid": "stop" }, "Stop"));
    bar.hidden = true;
    document.body.append(bar);
  }
  clearTimeout(busyTimer);
  if (pending.size === 0) { bar.hidden = true; return; }
  busyTimer = setTimeout(() => { bar.hidden = pending.size === 0; }, 250);
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

// ---------------------------------------------------------------- kinds

// Positions are drawn by their kind, whatever the game: a kind may have a
// drawing that turns clicks into moves of the wire format (DRAW); any other
// is drawn from the API (drawGeneric). The paste box starts with the game's
// own example (the registry's `examples.won`).

// How to move by clicking, one line under the board, by kind.
const CLICKS = {
  board: "Click a bomb to explode it, then the cell above it in its column where one new bomb lands, then the cell left of it in its row where the other lands (a bomb on row 1 or in column 1 makes one new bomb: one click after it).",
  pieces: "Click a grid line of a piece to cut it there, straight across.",
  matrix: "Click a pile (or Pick row) to choose its row, type how many stones to take from each of its piles, then Take.",
  heaps: "Click a token, then another (or the same one again): the tokens from one to the other are taken, and what is left on either side stays as heaps. Click the gap between two tokens to split a heap there.",
  pairs: "Each pair is a queen on its own board: click a square it can reach (left, down, or diagonally down-left) to move it there.",
  graph: "Click an edge to delete it; what no longer reaches the ground falls with it.",
};

// How to move by clicking in this game: for heaps, only the forms of move
// the game's own move help names (Nim takes, Grundy's game splits).
function clicksFor(info) {
  if (info.kind !== "heaps") return CLICKS[info.kind] || (DRAW[info.kind] ? "" : "Click a legal move to play it, or type one below.");
  const takes = info.move_help.includes("`H K`");
  const leaves = info.move_help.includes("`H A B`: leave");
  const splits = info.move_help.includes("`H A B`: split");
  if (takes && !leaves && !splits) return "Click a token, then the last token of its heap: the tokens from one to the other are taken (click the last token twice to take it alone).";
  if (splits && !takes && !leaves) return "Click the gap between two tokens to split a heap there (a move splits one heap into two and takes nothing).";
  return CLICKS.heaps;
}

// What a hint's outlines mean, by kind (none where one colour says all).
const HINT_LEGEND = {
  board: [["hint-explode", "the bomb to explode"], ["hint-lands", "where its new bombs land"]],
};

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
// Big numbers are strings of digits; small enough ones are drawn.
const small = (text) => Number(text);

const DRAW = {
  board(match) {
    const { rows, cols, bombs } = match.position;
    const has = new Set(bombs.map(([r, c]) => `${r},${c}`));
    const sel = match.selection;
    const grid = el("div", { class: "board", "data-testid": "bomb-board" });
    grid.style.gridTemplateColumns = `24px repeat(${cols}, 34px)`;
    const cells = (m) => m && m.kind === "bomb" ? [m.explode, m.above, m.left].filter(Boolean) : [];
    // Column numbers along the top, row numbers down the left: the
    // statements' 1-based coordinates, as the notation uses them.
    grid.append(el("div", { class: "label" }, ""));
    for (let c = 1; c <= cols; c++) grid.append(el("div", { class: "label", "data-col-label": c }, String(c)));
    for (let r = 1; r <= rows; r++) {
      grid.append(el("div", { class: "label", "data-row-label": r }, String(r)));
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
        if (match.hint && match.hint.kind === "bomb") {
          if (same(match.hint.explode, here)) classes.push("hint", "hint-explode");
          else if (same(match.hint.above, here) || same(match.hint.left, here)) classes.push("hint", "hint-lands");
        }
        if (cells(match.last).some((x) => same(x, here))) classes.push("last");
        const cell = el("div", { class: classes.join(" "), "data-cell": `${r},${c}`, title: `(${r}, ${c})` });
        if (match.hint && match.hint.kind === "bomb") {
          if (same(match.hint.explode, here)) cell.dataset.hint = "explode";
          else if (same(match.hint.above, here)) cell.dataset.hint = "above";
          else if (same(match.hint.left, here)) cell.dataset.hint = "left";
        }
        cell.addEventListener("click", () => bombClick(match, here, has.has(`${r},${c}`), target));
        grid.append(cell);
      }
    }
    if (!sel.explode) return grid;
    // The bomb chosen to explode: why it is worth what it is.
    const [p, q] = sel.explode;
    return el("div", {}, grid, el("div", {}, el("button", {
      "data-testid": "why-bomb", onclick: () => match.showWhy((w) => same(w.component.part.cell, sel.explode)),
    }, `Why is the bomb at (${p}, ${q}) worth its value?`)));
  },

  pieces(match) {
    const box = el("div", { class: "pieces", "data-testid": "pieces" });
    const pieces = match.position.pieces.map(([w, h]) => [small(w), small(h)]);
    const longest = Math.max(...pieces.flat().filter((x) => x <= 80), 1);
    const scale = Math.max(6, Math.min(40, Math.floor(360 / longest)));
    const last = match.last && match.last.kind === "cut" ? match.last : null;
    const hint = match.hint && match.hint.kind === "cut" ? match.hint : null;
    pieces.forEach(([w, h], index) => {
      const piece = index + 1;
      // The engine's cut left pieces `last.piece` and the one after it.
      const cutByEngine = last && (piece === last.piece || piece === last.piece + 1);
      const figure = el("figure", { class: cutByEngine ? "piece last" : "piece", "data-piece": piece });
      const [tw, th] = match.position.pieces[index];
      if (w > 80 || h > 80) {
        figure.append(el("figcaption", {}, `${piece}) ${tw}×${th}: too large to draw; type the cut below`));
        box.append(figure);
        return;
      }
      const drawing = svg("svg", { width: w * scale + 2, height: h * scale + 2 });
      drawing.append(svg("rect", { x: 1, y: 1, width: w * scale, height: h * scale, fill: "#fff", stroke: "#333" }));
      const line = (direction, at, x1, y1, x2, y2) => {
        const hinted = hint && hint.piece === piece && hint.direction === direction && hint.at === String(at);
        // The line is thin; a transparent band around it takes the click.
        const band = Math.max(4, Math.min(10, scale - 2));
        const hit = svg("rect", {
          x: Math.min(x1, x2) - (x1 === x2 ? band / 2 : 0), y: Math.min(y1, y2) - (y1 === y2 ? band / 2 : 0),
          width: x1 === x2 ? band : Math.abs(x2 - x1), height: y1 === y2 ? band : Math.abs(y2 - y1),
          class: "hit", "data-cut": `${piece},${direction},${at}`,
        });
        const cut = svg("line", { x1, y1, x2, y2, class: hinted ? "cut hint" : "cut" });
        if (hinted) hit.dataset.hint = "cut";
        hit.addEventListener("click", () => match.play({ kind: "cut", piece, direction, at: String(at) }));
        drawing.append(hit, cut);
      };
      for (let k = 1; k < w; k++) line("vertical", k, 1 + k * scale, 1, 1 + k * scale, 1 + h * scale);
      for (let k = 1; k < h; k++) line("horizontal", k, 1, 1 + k * scale, 1 + w * scale, 1 + k * scale);
      figure.append(drawing, el("figcaption", { class: "why-click", "data-why": piece, title: "Why is this piece worth its value?", onclick: () => match.whyComponent(piece) }, `${piece}) ${tw}×${th}`));
      box.append(figure);
    });
    return box;
  },

  matrix(match) {
    const table = el("table", { class: "matrix", "data-testid": "matrix" });
    const last = match.last && match.last.kind === "row" ? match.last : null;
    const hint = match.hint && match.hint.kind === "row" ? match.hint : null;
    match.position.rows.forEach((cells, i) => {
      const row = i + 1;
      const chosen = match.selection.row === row;
      const classes = [];
      if (chosen) classes.push("chosen");
      if (last && last.row === row) classes.push("last");
      if (hint && hint.row === row) classes.push("hint");
      const tr = el("tr", { class: classes.join(" "), "data-row": row });
      tr.append(el("td", { class: "why-click", "data-why": row, title: "Why is this row worth its value?", onclick: () => match.whyComponent(row) }, `${row})`));
      cells.forEach((stones, j) => {
        const td = el("td", { class: "stones", "data-stones": `${row},${j + 1}` }, String(stones));
        td.addEventListener("click", () => { match.selection = { row }; match.draw(); });
        tr.append(td);
      });
      const inputs = cells.map((stones, j) => {
        const input = el("input", { type: "text", inputmode: "numeric", value: "0", "data-take": `${row},${j + 1}` });
        if (hint && hint.row === row) input.dataset.hint = hint.take[j];
        if (!chosen) input.disabled = true;
        return input;
      });
      const take = el("button", {
        "data-take-row": row,
        onclick: () => match.play({ kind: "row", row, take: inputs.map((x) => x.value.trim() || "0") }),
      }, "Take");
      take.disabled = !chosen;
      const choose = el("button", { "data-choose-row": row, onclick: () => { match.selection = { row }; match.draw(); } }, "Pick row");
      tr.append(el("td", {}, chosen ? "take:" : ""), ...inputs.map((x) => el("td", {}, x)), el("td", {}, chosen ? take : choose));
      table.append(tr);
    });
    return table;
  },

  // Heaps as rows of tokens. Click a token, then another (or the same
  // again): the run between them is taken, and what is left on either side
  // stays as one or two heaps. Click a gap between tokens to split the
  // heap there without taking any.
  heaps(match) {
    const box = el("div", { class: "heaps", "data-testid": "heaps" });
    const heaps = match.position.heaps;
    const hint = match.hint && match.hint.kind === "heap" ? match.hint : null;
    const last = match.last && match.last.kind === "heap" ? match.last : null;
    const sel = match.selection;
    if (heaps.length === 0) box.append(el("p", {}, "No heaps are left."));
    heaps.forEach((size, index) => {
      const heap = index + 1;
      // The heaps the engine's move left, in the place of the heap it took from.
      const byEngine = last && heap >= last.heap && heap < last.heap + last.leave.length;
      const row = el("div", { class: byEngine ? "heap last" : "heap", "data-heap": heap });
      row.append(el("span", { class: "heap-label why-click", "data-why": heap, title: "Why is this heap worth its value?", onclick: () => match.whyComponent(heap) }, `${heap}) ${size}`));
      if (size > 60) {
        row.append(el("span", { class: "legend" }, " too many tokens to draw; type the move below"));
        box.append(row);
        return;
      }
      const run = hint && hint.heap === heap ? hintRun(hint, size) : null;
      for (let t = 1; t <= size; t++) {
        const classes = ["token"];
        if (sel.heap === heap && sel.from === t) classes.push("selected");
        if (run && run.take > 0 && t >= run.from && t <= run.to) classes.push("hint");
        const token = el("span", { class: classes.join(" "), "data-token": `${heap},${t}`, title: `token ${t}` });
        if (run && run.take > 0) {
          const marks = [];
          if (t === run.from) marks.push("from");
          if (t === run.to) marks.push("to");
          if (marks.length) token.dataset.hint = marks.join(" ");
        }
        token.addEventListener("click", () => tokenClick(match, heap, size, t));
        row.append(token);
        if (t < size) {
          const gap = el("span", { class: run && run.take === 0 && run.gap === t ? "gap hint" : "gap", "data-gap": `${heap},${t}` });
          if (run && run.take === 0 && run.gap === t) gap.dataset.hint = "gap";
          gap.addEventListener("click", () => match.play({ kind: "heap", heap, take: 0, leave: sorted([t, size - t]) }));
          row.append(gap);
        }
      }
      box.append(row);
    });
    return box;
  },

  // Wythoff's game: each pair (x, y) is a queen on a board, x columns from
  // the left edge and y rows from the bottom; it moves left, down, or
  // diagonally down-left. Click where it goes.
  pairs(match) {
    const box = el("div", { class: "pieces", "data-testid": "pairs" });
    const hint = match.hint && match.hint.kind === "pair" ? match.hint : null;
    const last = match.last && match.last.kind === "pair" ? match.last : null;
    match.position.pairs.forEach(([x, y], index) => {
      const pair = index + 1;
      const side = Math.max(x, y, 4) + 1;
      const figure = el("figure", { class: "piece", "data-pair": pair });
      if (side > 40) {
        figure.append(el("figcaption", {}, `${pair}) (${x}, ${y}): too large to draw; type the move below`));
        box.append(figure);
        return;
      }
      const grid = el("div", { class: "board queen" });
      grid.style.gridTemplateColumns = `24px repeat(${side}, 26px)`;
      for (let row = side - 1; row >= 0; row--) {
        grid.append(el("div", { class: "label" }, String(row)));
        for (let col = 0; col < side; col++) {
          const classes = ["cell"];
          const here = [col, row];
          const legal = (col < x && row === y) || (col === x && row < y) || (col < x && row < y && x - col === y - row);
          if (col === x && row === y) classes.push("queen-here");
          if (legal) classes.push("reach");
          if (last && last.pair === pair && same(last.to, here)) classes.push("last");
          const cell = el("div", { class: classes.join(" "), "data-square": `${pair},${col},${row}`, title: `(${col}, ${row})` });
          if (hint && hint.pair === pair && same(hint.to, here)) {
            cell.classList.add("hint");
            cell.dataset.hint = "to";
          }
          if (legal) cell.addEventListener("click", () => match.play({ kind: "pair", pair, to: [col, row] }));
          grid.append(cell);
        }
      }
      grid.append(el("div", { class: "label" }, ""));
      for (let col = 0; col < side; col++) grid.append(el("div", { class: "label" }, String(col)));
      figure.append(grid, el("figcaption", { class: "why-click", "data-why": pair, title: "Why is this queen worth its value?", onclick: () => match.whyComponent(pair) }, `${pair}) (${x}, ${y})`));
      box.append(figure);
    });
    return box;
  },
  // Green Hackenbush: vertices by their distance from the ground (the line
  // at the bottom, vertex 0), edges as lines, loops as circles, parallel
  // edges bowed apart. Click an edge to delete it; what it cuts off from
  // the ground falls with it.
  graph(match) {
    const box = el("div", { class: "pieces", "data-testid": "graph" });
    const edges = match.position.edges;
    const hint = match.hint && match.hint.kind === "edge" ? match.hint : null;
    if (edges.length === 0) { box.append(el("p", {}, "No edges are left.")); return box; }
    if (edges.length > 200) {
      box.append(el("p", { class: "legend" }, `${edges.length} edges: too many to draw; type the move below`));
      return box;
    }
    // Levels by breadth-first search from the ground.
    const level = new Map([[0, 0]]);
    for (let changed = true; changed;) {
      changed = false;
      for (const [a, b] of edges) {
        for (const [u, v] of [[a, b], [b, a]]) {
          if (level.has(u) && !level.has(v)) { level.set(v, level.get(u) + 1); changed = true; }
        }
      }
    }
    const rows = new Map();
    for (const [v, l] of [...level.entries()].sort((x, y) => x[0] - y[0])) {
      if (v === 0) continue;
      if (!rows.has(l)) rows.set(l, []);
      rows.get(l).push(v);
    }
    const widest = Math.max(1, ...[...rows.values()].map((r) => r.length));
    const width = Math.max(240, widest * 70 + 40), step = 70;
    const height = (Math.max(0, ...rows.keys()) + 1) * step + 20;
    const ground = height - 20;
    const at = new Map();
    for (const [l, vs] of rows) vs.forEach((v, i) => at.set(v, [((i + 1) * width) / (vs.length + 1), ground - l * step]));
    // The ground's edges start right below their other end.
    const place = (v, other) => (v === 0 ? [at.has(other) ? at.get(other)[0] : width / 2, ground] : at.get(v));
    const drawing = svg("svg", { width, height, "data-testid": "graph-drawing" });
    drawing.append(svg("line", { x1: 0, y1: ground, x2: width, y2: ground, class: "ground" }));
    const seen = new Map();
    edges.forEach(([a, b], index) => {
      const edge = index + 1;
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      const nth = seen.get(key) || 0;
      seen.set(key, nth + 1);
      const [x1, y1] = place(a, b), [x2, y2] = place(b, a);
      let d;
      // Where the edge's number goes: beside the middle of what is drawn.
      let label = [(x1 + x2) / 2 + 8, (y1 + y2) / 2 - 4];
      if (a === b) {
        const r = 12 + 6 * nth;
        d = `M ${x1} ${y1} a ${r} ${r} 0 1 1 0.1 0`;
        label = [x1 - 4, y1 - 2 * r - 4];
      } else {
        // Parallel edges bow alternately to either side.
        const bow = nth === 0 ? 0 : (nth % 2 ? 1 : -1) * 18 * Math.ceil(nth / 2);
        const mx = (x1 + x2) / 2 - ((y2 - y1) / Math.hypot(x2 - x1, y2 - y1 || 1)) * bow;
        const my = (y1 + y2) / 2 + ((x2 - x1) / Math.hypot(x2 - x1, y2 - y1 || 1)) * bow;
        d = `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`;
        if (bow) {
          // The curve's middle, and a little further out on its side.
          const [cx, cy] = [(x1 + 2 * mx + x2) / 4, (y1 + 2 * my + y2) / 4];
          const [ox, oy] = [cx - (x1 + x2) / 2, cy - (y1 + y2) / 2], out = Math.hypot(ox, oy) || 1;
          label = [cx + (ox / out) * 10 - 3, cy + (oy / out) * 10 + 4];
        }
      }
      const hinted = hint && hint.edge === edge;
      // A straight edge takes clicks on a band around it (a thin path has
      // no area to aim at); a curve or loop on a wide transparent stroke.
      let hit;
      if (a !== b && nth === 0) {
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const [nx, ny] = [(-(y2 - y1) / len) * 7, ((x2 - x1) / len) * 7];
        const points = [[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]];
        hit = svg("polygon", { points: points.map((p) => p.join(",")).join(" "), class: "hit", "data-edge": edge });
      } else {
        hit = svg("path", { d, class: "hit", "data-edge": edge });
      }
      const line = svg("path", { d, class: hinted ? "edge hint" : "edge" });
      if (hinted) hit.dataset.hint = "edge";
      const title = svg("title", {});
      title.textContent = `edge ${edge}: ${a}-${b}`;
      hit.append(title);
      hit.addEventListener("click", () => match.play({ kind: "edge", edge }));
      // The edge's number, as the move box and `grundy play` count them,
      // beside its middle (above a loop).
      const [lx, ly] = label;
      const number = svg("text", { x: lx, y: ly, class: "edge-number", "data-edge-number": edge });
      number.textContent = String(edge);
      drawing.append(line, hit, number);
    });
    for (const [v, [x, y]] of at) {
      drawing.append(svg("circle", { cx: x, cy: y, r: 4, class: "vertex", "data-vertex": v }));
    }
    box.append(el("figure", { class: "piece" }, drawing, el("figcaption", {}, `${edges.length} edges, numbered as the moves count them; vertex 0 is the ground`)));
    return box;
  },
};

const sorted = (parts) => parts.filter((p) => p > 0).sort((a, b) => a - b);

// Where a heap move's taken run lies: after the first heap it leaves.
function hintRun(move, size) {
  const [a = 0, b = 0] = move.leave;
  if (move.take === 0) return { take: 0, gap: a };
  // One heap left: the run is at the end; two: between them.
  const before = move.leave.length === 2 ? a : 0;
  return { take: move.take, from: before + 1, to: before + move.take, size, rest: b };
}

function tokenClick(match, heap, size, t) {
  if (match.busy || match.over) return;
  const sel = match.selection;
  if (sel.heap !== heap || sel.from === undefined) {
    match.selection = { heap, from: t };
    match.draw();
    return;
  }
  const from = Math.min(sel.from, t), to = Math.max(sel.from, t);
  match.play({ kind: "heap", heap, take: to - from + 1, leave: sorted([from - 1, size - to]) });
}

function bombClick(match, cell, hasBomb, target) {
  if (match.busy || match.over) return;
  const sel = match.selection;
  const [r, c] = cell;
  if (target && sel.explode) {
    sel[target] = cell;
    if (target === "above" && sel.explode[1] > 1) { sel.stage = "left"; match.draw(); return; }
    return match.play({ kind: "bomb", explode: sel.explode, above: sel.above || null, left: sel.left || null });
  }
  if (!hasBomb || (r === 1 && c === 1)) { match.selection = {}; match.draw(); return; }
  // A bomb on row 1 only lands left of it; on column 1, only above it.
  match.selection = { explode: cell, stage: r > 1 ? "above" : "left" };
  match.draw();
}

// A game without a drawing of its own (no entry in DRAW for its kind) is
// drawn from /api/moves: the game's text drawing, its components with
// their values, and its legal moves as buttons; the hinted one is marked.
function drawGeneric(match) {
  const box = el("div", { class: "generic", "data-testid": "generic" });
  const position = match.position;
  api("/api/moves", { game: match.game, position }).then((answer) => {
    if (match.position !== position) return;
    const hinted = match.hint ? JSON.stringify(match.hint) : null;
    const buttons = answer.moves.map((m) => {
      const attrs = { "data-move": m.notation, title: m.text, onclick: () => match.play(m.move) };
      if (hinted && JSON.stringify(m.move) === hinted) attrs["data-hint"] = "move";
      const button = el("button", attrs, m.notation);
      button.disabled = match.over || match.busy;
      return button;
    });
    box.replaceChildren(
      el("pre", { class: "drawing", "data-testid": "drawing" }, answer.drawing),
      el("ul", { class: "components", "data-testid": "components" }, ...answer.components.map((text, i) =>
        el("li", { class: "why-click", "data-why": i + 1, title: "Why is it worth its value?", onclick: () => match.whyComponent(i + 1) }, text))),
      el("p", { class: "legend" }, answer.moves.length ? "Legal moves, in the game's notation (click one to play it):" : "No legal move is left."),
      el("div", { class: "moves", "data-testid": "moves" }, ...buttons),
      answer.more ? el("p", { class: "legend" }, "More moves than shown here: type one below.") : "",
    );
    match.markValues();
  }).catch((error) => box.replaceChildren(el("p", {}, `Cannot draw this position: ${error.message}`)));
  return box;
}

// Why each component has its value (its options, their values, the mex),
// then the nim-sum and the move that makes it *0: the elements of an
// explanation (`POST /api/explain`), for the Why? box and the Learn page.
function explanationParts(answer) {
  const star = (v) => `*${v}`;
  const runs = (reached) => reached.length === 0 ? "no value (it has no option)"
    : reached.map(([a, b]) => a === b ? star(a) : `${star(a)}…${star(b)}`).join(", ");
  const parts = [el("p", {}, "Each component's value under normal play is the mex of its options' values: the least value no move in it reaches.")];
  for (const why of answer.components) {
    const body = [];
    if (why.mex === null) {
      body.push(el("p", {}, "Decided by the game's own rule, not by a value."));
    } else {
      const items = why.options.map((o) => el("li", { "data-option-value": o.value },
        `${o.move.notation} → ${star(o.value)}: ${o.move.text}`));
      const more = Number(why.option_count) - why.options.length;
      if (more > 0) items.push(el("li", {}, `… and ${more.toLocaleString("en")} more`));
      body.push(el("ul", {}, ...items),
        el("p", { "data-testid": "why-mex" }, `Its options reach ${runs(why.reached)}; the least value they miss (the mex) is ${star(why.mex)}, so its value is ${star(why.mex)}.`));
    }
    parts.push(el("details", { open: "", "data-component": why.component.index },
      el("summary", {}, `${why.text} — ${Number(why.option_count).toLocaleString("en")} option${why.option_count === "1" ? "" : "s"}`), ...body));
  }
  if (answer.nim_sum_decides) {
    const terms = answer.components.map((c) => star(c.component.value)).join(" ⊕ ");
    const zero = answer.zeroing;
    parts.push(el("p", { "data-testid": "why-sum" }, `The nim-sum: ${terms} = ${star(answer.nim_sum)}. ` + (zero
      ? `Not *0: the player to move wins by making it *0. Component ${zero.component} holds its highest bit and goes from ${star(zero.from)} to ${star(zero.to)}: ${zero.move.text} (type ${zero.move.notation}).`
      : "It is *0: whatever the player to move does changes one value, and the opponent makes the nim-sum *0 again.")));
  } else if (answer.reason) {
    parts.push(el("p", { "data-testid": "why-sum" }, answer.reason));
  }
  return parts;
}

// How many value moves the page lists (every legal move is counted).
const VALUE_MOVES_SHOWN = 300;

// A value move in words: "wins in 3", "loses in 2", "wins at once".
function verdict(m) {
  const word = m.wins ? "wins" : "loses";
  if (m.remoteness === null) return word;
  if (m.wins && m.remoteness === 0) return "wins at once";
  return `${word} in ${m.remoteness + 1}`;
}

// Where a move is drawn, as selectors of the drawing's clickable parts.
function targets(move) {
  switch (move.kind) {
    case "cut": return [`[data-cut="${move.piece},${move.direction},${move.at}"]`];
    case "pair": return [`[data-square="${move.pair},${move.to[0]},${move.to[1]}"]`];
    case "edge": return [`[data-edge="${move.edge}"]`];
    case "heap":
      // A split that takes nothing is a gap (either of its two places).
      if (move.take === 0 && move.leave.length === 2) {
        return [...new Set(move.leave)].map((t) => `[data-gap="${move.heap},${t}"]`);
      }
      // A take that leaves at most one heap: the first token of the run
      // it takes from the end (click it, then the last token).
      if (move.take > 0 && move.leave.length <= 1) return [`[data-token="${move.heap},${(move.leave[0] || 0) + 1}"]`];
      return [];
    default: return [];
  }
}

// The value history (after GamesmanUni's): each position of the game so
// far, left to right, at the height of its remoteness, green where the
// player to move wins and red where they lose; a circle where you were to
// move, a square where grundy was; unknown remoteness in the top band.
function historyChart(trail) {
  const known = trail.filter((e) => e.value && e.value.remoteness !== null).map((e) => e.value.remoteness);
  const top = Math.max(4, ...known);
  const step = 28, left = 44, right = 16, band = 30, rowHeight = Math.max(6, Math.min(16, 160 / top));
  const width = Math.max(280, left + right + Math.max(1, trail.length - 1) * step);
  const plot = top * rowHeight;
  const height = band + plot + 40;
  const y = (r) => r === null ? band / 2 : band + plot - r * rowHeight;
  const x = (i) => left + i * step;
  const chart = svg("svg", { width, height, class: "history", "data-testid": "value-history", role: "img",
    "aria-label": "each position's outcome for the player to move, and its remoteness" });
  const text = (attrs, content) => { const t = svg("text", attrs); t.textContent = content; return t; };
  chart.append(svg("line", { x1: left - 6, y1: band + plot, x2: width - right + 6, y2: band + plot, class: "axis" }));
  for (let r = 0; r <= top; r += Math.max(1, Math.ceil(top / 5))) {
    if (r !== 0 && top - r < Math.ceil(top / 5)) continue; // room for the top tick
    chart.append(text({ x: left - 10, y: y(r) + 4, "text-anchor": "end", class: "tick" }, String(r)));
  }
  chart.append(text({ x: left - 10, y: band / 2 + 4, "text-anchor": "end", class: "tick" }, "?"));
  chart.append(text({ x: left - 10, y: y(top) + 4, "text-anchor": "end", class: "tick" }, String(top)));
  chart.append(text({ x: 2, y: band + plot / 2, class: "tick", transform: `rotate(-90 10 ${band + plot / 2})` }, "moves left"));
  const tickEvery = Math.max(1, Math.ceil(trail.length / 12));
  trail.forEach((_, i) => {
    if (i % tickEvery === 0) chart.append(text({ x: x(i), y: band + plot + 16, "text-anchor": "middle", class: "tick" }, String(i)));
  });
  chart.append(text({ x: left, y: band + plot + 34, class: "tick" }, "moves made"));
  const points = trail.map((e, i) => [x(i), e.value ? y(e.value.remoteness) : y(null)]);
  if (points.length > 1) chart.append(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "trail" }));
  trail.forEach((e, i) => {
    const [cx, cy] = points[i];
    const wins = e.value ? e.value.wins : null;
    const cls = wins === null ? "point unknown" : wins ? "point win" : "point lose";
    const attrs = { class: cls, "data-ply": i, "data-mover": e.mover,
      "data-wins": wins === null ? "" : String(wins), "data-remoteness": e.value && e.value.remoteness !== null ? e.value.remoteness : "" };
    const mark = e.mover === "you" ? svg("circle", { cx, cy, r: 6, ...attrs }) : svg("rect", { x: cx - 6, y: cy - 6, width: 12, height: 12, ...attrs });
    const title = svg("title", {});
    const who = e.mover === "you" ? "you" : "grundy";
    title.textContent = wins === null ? `move ${i}: ${who} to move`
      : `move ${i}: ${who} to move ${wins ? "wins" : "loses"}` + (e.value.remoteness !== null ? `, ${e.value.remoteness} moves left` : "");
    mark.append(title);
    chart.append(mark);
  });
  return el("div", { class: "history-box" }, chart,
    el("p", { class: "legend" }, "Each position so far: green where the player to move wins, red where they lose; ● you to move, ■ grundy; the height is the moves left with best play (? where unknown)."));
}

// ---------------------------------------------------------------- a game

class Match {
  constructor(info, game) {
    this.info = info; // the registry's entry: kind, players, move help
    this.game = game; // the full name, with its parameter
    this.history = [];
    this.position = null;
    this.over = false;
    this.busy = false;
    this.last = null; // the engine's last move, highlighted
    this.hint = null;
    this.selection = {};
    this.turns = 0;
    this.misere = false; // the last player to move loses
    this.showValues = false; // value moves and the value history shown
    // Every position of the game so far: who was to move there and, once
    // asked, whether that player wins and in how many moves.
    this.trail = [];
    this.valueAnswer = null; // /api/values of the position now
  }

  async start(position) {
    this.position = position;
    this.history = [];
    this.over = false;
    this.last = null;
    this.hint = null;
    this.selection = {};
    this.started = true; // no move made yet: grundy may be asked to start
    this.trail = [{ position, mover: "you" }];
    this.valueAnswer = null;
    this.setStatus("Your move.", "");
    this.explain("");
    this.draw();
    // Ready for a typed move at once.
    const typed = document.querySelector("[data-testid=move-text]");
    if (typed) typed.focus();
    // A position without a legal move is lost at once by the player to
    // move (won, under misère play).
    try {
      const analysis = await api("/api/solve", { game: this.game, position, listed: 1, misere: this.misere });
      if (analysis.winning_moves.length === 0 && !analysis.suggested_move && this.position === position) {
        this.explain("There is no legal move in this position.");
        this.finish(this.misere);
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

  // One round trip: your move (or none, for grundy to start) in, the
  // position after it and grundy's answer out.
  turn(move) {
    if (this.busy || this.over) return;
    this.busy = true;
    this.hint = null;
    this.selection = {};
    this.setStatus("grundy is thinking…", "", "thinking");
    return (async () => {
      try {
        const before = this.position;
        const answer = await api("/api/play", { game: this.game, position: before, move, misere: this.misere });
        if (move) this.history.push(before);
        else if (this.trail.length === 1) this.trail[0].mover = "grundy";
        this.started = false;
        this.position = answer.position;
        this.extendTrail(move, answer);
        this.last = answer.engine_move ? answer.engine_move.move : null;
        const said = [];
        if (answer.your_move) said.push(`You: ${answer.your_move.text}.`);
        if (answer.engine_move) {
          said.push(`grundy: ${answer.engine_move.text}` + (answer.engine_move_why
            ? ` (${answer.engine_move_why}).`
            : answer.engine_move_wins ? " (a winning move)." : " (no winning move existed; grundy's best try)."));
        }
        this.explain(said.join(" "));
        if (answer.winner) this.finish(answer.winner === "you");
        else this.setStatus("Your move.", "");
      } catch (error) {
        this.explain(`Refused: ${error.message}`);
        this.setStatus("Your move.", "");
      } finally {
        this.busy = false;
        this.turns += 1;
        document.getElementById("status").dataset.turns = this.turns;
        this.draw();
      }
    })();
  }

  play(move) { return this.turn(move); }

  // The positions a round trip went through: after your move (grundy to
  // move) and after grundy's (you to move). A position where the game
  // ended is valued by who won: the player to move there has lost, or
  // under misère play won, and the answer's winner says which.
  extendTrail(move, answer) {
    const reached = [];
    if (move) reached.push({ position: answer.after_your_move, mover: "grundy" });
    if (answer.engine_move) reached.push({ position: answer.position, mover: "you" });
    if (answer.winner && reached.length) {
      const end = reached[reached.length - 1];
      end.value = { wins: answer.winner === end.mover, remoteness: 0, over: true };
    }
    this.trail.push(...reached);
  }

  // Value moves: every legal move of the position now marked winning or
  // losing (with its remoteness where known), as buttons and on the
  // drawing; then the value history of the game so far.
  async showValueMoves() {
    const box = document.getElementById("values");
    if (!box) return;
    if (!this.showValues) { box.replaceChildren(); this.valueAnswer = null; return; }
    const position = this.position;
    const misere = this.misere;
    try {
      if (!this.over) {
        if (!this.valueAnswer || this.valueAnswer.position !== position) {
          const answer = await api("/api/values", { game: this.game, position, misere, listed: VALUE_MOVES_SHOWN });
          if (this.position !== position || !this.showValues) return;
          this.valueAnswer = { position, answer };
        }
      }
      await this.valueTrail(misere);
      if (this.position !== position || !this.showValues) return;
    } catch (error) {
      box.replaceChildren(el("p", {}, `Cannot value the moves: ${error.message}`));
      return;
    }
    const parts = [];
    if (!this.over && this.valueAnswer) {
      const answer = this.valueAnswer.answer;
      const buttons = answer.moves.map((m) => {
        const button = el("button", {
          class: m.wins ? "value-move value-win" : "value-move value-lose",
          "data-value-move": m.move.notation, "data-wins": m.wins, title: m.move.text,
          onclick: () => this.play(m.move.move),
        }, `${m.move.notation} ${verdict(m)}`);
        button.disabled = this.busy;
        return button;
      });
      const shown = answer.moves.length < answer.valued ? `${answer.moves.length} shown, the winning ones first; ` : "";
      const valued = answer.valued.toLocaleString("en");
      // Past the moves marked, the winning ones are counted in all apart.
      const counted = answer.more
        ? `${BigInt(answer.winning_in_all).toLocaleString("en")} of its more than ${valued} legal moves win (${valued} looked at)`
        : `${answer.winning} of ${valued} legal moves win`;
      parts.push(el("h3", {}, "Value moves"),
        el("p", { class: "legend", "data-testid": "value-summary" },
          `${counted}; ${shown}green wins, red loses. `
          + "“in N” is how long the game lasts, this move included, when the winner hurries and the loser delays (its remoteness), where the game is small enough to search."),
        el("div", { class: "moves", "data-testid": "value-moves-list" }, ...buttons));
    }
    parts.push(el("h3", {}, "Value history"), historyChart(this.trail));
    box.replaceChildren(...parts);
    this.markValues();
  }

  // Whether the player to move wins each position of the game so far,
  // and its remoteness where known (asked once a position).
  async valueTrail(misere) {
    for (const entry of this.trail) {
      if (entry.value && entry.misere === misere) continue;
      if (entry.value && entry.value.over) continue;
      const now = this.valueAnswer && this.valueAnswer.position === entry.position ? this.valueAnswer.answer : null;
      const answer = now || await api("/api/values", { game: this.game, position: entry.position, misere, listed: 0 });
      entry.value = { wins: answer.wins, remoteness: answer.remoteness };
      entry.misere = misere;
    }
  }

  // Colours the drawing's move targets (a cut, a square, an edge, a gap, a
  // move button) by the value of their move.
  markValues() {
    const answer = this.valueAnswer && this.valueAnswer.position === this.position ? this.valueAnswer.answer : null;
    const board = document.getElementById("board");
    if (!board) return;
    for (const node of board.querySelectorAll(".value-win, .value-lose")) node.classList.remove("value-win", "value-lose");
    if (!answer || !this.showValues) return;
    for (const m of answer.moves) {
      for (const selector of targets(m.move.move)) {
        for (const node of board.querySelectorAll(selector)) {
          node.classList.add(m.wins ? "value-win" : "value-lose");
          node.dataset.value = m.wins ? "wins" : "loses";
        }
      }
    }
  }

  // Before any move: let grundy have the first move.
  engineFirst() {
    if (!this.started) return;
    return this.turn(null);
  }

  finish(youWon) {
    this.over = true;
    this.busy = false;
    this.setStatus(youWon ? "You won!" : "grundy won.", youWon ? "won" : "lost");
    this.draw();
  }

  async showHint() {
    if (this.over || this.busy) return;
    const analysis = await api("/api/solve", { game: this.game, position: this.position, listed: 1, misere: this.misere });
    const engine = analysis.engine_move;
    const best = engine ? engine.played : analysis.winning_moves[0] || analysis.suggested_move;
    this.hint = best ? best.move : null;
    const notation = best ? ` (type ${best.notation})` : "";
    const nimSum = analysis.winner === "first" && analysis.nim_sum_decides
      ? ` The nim-sum is *${analysis.nim_sum}; a winning move makes it *0.` : "";
    // Under misère play, what decided it: a quotient, Bouton's rule, or
    // genus theory and the search (saying how far the look for a
    // quotient went).
    const basis = analysis.misere_basis ? ` Decided by ${analysis.misere_basis}.` : "";
    this.explain(best
      ? `Hint: ${best.text}${notation} — ${engine ? engine.why + "." : analysis.winner === "first"
        ? "it wins." : "the position is lost; this is grundy's best try."}${nimSum}${basis}`
      : "No move is left.");
    this.draw();
  }

  // Why each component has its value: its options, their values and the
  // mex; then the nim-sum and the move that makes it *0 (normal play).
  // With `only`, a test of an explained component: that component
  // alone (clicked on the drawing), and a button for the whole position.
  async showWhy(only = null) {
    if (this.busy || !this.position) return;
    const box = document.getElementById("why");
    let answer;
    try { answer = await api("/api/explain", { game: this.game, position: this.position, listed: 12 }); }
    catch (error) { box.replaceChildren(el("p", {}, `Cannot explain this position: ${error.message}`)); return; }
    if (only) {
      const mine = answer.components.filter(only);
      const parts = explanationParts({ ...answer, components: mine, nim_sum_decides: false, reason: null });
      box.replaceChildren(el("h3", {}, mine.length ? `Why ${mine[0].text.replace(/ \*\d+$/, "")} has its value` : "Why this component has its value"),
        ...parts, el("button", { onclick: () => this.showWhy(), "data-testid": "why-all" }, "Explain the whole position"));
    } else {
      box.replaceChildren(el("h3", {}, "Why these values"), ...explanationParts(answer));
    }
    this.whyFor = this.position;
    box.scrollIntoView({ block: "nearest" });
  }

  // Explains component `index` (from 1, in the position's order) alone.
  whyComponent(index) { return this.showWhy((c) => c.component.index === index); }

  undo() {
    if (this.busy || this.history.length === 0) return;
    this.position = this.history.pop();
    this.trail = this.trail.slice(0, this.trail.findLastIndex((entry) => entry.position === this.position) + 1);
    this.over = false;
    this.last = null;
    this.hint = null;
    this.selection = {};
    this.setStatus("Your move.", "");
    this.explain("Took back your last move and grundy's answer.");
    this.draw();
  }

  draw() {
    // An explanation is of the position it was asked about.
    const why = document.getElementById("why");
    if (why && this.whyFor !== this.position) why.replaceChildren();
    const first = document.querySelector("[data-testid=engine-first]");
    if (first) first.disabled = !this.started || this.over || this.busy;
    // Nothing to hint or to play once the game is over.
    for (const id of ["hint", "move-play", "move-text"]) {
      const control = document.querySelector(`[data-testid=${id}]`);
      if (control) control.disabled = this.over || !this.position;
    }
    const area = document.getElementById("board");
    const drawing = (DRAW[this.info.kind] || drawGeneric)(this);
    drawing.dataset.drawing = this.info.kind;
    area.replaceChildren(drawing);
    this.showValueMoves();
    const legend = document.getElementById("hint-legend");
    if (legend) {
      const items = this.hint ? HINT_LEGEND[this.info.kind] || [] : [];
      legend.replaceChildren(...items.map(([swatch, text]) =>
        el("span", { class: "hint-key" }, el("span", { class: `swatch ${swatch}` }), text)));
    }
  }
}

// The "Value moves" switch: every legal move marked, and the value history.
function valuesToggle(match) {
  const box = el("input", { type: "checkbox", "data-testid": "value-moves" });
  box.addEventListener("change", () => { match.showValues = box.checked; match.showValueMoves(); if (!box.checked) match.markValues(); });
  return el("label", { class: "toolbar misere", title: "Mark every legal move winning or losing, and chart the game so far" }, box, el("span", {}, "Value moves"));
}

// The parameter a game was last played with (octal code, subtraction set).
function defaultParameter(info) {
  return info.example.includes(":") ? info.example.split(":").slice(1).join(":") : "";
}

function playView(info, parameter) {
  const game = info.parameter ? `${info.name}:${parameter}` : info.name;
  const match = new Match(info, game);
  const paste = el("textarea", { "data-testid": "paste", spellcheck: "false" }, info.examples.won);
  // Only the last position asked for is started, whichever answer comes
  // back first.
  let asked = 0;
  const fromText = async () => {
    const mine = ++asked;
    try {
      const parsed = await api("/api/parse", { game, text: paste.value });
      if (mine === asked) match.start(parsed.position);
    } catch (error) { match.explain(`Cannot start from that text: ${error.message}`); }
  };
  const fresh = async () => {
    const mine = ++asked;
    try {
      const created = await api("/api/new", { game, seed: Math.floor(Math.random() * 2 ** 31) + 1, misere: match.misere });
      if (mine === asked) match.start(created.position);
    } catch (error) { match.explain(`Cannot start a game: ${error.message}`); }
  };
  const typed = el("input", { type: "text", class: "move-text", "data-testid": "move-text", placeholder: "type a move", title: info.move_help, "aria-label": "a move, as grundy play reads it" });
  const playTyped = () => { match.play({ kind: "notation", notation: typed.value }); typed.value = ""; };
  typed.addEventListener("keydown", (e) => { if (e.key === "Enter") playTyped(); });
  const parts = [el("h2", {}, info.title)];
  if (info.misere) {
    // Misère play: the same position again, the last move now losing.
    const box = el("input", { type: "checkbox", "data-testid": "misere" });
    box.addEventListener("change", () => {
      match.misere = box.checked;
      if (match.position) match.start(match.history.length ? match.history[0] : match.position);
    });
    parts.push(el("label", { class: "toolbar misere", "data-testid": "misere-label" }, box,
      el("span", {}, "Misère play: whoever makes the last move loses")));
  }
  if (info.parameter) {
    const field = el("input", { type: "text", value: parameter, "data-testid": "parameter" });
    const go = () => { location.hash = `#play/${info.name}:${field.value.trim()}`; };
    field.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    parts.push(el("div", { class: "toolbar" }, `${info.parameter}: `, field, el("button", { onclick: go, "data-testid": "parameter-go" }, "Play this one")));
  }
  view.replaceChildren(
    ...parts,
    el("p", { class: "rules", "data-testid": "rules" }, info.rules),
    el("div", { class: "toolbar" },
      el("button", { onclick: () => match.showHint(), "data-testid": "hint" }, "Hint"),
      el("button", { onclick: () => match.showWhy(), "data-testid": "why", title: "Each component's options, their values and the mex; the nim-sum. Click a component's label on the drawing (a heap's, piece's, row's or queen's number, or a bomb chosen to explode) for that one alone." }, "Why?"),
      el("button", { onclick: () => match.undo(), "data-testid": "undo" }, "Undo"),
      el("button", { onclick: () => match.engineFirst(), "data-testid": "engine-first", title: "Before any move: grundy moves first" }, "grundy moves first"),
      el("button", { onclick: fresh, "data-testid": "new-random" }, "New random game"),
      valuesToggle(match),
      el("a", { href: "#learn", class: "learn-link", "data-testid": "learn-link", title: "P- and N-positions, the mex, values, the nim-sum, with live examples" }, "Learn the theory")),
    el("div", { id: "status", "data-testid": "status" }),
    el("div", { id: "board" }),
    el("p", { class: "legend clicks", "data-testid": "clicks" }, clicksFor(info)),
    el("div", { id: "hint-legend", class: "legend", "data-testid": "hint-legend" }),
    el("div", { class: "toolbar" }, "Move: ", typed, el("button", { onclick: playTyped, "data-testid": "move-play" }, "Play"),
      el("span", { class: "legend" }, info.move_help)),
    el("div", { id: "explain", "data-testid": "explain" }),
    el("div", { id: "values", class: "values", "data-testid": "values" }),
    el("div", { id: "why", class: "why", "data-testid": "why-box" }),
    el("details", {}, el("summary", {}, "New game from the game's text format"),
      el("p", { class: "legend", "data-testid": "format" }, info.summary),
      paste, el("div", {}, el("button", { onclick: fromText, "data-testid": "start-text" }, "Start from this text"))),
  );
  window.grundyMatch = match;
  fresh();
  typed.focus();
}

// ---------------------------------------------------------------- explore

// Viridis, by a few stops; zeros are drawn in red so they stand out.
const VIRIDIS = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
const AT_ONCE = [190, 190, 190]; // won at once, whatever the value: a Cutting strip
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
  const canvas = el("canvas", { width: 696, height: 688, "data-testid": "heatmap" });
  const bar = el("div", { class: "colour-bar", "data-testid": "table-colour-bar" });
  const axes = el("p", { class: "legend", "data-testid": "table-axes" });
  const info = el("p", { class: "legend", "data-testid": "table-info" });
  const tip = document.getElementById("tip") || document.body.appendChild(el("div", { id: "tip" }));
  let data = null, zoom = 1, ox = 0, oy = 0, image = null;

  // The cells fill a square inside margins that hold the axes' ticks.
  const M = { left: 48, top: 40 };
  const plot = () => [canvas.width - M.left - 8, canvas.height - M.top - 8];
  const scale = () => { const [w, h] = plot(); return zoom * Math.min(w / data.cols, h / data.rows); };
  const render = () => {
    const ctx = canvas.getContext("2d");
    ctx.imageSmoothingEnabled = false;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!image) return;
    const [w, h] = plot(), s = scale();
    ctx.save();
    ctx.beginPath(); ctx.rect(M.left, M.top, w, h); ctx.clip();
    ctx.setTransform(s, 0, 0, s, M.left + ox, M.top + oy);
    ctx.drawImage(image, 0, 0);
    ctx.restore();
    ctx.strokeStyle = "#333"; ctx.strokeRect(M.left - .5, M.top - .5, Math.min(w, data.cols * s) + 1, Math.min(h, data.rows * s) + 1);
    // Ticks at round sizes (1-based), over what is in view.
    ctx.fillStyle = "#333"; ctx.font = "12px sans-serif"; ctx.textAlign = "center";
    const ticks = (n, offset, span) => {
      const first = Math.max(0, Math.floor(-offset / s)), last = Math.min(n - 1, Math.ceil((span - offset) / s));
      const step = tickStep(last - first + 1, 8), out = [];
      for (let t = Math.max(step, 1) * Math.ceil((first + 1) / step); t <= last + 1; t += step) out.push(t);
      if (first === 0 && out[0] !== 1) out.unshift(1);
      return out;
    };
    const across = ticks(data.cols, ox, w), down = ticks(data.rows, oy, h);
    for (const t of across) {
      const x = M.left + ox + (t - 0.5) * s;
      if (x < M.left || x > M.left + w) continue;
      ctx.fillRect(x, M.top - 6, 1, 5);
      ctx.fillText(String(t), x, M.top - 9);
    }
    ctx.textAlign = "right";
    for (const t of down) {
      const y = M.top + oy + (t - 0.5) * s;
      if (y < M.top || y > M.top + h) continue;
      ctx.fillRect(M.left - 6, y, 5, 1);
      ctx.fillText(String(t), M.left - 9, y + 4);
    }
    ctx.textAlign = "left"; ctx.font = "13px sans-serif";
    ctx.fillText(`${data.axes[1]} →`, M.left, 14);
    ctx.save(); ctx.translate(14, M.top + 4); ctx.rotate(Math.PI / 2); ctx.fillText(`${data.axes[0]} →`, 0, 0); ctx.restore();
    canvas.dataset.ticks = `${across.join(",")};${down.join(",")}`;
    canvas.dataset.axes = data.axes.join(", ");
  };
  const load = async () => {
    info.textContent = "Computing…";
    try {
      data = await api(`/api/table?game=${game.value}&rows=${rows.value}&cols=${cols.value}`, undefined, "table");
    } catch (error) { info.textContent = error.message; return; }
    const off = document.createElement("canvas");
    off.width = data.cols; off.height = data.rows;
    const ctx = off.getContext("2d"), pixels = ctx.createImageData(data.cols, data.rows);
    let zeros = 0;
    const atOnce = new Set((data.wins_at_once || []).map(([i, j]) => `${i},${j}`));
    data.values.forEach((row, i) => row.forEach((v, j) => {
      const now = atOnce.has(`${i + 1},${j + 1}`);
      const [r, g, b] = now ? AT_ONCE : colour(v, data.max), k = 4 * (i * data.cols + j);
      pixels.data.set([r, g, b, 255], k);
      if (v === 0 && !now) zeros++;
    }));
    ctx.putImageData(pixels, 0, 0);
    image = off; zoom = 1; ox = 0; oy = 0;
    // Drawn at the width it is shown at (at most 696 px), so that its
    // 12 px labels are not scaled down on a phone.
    const side = Math.max(240, Math.min(696, Math.floor(canvas.parentElement.clientWidth)));
    canvas.width = side; canvas.height = side - 8;
    axes.textContent = `Down: ${data.axes[0]}, from 1. Across: ${data.axes[1]}, from 1.`;
    // The colour bar: *1 at the bottom to the largest value at the top,
    // then the colours that are not values.
    const stops = [];
    for (let k = 0; k <= 10; k++) stops.push(`rgb(${colour(Math.max(1, Math.round(1 + (data.max - 1) * k / 10)), data.max).join(",")})`);
    bar.replaceChildren(
      el("div", { class: "bar-label" }, `*${Math.max(data.max, 1)}`),
      el("div", { class: "bar", style: `background: linear-gradient(to top, ${stops.join(", ")})` }),
      el("div", { class: "bar-label" }, "*1"),
      el("div", { class: "bar-key" }, el("span", { class: "swatch", style: "background: rgb(230,30,60)" }), "*0: second player wins"),
      ...(atOnce.size ? [el("div", { class: "bar-key", "data-testid": "table-at-once" },
        el("span", { class: "swatch", style: `background: rgb(${AT_ONCE.join(",")})` }), "first player wins at once (a strip)")] : []));
    info.replaceChildren(`${data.rows}×${data.cols} values, largest *${data.max}; `,
      el("span", { class: "swatch", style: "background: rgb(230,30,60)" }), `${zeros} zeros (second player wins). Scroll to zoom, drag to pan, hover for a value.`);
    render();
  };
  const cellAt = (event) => {
    if (!data) return null;
    const rect = canvas.getBoundingClientRect();
    // The canvas may be drawn narrower than its pixels (a phone).
    const k = canvas.width / rect.width;
    const x = ((event.clientX - rect.left) * k - M.left - ox) / scale(), y = ((event.clientY - rect.top) * k - M.top - oy) / scale();
    const q = Math.floor(x), p = Math.floor(y);
    return p >= 0 && q >= 0 && p < data.rows && q < data.cols ? [p, q] : null;
  };
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect(), k = canvas.width / rect.width;
    const mx = (event.clientX - rect.left) * k - M.left, my = (event.clientY - rect.top) * k - M.top;
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
    limitsNote((l) => `Tables of 1 to ${l.table_cells.toLocaleString("en")} cells`),
    axes, el("div", { class: "explore" }, canvas, bar), info);
  load();
}

// Round tick steps: 1, 2, 5, 10, 20, 50, …, about `count` of them.
function tickStep(range, count) {
  const raw = Math.max(range, 1) / count, power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || 10 * power;
}

function octalView() {
  const code = el("input", { type: "text", value: "0.07", "data-testid": "octal-code" });
  const upto = el("input", { type: "number", min: 1, max: 200000, value: 1000, "data-testid": "octal-upto" });
  const canvas = el("canvas", { width: 900, height: 340, "data-testid": "octal-plot" });
  const info = el("p", { "data-testid": "octal-info" });
  const key = el("p", { class: "legend", "data-testid": "octal-key" });
  const values = el("p", { class: "legend" });
  const play = el("a", { "data-testid": "octal-play" }, "Play this game");
  const run = async () => {
    info.textContent = "Computing…";
    let data;
    try { data = await api(`/api/octal?code=${encodeURIComponent(code.value)}&upto=${upto.value}`, undefined, "octal"); }
    catch (error) { info.textContent = error.message; return; }
    const name = data.game.replace(/^octal:/, "");
    play.setAttribute("href", `#play/${data.game}`);
    info.textContent = data.period
      ? `${name}: period ${data.period}, preperiod ${data.preperiod} (proven after ${data.computed} values).`
      : `${name}: no period proven among ${data.computed} values${data.complete ? "" : " (stopped by the time limit)"}.`;
    values.textContent = `G(0…): ${data.values.slice(0, 120).join(" ")}${data.values.length > 120 ? " …" : ""}`;
    // Drawn at the width it is shown at, so that its labels stay 12 px on
    // a phone.
    canvas.width = Math.max(300, Math.min(900, Math.floor(canvas.parentElement.clientWidth)));
    canvas.height = canvas.width < 600 ? 280 : 340;
    const ctx = canvas.getContext("2d"), n = data.values.length;
    // Every value computed is drawn (many share a pixel column).
    const shown = n;
    let largest = 1;
    for (const v of data.values) if (v > largest) largest = v;
    // The value axis ends at a round tick at or above the largest value,
    // so that value is drawn and labelled inside the plot.
    const ys = tickStep(largest, 5), max = Math.ceil(largest / ys) * ys;
    ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
    const left = 48, right = 16, top = 16, bottom = 44;
    const w = canvas.width - left - right, h = canvas.height - top - bottom;
    const px = (i) => left + (shown <= 1 ? 0 : (i / (shown - 1)) * w);
    const py = (v) => top + h - (v / max) * h;
    if (data.period) {
      ctx.fillStyle = "#eef4ff";
      const x = px(Math.min(data.preperiod, shown - 1));
      ctx.fillRect(x, top, left + w - x, h);
    }
    // With a sparse space, rare values (v & mask of even weight) in red
    // and common ones in blue; without one, zeros in red.
    const mask = data.sparse ? data.sparse.mask : null;
    const weight = (x) => { let c = 0; for (; x; x &= x - 1) c++; return c; };
    const rare = (v) => mask === null ? v === 0 : weight(v & mask) % 2 === 0;
    // Common values first, then the rare ones over them (they are few).
    let rareCount = 0;
    for (const drawRare of [false, true]) {
      ctx.fillStyle = drawRare ? "rgb(230,30,60)" : "#3b528b";
      for (let i = 0; i < shown; i++) {
        const v = data.values[i];
        if (rare(v) !== drawRare) continue;
        if (drawRare && i > 0) rareCount++;
        ctx.fillRect(px(i) - 1, py(v) - 1, 3, 3);
      }
    }
    canvas.dataset.rare = mask === null ? "" : rareCount;
    key.replaceChildren(...(mask === null
      ? [el("span", { class: "swatch", style: "background: rgb(230,30,60)" }), "G(n) = 0 ", el("span", { class: "swatch", style: "background: #3b528b" }), "other values"]
      : [el("span", { class: "swatch", style: "background: rgb(230,30,60)" }), `rare values (v AND ${mask} has an even number of 1 bits): ${rareCount.toLocaleString("en")} heaps `,
        el("span", { class: "swatch", style: "background: #3b528b" }), "common values"]),
      ...(data.period ? [" ", el("span", { class: "swatch", style: "background: #eef4ff; outline: 1px solid #bbb" }), "the period, from the preperiod on"] : []));
    // Axes with ticks: heap n along the bottom, G(n) up the left.
    ctx.strokeStyle = "#333"; ctx.fillStyle = "#333"; ctx.font = "12px sans-serif"; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(left, top); ctx.lineTo(left, top + h); ctx.lineTo(left + w, top + h); ctx.stroke();
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    const xs = tickStep(shown - 1, 10);
    for (let t = 0; t <= shown - 1; t += xs) {
      ctx.beginPath(); ctx.moveTo(px(t), top + h); ctx.lineTo(px(t), top + h + 5); ctx.stroke();
      ctx.fillText(String(t), px(t), top + h + 7);
    }
    ctx.fillText("heap n", left + w / 2, top + h + 24);
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (let t = 0; t <= max; t += ys) {
      ctx.beginPath(); ctx.moveTo(left - 5, py(t)); ctx.lineTo(left, py(t)); ctx.stroke();
      ctx.fillText(String(t), left - 7, py(t));
    }
    ctx.save(); ctx.translate(12, top + h / 2); ctx.rotate(-Math.PI / 2);
    ctx.textAlign = "center"; ctx.fillText("G(n)", 0, 0); ctx.restore();
    canvas.dataset.axes = "heap n, G(n)";
    canvas.dataset.drawn = shown;
    info.textContent += ` All ${n.toLocaleString("en")} values are plotted.`;
    canvas.dataset.xTicks = xs; canvas.dataset.yTicks = ys; canvas.dataset.yTop = max;
  };
  // Misère play: each heap's genus g^γ0γ1… and whether it is tame.
  const genera = el("div", { "data-testid": "genera" });
  const showGenera = async () => {
    genera.textContent = "Computing genera…";
    let data;
    try { data = await api(`/api/genera?game=octal:${encodeURIComponent(code.value)}&upto=21`, undefined, "genera"); }
    catch (error) { genera.textContent = error.message; return; }
    const rows = data.genera.map((g) => el("tr", { "data-heap": g.heap, class: g.tame ? "" : "wild" },
      el("td", {}, String(g.heap)), el("td", {}, g.genus),
      el("td", { title: g.tame ? "it and every heap it leaves have tame genera" : g.wild ? "no tame game has this genus" : "a heap it leaves is not shown tame" },
        g.tame ? "tame" : g.wild ? "wild" : "not shown tame")));
    genera.replaceChildren(
      el("p", {}, data.first_not_tame === null
        ? "Every heap listed is tame: sums of them play like misère Nim."
        : `The first heap not shown tame is ${data.first_not_tame}.`),
      el("table", { class: "genera" }, el("tr", {}, el("th", {}, "heap"), el("th", {}, "genus"), el("th", {}, "")), ...rows));
  };
  view.replaceChildren(el("h2", {}, "Octal sequences"),
    el("p", {}, "A code such as 0.07 (Dawson's Kayles), 0.137 or 4.07; the sequence is plotted, and its period shown once the periodicity theorem proves it (shaded)."),
    el("div", { class: "toolbar" }, "code ", code, " values ", upto, el("button", { onclick: run, "data-testid": "octal-run" }, "Compute"), play,
      el("button", { onclick: showGenera, "data-testid": "octal-genera", title: "Misère play: the genus of heaps 0 to 20" }, "Misère genera")),
    limitsNote((l) => `Up to ${l.octal_values.toLocaleString("en")} values of codes with up to ${l.octal_digits} digits after the point`),
    el("div", {}, canvas), key, info, values, genera);
  run();
}

// What one request may ask for, and where it is computed, said before
// anything is (from /api/limits; sizes past them are refused at once).
let LIMITS = null;
function limitsNote(say) {
  const note = el("p", { class: "legend", "data-testid": "limits" });
  (LIMITS ||= api("/api/limits")).then((limits) => {
    const where = TRANSPORT === "wasm"
      ? "computed in this browser (WebAssembly in a worker; Stop ends a computation)"
      : `computed by the server, within ${limits.seconds} s a request`;
    note.textContent = `${say(limits)}, ${where}.`;
  }).catch(() => { LIMITS = null; });
  return note;
}

// ---------------------------------------------------------------- learn

// A live example: computed by grundy when the page is shown (never pasted
// numbers). `data-state` is "ready" once filled, "failed" if refused.
function live(id, compute) {
  const box = el("div", { class: "live", "data-live": id, "data-state": "loading" }, el("p", { class: "legend" }, "computing…"));
  const run = async (...args) => {
    box.dataset.state = "loading";
    try {
      box.replaceChildren(...await compute(...args));
      box.dataset.state = "ready";
    } catch (error) {
      box.replaceChildren(el("p", {}, `Could not compute this example: ${error.message}`));
      box.dataset.state = "failed";
    }
  };
  run();
  box.rerun = run;
  return box;
}

const heapsOf = (text) => text.split(/[\s,]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const nimPosition = (heaps) => ({ kind: "heaps", heaps });
const star = (v) => `*${v}`;

// Nim heaps typed in, and an example recomputed from them.
function heapsInput(id, initial, example) {
  const field = el("input", { type: "text", value: initial.join(" "), "data-testid": `${id}-heaps`, "aria-label": "Nim heaps" });
  const box = live(id, () => example(heapsOf(field.value)));
  const go = () => box.rerun();
  field.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
  return [el("div", { class: "toolbar" }, "Nim heaps: ", field, el("button", { onclick: go, "data-testid": `${id}-go` }, "Show")), box];
}

// Each move of a Nim position, and whether it leaves a P- or N-position.
async function pnExample(heaps) {
  const answer = await api("/api/values", { game: "nim", position: nimPosition(heaps), listed: 40 });
  const kind = answer.wins ? "an N-position: the player to move wins" : "a P-position: the player to move loses";
  const items = answer.moves.map((m) => el("li", { "data-wins": m.wins },
    `${m.move.text} → ${m.wins ? "a P-position (good for the mover)" : "an N-position (the opponent wins)"}`));
  const rest = (answer.valued - answer.moves.length).toLocaleString("en");
  const more = answer.valued > answer.moves.length
    ? [el("li", {}, `… ${rest} more${answer.more ? ", and more past them" : ""}`)] : [];
  const all = answer.more ? `more than ${answer.valued.toLocaleString("en")}` : answer.valued.toLocaleString("en");
  return [
    el("p", { "data-testid": "pn-verdict" }, `Heaps ${heaps.join(", ") || "(none)"}: ${kind}. ` + (answer.moves.length === 0
      ? "There is no move at all, so the player to move has lost."
      : answer.wins ? `${BigInt(answer.winning_in_all).toLocaleString("en")} of its ${all} moves lead to a P-position.` : "Every one of its moves leads to an N-position.")),
    el("ul", {}, ...items, ...more),
  ];
}

// The values of the subtraction game {1, 3, 4}, heap by heap.
async function valuesExample() {
  const heaps = Array.from({ length: 21 }, (_, i) => i + 1);
  const answer = await api("/api/solve", { game: "subtraction:1,3,4", position: nimPosition(heaps), listed: 0 });
  const row = (head, cells, attr) => el("tr", {}, el("th", {}, head), ...cells.map((c, i) => el("td", attr ? { [attr]: heaps[i] } : {}, c)));
  return [
    el("div", { class: "scroll" }, el("table", { class: "genera", "data-testid": "values-table" },
      row("heap", heaps.map(String)),
      row("value", answer.components.map((c) => star(c.value)), "data-heap"))),
    el("p", { class: "legend", "data-testid": "values-period" }, `Each value is the mex of the values 1, 3 and 4 tokens below it (a heap of 0 has value *0). ${periodOf([0, ...answer.components.map((c) => Number(c.value))])}`),
  ];
}

// The least period the values shown repeat with, in words (seen, not
// proven: `grundy octal` proves periods).
function periodOf(values) {
  for (let p = 1; 2 * p <= values.length; p++) {
    if (values.every((v, n) => n + p >= values.length || values[n + p] === v)) {
      return `Here they repeat with period ${p}: ${values.slice(0, p).map(star).join(" ")}, and again.`;
    }
  }
  return "No period shows among these.";
}

// An explanation: each component's options and mex, the nim-sum.
async function explained(game, position, listed = 8) {
  const answer = await api("/api/explain", { game, position, listed });
  return [el("div", { class: "why" }, ...explanationParts(answer))];
}

// A position under both conventions.
async function misereExample() {
  const rows = [];
  for (const heaps of [[1], [1, 1], [1, 1, 1], [2, 2], [1, 2, 3]]) {
    const cells = [];
    for (const misere of [false, true]) {
      const answer = await api("/api/solve", { game: "nim", position: nimPosition(heaps), listed: 0, misere });
      cells.push(answer.winner === "first" ? "the player to move wins" : "the player to move loses");
    }
    rows.push(el("tr", { "data-heaps": heaps.join(",") }, el("td", {}, heaps.join(", ")), ...cells.map((c) => el("td", {}, c))));
  }
  return [el("div", { class: "scroll" }, el("table", { class: "genera", "data-testid": "misere-table" },
    el("tr", {}, el("th", {}, "Nim heaps"), el("th", {}, "normal play"), el("th", {}, "misère play")), ...rows))];
}

// The Bomb Game: two bombs of one value cancel in the sum.
async function cancelExample() {
  const position = { kind: "board", rows: 3, cols: 4, bombs: [[1, 3], [3, 1]] };
  const answer = await api("/api/explain", { game: "bomb", position, listed: 4 });
  const values = answer.components.map((c) => star(c.component.value));
  return [el("p", { "data-testid": "cancel" }, `Bombs at (1, 3) and (3, 1) on a 3 × 4 board: values ${values.join(" and ")}, nim-sum ${values.join(" ⊕ ")} = ${star(answer.nim_sum)}: `
    + (answer.nim_sum === "0" ? "a P-position, as two equal Nim heaps are." : "not *0."))];
}

const LEARN = [
  ["pn", "P- and N-positions", [
    "Every game here is impartial (both players have the same moves) and ends. So every position is won for one of the players: a P-position when the Previous player, the one who just moved, wins, and an N-position when the Next player, the one to move, wins.",
    "A position with no move is a P-position (under normal play the player who cannot move loses). From there: a position is an N-position exactly when some move leads to a P-position, and a P-position when every move leads to an N-position. Try heaps of Nim (take any number of tokens from one heap):",
  ], () => heapsInput("pn", [1, 2], pnExample)],
  ["mex", "The mex", [
    "The mex (minimum excludant) of a set of values is the least value not in it: mex{0, 1, 3} = 2, mex{1, 2} = 0, mex{} = 0.",
    "The Sprague–Grundy value of a position is the mex of its options' values. A position with no move has value 0. Here is a heap of 6 in the subtraction game {1, 3, 4} (take 1, 3 or 4 tokens), explained by grundy:",
  ], () => [live("mex", () => explained("subtraction:1,3,4", nimPosition([6])))]],
  ["values", "Values: *n", [
    "A value is written *n (“star n”): a position of value *n plays, in any sum, exactly like a Nim heap of n tokens, since from it you can reach every smaller value (and perhaps larger ones, which the opponent can undo). *0 is a P-position; every other value is an N-position. The values of one heap of the subtraction game {1, 3, 4}:",
  ], () => [live("values", valuesExample)]],
  ["nimsum", "The nim-sum, and why it decides a sum", [
    "A position of several components (heaps, bombs, pieces, rows) is their disjunctive sum: each move is made in one component. The value of a sum is the nim-sum of its components' values: their binary exclusive or, written ⊕ (3 ⊕ 5 = 6, 6 ⊕ 6 = 0).",
    "Why it decides (Bouton, 1901; Sprague 1935, Grundy 1939): from a nim-sum of 0 every move changes one value, and the sum is no longer 0; from a nim-sum that is not 0, take the component whose value holds the sum's highest bit and move it to its value ⊕ the sum, which is lower, so it has such an option: the sum is 0 again. The player who always leaves 0 makes the last move. Try any heaps:",
  ], () => heapsInput("nimsum", [3, 5, 7], (heaps) => explained("nim", nimPosition(heaps), 4))],
  ["misere", "Misère play", [
    "Under misère play the player who makes the last move loses. Nim changes only near the end (Bouton): play as in normal play until every heap would be 1 or 0, then leave an odd number of heaps of 1. In general the values of the components no longer decide a sum: grundy uses genus theory, misère quotients and a bounded search instead. Each position below, computed under both conventions:",
  ], () => [live("misere", misereExample)]],
  ["bomb", "The Bomb Game: why a bomb on row 1 is a Nim heap", [
    "Exploding the bomb at (p, q) puts one bomb on a cell (u, q) above it and one on a cell (p, v) left of it. A bomb is a component, and its value sg(p, q) is the mex of sg(u, q) ⊕ sg(p, v). On row 1 there is no cell above, so a bomb at (1, q) moves to (1, v) for any v < q: a Nim heap of q − 1. Grundy's explanation of a bomb at (1, 5):",
  ], () => [live("bomb-row", () => explained("bomb", { kind: "board", rows: 3, cols: 6, bombs: [[1, 5]] })),
    el("p", {}, "Two bombs landing on one cell vanish: x ⊕ x = 0, so two bombs of the same cell are worth nothing in the sum, and removing them changes no outcome. Two bombs of equal value anywhere cancel the same way:"),
    live("bomb-cancel", cancelExample),
    el("p", {}, "Away from row and column 1, each option is a pair (u, v): the page's Why? box and `grundy explain bomb` list its grid of sg(u, q) ⊕ sg(p, v):"),
    live("bomb-grid", () => explained("bomb", { kind: "board", rows: 3, cols: 4, bombs: [[3, 4]] }))]],
  ["cutting", "The Cutting Game: the reduced game and strips", [
    "A cut splits one piece along a grid line; whoever cuts out a 1 × 1 piece wins. So nobody wants to leave a piece that is 1 wide or 1 high (a strip): the player to move would cut a cell off its end and win. In the reduced game no one makes a strip: a piece's options are the cuts that leave none, and its value is the mex over those. While no strip is on the table, the nim-sum of the reduced values decides; once one is, the player to move wins at once.",
  ], () => [live("cutting", () => explained("cutting", { kind: "pieces", pieces: [["2", "3"], ["3", "3"], ["4", "2"]] }, 4)),
    live("cutting-strip", () => explained("cutting", { kind: "pieces", pieces: [["1", "5"], ["3", "3"]] }, 4))]],
  ["matrix", "The Matrix Game: a row is one heap", [
    "A move picks one row and takes stones from any of its cells, at least one in all. Only the row's total matters: from a total of t you can reach any smaller total, and no larger one. So a row is a Nim heap of its total, and the position is Nim on the rows' totals:",
  ], () => [live("matrix", () => explained("matrix", { kind: "matrix", rows: [["2", "3", "8"], ["5", "2", "7"]] }, 4))]],
];

function learnView() {
  const toc = el("ol", { class: "toc" }, ...LEARN.map(([id, title]) => el("li", {}, el("a", { href: `#learn`, "data-section": id, onclick: (e) => {
    e.preventDefault();
    document.getElementById(`learn-${id}`).scrollIntoView();
  } }, title))));
  const sections = LEARN.map(([id, title, paragraphs, examples]) => el("section", { id: `learn-${id}`, class: "learn" },
    el("h3", {}, title), ...paragraphs.map((text) => el("p", {}, text)), ...examples()));
  view.replaceChildren(
    el("h2", {}, "Learn: the Sprague–Grundy theory"),
    el("p", {}, "The theory behind every answer grundy gives, from scratch. Every example on this page is computed by grundy's engine as you read it; the heaps you type are computed too. Each game page has a Why? button that explains its position the same way, and a Value moves switch."),
    toc, ...sections);
}

// ---------------------------------------------------------------- routing

let GAME_LIST = null;

async function games() {
  if (!GAME_LIST) GAME_LIST = (await api("/api/games")).games;
  return GAME_LIST;
}

async function buildNav() {
  const nav = document.getElementById("nav");
  const list = await games();
  nav.replaceChildren(
    ...list.map((info) => el("a", { href: `#play/${info.example}`, "data-view": `play/${info.name}`, "data-game": info.name }, info.title)),
    el("a", { href: "#learn", "data-view": "learn" }, "Learn"),
    el("a", { href: "#tables", "data-view": "tables" }, "Grundy tables"),
    el("a", { href: "#octal", "data-view": "octal" }, "Octal sequences"));
}

async function route() {
  const hash = decodeURIComponent((location.hash || "").slice(1));
  const tip = document.getElementById("tip");
  if (tip) tip.style.display = "none";
  const list = await games();
  const [name, ...rest] = hash.startsWith("play/") ? hash.slice(5).split(":") : [];
  const info = list.find((g) => g.name === name) || (["tables", "octal", "learn"].includes(hash) ? null : list[0]);
  const current = info ? `play/${info.name}` : hash;
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("active", a.dataset.view === current));
  if (hash === "tables") return tablesView();
  if (hash === "octal") return octalView();
  if (hash === "learn") return learnView();
  const parameter = info.parameter ? (rest.join(":") || defaultParameter(info)) : "";
  playView(info, parameter);
}

window.addEventListener("hashchange", route);
buildNav().then(route).catch((error) => {
  view.textContent = TRANSPORT === "wasm" ? `Cannot start grundy in this browser: ${error.message}` : `Cannot reach the server: ${error.message}`;
});
