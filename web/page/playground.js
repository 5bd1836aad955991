"use strict";
// The playground: the record is checked and drawn by sheetgen's core, compiled to
// WebAssembly and inlined in this page (gzip, then base64). The core's interface is
// web/src/exports.rs: arguments go in buffers the module allocates, results come back
// from its output buffer.
(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    output: document.querySelector(".output"),
    sources: document.querySelectorAll("input[name=source]"),
    loading: $("loading"),
    example: $("example"),
    format: $("format"),
    fileName: $("file-name"),
    recordBox: $("record-box"),
    record: $("record"),
    gutter: $("gutter"),
    marks: $("marks"),
    positionBox: $("position-box"),
    game: $("game"),
    position: $("position"),
    positionExample: $("position-example"),
    whichRow: $("which-row"),
    which: $("which"),
    at: $("at"),
    slider: $("at-slider"),
    width: $("width"),
    theme: $("theme"),
    lang: $("lang"),
    flip: $("flip"),
    command: $("command"),
    problems: $("problems"),
    outcome: $("outcome"),
    figureBox: $("figure-box"),
    figure: $("figure"),
    stale: $("stale"),
    download: $("download"),
  };
  const examples = JSON.parse($("examples").textContent);
  // A start position of each game, for the position box's example.
  const starts = {
    shoreline: "5/5/5/2w2/b1bw1 b",
    towers: "8/8/8/8/8/5b2/6w1/7b w",
    loa: "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let module = null;
  let instance = null;
  let figureUrl = null;
  let timer = 0;
  // The last texts shown, so that an unchanged report is not announced again.
  let shownProblems = "";
  let shownOutcome = "";

  async function start() {
    const base64 = $("core").textContent.trim();
    const binary = atob(base64);
    const gzipped = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) gzipped[i] = binary.charCodeAt(i);
    const stream = new Blob([gzipped]).stream().pipeThrough(new DecompressionStream("gzip"));
    module = await WebAssembly.compile(await new Response(stream).arrayBuffer());
    instance = await WebAssembly.instantiate(module, {});
  }

  // Calls the core's `fn` with the record's name, its text and a request object; gives
  // { ok, bytes }: the result, or the error's words as bytes.
  function call(fn, name, text, request) {
    if (!instance) return { ok: false, bytes: encoder.encode("error: sheetgen is starting again") };
    const core = instance.exports;
    try {
      const args = [];
      for (const value of [name, text, JSON.stringify(request)]) {
        const bytes = encoder.encode(value);
        const at = core.sheetgen_alloc(bytes.length) >>> 0;
        // Read the memory after each allocation: growing it replaces its buffer.
        new Uint8Array(core.memory.buffer, at, bytes.length).set(bytes);
        args.push(at, bytes.length);
      }
      const status = core[fn](...args);
      const at = core.sheetgen_output_ptr() >>> 0;
      const length = core.sheetgen_output_len() >>> 0;
      return { ok: status === 0, bytes: new Uint8Array(core.memory.buffer, at, length).slice() };
    } catch (e) {
      // The core stopped (a bug in sheetgen): a new instance for the next call, as the
      // old one's memory is left as it stood.
      instance = null;
      WebAssembly.instantiate(module, {}).then((fresh) => {
        instance = fresh;
      });
      return { ok: false, bytes: encoder.encode(`error: sheetgen stopped on this input (${e.message}); please report it`) };
    }
  }

  const source = () => document.querySelector("input[name=source]:checked").value;

  // Redraws after `delay` ms without a change; the figure is marked busy until then.
  function schedule(delay) {
    clearTimeout(timer);
    ui.output.setAttribute("aria-busy", "true");
    timer = setTimeout(update, delay);
  }

  // The request's options the form gives, as `render` takes them.
  function figureOptions(request, game) {
    const at = ui.at.value.trim();
    if (at) request.at = at;
    const width = ui.width.value.trim();
    if (width) request.width = width;
    request.theme = ui.theme.value;
    if (game === "lines-of-action" && ui.flip.checked) request.options = { flip: true };
    return request;
  }

  function update() {
    if (!instance) {
      // Starting again after a stop: the next change redraws, or this one shortly.
      schedule(100);
      return;
    }
    redraw();
    ui.output.setAttribute("aria-busy", "false");
  }

  function redraw() {
    const positioned = source() === "position";
    const name = positioned ? "record" : ui.format.value;
    const text = positioned ? "" : ui.record.value;
    const base = { lang: ui.lang.value };
    if (positioned) base.position = { game: ui.game.value, text: ui.position.value };
    const checked = call("sheetgen_check", name, text, base);
    if (!checked.ok) {
      show([{ text: decoder.decode(checked.bytes) }], [], null);
      return;
    }
    const report = JSON.parse(decoder.decode(checked.bytes));
    const games = report.games;
    chooseGame(games, positioned);
    const k = positioned ? 1 : Number(ui.which.value || 1);
    const drawn = games.find((g) => g.index === k && g.ok) || null;
    const problems = games
      .filter((g) => !g.ok)
      .map((g) => ({ text: g.heading + "\n" + g.message, line: positioned ? null : g.line, column: g.column }));
    const outcomes = games.filter((g) => g.ok).map((g) => ({ text: g.heading, drawn: g === drawn }));
    ui.flip.disabled = !(drawn && drawn.game === "lines-of-action");
    if (drawn) {
      ui.slider.max = String(drawn.moves);
      const count = /^\d+$/.test(ui.at.value.trim()) ? Number(ui.at.value.trim()) : drawn.moves;
      ui.slider.value = String(Math.min(count, drawn.moves));
    }
    const request = { ...base };
    if (!positioned && games.length > 1) request.game = k;
    figureOptions(request, drawn && drawn.game);
    describe(name, request, positioned);
    if (!drawn) {
      show(problems, outcomes, null);
      return;
    }
    const figure = call("sheetgen_render", name, text, request);
    if (!figure.ok) {
      problems.push({ text: decoder.decode(figure.bytes) });
      show(problems, outcomes, null);
      return;
    }
    show(problems, outcomes, { bytes: figure.bytes, request, positioned, drawn });
  }

  // The record's games in the picker, when it holds more than one.
  function chooseGame(games, positioned) {
    const indexed = games.filter((g) => g.index !== null);
    ui.whichRow.hidden = positioned || indexed.length < 2;
    const wanted = ui.which.value || "1";
    const labels = indexed.map((g) => `${g.index}: ${g.ok ? g.game : "invalid"}`);
    const current = Array.from(ui.which.options).map((o) => o.textContent);
    if (labels.join("\n") !== current.join("\n")) {
      ui.which.replaceChildren(
        ...indexed.map((g, i) => {
          const option = document.createElement("option");
          option.value = String(g.index);
          option.textContent = labels[i];
          return option;
        }),
      );
      ui.which.value = indexed.some((g) => String(g.index) === wanted) ? wanted : "1";
    }
  }

  // The command line that draws the same figure.
  function describe(name, request, positioned) {
    const words = ["sheetgen", "render"];
    if (positioned) words.push("--game", request.position.game, "--position", quoted(request.position.text));
    else words.push(quoted(name));
    if (request.game) words.push("--game", String(request.game));
    if (request.at) words.push("--at", quoted(request.at));
    if (request.width) words.push("--width", quoted(request.width));
    if (request.theme !== "color") words.push("--theme", request.theme);
    if (request.lang !== "en") words.push("--lang", request.lang);
    if (request.options) words.push("--flip");
    ui.command.textContent = words.join(" ");
  }

  // A word for a POSIX shell: as it is when plain, else in single quotes.
  function quoted(word) {
    return /^[A-Za-z0-9_./:=-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
  }

  function show(problems, outcomes, figure) {
    const problemText = problems.map((p) => p.text).join("\n");
    if (problemText !== shownProblems) {
      shownProblems = problemText;
      ui.problems.replaceChildren(...problems.map(problemBlock));
    }
    const outcomeText = outcomes.map((o) => (o.drawn ? "*" : "") + o.text).join("\n");
    if (outcomeText !== shownOutcome) {
      shownOutcome = outcomeText;
      ui.outcome.replaceChildren(
        ...outcomes.map((o) => {
          const p = document.createElement("p");
          p.textContent = o.text;
          if (o.drawn) p.className = "drawn";
          return p;
        }),
      );
    }
    markLines(problems.map((p) => p.line).filter((line) => line));
    const invalid = problems.length > 0;
    ui.record.setAttribute("aria-invalid", String(invalid && source() === "record"));
    ui.position.setAttribute("aria-invalid", String(invalid && source() === "position"));
    if (!figure) {
      // The last figure stays, dimmed, until the record can be drawn again.
      ui.figureBox.classList.toggle("stale", !ui.figure.hidden);
      ui.stale.hidden = ui.figure.hidden;
      ui.download.hidden = true;
      ui.download.removeAttribute("href");
      return;
    }
    const url = URL.createObjectURL(new Blob([figure.bytes], { type: "image/svg+xml" }));
    if (figureUrl) URL.revokeObjectURL(figureUrl);
    figureUrl = url;
    ui.figure.src = url;
    ui.figure.alt = altText(figure);
    ui.figure.hidden = false;
    ui.figureBox.classList.remove("stale");
    ui.stale.hidden = true;
    ui.download.href = url;
    ui.download.download = fileName(figure);
    ui.download.hidden = false;
  }

  function problemBlock(problem) {
    const box = document.createElement("div");
    const pre = document.createElement("pre");
    pre.className = "report";
    pre.append(...reportLines(problem.text));
    box.append(pre);
    if (problem.line) {
      const go = document.createElement("button");
      go.type = "button";
      go.textContent = problem.column
        ? `Go to line ${problem.line}, column ${problem.column}`
        : `Go to line ${problem.line}`;
      go.addEventListener("click", () => goTo(problem.line, problem.column || 1));
      box.append(go);
    }
    return box;
  }

  // A report's lines in runs: its words wrap on a narrow screen, while the quoted record
  // line and the marks under it keep their columns and scroll sideways in their box.
  function reportLines(text) {
    const runs = [];
    for (const line of text.split("\n")) {
      const kind = /^ *(-->|\d* *\|)/.test(line) ? "source" : "words";
      const last = runs[runs.length - 1];
      if (last && last.kind === kind) last.lines.push(line);
      else runs.push({ kind, lines: [line] });
    }
    return runs.map((run, i) => {
      const span = document.createElement("span");
      span.className = run.kind;
      span.textContent = run.lines.join("\n") + (i < runs.length - 1 ? "\n" : "");
      return span;
    });
  }

  function altText(figure) {
    const { request, positioned, drawn } = figure;
    const what = positioned ? `The ${request.position.game} position` : `Game ${drawn.index} of the record`;
    const when = request.at ? `, after ${request.at}` : positioned ? "" : ", at the end";
    return `${what}${when}, as sheetgen draws it`;
  }

  function fileName(figure) {
    const { request, positioned } = figure;
    const stem = positioned ? "position" : ui.format.value.replace(/\.[a-z]+$/, "");
    const parts = [stem];
    if (request.game) parts.push("game" + request.game);
    if (request.at) parts.push(request.at.replace(/[^0-9]/g, "") + (request.at.endsWith("...") ? "w" : request.at.endsWith(".") ? "b" : ""));
    return parts.join("-") + ".svg";
  }

  // The editor's line numbers, its height (it grows with the record, so that the marks
  // under its lines never need to follow a scroll) and the marks under wrong lines.
  let lineCount = -1;
  let marked = "";
  function layoutEditor() {
    const lines = ui.record.value.split("\n").length;
    if (lines === lineCount) return;
    lineCount = lines;
    ui.record.rows = Math.max(12, lines + 1);
    marked = null;
    markLines(currentMarks);
  }

  let currentMarks = [];
  function markLines(lines) {
    currentMarks = lines;
    const key = lines.join(",");
    if (key === marked) return;
    marked = key;
    const bad = new Set(lines);
    const numbers = [];
    for (let i = 1; i <= lineCount; i++) {
      const span = document.createElement("span");
      span.textContent = String(i);
      if (bad.has(i)) span.className = "bad";
      numbers.push(span, "\n");
    }
    ui.gutter.replaceChildren(...numbers);
    const style = getComputedStyle(ui.record);
    const height = parseFloat(style.lineHeight);
    const top = parseFloat(style.paddingTop);
    ui.marks.replaceChildren(
      ...[...bad].map((line) => {
        const band = document.createElement("div");
        band.style.top = `${top + (line - 1) * height}px`;
        band.style.height = `${height}px`;
        band.dataset.line = String(line);
        return band;
      }),
    );
  }

  // Puts the caret at `line`:`column` (columns count characters, as sheetgen's do).
  function goTo(line, column) {
    const text = ui.record.value;
    let i = 0;
    for (let l = 1; l < line; l++) {
      const next = text.indexOf("\n", i);
      if (next < 0) break;
      i = next + 1;
    }
    for (let c = 1; c < column && i < text.length && text[i] !== "\n"; c++) {
      i += text.codePointAt(i) > 0xffff ? 2 : 1;
    }
    ui.record.focus({ preventScroll: true });
    ui.record.setSelectionRange(i, i);
    const band = ui.marks.querySelector(`[data-line="${line}"]`);
    (band || ui.record).scrollIntoView({ block: "center" });
  }

  function setSource() {
    const positioned = source() === "position";
    ui.recordBox.hidden = positioned;
    ui.positionBox.hidden = !positioned;
    schedule(0);
  }

  function setGame() {
    ui.positionExample.textContent = starts[ui.game.value];
    ui.position.placeholder = starts[ui.game.value];
    schedule(0);
  }

  function load(k) {
    ui.record.value = examples[k].text;
    ui.format.value = "record";
    ui.fileName.textContent = "record";
    layoutEditor();
    schedule(0);
  }

  ui.record.addEventListener("input", () => {
    ui.example.value = "";
    layoutEditor();
    schedule(150);
  });
  ui.position.addEventListener("input", () => schedule(150));
  for (const el of [ui.at, ui.width]) el.addEventListener("input", () => schedule(150));
  for (const el of [ui.theme, ui.lang, ui.flip, ui.which]) el.addEventListener("change", () => schedule(0));
  for (const radio of ui.sources) radio.addEventListener("change", setSource);
  ui.game.addEventListener("change", setGame);
  ui.format.addEventListener("change", () => {
    ui.fileName.textContent = ui.format.value;
    schedule(0);
  });
  ui.example.addEventListener("change", () => {
    if (ui.example.value !== "") load(Number(ui.example.value));
  });
  ui.slider.addEventListener("input", () => {
    ui.at.value = ui.slider.value;
    schedule(0);
  });

  start().then(
    () => {
      ui.loading.hidden = true;
      setGame();
      setSource();
      // A record the browser kept from before a reload stays.
      if (ui.record.value === "" && examples.length > 0) load(0);
      else layoutEditor();
    },
    (e) => {
      ui.loading.textContent = `This browser cannot run sheetgen here: ${e.message}`;
    },
  );
})();
