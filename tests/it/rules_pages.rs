//! The rules live in the repository: `docs/rules/` states every ruling the engines cite,
//! `sheetgen rules GAME` prints a game's rules, and an error citing a ruling names the page.

use crate::common;

/// Each game's rules page and the ruling ids its engine cites.
const PAGES: &[(&str, &str, char, u32)] = &[
    ("shoreline", "docs/rules/shoreline.md", 'S', 7),
    ("towers", "docs/rules/towers.md", 'T', 8),
    ("lines-of-action", "docs/rules/lines-of-action.md", 'L', 8),
];

#[test]
fn every_ruling_id_is_stated_on_its_games_page() {
    for &(_, page, letter, last) in PAGES {
        let text = std::fs::read_to_string(page).unwrap();
        for n in 1..=last {
            let id = format!("{letter}{n}");
            let cited = text
                .match_indices(&id)
                .any(|(i, _)| !text[i + id.len()..].starts_with(|c: char| c.is_ascii_digit()));
            assert!(cited, "{page} does not state ruling {id}");
        }
    }
}

#[test]
fn rules_prints_the_rules_of_each_game_and_where_the_rest_is() {
    for &(game, page, letter, _) in PAGES {
        let out = common::run(&["rules", game]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains(&format!("{letter}1")), "{game}: {text}");
        assert!(
            text.trim_end().ends_with(page),
            "{game} names {page}: {text}"
        );
        assert!(
            !text.contains("## The record"),
            "only the rules part: {text}"
        );
    }
    let alias = common::run(&["rules", "loa"]);
    assert_eq!(
        alias.stdout,
        common::run(&["rules", "lines-of-action"]).stdout
    );
}

#[test]
fn rules_of_an_unknown_game_lists_the_games() {
    let out = common::run(&["rules", "chess"]);
    assert_eq!(out.code, 2);
    // Shell completion offers the same names (clap's possible values).
    assert!(
        out.stderr
            .contains("shoreline, towers, lines-of-action, loa"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_error_citing_a_ruling_names_the_rules_page() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "game: shoreline\nmoves: [C, C3]\n",
            "ruling S2",
            "docs/rules/shoreline.md",
        ),
        (
            "game: towers\nrules: { unequal_reveal: sideways }\nturns: []\n",
            "ruling T4",
            "docs/rules/towers.md",
        ),
    ];
    for (i, (record, ruling, page)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad-{i}.yaml"));
        std::fs::write(&path, record).unwrap();
        let out = common::run(&["check", path.to_str().unwrap()]);
        let report = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.code, 1, "{report}");
        assert!(report.contains(ruling), "{report}");
        assert!(
            report.contains(&format!("note: the rulings are explained in {page}")),
            "{report}"
        );
        let json = common::run(&["check", "--format", "json", path.to_str().unwrap()]);
        let id = ruling.trim_start_matches("ruling ");
        let json = String::from_utf8(json.stdout).unwrap();
        assert!(json.contains(&format!(r#""rulings":["{id}"]"#)), "{json}");
    }
}
