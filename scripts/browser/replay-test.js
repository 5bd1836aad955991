// The replay pages in a real browser (Debian's chromium through playwright-core), run by
// .ci/run from the repository's root:
//
//   node scripts/browser/replay-test.js target/debug/sheetgen OUT_DIR
//
// For each game (LOA, Shoreline, Towers) and a season's page, at 1280 and 320 pixels wide:
// the page opens at the end or where its fragment says, the keys, buttons, wheel and move
// links step it and the fragment follows, the announced move is the one played, every
// position drawn equals `render --at N --bare`'s drawing, the key under the board (and
// Towers' scoring table) is legible, whole and stays put, nothing scrolls sideways, focus
// is visible, no request leaves the page and the policy blocks nothing. A page whose script
// the policy must block is loaded too, so that a broken listener cannot pass. Screenshots
// go to OUT_DIR.
"use strict";
const { chromium } = require("playwright-core");
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const [sheetgen, out] = process.argv.slice(2);
if (!sheetgen || !out) throw new Error("usage: replay-test.js SHEETGEN OUT_DIR");
fs.mkdirSync(out, { recursive: true });

function run(args) {
  return execFileSync(sheetgen, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

const svgs = new Map();
// `render --at N --bare` of `record`'s game at the text scale the page drew it at (its
// section's data-text-scale, which makes its text legible on a phone), as SVG text (made once).
function reference(record, game, n, scale) {
  const key = `${record} ${game} ${n} ${scale}`;
  if (!svgs.has(key)) {
    const args = ["render", record, "--game", String(game), "--at", String(n), "--bare", "--text-scale", scale];
    svgs.set(key, run([...args, "--format", "svg"]));
  }
  return svgs.get(key);
}

// The text scale the page's `k`-th game is drawn at.
const scaleOf = (page, k) => page.evaluate((k) => document.querySelectorAll("section.game")[k].dataset.textScale, k);

function moves(record, game) {
  const lines = run(["check", "--format", "json", record]).trim().split("\n").map(JSON.parse);
  return lines[game - 1].moves;
}

let failures = 0;
// Waits until `fn(arg)` is true in the page, asking through page.evaluate: the page's
// Content-Security-Policy forbids eval, which page.waitForFunction compiles its predicate
// with in some Chromium builds (Debian's 156).
async function until(page, fn, arg, timeout = 5000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await page.evaluate(fn, arg)) return true;
    await page.waitForTimeout(20);
  }
  throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
}

function check(ok, what) {
  if (!ok) {
    failures++;
    console.log("FAIL " + what);
  }
}

// The drawing of a page's `k`-th board, or of an SVG file's text, as data: each element
// but the invisible text layer, with its tag and attributes, glyph and clip ids without the
// figure's key. (Run in the page by Playwright, so self-contained.)
function describe([what, k, text]) {
  const root =
    what === "board"
      ? document.querySelectorAll("svg.board")[k]
      : new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  const unkey = (v) => v.replace(/(#g|clip-)[0-9a-f]{8}-/g, "$1-");
  const left = ["tabindex", "role", "aria-label", "viewBox", "xmlns", "xmlns:xlink"];
  const out = [];
  const walk = (el) => {
    for (const child of el.children) {
      const tag = child.localName;
      if (["title", "desc", "defs", "text"].includes(tag)) continue;
      const attrs = Array.from(child.attributes)
        .filter((a) => !left.includes(a.name))
        .map((a) => a.name.replace(/^href$/, "xlink:href") + "=" + unkey(a.value))
        .sort();
      out.push(tag + " " + attrs.join(" "));
      walk(child);
    }
  };
  walk(root);
  return out;
}

async function boardAt(page, k) {
  return page.evaluate(describe, ["board", k, null]);
}

async function referenceBoard(page, svgText) {
  return page.evaluate(describe, ["svg", 0, svgText]);
}

async function open(browser, width, url, name) {
  const page = await browser.newPage({ viewport: { width, height: width > 600 ? 900 : 640 } });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${name}: console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${name}: ${e.message}`));
  page.on("request", (r) => {
    if (r.url().split("#")[0] !== url.split("#")[0]) problems.push(`${name}: requested ${r.url()}`);
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

const state = (page, k) =>
  page.evaluate((k) => ({
    hash: location.hash,
    now: document.querySelectorAll(".now")[k].textContent,
    scrollX: document.scrollingElement.scrollWidth,
    width: innerWidth,
    scrollY: scrollY,
  }), k);

// Where the first game's key and scoring table are laid out (issue 41.5): each key item's
// box and text size, and the table's (Towers') box and smallest text.
const keyLayout = (page) =>
  page.evaluate(() => {
    const section = document.querySelector("section.game");
    const items = [...section.querySelectorAll(".legend li")];
    const boxes = items.map((li) => li.getBoundingClientRect());
    const overlaps = [];
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b, j) => {
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          overlaps.push(`${items[i].textContent} / ${items[i + 1 + j].textContent}`);
      })
    );
    const size = (el) => parseFloat(getComputedStyle(el).fontSize);
    const table = section.querySelector("table.score");
    const cells = table ? [...table.querySelectorAll("caption, th, td")] : [];
    return {
      words: items.map((li) => li.textContent),
      samples: section.querySelectorAll(".legend li svg.sample g").length,
      smallest: Math.min(...items.map((li) => size(li.querySelector("span")))),
      overlaps,
      right: Math.max(0, ...boxes.map((b) => b.right), table ? table.getBoundingClientRect().right : 0),
      top: items.length ? boxes[0].top + scrollY : null,
      table: table ? { cells: cells.length, smallest: Math.min(...cells.map(size)) } : null,
    };
  });

// One game's page: `record`'s game `game`, `k`-th section of the page at `file`,
// fragments made by `frag(n)`.
async function single(browser, width, { name, record, game, sides }) {
  const file = path.resolve(out, `${name}.html`);
  run(["render", record, "--game", String(game), "-o", file]);
  const length = moves(record, game);
  const url = "file://" + file;
  const tag = `${name} at ${width}px`;
  const { page, problems } = await open(browser, width, url, tag);
  let s = await state(page, 0);
  check(s.hash === "#" + length, `${tag}: opens at the end (${s.hash})`);
  check(s.scrollX <= s.width, `${tag}: scrolls sideways (${s.scrollX} > ${s.width})`);
  await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });

  const expect = async (n, why) => {
    s = await state(page, 0);
    check(s.hash === "#" + n, `${tag}: ${why}: fragment ${s.hash}, not #${n}`);
    const board = await boardAt(page, 0);
    const wanted = await referenceBoard(page, reference(record, game, n, await scaleOf(page, 0)));
    check(JSON.stringify(board) === JSON.stringify(wanted), `${tag}: ${why}: the board at ${n} is not render --at ${n}'s`);
    const pieces = board.filter((d) => /class=(piece|stone|tower)/.test(d)).length;
    check(n === 0 || pieces > 0 || name === "towers", `${tag}: ${why}: no pieces drawn at ${n}`);
    const link = n > 0 ? await page.textContent(`.moves a[href="#${n}"]`) : "";
    const played = link.replace(/^\S+\.+\s/, "");
    const announced =
      n === 0 ? "Start" : sides ? `Move ${Math.ceil(n / 2)}: ${played}, ${n % 2 ? sides[0] : sides[1]}` : null;
    if (announced !== null) check(s.now === announced, `${tag}: ${why}: announced "${s.now}", not "${announced}"`);
    else check(s.now.includes(played), `${tag}: ${why}: announced "${s.now}", not the move ${played}`);
    if (n > 0) {
      const current = await page.getAttribute(`.moves a[href="#${n}"]`, "aria-current");
      check(current === "step", `${tag}: ${why}: move ${n} is not marked current`);
    }
  };
  await expect(length, "the end");
  // The key to every symbol, under the board: legible, whole, in the page's width.
  const key = await keyLayout(page);
  check(key.words.length > 0 && key.samples >= key.words.length, `${tag}: no key, or a word without its sample`);
  check(key.smallest >= 9, `${tag}: the key's words at ${key.smallest} px`);
  check(key.overlaps.length === 0, `${tag}: key entries overlap: ${key.overlaps.join(", ")}`);
  check(key.right <= width, `${tag}: the key or table reaches ${key.right} px`);
  check((name === "towers") === (key.table !== null), `${tag}: a scoring table only for Towers`);
  if (key.table) check(key.table.cells > 40 && key.table.smallest >= 9, `${tag}: the table ${JSON.stringify(key.table)}`);
  await page.keyboard.press("ArrowLeft");
  await expect(length - 1, "ArrowLeft");
  await page.keyboard.press("Home");
  await expect(0, "Home");
  const still = await keyLayout(page);
  check(still.top === key.top, `${tag}: the key moved from ${key.top} to ${still.top} at the start`);
  await page.keyboard.press("ArrowLeft");
  await expect(0, "ArrowLeft at the start");
  await page.keyboard.press("PageDown");
  await expect(Math.min(10, length), "PageDown");
  await page.keyboard.press("ArrowRight");
  await expect(Math.min(11, length), "ArrowRight");
  await page.keyboard.press("End");
  await expect(length, "End");
  await page.keyboard.press("PageUp");
  await expect(Math.max(0, length - 10), "PageUp");
  // The wheel over the board steps and never scrolls the page.
  await page.locator("svg.board").scrollIntoViewIfNeeded();
  const box = await page.locator("svg.board").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = (await state(page, 0)).scrollY;
  const settled = (n) => until(page, (n) => location.hash === "#" + n, n, 2000).catch(() => {});
  await page.mouse.wheel(0, 100);
  await settled(Math.max(0, length - 9));
  await expect(Math.max(0, length - 9), "wheel down");
  await page.mouse.wheel(0, -100);
  await settled(Math.max(0, length - 10));
  await expect(Math.max(0, length - 10), "wheel up");
  check((await state(page, 0)).scrollY === before, `${tag}: the wheel scrolled the page`);
  // A move of the list links to the position after it.
  const n = Math.min(7, length);
  await page.click(`.moves a[href="#${n}"]`);
  // The click changes the address at once, the page follows on its hashchange event.
  await until(page, (n) => {
    const a = document.querySelector(".moves a[aria-current]");
    return a && a.getAttribute("href") === "#" + n;
  }, n);
  await expect(n, "a move's link");
  await page.click('button[data-step="forward"]');
  await expect(Math.min(n + 1, length), "the forward button");
  // Focus is visible: the board is the first stop of Tab.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press("Tab");
  const focus = await page.evaluate(() => {
    const el = document.activeElement;
    return { visible: el.matches(":focus-visible"), outline: getComputedStyle(el).outlineStyle, tag: el.localName };
  });
  check(focus.visible && focus.outline !== "none", `${tag}: focus not visible (${JSON.stringify(focus)})`);
  await finish(page, problems, tag);

  // A link to a position opens there.
  const at = Math.min(12, length);
  const linked = await open(browser, width, `${url}#${at}`, `${tag} #${at}`);
  const opened = await state(linked.page, 0);
  check(opened.hash === `#${at}`, `${tag}: #${at} opened at ${opened.hash}`);
  const board = await boardAt(linked.page, 0);
  const wanted = await referenceBoard(linked.page, reference(record, game, at, await scaleOf(linked.page, 0)));
  check(JSON.stringify(board) === JSON.stringify(wanted), `${tag}: #${at} draws another board`);
  await finish(linked.page, linked.problems, `${tag} #${at}`);

  // A fragment that is no escaped text, or names no position, opens at the end and throws
  // nothing.
  for (const fragment of ["#%", "#%ZZ", "#g1-%", "#999999", "#x"]) {
    const odd = await open(browser, width, `${url}${fragment}`, `${tag} ${fragment}`);
    const where = await odd.page.evaluate(() => document.querySelectorAll(".now")[0].textContent);
    check(where.length > 0, `${tag} ${fragment}: nothing announced`);
    await finish(odd.page, odd.problems, `${tag} ${fragment}`);
  }
}

async function season(browser, width) {
  const files = ["examples/season/round1-ann-bo.sgf", "examples/season/round2-bo-ann.txt"];
  const file = path.resolve(out, "season.html");
  run(["booklet", ...files, "--format", "html", "-o", file]);
  const lengths = files.map((f) => moves(f, 1));
  const tag = `season at ${width}px`;
  const { page, problems } = await open(browser, width, "file://" + file, tag);
  let s = await state(page, 0);
  check(s.hash === `#g1-${lengths[0]}`, `${tag}: opens at game 1's end (${s.hash})`);
  check(s.scrollX <= s.width, `${tag}: scrolls sideways`);
  await page.click('a[href="#g2"]');
  await until(page, () => location.hash.startsWith("#g2-"));
  s = await state(page, 1);
  check(s.hash === `#g2-${lengths[1]}`, `${tag}: the list opens game 2 (${s.hash})`);
  const hidden = await page.evaluate(() => Array.from(document.querySelectorAll("section.game")).map((x) => x.hidden));
  check(JSON.stringify(hidden) === "[true,false]", `${tag}: one game shown (${hidden})`);
  await page.keyboard.press("ArrowLeft");
  s = await state(page, 1);
  const n = lengths[1] - 1;
  check(s.hash === `#g2-${n}`, `${tag}: ArrowLeft in game 2 (${s.hash})`);
  const board = await boardAt(page, 1);
  const wanted = await referenceBoard(page, reference(files[1], 1, n, await scaleOf(page, 1)));
  check(JSON.stringify(board) === JSON.stringify(wanted), `${tag}: game 2 at ${n} is not render --at ${n}'s`);
  // A commented move shows its comment beside the board, and an uncommented one none.
  const commented = page.locator("#g2 .moves a.commented").first();
  const commentAt = (await commented.getAttribute("href")).replace(/^#g2-/, "");
  await commented.click();
  await until(page, (n) => {
    const a = document.querySelector("#g2 .moves a[aria-current]");
    return a && a.getAttribute("href") === "#g2-" + n;
  }, commentAt);
  const comment = await page.locator("#g2 .comment");
  check((await comment.textContent()).length > 0 && (await comment.isVisible()), `${tag}: no comment at ${commentAt}`);
  await page.keyboard.press("Home");
  check((await comment.textContent()) === "" && !(await comment.isVisible()), `${tag}: a comment at the start`);
  await page.click(`#g2 .moves a[href="#g2-${commentAt}"]`);
  await page.screenshot({ path: path.join(out, `season-${width}.png`), fullPage: true });
  await finish(page, problems, tag);
  const linked = await open(browser, width, `file://${file}#g1-5`, `${tag} #g1-5`);
  check((await state(linked.page, 0)).hash === "#g1-5", `${tag}: #g1-5`);
  const first = await boardAt(linked.page, 0);
  const five = await referenceBoard(linked.page, reference(files[0], 1, 5, await scaleOf(linked.page, 0)));
  check(JSON.stringify(first) === JSON.stringify(five), `${tag}: #g1-5 draws another board`);
  await finish(linked.page, linked.problems, `${tag} #g1-5`);
}

// A script the policy does not name must be blocked, and seen to be.
async function blocked(browser) {
  const file = path.resolve(out, "loa.html");
  const tampered = fs.readFileSync(file, "utf8").replace("<script>\"use strict\";", "<script>\"use strict\";/* changed */");
  const copy = path.resolve(out, "tampered.html");
  fs.writeFileSync(copy, tampered);
  const { page, problems } = await open(browser, 1280, "file://" + copy, "tampered");
  const violations = await page.evaluate(() => window.violations);
  check(violations.includes("script-src-elem") || violations.includes("script-src"), `a changed script ran (${violations})`);
  check(problems.some((p) => /Content Security Policy/.test(p)), "no console error for a blocked script");
  check((await state(page, 0)).hash === "", "a blocked script set the fragment");
  await page.close();
}

// A season's page on a 320-pixel touch screen (issue 41.6): every name and date stays whole
// (one line box, or a part as wide as the line), the contents heading is not the title
// again, and the keyboard hint is hidden where there is no keyboard.
async function phone(browser) {
  const file = path.resolve(out, "phone.html");
  run(["booklet", "examples/season", "--format", "html", "-o", file]);
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto("file://" + file);
  const seen = await page.evaluate(() => {
    const broken = [];
    for (const el of document.querySelectorAll(".part, .date")) {
      const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
      const full = el.getBoundingClientRect().width >= document.querySelector("main").clientWidth - 40;
      if (lines.size > 1 && !full) broken.push(el.textContent);
    }
    return {
      broken,
      parts: document.querySelectorAll(".part").length,
      hint: [...document.querySelectorAll(".keys")].some((k) => getComputedStyle(k).display !== "none"),
      heading: document.querySelector("nav h2") && document.querySelector("nav h2").textContent,
      title: document.querySelector("h1").textContent,
      scrollX: document.scrollingElement.scrollWidth,
    };
  });
  check(seen.parts > 0, "phone: the bylines are made of parts");
  check(seen.broken.length === 0, `phone: broken across lines: ${seen.broken.join(" | ")}`);
  check(!seen.hint, "phone: the keyboard hint shows on a touch screen");
  check(seen.heading !== seen.title, `phone: the contents heading repeats the title ${seen.title}`);
  check(seen.scrollX <= 320, `phone: the page scrolls sideways (${seen.scrollX} px)`);
  await context.close();
}

(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const games = [
    { name: "loa", record: "examples/loa-club-game.yaml", game: 1, sides: ["Black", "White"] },
    { name: "shoreline", record: "examples/shoreline-evening.yaml", game: 2, sides: null },
    { name: "towers", record: "examples/towers-complete.yaml", game: 1, sides: null },
  ];
  for (const width of [1280, 320]) {
    for (const game of games) await single(browser, width, game);
    await season(browser, width);
  }
  await blocked(browser);
  await phone(browser);
  await browser.close();
  if (failures) {
    console.log(`${failures} checks failed`);
    process.exit(1);
  }
  console.log("replay pages: every check passed at 1280 and 320 px");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
