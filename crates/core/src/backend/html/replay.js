"use strict";
(function () {
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var season = data.s;
  var games = data.g.map(function (g, k) {
    var section = document.getElementById("g" + (k + 1));
    return {
      d: g,
      section: section,
      board: section.querySelector("svg.board"),
      now: section.querySelector(".now"),
      comment: section.querySelector(".comment"),
      links: section.querySelectorAll(".moves a"),
      at: g.n
    };
  });
  var current = 0;

  // Each line: its template's number, then the numbers that fill the template's gaps.
  var lines = data.L.map(function (entry) {
    var parts = entry.split(" ");
    var pieces = data.T[parseInt(parts[0], 36)].split("\u0001");
    var out = pieces[0];
    for (var i = 1; i < pieces.length; i++) out += parts[i] + pieces[i];
    return out;
  });

  // A position's drawing: its lines, runs written "a-b", numbers in base 36.
  function drawing(code) {
    var out = [];
    code.split(" ").forEach(function (token) {
      var ends = token.split("-");
      var from = parseInt(ends[0], 36);
      var to = ends.length > 1 ? parseInt(ends[1], 36) : from;
      for (var i = from; i <= to; i++) out.push(lines[i]);
    });
    return out.join("\n");
  }

  function fragment(k, n) {
    return season ? "#g" + (k + 1) + "-" + n : "#" + n;
  }

  function show(k, n) {
    var game = games[k];
    var last = game.d.f.length - 1;
    n = Math.max(0, Math.min(last, n));
    if (season) {
      games.forEach(function (g, j) { g.section.hidden = j !== k; });
    }
    current = k;
    if (game.at !== n || !game.drawn) {
      game.board.innerHTML = drawing(game.d.f[n]);
      var boxes = game.d.v;
      game.board.setAttribute("viewBox", boxes.length > 1 ? boxes[n] : boxes[0]);
      game.now.textContent = game.d.a[n];
      game.comment.textContent = game.d.c[n];
      game.links.forEach(function (a, i) {
        if (i + 1 === n) a.setAttribute("aria-current", "step");
        else a.removeAttribute("aria-current");
      });
      game.at = n;
      game.drawn = true;
    }
    if (location.hash !== fragment(k, n)) history.replaceState(null, "", fragment(k, n));
  }

  function step(by) {
    show(current, games[current].at + by);
  }

  // "#12", or on a season's page "#g3-12" and "#g3"; anything else opens where the game does
  // (a fragment that is no escaped text, such as "#%", too: decoding it would throw).
  function fromFragment() {
    var name;
    try {
      name = decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      name = "";
    }
    var m = season ? /^g(\d+)(?:-(\d+))?$/.exec(name) : /^()(\d+)$/.exec(name);
    var k = m && season ? parseInt(m[1], 10) - 1 : 0;
    if (!m || k < 0 || k >= games.length) k = season ? current : 0;
    var n = m && m[2] !== undefined ? parseInt(m[2], 10) : games[k].d.n;
    if (!m) n = games[k].d.n;
    show(k, n);
  }

  var keys = { ArrowLeft: -1, ArrowRight: 1, PageUp: -10, PageDown: 10 };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key in keys) step(keys[e.key]);
    else if (e.key === "Home") show(current, 0);
    else if (e.key === "End") show(current, Infinity);
    else return;
    e.preventDefault();
  });

  games.forEach(function (game, k) {
    var pending = 0;
    game.board.addEventListener("wheel", function (e) {
      e.preventDefault();
      // A notch of a mouse wheel is one move; a touchpad's stream of small deltas
      // a move every 50 pixels.
      pending += e.deltaMode === 0 ? e.deltaY : e.deltaY * 50;
      if (Math.abs(pending) < 50) return;
      var by = pending > 0 ? 1 : -1;
      pending = 0;
      current = k;
      step(by);
    }, { passive: false });
    game.section.querySelectorAll("button[data-step]").forEach(function (button) {
      button.addEventListener("click", function () {
        current = k;
        var s = button.getAttribute("data-step");
        if (s === "first") show(k, 0);
        else if (s === "last") show(k, Infinity);
        else step(s === "back" ? -1 : 1);
      });
    });
  });

  window.addEventListener("hashchange", fromFragment);
  fromFragment();
})();
