//! `booklet` as a club's bulletin (issue 25, item 4): title and date, the event's results
//! (by round, or a crosstable when every pair met), each game's heading and numbered move
//! list with its comments, the diagrams with their keys, page numbers, a contents list
//! past eight games. What the booklet shows is computed here again from the records.

use sheetgen_core::figure::{Document, Group};
use sheetgen_core::games::GameRecord;
use sheetgen_core::vocabulary::{Side, Winner};

use crate::common::{pdf_page_size_mm, pdf_text, run, run_in};

fn games(files: &[&str]) -> Vec<Box<dyn GameRecord>> {
    let paths: Vec<std::path::PathBuf> = files.iter().map(Into::into).collect();
    sheetgen::record_files(&paths)
        .files
        .into_iter()
        .flat_map(|f| sheetgen::load(f, &sheetgen_core::font::Font::builtin()).unwrap())
        .map(|e| e.game.unwrap())
        .collect()
}

fn options() -> sheetgen_core::booklet::BookletOptions {
    crate::common::booklet_options()
}

fn booklet(games: &[Box<dyn GameRecord>]) -> Document {
    sheetgen_core::booklet::booklet(games, &options()).unwrap()
}

/// The lines of every group of class `class`, page by page, each group's texts joined by
/// spaces (wrapped lines join again into what was wrapped).
fn texts_of(document: &Document, class: &str) -> Vec<String> {
    document
        .pages
        .iter()
        .flat_map(|p| p.root.groups_with_class(class))
        .map(|g: &Group| {
            g.texts()
                .iter()
                .map(|t| t.content.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// The result as the test writes it, from the engine's winner.
fn result(winner: Option<Winner>) -> &'static str {
    match winner {
        Some(Winner::Black) => "1–0",
        Some(Winner::White) => "0–1",
        Some(Winner::Draw) => "Draw",
        None => "*",
    }
}

#[test]
fn the_season_s_results_are_its_games_by_round_with_the_engines_winners() {
    let season = games(&["examples/season"]);
    let document = booklet(&season);
    let rows = texts_of(&document, "table-row");
    let mut expected: Vec<(u32, String)> = season
        .iter()
        .map(|g| {
            let about = g.about();
            let round = about.round.as_ref().unwrap().value.clone();
            let row = format!(
                "{round} {} {} {}",
                about.player(Side::Black).unwrap(),
                about.player(Side::White).unwrap(),
                result(g.summary().winner)
            );
            (round.parse().unwrap(), row)
        })
        .collect();
    expected.sort();
    let expected: Vec<String> = expected.into_iter().map(|(_, row)| row).collect();
    assert_eq!(rows, expected);
    assert_eq!(
        texts_of(&document, "table-header"),
        ["Round Black White Result"]
    );
    // Two players are no crosstable.
    assert!(texts_of(&document, "crosstable").is_empty());
}

/// Three Lines of Action games between Ann, Bo and Cy, each pair once, written from
/// example games whose players are replaced.
fn round_robin(dir: &std::path::Path) -> Vec<String> {
    let games = [
        ("examples/loa-connection.yaml", "Ann", "Bo", 1),
        ("examples/loa-winands-E1.yaml", "Bo", "Cy", 1),
        ("examples/loa-simultaneous-draw.yaml", "Cy", "Ann", 2),
    ];
    let mut files = Vec::new();
    for (k, (example, black, white, round)) in games.into_iter().enumerate() {
        let text = std::fs::read_to_string(example).unwrap();
        let kept: Vec<&str> = text
            .lines()
            .filter(|l| {
                !["players:", "round:", "event:"]
                    .iter()
                    .any(|k| l.starts_with(k))
            })
            .collect();
        let header = format!(
            "event: Club cup\nround: {round}\nplayers: {{ black: {black}, white: {white} }}"
        );
        let record = kept.join("\n").replacen(
            "game: lines-of-action",
            &format!("game: lines-of-action\n{header}"),
            1,
        );
        let path = dir.join(format!("g{k}.yaml"));
        std::fs::write(&path, record).unwrap();
        files.push(path.to_str().unwrap().to_string());
    }
    files
}

#[test]
fn a_round_robin_is_a_crosstable_of_every_player_s_results_and_total() {
    let dir = tempfile::tempdir().unwrap();
    let files = round_robin(dir.path());
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let played = games(&files);
    // Each player's half points against each other player, from the engine's winners.
    let names = ["Ann", "Bo", "Cy"];
    let halves = |me: &str, them: &str| -> Option<u32> {
        played.iter().find_map(|g| {
            let about = g.about();
            let (b, w) = (about.player(Side::Black)?, about.player(Side::White)?);
            let side = match (b, w) {
                _ if (b, w) == (me, them) => Side::Black,
                _ if (b, w) == (them, me) => Side::White,
                _ => return None,
            };
            Some(match (g.summary().winner.unwrap(), side) {
                (Winner::Draw, _) => 1,
                (Winner::Black, Side::Black) | (Winner::White, Side::White) => 2,
                _ => 0,
            })
        })
    };
    let total = |me: &str| -> u32 { names.iter().filter_map(|t| halves(me, t)).sum() };
    let mut order = names.to_vec();
    order.sort_by(|a, b| total(b).cmp(&total(a)).then(a.cmp(b)));
    let shown = |h: u32| match h {
        2 => "1".to_string(),
        1 => "=".to_string(),
        _ => "0".to_string(),
    };
    let points = |h: u32| match h % 2 {
        1 => format!("{}.5", h / 2),
        _ => (h / 2).to_string(),
    };
    let expected: Vec<String> = order
        .iter()
        .enumerate()
        .map(|(i, me)| {
            let cells: Vec<String> = order
                .iter()
                .map(|them| match halves(me, them) {
                    Some(h) => shown(h),
                    None => "—".to_string(),
                })
                .collect();
            format!("{} {me} {} {}", i + 1, cells.join(" "), points(total(me)))
        })
        .collect();
    let document = booklet(&played);
    assert_eq!(texts_of(&document, "table-row"), expected);
    assert_eq!(texts_of(&document, "table-header"), [" Name 1 2 3 Score"]);
    // Every score is the engine's: Ann beat Bo (Black connected), Bo lost to Cy, Cy drew Ann.
    assert_eq!(document.title, "Club cup");
}

#[test]
fn the_move_list_is_numbered_in_pairs_with_every_comment_after_its_move() {
    let game = games(&["examples/season/round2-bo-ann.txt"]);
    let document = booklet(&game);
    let moves = game[0].move_list(&Default::default());
    let about = game[0].about();
    // The list as a book prints it, written out here: the game's comment, then the moves
    // broken by each move's comment, going on with that move's number.
    let mut expected = vec![about.comment.as_ref().unwrap().value.trim().to_string()];
    assert_eq!(
        about.comments.len(),
        2,
        "the record's comments on moves 12 and 33"
    );
    let mut list = String::new();
    for (i, played) in moves.iter().enumerate() {
        let number = (i / 2) + 1;
        if i % 2 == 0 {
            list.push_str(&format!(" {number}.\u{a0}{played}"));
        } else if list.is_empty() {
            list.push_str(&format!(" {number}...\u{a0}{played}"));
        } else {
            list.push_str(&format!(" {played}"));
        }
        if let Some((_, comment)) = about.comments.iter().find(|(n, _)| *n == i + 1) {
            expected.push(list.trim().to_string());
            expected.push(comment.value.clone());
            list.clear();
        }
    }
    if !list.is_empty() {
        expected.push(list.trim().to_string());
    }
    // The page's parts in the order they flow.
    let mut shown: Vec<String> = Vec::new();
    for page in &document.pages {
        for part in &page.root.groups_with_class("page-content")[0].items {
            let sheetgen_core::figure::Item::Group(g) = part else {
                continue;
            };
            if g.class == "move-list" || g.class == "move-comment" {
                let lines: Vec<&str> = g.texts().iter().map(|t| t.content.as_str()).collect();
                shown.push(lines.join(" "));
            }
        }
    }
    assert_eq!(shown, expected);
    assert!(
        expected.iter().any(|p| p.starts_with("7.\u{a0}g1-g4")),
        "{expected:?}"
    );
}

#[test]
fn the_bulletin_pdf_has_title_date_comments_headings_and_page_numbers() {
    let out = run(&[
        "booklet",
        "examples/season",
        "--title",
        "Autumn league bulletin",
        "--date",
        "November 2026",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let text = pdf_text(&out.stdout);
    for words in [
        "Autumn league bulletin",
        "November 2026",
        "Results",
        "Board 1 of the first evening.",
        "Black takes at once.",
        "All of Black's pieces are joined.",
        "White heads for the centre.",
        "Lines of Action · Autumn league, round 2 · 2026-11-10",
        "1–0 · Black wins: connected after 33 half-moves",
        "After 17.\u{a0}b7xe7",
    ] {
        assert!(text.contains(words), "{words} missing from\n{text}");
    }
    let pages = pdf_page_size_mm(&out.stdout).len();
    for page in 1..=pages {
        assert!(text.contains(&format!("{page} / {pages}")), "page {page}");
    }
    let doc = lopdf::Document::load_mem(&out.stdout).unwrap();
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(|o| o.as_reference())
        .unwrap();
    let title = doc.get_dictionary(info).unwrap().get(b"Title").unwrap();
    let title = title.as_str().unwrap();
    let title = match title.strip_prefix(&[0xfe, 0xff]) {
        Some(utf16) => String::from_utf16(
            &utf16
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        )
        .unwrap(),
        None => String::from_utf8(title.to_vec()).unwrap(),
    };
    assert_eq!(title, "Autumn league bulletin");
    let again = run(&[
        "booklet",
        "examples/season",
        "--title",
        "Autumn league bulletin",
        "--date",
        "November 2026",
    ]);
    assert!(again.stdout == out.stdout, "the same bulletin every time");
}

#[test]
fn a_title_the_font_cannot_draw_or_too_long_for_the_page_is_refused_naming_it() {
    let out = run(&["booklet", "examples/season", "--title", "한 league"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--title: the character '한'"),
        "{}",
        out.stderr
    );
    let long = "league ".repeat(2000);
    let out = run(&["booklet", "examples/season", "--title", &long]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--title takes"), "{}", out.stderr);
}

/// Nine games: more than eight.
const NINE: [&str; 3] = [
    "examples/shoreline-evening.yaml",
    "examples/season",
    "examples/loa-connection.yaml",
];

#[test]
fn past_eight_games_a_contents_list_gives_each_game_s_first_page() {
    let many = games(&[
        NINE[0],
        NINE[1],
        NINE[2],
        "examples/loa-6x6.yaml",
        "examples/loa-winands-E1.yaml",
    ]);
    assert_eq!(many.len(), 9);
    let document = booklet(&many);
    let lines = texts_of(&document, "contents");
    assert_eq!(lines.len(), 9, "{lines:?}");
    let numbers = texts_of(&document, "contents-page");
    for (k, (line, page)) in lines.iter().zip(&numbers).enumerate() {
        assert!(line.starts_with(&format!("{}. ", k + 1)), "{line}");
        // The game's heading is on the page the contents names.
        let page: usize = page.parse().unwrap();
        let headings = document.pages[page - 1]
            .root
            .groups_with_class("game-heading");
        let prefix = format!("{}. ", k + 1);
        assert!(
            headings
                .iter()
                .any(|h| h.texts()[0].content.starts_with(&prefix)),
            "game {} is not on page {page}",
            k + 1
        );
    }
    let eight = booklet(&games(&[
        NINE[0],
        NINE[1],
        NINE[2],
        "examples/loa-6x6.yaml",
    ]));
    assert!(texts_of(&eight, "contents").is_empty());
}

#[test]
fn booklet_diagrams_carry_their_keys_and_the_scoring_mode() {
    let document = booklet(&games(&[
        "examples/shoreline-beginner.yaml",
        "examples/loa-connection.yaml",
        "examples/towers-complete.yaml",
    ]));
    let entries: Vec<&Group> = document
        .pages
        .iter()
        .flat_map(|p| p.root.groups_with_class("booklet-entry"))
        .collect();
    assert_eq!(entries.len(), 1 + 2 + 1);
    for entry in &entries {
        assert!(!entry.groups_with_class("legend").is_empty(), "no key");
        // The heading above says the title and players; the diagram does not again.
        assert!(entry.groups_with_class("header").is_empty());
    }
    let words: Vec<&str> = entries[0]
        .texts()
        .iter()
        .map(|t| t.content.as_str())
        .collect();
    assert!(words.contains(&"beginner scoring"), "{words:?}");
    // Captions use the games' names, never their record keys.
    let all = texts_of(&document, "game-byline").join("\n");
    assert!(
        all.contains("Lines of Action") && !all.contains("lines-of-action"),
        "{all}"
    );
}

#[test]
fn every_text_stays_on_its_page_on_a4_and_letter() {
    for paper in ["a4", "letter"] {
        let dir = tempfile::tempdir().unwrap();
        let out = run_in(
            env!("CARGO_MANIFEST_DIR"),
            &[
                "booklet",
                NINE[0],
                NINE[1],
                "examples/towers-example.yaml",
                "--page",
                paper,
                "-o",
                dir.path().join("b.pdf").to_str().unwrap(),
            ],
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let pdf = std::fs::read(dir.path().join("b.pdf")).unwrap();
        let expected = match paper {
            "a4" => (210.0, 297.0),
            _ => (215.9, 279.4),
        };
        for (w, h) in pdf_page_size_mm(&pdf) {
            assert!((w - expected.0).abs() < 0.1 && (h - expected.1).abs() < 0.1);
        }
    }
    let mut options = options();
    options.page.paper = sheetgen_core::page::Paper::Letter;
    let document =
        sheetgen_core::booklet::booklet(&games(&[NINE[0], NINE[1], NINE[2]]), &options).unwrap();
    for page in &document.pages {
        let inside =
            sheetgen_core::figure::Rect::new(10.0, 10.0, page.width - 20.0, page.height - 20.0);
        for text in page.root.texts() {
            assert!(
                inside.contains(&text.bounds(&page.font)),
                "{:?} leaves the page",
                text.content
            );
            assert!(text.size >= 6.99, "{:?} at {} pt", text.content, text.size);
        }
    }
}

#[test]
fn check_names_each_dropped_variation_and_render_text_shows_the_game_comment() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("v.sgf"),
        "(;GM[9]C[Played at the club.];B[b1-b3];W[h3-e3](;B[b8-b6];W[h5-f7])(;B[c1-c3]))",
    )
    .unwrap();
    let out = run_in(dir.path(), &["check", "v.sgf"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("note: a variation at move 2 (black) is left out")
            && out.stderr.contains("v.sgf:1:"),
        "{}",
        out.stderr
    );
    let out = run_in(dir.path(), &["render", "v.sgf", "--format", "text"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Played at the club."), "{text}");
}

#[test]
fn a_towers_move_list_numbers_each_turn_in_the_booklet_s_language() {
    let game = games(&["examples/towers-example.yaml"]);
    let options = sheetgen_core::booklet::BookletOptions {
        words: sheetgen_core::words::Words::new(sheetgen_core::words::Lang::De),
        ..options()
    };
    let document = sheetgen_core::booklet::booklet(&game, &options).unwrap();
    let list = texts_of(&document, "move-list").join(" ");
    // Both players move in a turn: each turn has its number, none is a second player's.
    let turns = game[0].length();
    assert!(turns > 2);
    let numbers: Vec<&str> = list
        .split(' ')
        .filter_map(|w| w.split_once('\u{a0}').map(|(n, _)| n))
        .collect();
    let expected: Vec<String> = (1..=turns).map(|n| format!("{n}.")).collect();
    assert_eq!(numbers, expected, "{list}");
    assert!(list.contains("Schwarz") && list.contains("Weiß"), "{list}");
    assert!(!list.contains("black") && !list.contains("white"), "{list}");
}

#[test]
fn a_towers_turn_is_named_by_its_number_and_has_no_second_player_s_move() {
    let by_count = run(&[
        "render",
        "examples/towers-example.yaml",
        "--at",
        "6",
        "--format",
        "text",
    ]);
    let by_number = run(&[
        "render",
        "examples/towers-example.yaml",
        "--at",
        "6.",
        "--format",
        "text",
    ]);
    assert_eq!(by_count.code, 0, "{}", by_count.stderr);
    assert_eq!(by_count.stdout, by_number.stdout);
    let refused = run(&[
        "render",
        "examples/towers-example.yaml",
        "--at",
        "6...",
        "--format",
        "text",
    ]);
    assert_eq!(refused.code, 2);
    let err = &refused.stderr;
    assert!(err.contains("`6...` is no turn"), "{err}");
}

#[test]
fn a_resignation_is_the_end_the_diagram_and_the_heading_state_in_every_language() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("resigned.yaml");
    std::fs::write(
        &record,
        "game: lines-of-action\nmoves: [c8-c6, h4-f2, g8-g6, h2-e2, b1-e4, a6-d3, c1-c3, \
         a3-c5, e1-b4]\nresigned: white\n",
    )
    .unwrap();
    let record = record.to_str().unwrap();
    let text = run(&["render", record, "--format", "text"]);
    assert_eq!(text.code, 0, "{}", text.stderr);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("Black wins: white resigned after 9 half-moves"),
        "{text}"
    );
    assert!(!text.contains("nfinished"), "{text}");
    let pdf = dir.path().join("de.pdf");
    let made = run(&[
        "booklet",
        record,
        "--lang",
        "de",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(made.code, 0, "{}", made.stderr);
    let words = pdf_text(&std::fs::read(&pdf).unwrap());
    // A game's column may wrap the heading's line: the words, wherever the lines break.
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    // Both the heading and the line under the board.
    assert_eq!(
        words
            .matches("Schwarz gewinnt: Weiß gab nach 9 Halbzügen auf")
            .count(),
        2,
        "{words}"
    );
    assert!(!words.contains("Nicht beendet"), "{words}");
}

#[test]
fn a_walkthrough_shows_the_comment_on_each_position_s_move() {
    let game = games(&["examples/season/round2-bo-ann.txt"]);
    let options = sheetgen_core::booklet::BookletOptions {
        every: Some(6),
        ..options()
    };
    let document = sheetgen_core::booklet::booklet(&game, &options).unwrap();
    let captions = texts_of(&document, "caption").join("\n");
    for (n, comment) in &game[0].about().comments {
        let words: Vec<&str> = comment.value.split_whitespace().collect();
        let first = words[..words.len().min(3)].join(" ");
        if n % 6 == 0 || *n == game[0].length() {
            assert!(captions.contains(&first), "move {n}: {first}\n{captions}");
        }
    }
}

#[test]
fn a_numbered_move_past_the_end_is_refused_in_the_words_it_was_asked_in() {
    let out = run(&[
        "render",
        "examples/season/round2-bo-ann.txt",
        "--at",
        "17...",
        "--format",
        "text",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("--at 17...: the game ends with 17. b7xe7"),
        "{}",
        out.stderr
    );
}

/// What `sheetgen booklet` writes: the pages are laid out with every diagram measured, and
/// each page's diagrams are drawn only as the page is written, so a thousand games' diagrams
/// are never held at once. Past the first batch of pages, and on every core, that is the
/// same booklet, byte for byte, as the one drawn whole.
#[test]
fn a_booklet_drawn_as_it_is_written_holds_no_diagram_until_then_and_is_the_same_booklet() {
    let files = [
        "examples/shoreline-evening.yaml",
        "examples/towers-example.yaml",
        "examples/loa-connection.yaml",
    ];
    let options = sheetgen_core::booklet::BookletOptions {
        per_page: 1,
        every: Some(2),
        ..options()
    };
    let whole = sheetgen_core::booklet::booklet(&games(&files), &options).unwrap();
    let later = sheetgen_core::booklet::booklet_drawn_as_written(games(&files), &options).unwrap();
    // A diagram's entry holds the diagram and its caption; laid out, its caption only.
    let entries = |document: &Document| -> Vec<usize> {
        document
            .pages
            .iter()
            .flat_map(|p| p.root.groups_with_class("booklet-entry"))
            .map(|entry| entry.items.len())
            .collect()
    };
    let drawn = entries(&whole);
    assert!(
        drawn.len() > 20 && drawn.iter().all(|&n| n == 2),
        "{drawn:?}"
    );
    assert!(
        entries(&later).iter().all(|&n| n == 1),
        "{:?}",
        entries(&later)
    );
    assert_eq!(entries(&later).len(), drawn.len());
    assert!(
        later.pages.len() > 16,
        "more than two batches: {}",
        later.pages.len()
    );
    let pdf = |document: Document| {
        sheetgen_backends::render(document, sheetgen_core::backend::Format::Pdf).unwrap()
    };
    assert!(pdf(later.clone()) == pdf(whole.clone()), "the same PDF");
    // Descriptions too: each page's text alternative names its diagrams.
    assert_eq!(later.finished().unwrap(), whole);
}

/// Ten short one-diagram games: five Shoreline records, the evening's four, a Lines of
/// Action draw.
const TEN_SHORT: [&str; 7] = [
    "examples/shoreline-beginner.yaml",
    "examples/shoreline-dead-four.yaml",
    "examples/shoreline-draw.yaml",
    "examples/shoreline-evening.yaml",
    "examples/shoreline-run-of-five.yaml",
    "examples/shoreline-unfinished.yaml",
    "examples/loa-repetition.yaml",
];

/// The booklet of `games` at `per_page` diagrams a page.
fn booklet_at(games: &[Box<dyn GameRecord>], per_page: usize) -> Document {
    let options = sheetgen_core::booklet::BookletOptions {
        per_page,
        ..options()
    };
    sheetgen_core::booklet::booklet(games, &options).unwrap()
}

/// The width of every board drawn, in millimetres.
fn board_widths(document: &Document) -> Vec<f64> {
    document
        .pages
        .iter()
        .flat_map(|p| {
            p.root
                .groups_with_class("booklet-entry")
                .into_iter()
                .flat_map(|e| e.groups_with_class("board"))
                .map(|b| b.bounds(&p.font).unwrap().width)
        })
        .collect()
}

/// Eight games of a season: the two of examples/season, four times over.
fn eight_season_games() -> Vec<Box<dyn GameRecord>> {
    (0..4).flat_map(|_| games(&["examples/season"])).collect()
}

/// Issue 41.1: each game started a new page, ten short games took 11 pages. They follow
/// one another down the columns now, each kept with its first diagram.
#[test]
fn games_follow_one_another_each_heading_on_the_page_of_its_first_diagram() {
    let ten = games(&TEN_SHORT);
    assert_eq!(ten.len(), 10);
    let season = eight_season_games();
    for per_page in [1, 2, 4, 6] {
        for (what, games) in [("ten", &ten), ("season", &season)] {
            let document = booklet_at(games, per_page);
            for (p, page) in document.pages.iter().enumerate() {
                let headings = page.root.groups_with_class("game-heading").len();
                let entries = page.root.groups_with_class("booklet-entry").len();
                assert!(
                    entries >= headings,
                    "{what} at --per-page {per_page}: page {} has {headings} headings and \
                     {entries} diagrams",
                    p + 1
                );
            }
        }
    }
    // Four games a page after the front page's results and contents (11 pages before).
    let four = booklet_at(&ten, 4);
    assert!(four.pages.len() <= 4, "{} pages", four.pages.len());
    let headings =
        |page: &sheetgen_core::figure::Figure| page.root.groups_with_class("game-heading").len();
    assert_eq!(headings(&four.pages[1]), 4);
    // The season's eight games: two a page (9 pages before).
    assert!(booklet_at(&season, 4).pages.len() <= 5);
}

/// Issue 41.1: `--per-page` did not change the diagrams' size (a Lines of Action board
/// 59.9 mm across at 2, 60.5 at 6; a Shoreline board 56.2 mm at 2 and 52.6 at 6, for at 2
/// they stood one above the other, as high as half the page allows, where side by side
/// they are 73.9 mm).
#[test]
fn per_page_sizes_the_diagrams_so_that_many_fit_a_page() {
    let season = eight_season_games();
    let shoreline = games(&TEN_SHORT[..6]);
    let towers = games(&[
        "examples/towers-example.yaml",
        "examples/towers-complete.yaml",
    ]);
    for (what, games) in [
        ("season", season),
        ("shoreline", shoreline),
        ("towers", towers),
    ] {
        let width = |per_page| board_widths(&booklet_at(&games, per_page))[0];
        let (two, six) = (width(2), width(6));
        assert!(
            six <= 0.8 * two,
            "{what}: {two:.1} mm at 2, {six:.1} mm at 6"
        );
    }
    let ten = games(&TEN_SHORT);
    for per_page in [2, 4, 6] {
        let document = booklet_at(&ten, per_page);
        // Full pages hold as many diagrams as asked, or all that legible text allows.
        let most = document
            .pages
            .iter()
            .map(|p| p.root.groups_with_class("booklet-entry").len())
            .max()
            .unwrap();
        assert!(
            most >= per_page.min(4),
            "--per-page {per_page}: {most} at most"
        );
    }
}

/// Issue 41.1: the contents list's page numbers stood apart from their lines; dots lead
/// to them now, and no word of a line stands alone on its last line.
#[test]
fn the_contents_lead_dots_to_each_page_number_and_leave_no_word_alone() {
    let dir = tempfile::tempdir().unwrap();
    // A title that wraps, its last word alone on a line where the column ends.
    let title = "An evening of the autumn league at the club, the second board of the third \
                 round, played late on a wet Thursday in November, adjourned at eleven and finished \
                 a week later at the same table by the window";
    let record = format!("game: shoreline\ntitle: {title}\nmoves: [C, B]\n");
    let file = dir.path().join("long.yaml");
    std::fs::write(&file, record).unwrap();
    let mut ten = games(&TEN_SHORT);
    ten.extend(games(&[file.to_str().unwrap()]));
    let document = booklet(&ten);
    let leaders = texts_of(&document, "contents-leader");
    assert_eq!(leaders.len(), 11, "{leaders:?}");
    assert!(
        leaders[..10].iter().all(|l| l.starts_with(". . . . .")),
        "{leaders:?}"
    );
    assert!(leaders[10].chars().all(|c| c == '.' || c == ' '));
    let lines: Vec<Vec<String>> = document
        .pages
        .iter()
        .flat_map(|p| p.root.groups_with_class("contents"))
        .map(|g| g.texts().iter().map(|t| t.content.clone()).collect())
        .collect();
    assert!(lines[10].len() > 1, "the long title wraps: {:?}", lines[10]);
    for line in &lines {
        let last = line.last().unwrap();
        assert!(
            line.len() == 1 || last.contains(' '),
            "{last:?} alone: {line:?}"
        );
    }
}

/// How far down its page each page's content reaches, the two halves of the page (its
/// columns) averaged, as a fraction of the room for content.
fn filled(document: &Document) -> Vec<f64> {
    let margin = 14.0;
    document
        .pages
        .iter()
        .map(|page| {
            let mut lowest = [0.0f64; 2];
            let half = |x: f64| usize::from(x >= page.width / 2.0);
            let room = page.height - 2.0 * margin;
            for text in page.root.texts() {
                // (The page number, at the foot, is not content.)
                if text.position.y < page.height - margin {
                    let h = half(text.position.x);
                    lowest[h] = lowest[h].max(text.position.y);
                }
            }
            for entry in page.root.groups_with_class("booklet-entry") {
                let b = entry.bounds(&page.font).unwrap();
                lowest[half(b.x)] = lowest[half(b.x)].max(b.y + b.height);
            }
            let used: Vec<f64> = lowest.iter().filter(|y| **y > 0.0).copied().collect();
            used.iter().map(|y| (y - margin) / room).sum::<f64>() / used.len() as f64
        })
        .collect()
}

/// Issue 41.1: ten short games' bulletin was 14 pages, each about half full.
#[test]
fn ten_short_games_fill_their_pages_but_the_last() {
    let document = booklet(&games(&TEN_SHORT));
    let fills = filled(&document);
    assert!(fills.len() <= 7, "{} pages", fills.len());
    let but_last = &fills[..fills.len() - 1];
    let mean = but_last.iter().sum::<f64>() / but_last.len() as f64;
    assert!(mean >= 0.7, "{fills:.2?}");
}
