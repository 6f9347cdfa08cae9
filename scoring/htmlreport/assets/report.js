// jsontui report: sorting, filtering, opening a case and the heat map's
// pointer. Everything it reads is in this file; it fetches nothing.
(function () {
  "use strict";
  var doc = document;
  function data(id) {
    var el = doc.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }
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

  // The cases: every case is in #cases-data; the table shows the first
  // LIMIT that pass the filters, in the chosen order.
  var cd = data("cases-data");
  var heat = data("heat-data");
  var order = null;
  if (cd) {
    var table = doc.getElementById("cases");
    var body = table.tBodies[0];
    var count = doc.getElementById("cases-count");
    var fStatus = doc.getElementById("f-status"), fPath = doc.getElementById("f-path"), fText = doc.getElementById("f-text");
    var sortCol = 2, asc = true;
    var rowsOfHeat = {};
    if (heat) heat.paths.forEach(function (p, i) { rowsOfHeat[p] = i; });
    var heatRows = heat ? heat.cells.map(function (b64) {
      var bin = atob(b64), a = new Uint16Array(bin.length / 2);
      for (var i = 0; i < a.length; i++) a[i] = bin.charCodeAt(2 * i) | bin.charCodeAt(2 * i + 1) << 8;
      return a;
    }) : [];
    var losesAt = function (c, k, path) {
      var r = rowsOfHeat[path];
      if (r !== undefined && k < heat.n) { var v = heatRows[r][k]; return v !== 65535 && v < 10000; }
      var w = c[6];
      return w !== null && (w === path || path === "." || w.indexOf(path) === 0 && /^[.\[]/.test(w.slice(path.length)));
    };
    var key = function (c, col) {
      var v = c[col];
      if (col === 1 || col === 0 || col === 4) return v === null ? "" : String(v).toLowerCase();
      return v === null ? (asc ? Infinity : -Infinity) : v;
    };
    var render = function () {
      var st = fStatus.value, p = fPath.value, t = fText.value.trim().toLowerCase();
      var idx = [];
      for (var k = 0; k < cd.cases.length; k++) {
        var c = cd.cases[k];
        if (st && c[1] !== st) continue;
        if (t && String(c[0]).toLowerCase().indexOf(t) < 0) continue;
        if (p && !losesAt(c, k, p)) continue;
        idx.push(k);
      }
      idx.sort(function (i, j) {
        var x = key(cd.cases[i], sortCol), y = key(cd.cases[j], sortCol);
        var r = x < y ? -1 : x > y ? 1 : i - j;
        return asc || x === y ? r : -r;
      });
      order = idx;
      var html = [], n = Math.min(idx.length, cd.limit);
      for (var q = 0; q < n; q++) {
        var k2 = idx[q], c2 = cd.cases[k2], tree = cd.trees[k2];
        var id = tree !== undefined ? '<a href="#case-' + k2 + '" data-case="' + k2 + '">' + esc(c2[0]) + "</a>" : esc(c2[0]);
        html.push("<tr><td>" + id + '</td><td class="st st-' + c2[1] + '">' + c2[1] + '</td><td class="n">' + fmt(c2[2]) +
          '</td><td class="n">' + signed(c2[3]) + "</td><td><code>" + (c2[4] === null ? "" : esc(c2[4])) + '</code></td><td class="n">' +
          (c2[4] === null ? "" : fmt(c2[5])) + "</td></tr>");
      }
      body.innerHTML = html.join("");
      count.textContent = "showing " + n.toLocaleString("en") + " of " + idx.length.toLocaleString("en") + " matching cases (" + cd.cases.length.toLocaleString("en") + " in all)";
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
  function drawHeat() {
    if (!canvas || !heat) return;
    cols = (order || cd.cases.map(function (_, k) { return k; })).filter(function (k) { return k < heat.n; });
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
      var a = heatRows[r];
      for (var x = 0; x < w; x++) {
        var k = cols[Math.floor(x * cols.length / w)], c = color(a[k]);
        for (var y = r * rowH; y < (r + 1) * rowH - (rowH > 4 ? 1 : 0); y++) {
          var o = (y * w + x) * 4;
          px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = c[3];
        }
      }
    }
    ctx.putImageData(img, 0, 0);
    name();
  }
  function name() {
    if (!cols.length) { tip.textContent = "no case to show"; return; }
    cur.r = Math.max(0, Math.min(heat.paths.length - 1, cur.r));
    cur.c = Math.max(0, Math.min(cols.length - 1, cur.c));
    var k = cols[cur.c], v = heatRows[cur.r][k];
    tip.textContent = "case " + cd.cases[k][0] + " · " + heat.paths[cur.r] + " · score " +
      (v === 65535 ? "none (no node there)" : (v / 10000).toFixed(4)) + (cd.trees[k] !== undefined ? " · enter or click opens it" : "");
  }
  function at(e) {
    var b = canvas.getBoundingClientRect();
    cur.c = Math.floor((e.clientX - b.left) / b.width * cols.length);
    cur.r = Math.floor((e.clientY - b.top) / rowH);
    name();
  }
  if (canvas && heat && cd) {
    canvas.addEventListener("mousemove", at);
    canvas.addEventListener("click", function (e) { at(e); openCase(cols[cur.c], heat.paths[cur.r]); });
    canvas.addEventListener("keydown", function (e) {
      var d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
      if (d) { cur.r += d[0]; cur.c += d[1]; name(); e.preventDefault(); }
      if (e.key === "Enter") openCase(cols[cur.c], heat.paths[cur.r]);
    });
    window.addEventListener("resize", drawHeat);
  }
  if (cd) render();
  doc.documentElement.classList.add("js");
})();
