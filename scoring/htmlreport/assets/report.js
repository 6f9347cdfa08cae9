// jsontui report: sorting, filtering, opening a case and the heat map's
// pointer. Everything it reads is in this file; it fetches nothing.
(function () {
  "use strict";
  var doc = document;
  function fmt(v) {
    if (v === null) return "n/a";
    if (v === 1 || v === 0) return String(v);
    var s = v.toFixed(5);
    return s === "1.00000" ? "0.99999" : s;
  }
  function signed(v) {
    if (v === null) return "";
    if (Math.abs(v) <= 1e-9) return "0";
    var s = Math.abs(v) < 0.0005 ? v.toPrecision(2) : v.toFixed(3);
    return v > 0 ? "+" + s : s;
  }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; }); }

  // Sortable HTML tables: a button in each header; numbers sort by data-v.
  function cellKey(td) {
    if (!td) return "";
    var v = td.getAttribute("data-v");
    if (v !== null) return v === "" ? -Infinity : parseFloat(v);
    return td.textContent.trim().toLowerCase();
  }
  function sortTable(table, col, th) {
    var asc = th.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = cellKey(a.cells[col]), y = cellKey(b.cells[col]);
      var c = x < y ? -1 : x > y ? 1 : 0;
      return asc ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  doc.querySelectorAll("table.sortable").forEach(function (table) {
    if (table.id === "cases") return;
    table.querySelectorAll("thead th").forEach(function (th, col) {
      var b = th.querySelector("button");
      if (b) b.addEventListener("click", function () { sortTable(table, col, th); });
    });
  });

  // Opening a case: its <details> opens, and the tree opens down to path.
  function openCase(k, path) {
    var box = doc.getElementById("case-" + k);
    if (!box) return false;
    box.open = true;
    var target = box;
    if (path) {
      box.querySelectorAll("[data-path]").forEach(function (d) {
        if (d.getAttribute("data-path") === path) target = d;
      });
      for (var el = target; el && el !== box; el = el.parentElement) {
        if (el.tagName === "DETAILS") el.open = true;
      }
    }
    box.classList.add("flash");
    setTimeout(function () { box.classList.remove("flash"); }, 1500);
    target.scrollIntoView({ block: "center" });
    var s = target.querySelector("summary");
    if (s) s.focus({ preventScroll: true });
    return true;
  }
  function fromHash() {
    var m = /^#case-(\d+)$/.exec(location.hash);
    if (m) openCase(m[1]);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
  doc.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[data-case]");
    if (!a) return;
    if (openCase(a.getAttribute("data-case"), a.getAttribute("data-path"))) {
      e.preventDefault();
      history.replaceState(null, "", "#case-" + a.getAttribute("data-case"));
    }
  });

  // The cases: every case is in #cases-data, lowest score first (the
  // table's first order); the table shows the first LIMIT that pass the
  // filters, in the chosen order. A row is [id, status, score, delta,
  // costliest path, its loss, its schema path, the case's place].
  // The data is read when first needed (a sort, a filter, the heat map
  // coming into view), so that a large page shows at once.
  var cdEl = doc.getElementById("cases-data"), heatEl = doc.getElementById("heat-data");
  var cd = null, heat = null, rowsOfHeat = {};
  function need() {
    if (cd || !cdEl) return;
    cd = JSON.parse(cdEl.textContent);
    heat = heatEl ? JSON.parse(heatEl.textContent) : null;
    if (heat) heat.paths.forEach(function (p, i) { rowsOfHeat[p] = i; });
    cd.ids = [];
    for (var q = 0; q < cd.cases.length; q++) cd.ids[cd.cases[q][7]] = cd.cases[q][0];
    performance.mark("report-data");
  }
  var order = null, render = null;
  // A heat map row is base64 of little-endian uint16s: a cell is decoded
  // when it is read, so that a large map costs nothing until drawn.
  var B64 = new Int8Array(128);
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach(function (ch, i) { B64[ch.charCodeAt(0)] = i; });
  function byteAt(s, i) {
    var g = (i / 3) | 0, o = 4 * g;
    var v = B64[s.charCodeAt(o)] << 18 | B64[s.charCodeAt(o + 1)] << 12 | B64[s.charCodeAt(o + 2)] << 6 | B64[s.charCodeAt(o + 3)];
    return v >> (16 - 8 * (i - 3 * g)) & 255;
  }
  function cellAt(r, k) { var s = heat.cells[r]; return byteAt(s, 2 * k) | byteAt(s, 2 * k + 1) << 8; }
  if (cdEl) {
    var table = doc.getElementById("cases");
    var body = table.tBodies[0];
    var count = doc.getElementById("cases-count");
    var fStatus = doc.getElementById("f-status"), fPath = doc.getElementById("f-path"), fText = doc.getElementById("f-text");
    var sortCol = 2, asc = true;
    var losesAt = function (c, path) {
      var r = rowsOfHeat[path], k = c[7];
      if (r !== undefined && k < heat.n) { var v = cellAt(r, k); return v !== 65535 && v < 10000; }
      var w = c[6];
      return w !== null && (w === path || path === "." || w.indexOf(path) === 0 && /^[.\[]/.test(w.slice(path.length)));
    };
    var sorted = function (idx) {
      if (sortCol === 2 && asc) return idx; // the data's own order
      var n = cd.cases.length, text = sortCol === 0 || sortCol === 1 || sortCol === 4;
      var keys = text ? new Array(n) : new Float64Array(n);
      for (var k = 0; k < n; k++) {
        var v = cd.cases[k][sortCol];
        keys[k] = text ? (v === null ? "" : String(v).toLowerCase()) : (v === null ? (asc ? Infinity : -Infinity) : v);
      }
      var dir = asc ? 1 : -1;
      return idx.sort(function (i, j) {
        var x = keys[i], y = keys[j];
        return x < y ? -dir : x > y ? dir : i - j;
      });
    };
    render = function () {
      need();
      var st = fStatus.value, p = fPath.value, t = fText.value.trim().toLowerCase();
      var idx = [];
      for (var k = 0; k < cd.cases.length; k++) {
        var c = cd.cases[k];
        if (st && c[1] !== st) continue;
        if (t && String(c[0]).toLowerCase().indexOf(t) < 0) continue;
        if (p && !losesAt(c, p)) continue;
        idx.push(k);
      }
      order = sorted(idx);
      var html = [], n = Math.min(order.length, cd.limit);
      for (var q = 0; q < n; q++) {
        var c2 = cd.cases[order[q]], k2 = c2[7];
        var id = cd.trees[k2] !== undefined ? '<a href="#case-' + k2 + '" data-case="' + k2 + '">' + esc(c2[0]) + "</a>" : esc(c2[0]);
        html.push("<tr><td>" + id + '</td><td class="st st-' + c2[1] + '">' + c2[1] + '</td><td class="n">' + fmt(c2[2]) +
          '</td><td class="n">' + signed(c2[3]) + "</td><td><code>" + (c2[4] === null ? "" : esc(c2[4])) + '</code></td><td class="n">' +
          (c2[4] === null ? "" : fmt(c2[5])) + "</td></tr>");
      }
      body.innerHTML = html.join("");
      count.textContent = "showing " + n.toLocaleString("en") + " of " + order.length.toLocaleString("en") + " matching cases (" + cd.cases.length.toLocaleString("en") + " in all)";
      drawHeat();
    };
    table.querySelectorAll("thead th").forEach(function (th, col) {
      var b = th.querySelector("button");
      if (!b) return;
      b.addEventListener("click", function () {
        asc = sortCol === col ? !asc : true;
        sortCol = col;
        table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", asc ? "ascending" : "descending");
        render();
      });
    });
    [fStatus, fPath].forEach(function (el) { el.addEventListener("change", render); });
    fText.addEventListener("input", render);
    doc.querySelectorAll("[data-filter-path]").forEach(function (b) {
      b.addEventListener("click", function () {
        fPath.value = b.getAttribute("data-filter-path");
        render();
        table.scrollIntoView({ block: "start" });
      });
    });
  }

  // The heat map: a row per path, a column per case in the cases' order.
  var canvas = doc.getElementById("heat"), tip = doc.getElementById("heat-tip");
  var cur = { r: 0, c: 0 }, cols = [], rowH = 8;
  function color(v) {
    if (v === 65535) return [0, 0, 0, 0];
    var s = v / 10000, r, g;
    if (s >= 1) return [46, 125, 50, 255];
    if (s < 0.5) { r = 198; g = Math.round(40 + 300 * s); } else { r = Math.round(198 - 160 * (s - 0.5) * 2); g = 190; }
    return [r, g, 40, 255];
  }
  var drawn = 0;
  function drawHeat() {
    need();
    if (!canvas || !heat) return;
    if (!order) {
      order = new Array(cd.cases.length);
      for (var q = 0; q < order.length; q++) order[q] = q;
    }
    cols = [];
    for (var i = 0; i < order.length; i++) {
      var kk = cd.cases[order[i]][7];
      if (kk < heat.n) cols.push(kk);
    }
    var rows = heat.paths.length;
    rowH = Math.max(3, Math.min(16, Math.floor(480 / Math.max(1, rows))));
    doc.querySelectorAll("#heat-rows li").forEach(function (li) {
      li.style.height = rowH + "px";
      li.style.fontSize = rowH >= 10 ? "" : "0";
    });
    var w = Math.max(1, Math.min(cols.length, canvas.clientWidth || 800));
    canvas.width = w;
    canvas.height = rows * rowH;
    canvas.style.height = rows * rowH + "px";
    if (!cols.length) return;
    var ctx = canvas.getContext("2d"), img = ctx.createImageData(w, rows * rowH), px = img.data;
    for (var r = 0; r < rows; r++) {
      for (var x = 0; x < w; x++) {
        var k = cols[Math.floor(x * cols.length / w)], c = color(cellAt(r, k));
        for (var y = r * rowH; y < (r + 1) * rowH - (rowH > 4 ? 1 : 0); y++) {
          var o = (y * w + x) * 4;
          px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = c[3];
        }
      }
    }
    ctx.putImageData(img, 0, 0);
    canvas.setAttribute("data-drawn", ++drawn);
    performance.mark("report-heat");
    name();
  }
  function name() {
    if (!cols.length) { tip.textContent = "no case to show"; return; }
    cur.r = Math.max(0, Math.min(heat.paths.length - 1, cur.r));
    cur.c = Math.max(0, Math.min(cols.length - 1, cur.c));
    var k = cols[cur.c], v = cellAt(cur.r, k);
    tip.textContent = "case " + cd.ids[k] + " · " + heat.paths[cur.r] + " · score " +
      (v === 65535 ? "none (no node there)" : (v / 10000).toFixed(4)) + (cd.trees[k] !== undefined ? " · enter or click opens it" : "");
  }
  function at(e) {
    var b = canvas.getBoundingClientRect();
    cur.c = Math.floor((e.clientX - b.left) / b.width * cols.length);
    cur.r = Math.floor((e.clientY - b.top) / rowH);
    name();
  }
  if (canvas && heatEl && cdEl) {
    canvas.addEventListener("mousemove", at);
    canvas.addEventListener("click", function (e) { at(e); openCase(cols[cur.c], heat.paths[cur.r]); });
    canvas.addEventListener("keydown", function (e) {
      var d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
      if (d) { cur.r += d[0]; cur.c += d[1]; name(); e.preventDefault(); }
      if (e.key === "Enter") openCase(cols[cur.c], heat.paths[cur.r]);
    });
    window.addEventListener("resize", function () { if (drawn) drawHeat(); });
    // The table holds the first rows already, lowest first, as the data
    // is: the map is drawn when it comes into view.
    if (window.IntersectionObserver) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) {
          seen.disconnect();
          if (!drawn) drawHeat();
        }
      });
      seen.observe(canvas);
    } else {
      drawHeat();
    }
    tip.textContent = "The heat map is drawn when it comes into view.";
  }
  doc.documentElement.classList.add("js");
})();
