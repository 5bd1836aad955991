// The playground page (scripts/playground.sh) in a real browser (Debian's chromium through
// playwright-core), run by .ci/run from the repository's root:
//
//   node scripts/browser/playground-test.js target/debug/sheetgen PAGE OUT_DIR
//
// The page is opened from file:// with the network off. Records of each game (YAML, SGF,
// move text, a file of several games, positions) are pasted and drawn with options; the
// downloaded SVG must be `sheetgen render record --format svg`'s bytes with the same
// options, and the outcome lines `sheetgen check record`'s. Illegal records must show
// check's report, with its line and column, in [role=alert], and mark the line in the
// editor. Nothing scrolls sideways at 320 px, the controls are labelled and reached by Tab,
// no request leaves the page and the policy blocks nothing (and does block a changed
// script). Screenshots go to OUT_DIR.
"use strict";
const { chromium } = require("playwright-core");
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const [sheetgenArg, pageArg, outArg] = process.argv.slice(2);
if (!sheetgenArg || !pageArg || !outArg) throw new Error("usage: playground-test.js SHEETGEN PAGE OUT_DIR");
const sheetgen = path.resolve(sheetgenArg);
const pageFile = path.resolve(pageArg);
const out = path.resolve(outArg);
const root = path.resolve(__dirname, "../..");
fs.mkdirSync(out, { recursive: true });
// The command line reads the same text from a file of the page's name, here.
const work = fs.mkdtempSync(path.join(out, "cli-"));
const MOST_BYTES = 2_500_000;

let failures = 0;
let checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.log("FAIL " + what);
  }
}

// sheetgen ARGS, with `text` in the file `name` (when given), run where that file is.
function cli(args, text, name = "record") {
  if (text !== null) fs.writeFileSync(path.join(work, name), text);
  const run = spawnSync(sheetgen, args, { cwd: work, maxBuffer: 64 << 20 });
  if (run.error) throw run.error;
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.toString() };
}

// `render`'s arguments for the page's options.
function renderArgs(options) {
  const args = [];
  if (options.which) args.push("--game", String(options.which));
  if (options.at) args.push("--at", options.at);
  if (options.width) args.push("--width", options.width);
  if (options.theme) args.push("--theme", options.theme);
  if (options.lang) args.push("--lang", options.lang);
  if (options.flip) args.push("--flip");
  return args;
}

// check's report split in its games' parts, the count line left out: the valid games'
// lines and the invalid games' reports.
function reportParts(stdout) {
  const lines = stdout.toString().replace(/\n$/, "").split("\n");
  lines.pop();
  const parts = [];
  for (const line of lines) {
    if (/^(record\S*|--position)( #\d+)?: (ok|invalid)/.test(line)) parts.push(line);
    else parts[parts.length - 1] += "\n" + line;
  }
  return {
    valid: parts.filter((p) => / #\d+: ok, /.test(p)),
    invalid: parts.filter((p) => !/ #\d+: ok, /.test(p)),
  };
}

// Waits until `fn(arg)` is true in the page, asking through page.evaluate: the page's
// Content-Security-Policy forbids eval, which waitForFunction may compile its predicate with.
async function until(page, fn, arg, timeout = 5000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await page.evaluate(fn, arg)) return true;
    await page.waitForTimeout(10);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
}

// Until the page has drawn what it was last given (it is busy from a change to its redraw).
const settled = (page) => until(page, () => document.querySelector(".output").getAttribute("aria-busy") === "false");

async function open(context, width, url, name) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width > 600 ? 900 : 640 });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${name}: console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
  // The page's own file and the blobs it makes of its figures are all it may ask for.
  page.on("request", (r) => {
    const u = r.url();
    if (!(u.split("#")[0] === url.split("#")[0] || u.startsWith("blob:"))) problems.push(`${name}: requested ${u}`);
  });
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective));
  });
  await page.goto(url);
  return { page, problems };
}

async function finish(page, problems, name) {
  const violations = await page.evaluate(() => window.violations);
  check(violations.length === 0, `${name}: policy violations ${violations}`);
  for (const p of problems) check(false, p);
  await page.close();
}

// Pastes `text` over the record: everything selected, the text inserted as a paste does.
async function paste(page, text) {
  await page.click("#record");
  await page.keyboard.press("Control+A");
  if (text === "") await page.keyboard.press("Delete");
  else await page.keyboard.insertText(text);
}

async function setOptions(page, options) {
  await page.fill("#at", options.at || "");
  await page.fill("#width", options.width || "");
  await page.selectOption("#theme", options.theme || "color");
  await page.selectOption("#lang", options.lang || "en");
  await page.setChecked("#flip", Boolean(options.flip));
  if (options.which) await page.selectOption("#which", String(options.which));
}

async function shown(page) {
  return page.evaluate(() => ({
    problems: Array.from(document.querySelectorAll("[role=alert] pre.report")).map((p) => p.textContent),
    outcomes: Array.from(document.querySelectorAll("#outcome p")).map((p) => p.textContent),
    downloadable: !document.getElementById("download").hidden,
    bad: Array.from(document.querySelectorAll("#gutter .bad")).map((s) => Number(s.textContent)),
    bands: Array.from(document.querySelectorAll("#marks [data-line]")).map((b) => Number(b.dataset.line)),
    // Each band stands behind its line: level with the line's number in the gutter.
    misplaced: Array.from(document.querySelectorAll("#marks [data-line]"))
      .filter((band) => {
        const number = Array.from(document.querySelectorAll("#gutter span")).find((n) => n.textContent === band.dataset.line);
        return !number || Math.abs(number.getBoundingClientRect().top - band.getBoundingClientRect().top) > 2;
      })
      .map((band) => Number(band.dataset.line)),
    invalid: document.getElementById("record").getAttribute("aria-invalid"),
    alt: document.getElementById("figure").alt,
    scrollWidth: document.scrollingElement.scrollWidth,
    width: innerWidth,
  }));
}

async function downloaded(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  return fs.readFileSync(await download.path());
}

// The figure and the outcome of the record on the page, against the command line's.
// A record with invalid games shows their reports beside the figure of a valid one.
async function compareFigure(page, tag, args, checkArgs, text, withProblems = false) {
  const want = cli(["render", ...args, "--format", "svg"], text);
  check(want.status === 0, `${tag}: sheetgen render failed: ${want.stderr}`);
  const s = await shown(page);
  check(withProblems || s.problems.length === 0, `${tag}: problems shown: ${s.problems.join("\n")}`);
  check(s.downloadable, `${tag}: no download link`);
  check(s.alt.length > 0, `${tag}: the figure has no text alternative`);
  if (!s.downloadable) return;
  const svg = await downloaded(page);
  check(svg.equals(want.stdout), `${tag}: the downloaded SVG (${svg.length} bytes) is not render's (${want.stdout.length} bytes)`);
  const report = cli(["check", ...checkArgs], null);
  const parts = reportParts(report.stdout);
  check(
    JSON.stringify(s.outcomes) === JSON.stringify(parts.valid),
    `${tag}: outcome ${JSON.stringify(s.outcomes)}, check says ${JSON.stringify(parts.valid)}`,
  );
}

const read = (file) => fs.readFileSync(path.join(root, file), "utf8");

// One record of each game, in each of the forms `check` reads, with options.
const figures = [
  { file: "examples/loa-connection.yaml", options: {} },
  { file: "examples/loa-connection.yaml", options: { at: "12", width: "60mm", theme: "print", lang: "de", flip: true } },
  { file: "examples/loa-connection.yaml", options: { at: "6...", theme: "colorblind", lang: "fr" } },
  { file: "examples/shoreline-evening.yaml", options: {} },
  { file: "examples/shoreline-evening.yaml", options: { which: 3, at: "9", lang: "zh" } },
  { file: "examples/towers-complete.yaml", options: {} },
  { file: "examples/towers-example.yaml", options: { at: "5.", width: "2.5in", theme: "print", lang: "de" } },
  { file: "examples/loa-club-game.sgf", options: { at: "20" } },
  { file: "examples/loa-winands-E1.txt", options: { flip: true } },
];

// Records that break a rule or are no record: the page must say what `check` says.
const loa = read("examples/loa-connection.yaml");
const evening = read("examples/shoreline-evening.yaml");
const illegal = [
  { name: "a full Shoreline column", text: "game: shoreline\nmoves: [A, A, A, A, A, A, A]\n", token: "A" },
  { name: "a Lines of Action move too long", text: loa.replace("f1-f3", "f1-f5"), token: "f1-f5" },
  { name: "the same, in German", text: loa.replace("f1-f3", "f1-f5"), token: "f1-f5", lang: "de" },
  { name: "a tab in Towers' YAML", text: "game: towers\nturns:\n  - reveal: { black: 1, white: 4 }\n\tblack: [+]\n", token: "\t" },
  { name: "an SGF move too long", text: read("examples/loa-club-game.sgf").replace("B[b1-b3]", "B[b1-b5]"), token: "b1-b5" },
  { name: "move text", text: "1. b1-b3 h3-e3 2. b8-b6 h5-h5\n", token: "h5-h5" },
  // Columns count characters: an emoji is two UTF-16 units in the page's text.
  { name: "a line with wide characters", text: '{game: shoreline, title: "😀 岸棋", moves: [A, A, A, A, A, A, A]}\n', token: "A, A]}" },
  { name: "an unknown game", text: "game: chess\nmoves: [e4]\n", token: "chess" },
  { name: "an empty record", text: "" },
  // Game 2 of four is broken: the others are still valid, and game 1 is still drawn.
  { name: "one bad game of an evening", text: evening.replace("moves: [C, D, C2,", "moves: [C, D, C4,"), token: "C4", drawn: true },
];

const positions = [
  { game: "loa", text: "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", options: { width: "50mm" } },
  { game: "shoreline", text: "5/5/5/2w2/b1bw1 b", options: { theme: "print" } },
  { game: "towers", text: "8/8/8/8/8/5b2/6w1/7b w", options: { lang: "fr" } },
];

// Where in `text` line `line`, column `column` (columns count characters) starts.
function offsetOf(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let l = 1; l < line; l++) offset += lines[l - 1].length + 1;
  return offset + Array.from(lines[line - 1]).slice(0, column - 1).join("").length;
}

async function figuresAndErrors(context) {
  const url = "file://" + pageFile;
  const tag0 = "playground at 1280px";
  const { page, problems } = await open(context, 1280, url, tag0);
  await settled(page);
  // It opens with its first example drawn.
  await compareFigure(page, `${tag0}: the first example`, ["record"], ["record"], read("examples/loa-connection.yaml"));

  for (const { file, options } of figures) {
    const tag = `${file} ${JSON.stringify(options)}`;
    const text = read(file);
    const started = Date.now();
    await paste(page, text);
    await settled(page);
    const took = Date.now() - started;
    // The redraw waits 150 ms for typing to stop; then the check and the figure.
    check(took < 800, `${tag}: drawn ${took} ms after the paste`);
    await setOptions(page, options);
    await settled(page);
    await compareFigure(page, tag, ["record", ...renderArgs(options)], ["record"], text);
  }

  // An example of the picker is the file, and drawn as the file is.
  await setOptions(page, {});
  await page.selectOption("#example", { label: "Lines of Action: a club game, as SGF" });
  await settled(page);
  await compareFigure(page, "the SGF example", ["record"], ["record"], read("examples/loa-club-game.sgf"));

  // Read as: the name the record is read and reported under.
  await paste(page, read("examples/loa-club-game.sgf"));
  await page.selectOption("#format", "record.yaml");
  await settled(page);
  const asYaml = cli(["check", "record.yaml"], read("examples/loa-club-game.sgf"), "record.yaml");
  check(asYaml.status === 1, "SGF read as YAML is valid to check");
  const yamlShown = await shown(page);
  check(
    JSON.stringify(yamlShown.problems) === JSON.stringify(reportParts(asYaml.stdout).invalid),
    `SGF read as YAML: ${yamlShown.problems}`,
  );
  await page.selectOption("#format", "record");
  await settled(page);

  for (const bad of illegal) {
    const tag = `illegal: ${bad.name}`;
    await setOptions(page, { lang: bad.lang });
    await paste(page, bad.text);
    await settled(page);
    const args = bad.lang ? ["check", "--lang", bad.lang, "record"] : ["check", "record"];
    const want = cli(args, bad.text);
    check(want.status === 1, `${tag}: check exits ${want.status}, not 1`);
    const parts = reportParts(want.stdout);
    const s = await shown(page);
    check(
      JSON.stringify(s.problems) === JSON.stringify(parts.invalid),
      `${tag}: the page says\n${s.problems.join("\n")}\ncheck says\n${parts.invalid.join("\n")}`,
    );
    check(
      JSON.stringify(s.outcomes) === JSON.stringify(parts.valid),
      `${tag}: outcome ${JSON.stringify(s.outcomes)}, check says ${JSON.stringify(parts.valid)}`,
    );
    const json = cli(["check", "--format", "json", "record"], null)
      .stdout.toString()
      .trim()
      .split("\n")
      .map(JSON.parse)
      .filter((g) => !g.valid);
    const located = json.filter((g) => g.error && g.error.line);
    for (const g of located) {
      const place = `record:${g.error.line}:${g.error.column}`;
      check(s.problems.some((p) => p.includes(place)), `${tag}: the alert does not say ${place}`);
    }
    const lines = located.map((g) => g.error.line);
    check(JSON.stringify(s.bad) === JSON.stringify(lines), `${tag}: lines ${s.bad} marked, not ${lines}`);
    check(JSON.stringify(s.bands) === JSON.stringify(lines), `${tag}: bands under ${s.bands}, not ${lines}`);
    check(s.misplaced.length === 0, `${tag}: the bands under lines ${s.misplaced} are not level with them`);
    check(s.invalid === "true", `${tag}: the record is not marked invalid for screen readers`);
    check(s.downloadable === Boolean(bad.drawn), `${tag}: download offered: ${s.downloadable}`);
    if (bad.drawn) {
      await compareFigure(page, tag, ["record"], ["record"], bad.text, true);
    }
    // The alert's button puts the caret on the error, from the keyboard too.
    if (bad.token && located.length > 0) {
      const { line, column } = located[0].error;
      await page.focus("[role=alert] button");
      await page.keyboard.press("Enter");
      const caret = await page.evaluate(() => {
        const el = document.activeElement;
        return { id: el.id, at: el.selectionStart, value: el.value };
      });
      check(caret.id === "record", `${tag}: the button focused ${caret.id}`);
      check(caret.at === offsetOf(bad.text, line, column), `${tag}: the caret at ${caret.at}, not at ${line}:${column}`);
      check(caret.value.slice(caret.at).startsWith(bad.token), `${tag}: the caret is not at ${JSON.stringify(bad.token)}`);
    }
  }

  // After an illegal record, a legal one is drawn again and the marks go.
  await setOptions(page, {});
  await paste(page, read("examples/towers-example.yaml"));
  await settled(page);
  const again = await shown(page);
  check(again.problems.length === 0 && again.bad.length === 0 && again.invalid === "false", "the marks stay after a legal record");
  await compareFigure(page, "legal again", ["record"], ["record"], read("examples/towers-example.yaml"));

  // A bad option is the command line's refusal, the record's outcome still shown.
  await page.fill("#at", "999");
  await settled(page);
  const past = await shown(page);
  const refusal = cli(["render", "record", "--at", "999", "--format", "svg"], read("examples/towers-example.yaml"));
  check(refusal.status !== 0, "render --at 999 drew a figure");
  check(past.problems.length === 1 && !past.downloadable, `--at 999: ${JSON.stringify(past.problems)}`);
  check(past.outcomes.length === 1, "--at 999: the outcome went");
  await page.fill("#at", "");

  // Positions without a record: the game picker and the position box.
  await page.check("input[name=source][value=position]");
  for (const { game, text, options } of positions) {
    const tag = `position ${game} ${text}`;
    await page.selectOption("#game", game);
    await page.fill("#position", text);
    await setOptions(page, options);
    await settled(page);
    const args = ["--game", game, "--position", text];
    await compareFigure(page, tag, [...args, ...renderArgs(options)], args, null);
  }
  await setOptions(page, {});
  await page.selectOption("#game", "shoreline");
  await page.fill("#position", "5/5/2b2/5/5 b");
  await settled(page);
  const badPosition = cli(["check", "--game", "shoreline", "--position", "5/5/2b2/5/5 b"], null);
  const bp = await shown(page);
  check(
    JSON.stringify(bp.problems) === JSON.stringify(reportParts(badPosition.stdout).invalid),
    `an impossible position: the page says ${bp.problems}`,
  );
  check(bp.problems.some((p) => p.includes("--position:1:6")), "an impossible position: no --position:1:6");
  await page.screenshot({ path: path.join(out, "position-1280.png"), fullPage: true });
  await finish(page, problems, tag0);
}

// At a desktop's and a phone's width: nothing scrolls sideways whatever is shown.
async function widths(context) {
  const url = "file://" + pageFile;
  for (const width of [1280, 320]) {
    const tag = `playground at ${width}px`;
    const { page, problems } = await open(context, width, url, tag);
    await settled(page);
    for (const text of [
      read("examples/loa-club-game.sgf"),
      read("examples/shoreline-evening.yaml"),
      loa.replace("f1-f3", "f1-f5"),
      read("examples/loa-connection.yaml"),
    ]) {
      await paste(page, text);
      await settled(page);
      const s = await shown(page);
      check(s.scrollWidth <= s.width, `${tag}: scrolls sideways (${s.scrollWidth} > ${s.width}) for ${text.slice(0, 30)}`);
    }
    await page.screenshot({ path: path.join(out, `playground-${width}.png`), fullPage: true });
    await paste(page, loa.replace("f1-f3", "f1-f5"));
    await settled(page);
    await page.screenshot({ path: path.join(out, `error-${width}.png`), fullPage: true });
    await finish(page, problems, tag);
  }
}

// Every control is labelled, reached by Tab in order, and shows where focus is.
async function keyboard(context) {
  const url = "file://" + pageFile;
  const { page, problems } = await open(context, 1280, url, "keyboard");
  await settled(page);
  const unlabelled = await page.evaluate(() =>
    Array.from(document.querySelectorAll("input, select, textarea, button"))
      .filter((el) => !(el.labels && el.labels.length > 0) && !el.getAttribute("aria-label"))
      .map((el) => el.id || el.outerHTML),
  );
  check(unlabelled.length === 0, `unlabelled controls: ${unlabelled}`);
  const order = [];
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement;
      // The editor draws the ring around its text and line numbers.
      const ring = el.id === "record" ? el.closest(".editor") : el;
      return { id: el.id || el.localName, visible: el.matches(":focus-visible"), outline: getComputedStyle(ring).outlineStyle };
    });
    if (focus.id === "body") break;
    order.push(focus.id);
    check(focus.visible && focus.outline !== "none", `focus not visible on ${focus.id} (${JSON.stringify(focus)})`);
  }
  for (const id of ["example", "format", "record", "download", "at", "at-slider", "width", "theme", "lang", "flip"]) {
    check(order.includes(id), `Tab never reaches #${id} (${order})`);
  }
  // Typed, not pasted: each key is an input, the figure follows once typing stops.
  await page.focus("#at");
  await page.keyboard.type("12");
  await settled(page);
  check((await page.inputValue("#at-slider")) === "12", "the slider does not follow the move typed");
  await page.focus("#at-slider");
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  check((await page.inputValue("#at")) === "11", "the arrow key on the slider does not step the move");
  const svg = await downloaded(page);
  const want = cli(["render", "record", "--at", "11", "--format", "svg"], read("examples/loa-connection.yaml"));
  check(svg.equals(want.stdout), "the slider's move draws another figure than render --at 11");
  await finish(page, problems, "keyboard");
}

// A script the policy does not name must be blocked, and seen to be.
async function blocked(context) {
  const page = fs.readFileSync(pageFile, "utf8");
  const marker = '<script>"use strict";';
  check(page.includes(marker), "the page's script is not where the test changes it");
  const copy = path.join(out, "tampered.html");
  fs.writeFileSync(copy, page.replace(marker, marker + "/* changed */"));
  const { page: tab, problems } = await open(context, 1280, "file://" + copy, "tampered");
  await tab.waitForTimeout(300);
  const violations = await tab.evaluate(() => window.violations);
  check(violations.includes("script-src-elem") || violations.includes("script-src"), `a changed script ran (${violations})`);
  check(problems.some((p) => /Content Security Policy/.test(p)), "no console error for a blocked script");
  const loading = await tab.evaluate(() => !document.getElementById("loading").hidden);
  check(loading, "a blocked script started sheetgen");
  await tab.close();
}

(async () => {
  const size = fs.statSync(pageFile).size;
  check(size <= MOST_BYTES, `the page is ${size} bytes, over ${MOST_BYTES}`);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  // The network off: the page needs nothing but itself.
  const context = await browser.newContext({ offline: true, acceptDownloads: true });
  await context.route(/^(https?|wss?|ftp):/, (route) => {
    check(false, `a request left the page: ${route.request().url()}`);
    route.abort();
  });
  await figuresAndErrors(context);
  await widths(context);
  await keyboard(context);
  await blocked(context);
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
  if (failures) {
    console.log(`${failures} of ${checks} checks failed`);
    process.exit(1);
  }
  console.log(`playground: all ${checks} checks passed (${(size / 1e6).toFixed(2)} MB page)`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
