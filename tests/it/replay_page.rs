//! `render --format html` and `booklet --format html`: the replay page, read back without a
//! browser (`.ci/run` drives one, scripts/browser/). Its policy names the inline blocks by
//! their hashes, it is small, every move is a link, each position it holds decodes to the
//! board `render --at N --bare` draws, and no text from a record escapes its element.
//!
//! `tests/data/replay/winands-F3.txt` is appendix F game 3 of Mark Winands' thesis (47
//! plies), as published in OpenSpiel's test data (Apache-2.0).

use std::path::Path;

use sha2::Digest as _;

use crate::common;

/// `sheetgen ARGS -o DIR/NAME`, which must succeed; the file's text.
fn written(dir: &Path, name: &str, args: &[&str]) -> String {
    let out = dir.join(name);
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-o", out.to_str().unwrap()]);
    let run = common::run(&all);
    assert_eq!(run.code, 0, "{all:?}: {}", run.stderr);
    std::fs::read_to_string(out).unwrap()
}

/// The text between `open` (its end) and the next `close`, each time it occurs.
fn between<'a>(text: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        rest = &rest[i + open.len()..];
        let end = rest.find(close).expect("closed");
        found.push(&rest[..end]);
        rest = &rest[end..];
    }
    found
}

/// Standard base64, written bit by bit (not the page's own encoder).
fn base64(bytes: &[u8]) -> String {
    let alphabet: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(['+', '/'])
        .collect();
    let bits: Vec<u8> = bytes
        .iter()
        .flat_map(|b| (0..8).rev().map(move |i| (b >> i) & 1))
        .collect();
    let mut out: String = bits
        .chunks(6)
        .map(|six| {
            let mut v = 0;
            for i in 0..6 {
                v = v * 2 + six.get(i).copied().unwrap_or(0);
            }
            alphabet[v as usize]
        })
        .collect();
    while out.len() % 4 != 0 {
        out.push('=');
    }
    out
}

fn data(page: &str) -> serde_json::Value {
    let block = between(
        page,
        "<script type=\"application/json\" id=\"replay-data\">",
        "</script>",
    );
    assert_eq!(block.len(), 1);
    serde_json::from_str(block[0]).expect("the data block is JSON")
}

/// Each position of game `k` (from 0) as the SVG lines it draws, decoded from the data
/// block as the page's script decodes it.
fn positions(page: &str, k: usize) -> Vec<String> {
    let data = data(page);
    let templates: Vec<&str> = data["T"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    let lines: Vec<String> = data["L"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            let mut parts = entry.as_str().unwrap().split(' ');
            let template = templates[usize::from_str_radix(parts.next().unwrap(), 36).unwrap()];
            let mut pieces = template.split('\u{1}');
            let mut line = pieces.next().unwrap().to_string();
            for piece in pieces {
                line.push_str(parts.next().expect("a number for each gap"));
                line.push_str(piece);
            }
            line
        })
        .collect();
    data["g"][k]["f"]
        .as_array()
        .unwrap()
        .iter()
        .map(|code| {
            let mut out = Vec::new();
            for token in code.as_str().unwrap().split(' ') {
                let (from, to) = token.split_once('-').unwrap_or((token, token));
                let from = usize::from_str_radix(from, 36).unwrap();
                let to = usize::from_str_radix(to, 36).unwrap();
                out.extend(lines[from..=to].iter().cloned());
            }
            out.join("\n")
        })
        .collect()
}

/// An SVG file's drawing, as the page holds it: after the definitions, without the
/// invisible text layer, glyph ids without the figure's key.
/// `render RECORD --at N --bare`'s SVG at the text scale the page's game `k` says it drew
/// its boards at (`data-text-scale`, the scale that makes them legible on a phone).
fn page_board(page: &str, k: usize, record: &str, n: usize) -> String {
    let scale = between(page, "data-text-scale=\"", "\"")[k];
    let at = n.to_string();
    let args = [
        "render",
        record,
        "--at",
        &at,
        "--bare",
        "--text-scale",
        scale,
    ];
    let out = common::run(&[&args[..], &["--format", "svg"]].concat());
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    String::from_utf8(out.stdout).unwrap()
}

fn drawing(svg: &str) -> String {
    let body = svg.split("</defs>").nth(1).unwrap();
    let body = body
        .trim_end()
        .strip_suffix("</svg>")
        .unwrap()
        .trim_matches('\n');
    unkeyed(
        &body
            .lines()
            .filter(|l| !l.starts_with("<text"))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Glyph and clip ids without the key that makes them the figure's own (`#g0825cc88-66`
/// is `#g-66`).
fn unkeyed(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        out.push(b[i]);
        i += 1;
        let keyed =
            b.len() > i + 8 && b[i..i + 8].iter().all(u8::is_ascii_hexdigit) && b[i + 8] == b'-';
        if keyed && (out.ends_with(b"#g") || out.ends_with(b"clip-")) {
            i += 8;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_policy_names_the_inline_style_and_script_by_their_hashes() {
    let dir = tempfile::tempdir().unwrap();
    let page = written(
        dir.path(),
        "g.html",
        &["render", "examples/loa-winands-E1.yaml"],
    );
    let styles = between(&page, "<style>", "</style>");
    let scripts = between(&page, "<script>", "</script>");
    assert_eq!((styles.len(), scripts.len()), (1, 1));
    let hash = |text: &str| base64(&sha2::Sha256::digest(text.as_bytes()));
    let policy = between(
        &page,
        "http-equiv=\"Content-Security-Policy\" content=\"",
        "\"",
    );
    assert_eq!(policy.len(), 1);
    let policy = policy[0];
    assert!(policy.starts_with("default-src 'none'; "), "{policy}");
    assert!(
        policy.contains(&format!("style-src 'sha256-{}'", hash(styles[0]))),
        "{policy}"
    );
    assert!(
        policy.contains(&format!("script-src 'sha256-{}'", hash(scripts[0]))),
        "{policy}"
    );
    // Nothing the page would load: no address, no attribute style the policy would block.
    let page = page.replace("xmlns:xlink=\"http://www.w3.org/1999/xlink\"", "");
    for outside in ["http:", "https:", "src=", " style=", "@import", "url(http"] {
        assert!(!page.contains(outside), "{outside}");
    }
    assert_eq!(base64(b"foobar!"), "Zm9vYmFyIQ==");
}

#[test]
fn the_same_record_gives_the_same_page_and_a_long_game_stays_small() {
    let dir = tempfile::tempdir().unwrap();
    let game = "tests/data/replay/winands-F3.txt";
    let one = written(dir.path(), "a.html", &["render", game]);
    let two = written(dir.path(), "b.html", &["render", game, "--format", "html"]);
    assert!(one == two, "byte-identical");
    assert!(one.len() <= 150_000, "{} bytes for 47 plies", one.len());
    // A 90-ply game, the longest the page is made for.
    let long = dir.path().join("long.yaml");
    std::fs::write(&long, long_game(90)).unwrap();
    let page = written(dir.path(), "long.html", &["render", long.to_str().unwrap()]);
    assert!(page.len() <= 150_000, "{} bytes for 90 plies", page.len());
    assert_eq!(positions(&page, 0).len(), 91);
}

/// A legal LOA game of `plies` moves that nobody wins: at each ply the first legal move
/// in an order that turns with the ply, skipping moves that end the game.
fn long_game(plies: usize) -> String {
    use sheetgen_core::games::loa::game::{Play, Rules};
    let mut replay = Play::new(Rules::default());
    let squares: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1))
        .collect();
    let mut moves = Vec::new();
    'ply: for ply in 0..plies {
        for k in 0..64 * 64 {
            let k = (k + ply * 97) % (64 * 64);
            for sep in ['-', 'x'] {
                let token = format!("{}{sep}{}", squares[k / 64], squares[k % 64]);
                let mut next = replay.clone();
                if next.play(&token).is_ok() && next.outcome.is_none() {
                    replay = next;
                    moves.push(token);
                    continue 'ply;
                }
            }
        }
        panic!("no move at ply {ply}");
    }
    format!("game: lines-of-action\nmoves: [{}]\n", moves.join(", "))
}

#[test]
fn every_position_of_every_game_is_the_board_render_at_n_draws() {
    let dir = tempfile::tempdir().unwrap();
    for (record, lengths) in [
        ("examples/loa-club-game.yaml", 39),
        ("examples/shoreline-draw.yaml", 24),
        ("examples/towers-complete.yaml", 13),
    ] {
        let page = written(dir.path(), "p.html", &["render", record]);
        let held = positions(&page, 0);
        assert_eq!(held.len(), lengths + 1, "{record}");
        for (n, position) in held.iter().enumerate() {
            let svg = page_board(&page, 0, record, n);
            assert!(
                unkeyed(position) == drawing(&svg),
                "{record} at {n}:\n{}\n---\n{}",
                unkeyed(position),
                drawing(&svg)
            );
        }
        // The page shows the last position for readers without scripts.
        let last = between(
            &page,
            "xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n",
            "\n</svg>",
        );
        assert!(
            last.iter().any(|l| unkeyed(l) == unkeyed(&held[lengths])),
            "{record}"
        );
    }
}

#[test]
fn every_move_is_a_numbered_link_to_the_position_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let page = written(
        dir.path(),
        "g.html",
        &["render", "examples/loa-club-game.yaml"],
    );
    let links = between(&page, "<a href=\"#", "</a>");
    assert_eq!(links.len(), 39, "one link a move");
    for (i, link) in links.iter().enumerate() {
        assert!(link.starts_with(&format!("{}\"", i + 1)), "{link}");
    }
    assert!(
        page.contains("<li><span class=\"no\">12.</span>\u{a0}<a href=\"#23\""),
        "pairs"
    );
    let held = data(&page);
    assert_eq!(held["g"][0]["n"], 39, "opens at the end");
    assert_eq!(held["g"][0]["a"][0], "Start");
    let announced = held["g"][0]["a"][23].as_str().unwrap();
    assert!(
        announced.starts_with("Move 12: ") && announced.ends_with(", Black"),
        "{announced}"
    );
    // --at chooses where it opens.
    let page = written(
        dir.path(),
        "g.html",
        &["render", "examples/loa-club-game.yaml", "--at", "6..."],
    );
    assert_eq!(data(&page)["g"][0]["n"], 12);
}

#[test]
fn hostile_titles_and_comments_stay_text() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("h.yaml");
    std::fs::write(
        &record,
        "game: lines-of-action\ntitle: \"</script><script>alert(1)</script> & \\\"q\\\" 'x'\"\n\
         players: { black: \"<b>Ann</b>\", white: \"Bo --> <!--\" }\n\
         comment: \"</style><img src=x>\"\n\
         comments: { 2: \"</script><!-- a \\\"fine\\\" move\" }\n\
         moves: [b1-b3, h3-e3]\n",
    )
    .unwrap();
    let page = written(dir.path(), "h.html", &["render", record.to_str().unwrap()]);
    assert_eq!(page.matches("<script").count(), 2, "{page}");
    assert_eq!(page.matches("</script>").count(), 2);
    assert_eq!(page.matches("<style>").count(), 1);
    assert_eq!(page.matches("</style>").count(), 1);
    assert!(!page.contains("<img") && !page.contains("<b>") && !page.contains("<!--"));
    assert!(page.contains(
        "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"q\" 'x'</title>"
    ));
    let data = data(&page);
    assert_eq!(data["g"][0]["c"][2], "</script><!-- a \"fine\" move");
}

#[test]
fn a_season_page_lists_its_games_and_names_positions_by_game() {
    let dir = tempfile::tempdir().unwrap();
    let page = written(
        dir.path(),
        "s.html",
        &[
            "booklet",
            "examples/season",
            "examples/loa-club-game.yaml",
            "--format",
            "html",
        ],
    );
    let data = data(&page);
    let games = data["g"].as_array().unwrap().len();
    assert!(games >= 3, "{games}");
    for k in 1..=games {
        assert!(
            page.contains(&format!("<li><a href=\"#g{k}\">")),
            "game {k} listed"
        );
        assert!(page.contains(&format!(
            "<section class=\"game\" id=\"g{k}\" data-text-scale="
        )));
        assert!(
            page.contains(&format!("href=\"#g{k}-1\"")),
            "game {k}'s first move"
        );
    }
    assert_eq!(data["s"], true);
    // The page's boards are the games' own.
    let last = games - 1;
    let held = positions(&page, last);
    let svg = page_board(&page, last, "examples/loa-club-game.yaml", 10);
    assert!(unkeyed(&held[10]) == drawing(&svg));
}

#[test]
fn html_is_for_render_and_booklet() {
    let run = common::run(&["loa", "--format", "html"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let game = "examples/loa-club-game.yaml";
    for (option, value) in [("--width", "60mm"), ("--diagram", "1"), ("--caption", "c")] {
        let run = common::run(&["render", game, "--format", "html", option, value]);
        assert_eq!(run.code, 2, "{option}: {}", run.stderr);
        assert!(run.stderr.contains(option), "{}", run.stderr);
    }
    let run = common::run(&["render", game, "--format", "html"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with(b"<!DOCTYPE html>"));
}

#[test]
fn a_towers_page_lists_each_turn_as_its_own_numbered_move() {
    let dir = tempfile::tempdir().unwrap();
    let page = written(
        dir.path(),
        "t.html",
        &["render", "examples/towers-complete.yaml"],
    );
    let items = between(&page, "<li><span class=\"no\">", "</li>");
    let record = std::fs::read_to_string("examples/towers-complete.yaml").unwrap();
    // Every turn of the record is one `- reveal:` entry of its `turns` list.
    let turns = record.matches("- reveal:").count();
    assert!(turns > 2);
    assert_eq!(items.len(), turns);
    for (k, item) in items.iter().enumerate() {
        assert!(item.starts_with(&format!("{}.</span>", k + 1)), "{item}");
        assert_eq!(item.matches("<a href").count(), 1, "{item}");
    }
}

#[test]
fn a_page_in_another_language_states_the_result_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "render",
        "examples/season/round2-bo-ann.txt",
        "--lang",
        "fr",
    ];
    let page = written(dir.path(), "g.html", &args);
    let english = written(dir.path(), "e.html", &args[..2]);
    assert!(
        english.contains("Black wins: connected after"),
        "the English words"
    );
    assert!(
        page.contains("Noir gagne : connexion après"),
        "the French words"
    );
    assert!(!page.contains("wins"));
}

#[test]
fn a_season_page_carries_its_title_and_date() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "booklet",
        "examples/season",
        "--format",
        "html",
        "--title",
        "Autumn <league>",
        "--date",
        "November 2026",
    ];
    let page = written(dir.path(), "s.html", &args);
    assert_eq!(between(&page, "<h1>", "</h1>"), ["Autumn &lt;league&gt;"]);
    assert_eq!(
        between(&page, "<p class=\"date\">", "</p>"),
        ["November 2026"]
    );
}

/// Issue 41.6: a replay page's boards keep their text at 9 CSS pixels or more on a
/// 320-pixel phone (a board 296 pixels wide): every position of each game's page, measured
/// as `--text-size` measures it (Towers' numerals were about 4 pixels).
#[test]
fn a_replay_page_s_board_text_is_nine_pixels_on_a_phone() {
    use sheetgen_core::diagram::TextSize;
    use sheetgen_core::game_replay::{ReplayOptions, single};
    let phone_mm = 296.0 * 25.4 / 96.0;
    let nine_px_pt = 9.0 * 72.0 / 96.0;
    for path in [
        "examples/towers-complete.yaml",
        "examples/loa-club-game.yaml",
        "examples/shoreline-draw.yaml",
    ] {
        let game = sheetgen::load(path, &sheetgen_core::font::Font::builtin())
            .unwrap()
            .remove(0)
            .game
            .unwrap();
        let options = ReplayOptions {
            request: Default::default(),
            theme: Default::default(),
            open_at: None,
        };
        let replay = single(game.into(), &options).unwrap();
        let frames = &replay.games[0].frames;
        for at in 0..frames.count {
            let frame = frames.draw(at).unwrap();
            let least = TextSize::smallest(&frame, Some(phone_mm));
            assert!(least >= nine_px_pt - 0.01, "{path} at {at}: {least:.2} pt");
        }
    }
}

/// An LOA game on a board with two obstructed squares (d4, e5, on no line its moves use)
/// and a capture at its fifth move.
const OBSTRUCTED_CAPTURE: &str = "game: lines-of-action\nrules: { obstructions: [d4, e5] }\n\
     moves: [b1-b3, h3-e3, b8-b6, h5-f7, b3xf7, h6-e6]\n";

/// One entry of a key: its samples' classes and its words.
type KeyEntry = (Vec<String>, String);

/// The key `render RECORD --at N --bare --legend` draws under the board (a diagram's own
/// key, which the page's must repeat): each sample group starts an entry, its texts (a
/// wrapped one over several) are its words.
fn diagram_key(record: &str, n: usize, lang: &str) -> Vec<KeyEntry> {
    let at = n.to_string();
    let args = [
        "render", record, "--at", &at, "--bare", "--legend", "--lang", lang, "--format", "svg",
    ];
    let out = common::run(&args);
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    let svg = String::from_utf8(out.stdout).unwrap();
    let Some((_, key)) = svg.split_once("<g class=\"legend\">") else {
        return Vec::new();
    };
    let mut entries: Vec<KeyEntry> = Vec::new();
    let mut words: Vec<&str> = Vec::new();
    let mut classes: Vec<String> = Vec::new();
    let mut close = |classes: &mut Vec<String>, words: &mut Vec<&str>| {
        if !words.is_empty() {
            entries.push((std::mem::take(classes), words.join(" ")));
            words.clear();
        }
    };
    for line in key.lines() {
        if let Some(class) = line.strip_prefix("<g class=\"legend-sample") {
            close(&mut classes, &mut words);
            classes.push(format!("legend-sample{}", class.trim_end_matches("\">")));
        } else if line.starts_with("<text") {
            let text = line.split_once('>').unwrap().1;
            words.push(text.strip_suffix("</text>").unwrap());
        }
    }
    close(&mut classes, &mut words);
    entries
}

/// The key a replay page writes under game `k`'s board: each item's samples' classes and
/// its words.
fn page_key(page: &str, k: usize) -> Vec<KeyEntry> {
    let Some(list) = between(page, "<ul class=\"legend\"", "</ul>")
        .get(k)
        .copied()
    else {
        return Vec::new();
    };
    between(list, "<li>", "</li>")
        .into_iter()
        .map(|item| {
            let classes = between(item, "<g class=\"", "\"")
                .into_iter()
                .filter(|c| c.starts_with("legend-sample"))
                .map(str::to_string)
                .collect();
            (classes, between(item, "<span>", "</span>")[0].to_string())
        })
        .collect()
}

/// The page of `record` (in `lang`) keys each symbol any position's diagram keys, each
/// once, with the diagram's samples and words, in the order each diagram's key gives them;
/// and the keys of all its positions together, which the last position's may not hold.
fn keys_every_position(record: &str, lang: &str) -> (Vec<KeyEntry>, Vec<KeyEntry>) {
    let dir = tempfile::tempdir().unwrap();
    let page = written(dir.path(), "g.html", &["render", record, "--lang", lang]);
    let key = page_key(&page, 0);
    let mut every: Vec<KeyEntry> = Vec::new();
    let mut last = Vec::new();
    let positions = data(&page)["g"][0]["f"].as_array().unwrap().len();
    for n in 0..positions {
        let drawn = diagram_key(record, n, lang);
        // The diagram's entries stand in the page's key in the diagram's order.
        let places: Vec<Option<usize>> = drawn
            .iter()
            .map(|e| key.iter().position(|k| k == e))
            .collect();
        assert!(
            places.iter().all(Option::is_some),
            "{record} at {n}: {drawn:?} not all in the page's key {key:?}"
        );
        assert!(places.is_sorted(), "{record} at {n}: {drawn:?} in {key:?}");
        every.extend(
            drawn
                .iter()
                .filter(|e| !every.contains(e))
                .cloned()
                .collect::<Vec<_>>(),
        );
        last = drawn;
    }
    let mut sorted = key.clone();
    sorted.sort();
    every.sort();
    assert_eq!(
        sorted, every,
        "{record}: the page keys what the positions draw, once"
    );
    (key, last)
}

/// Issue 41.5: a Lines of Action page keys its obstructions, its capture crosses, its links
/// and the last move, as the diagrams do.
#[test]
fn a_lines_of_action_page_keys_every_symbol_its_positions_draw() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("obstructed.yaml");
    std::fs::write(&record, OBSTRUCTED_CAPTURE).unwrap();
    let (key, _) = keys_every_position(record.to_str().unwrap(), "en");
    let words: Vec<&str> = key.iter().map(|(_, w)| w.as_str()).collect();
    for symbol in [
        "the last move",
        "an obstructed square",
        "a capture happened here",
        "Black’s pieces of one group",
    ] {
        assert!(words.contains(&symbol), "{symbol} in {words:?}");
    }
    // Each sample is drawn, as the diagram draws it.
    assert!(
        key.iter().all(|(classes, _)| !classes.is_empty()),
        "{key:?}"
    );
}

/// A Shoreline page keys its runs, dead and scoring, and the last move; in German too.
#[test]
fn a_shoreline_page_keys_its_runs_and_the_last_move_in_its_language() {
    let (key, _) = keys_every_position("examples/shoreline-dead-four.yaml", "en");
    let words: Vec<&str> = key.iter().map(|(_, w)| w.as_str()).collect();
    assert_eq!(
        words,
        [
            "scoring three",
            "dead run (scores nothing)",
            "the last move"
        ]
    );
    let (german, _) = keys_every_position("examples/shoreline-dead-four.yaml", "de");
    assert_eq!(german.len(), key.len());
    assert!(
        german.iter().all(|g| !key.iter().any(|k| k.1 == g.1)),
        "{german:?}"
    );
}

/// A Towers page keys the Current Line, which only its positions before the end mark.
#[test]
fn a_towers_page_keys_what_positions_before_the_end_draw() {
    let (key, last) = keys_every_position("examples/towers-lower-first.yaml", "en");
    assert!(key.len() > last.len(), "{key:?} against the end's {last:?}");
    assert!(key.iter().any(|(_, w)| w == "the Current Line"), "{key:?}");
}

/// Issue 41.5: a Towers page writes the scoring table its diagram draws at the end, its
/// numbers the game's: each height's towers and the total, as `check` reports them.
#[test]
fn a_towers_page_shows_the_scoring_table_of_the_game_s_end() {
    let dir = tempfile::tempdir().unwrap();
    let record = "examples/towers-complete.yaml";
    let check = common::run(&["check", record, "--format", "json"]);
    let summary: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    let page = written(dir.path(), "t.html", &["render", record]);
    let tables = between(&page, "<table class=\"score\">", "</table>");
    assert_eq!(tables.len(), 1, "one table");
    let table = tables[0];
    let turns = summary["moves"].as_u64().unwrap();
    assert_eq!(
        between(table, "<caption>", "</caption>"),
        [format!("Score after turn {turns}")]
    );
    let row = |label: &str| -> Vec<String> {
        let rows = between(table, &format!("<th scope=\"row\">{label}</th>"), "</tr>");
        assert_eq!(rows.len(), 1, "{label} in {table}");
        between(rows[0], "<td>", "</td>")
            .iter()
            .map(|v| v.to_string())
            .collect()
    };
    let sides = ["black", "white"];
    let total = sides.map(|s| summary["score"][s].to_string());
    assert_eq!(row("Total"), total);
    for h in 1..=8 {
        let counts = sides.map(|s| summary["towers"][s][h - 1].to_string());
        assert_eq!(row(&format!("Towers of height {h}")), counts, "height {h}");
    }
    // In German, the table's words are the diagram's.
    let german = written(dir.path(), "de.html", &["render", record, "--lang", "de"]);
    let table = between(&german, "<table class=\"score\">", "</table>")[0];
    assert!(
        table.contains(&format!("Punkte nach Runde {turns}")),
        "{table}"
    );
    assert!(table.contains("Türme der Höhe 1"), "{table}");
    // Other games' diagrams draw no such table.
    let loa = written(
        dir.path(),
        "l.html",
        &["render", "examples/loa-obstructions.yaml"],
    );
    assert!(!loa.contains("<table"));
}
