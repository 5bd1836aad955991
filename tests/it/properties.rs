//! Property tests: random legal games of every game check as valid and render without error;
//! a single corrupted move in any of them is always refused, at that move.

use proptest::prelude::*;

use sheetgen::backend::{Format, render};
use sheetgen::games::loa::game::{Ply, Replay, Rules as LoaRules, notation};
use sheetgen::games::shoreline::rules::{Point as ShorePoint, Position};
use sheetgen::games::towers::rules::{
    Board as TowersBoard, UnequalReveal, first_player, square_name,
};
use sheetgen::games::{Game, RenderOptions, Side};
use sheetgen::input::SourceFile;
use sheetgen::rng::Rng;

fn read(yaml: &str) -> Result<Game, sheetgen::diagnostic::Diagnostic> {
    let source = SourceFile::new("game.yaml", yaml);
    sheetgen::record::read(&source)
        .expect("one document")
        .remove(0)
        .game
}

fn renders(game: &Game) {
    let document = game
        .diagram(&RenderOptions::default())
        .expect("the diagram draws");
    for format in [Format::Svg, Format::Pdf] {
        render(&document, format).expect("the diagram renders");
    }
}

/// The line and column where the `n`-th (from 0) of `tokens` stands in a one-line list.
fn column_of(yaml_line: &str, tokens: &[String], n: usize) -> usize {
    let start = yaml_line.find('[').unwrap() + 1;
    start + tokens[..n].iter().map(|t| t.len() + 2).sum::<usize>() + 1
}

/// A random Shoreline game of `len` moves, written as points.
fn shoreline_moves(seed: u64, len: usize) -> Vec<ShorePoint> {
    let mut rng = Rng::new(seed);
    let mut position = Position::new(Side::Black);
    let mut moves = Vec::new();
    while moves.len() < len && !position.is_over() {
        let columns = position.legal_columns();
        let column = columns[rng.below(columns.len())];
        moves.push(position.place_in(column).unwrap());
    }
    moves
}

fn shoreline_yaml(tokens: &[String]) -> String {
    format!("game: shoreline\nmoves: [{}]\n", tokens.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_shoreline_games_check_and_render(seed in any::<u64>(), len in 0usize..=24) {
        let moves = shoreline_moves(seed, len);
        let tokens: Vec<String> = moves.iter().map(|p| p.name()).collect();
        let game = read(&shoreline_yaml(&tokens)).expect("a legal game checks");
        prop_assert_eq!(game.summary().moves, moves.len());
        prop_assert_eq!(game.summary().finished, moves.len() == 24);
        renders(&game);
    }

    #[test]
    fn a_corrupted_shoreline_move_is_refused_there(seed in any::<u64>(), len in 1usize..=24, pick in any::<usize>()) {
        let moves = shoreline_moves(seed, len);
        let i = pick % moves.len();
        let mut tokens: Vec<String> = moves.iter().map(|p| p.name()).collect();
        // The point above (or, at the top, below) where the stone really lands is never the
        // lowest free point of its column.
        let real = moves[i];
        let wrong = if real.row < 5 { ShorePoint::new(real.column, real.row + 1) } else { ShorePoint::new(real.column, real.row - 1) };
        tokens[i] = wrong.name();
        let yaml = shoreline_yaml(&tokens);
        let error = read(&yaml).expect_err("a corrupted game is refused");
        prop_assert_eq!(error.line, 2);
        prop_assert_eq!(error.column, column_of(yaml.lines().nth(1).unwrap(), &tokens, i));
        let expected = format!("move {}", i + 1);
        prop_assert!(error.message.starts_with(&expected), "{}", error.message);
    }
}

/// A random Lines of Action game of at most `len` plies, stopping when it ends.
fn loa_plies(seed: u64, len: usize, size: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut replay = Replay::new(LoaRules {
        size,
        ..LoaRules::default()
    });
    while replay.plies.len() < len && replay.outcome.is_none() {
        let moves = replay.board.moves(&replay.position);
        let ply = if moves.is_empty() {
            Ply::Pass
        } else {
            Ply::Move(moves[rng.below(moves.len())])
        };
        replay.play(&notation(ply, size)).unwrap();
    }
    replay.plies.iter().map(|p| notation(*p, size)).collect()
}

fn loa_yaml(size: usize, tokens: &[String]) -> String {
    format!(
        "game: loa\nrules: {{ size: {size} }}\nmoves: [{}]\n",
        tokens.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_loa_games_check_and_render(seed in any::<u64>(), len in 0usize..80, size in 5usize..=12) {
        let tokens = loa_plies(seed, len, size);
        let game = read(&loa_yaml(size, &tokens)).expect("a legal game checks");
        prop_assert_eq!(game.summary().moves, tokens.len());
        renders(&game);
    }

    #[test]
    fn a_corrupted_loa_move_is_refused_there(seed in any::<u64>(), len in 1usize..60, pick in any::<usize>()) {
        let tokens = loa_plies(seed, len, 8);
        prop_assume!(!tokens.is_empty());
        let i = pick % tokens.len();
        // Replay to just before move i and put a move there that is not legal: a piece of the
        // mover's going to a square none of its moves reaches.
        let mut replay = Replay::new(LoaRules::default());
        for t in &tokens[..i] {
            replay.play(t).unwrap();
        }
        let legal = replay.board.moves(&replay.position);
        let own: Vec<usize> = (0..64).filter(|s| replay.position.at(*s) == Some(replay.position.to_move)).collect();
        let from = own[pick % own.len()];
        let to = (0..64).find(|t| *t != from && !legal.iter().any(|m| m.from as usize == from && m.to as usize == *t)).unwrap();
        let mut corrupted = tokens.clone();
        corrupted[i] = format!("{}-{}", sheetgen::games::loa::rules::square_name(from, 8), sheetgen::games::loa::rules::square_name(to, 8));
        let yaml = loa_yaml(8, &corrupted);
        let error = read(&yaml).expect_err("a corrupted game is refused");
        prop_assert_eq!(error.line, 3);
        prop_assert_eq!(error.column, column_of(yaml.lines().nth(2).unwrap(), &corrupted, i));
        let expected = format!("move {}", i + 1);
        prop_assert!(error.message.starts_with(&expected), "{}", error.message);
    }
}

/// A random Towers game of at most `turns` turns, as YAML turns with `+` where forced.
fn towers_yaml(seed: u64, turns: usize, corrupt: Option<usize>) -> (String, usize) {
    let mut rng = Rng::new(seed);
    let mut board = TowersBoard::default();
    let mut last_first = Side::Black;
    let mut out = String::from("game: towers\nturns:\n");
    let mut line = 3;
    let mut played = 0;
    while played < turns && !board.is_full() {
        let reveal = [1 + rng.below(4), 1 + rng.below(4)];
        let first = first_player(reveal[0], reveal[1], last_first, UnequalReveal::HigherFirst);
        let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for side in [first, first.other()] {
            let idx = usize::from(side == Side::White);
            for _ in 0..reveal[idx] {
                if board.is_full() {
                    break;
                }
                let legal = board.legal();
                let sq = legal[rng.below(legal.len())];
                lists[idx].push(if legal.len() == 1 {
                    "+".into()
                } else {
                    square_name(sq)
                });
                board.place(sq, side).unwrap();
            }
        }
        let shown = if corrupt == Some(played) {
            5
        } else {
            reveal[0]
        };
        if corrupt == Some(played) {
            line = out.lines().count() + 1;
        }
        out.push_str(&format!(
            "  - reveal: {{ black: {shown}, white: {} }}\n",
            reveal[1]
        ));
        out.push_str(&format!(
            "    black: [{}]\n    white: [{}]\n",
            lists[0].join(", "),
            lists[1].join(", ")
        ));
        last_first = first;
        played += 1;
    }
    (out, line)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_towers_games_check_and_render(seed in any::<u64>(), turns in 0usize..40) {
        let (yaml, _) = towers_yaml(seed, turns, None);
        let game = read(&yaml).expect("a legal game checks");
        renders(&game);
    }

    #[test]
    fn a_corrupted_towers_reveal_is_refused_there(seed in any::<u64>(), turns in 1usize..30, pick in any::<usize>()) {
        let (clean, _) = towers_yaml(seed, turns, None);
        let played = clean.matches("- reveal").count();
        let (yaml, line) = towers_yaml(seed, turns, Some(pick % played));
        let error = read(&yaml).expect_err("a reveal of 5 is refused");
        prop_assert_eq!(error.line, line);
        prop_assert!(error.message.contains("reveal 5 is more than 4"), "{}", error.message);
    }
}
