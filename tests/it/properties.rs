//! Property tests: random legal games of every game check as valid and render without error;
//! a single corrupted move in any of them is always refused, at that move.
//!
//! The games are chosen by move choosers written here from the rules (RULINGS S2, T3–T5,
//! L3–L6), not by the engines under test: Shoreline by column heights, Towers by its Lines
//! and Current Line, Lines of Action by a naive scan of a board array. The records then go
//! through the real binary (`check --format json`, `render`).

use std::path::Path;

use proptest::prelude::*;
use serde_json::Value;

use crate::common::run_in;

/// SplitMix64: the test's own random numbers, so no choice comes from the crate under test.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Side {
    Black,
    White,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

/// `check --format json` of `yaml`, written as `game.yaml` in `dir`: the line of its one game.
fn check(dir: &Path, yaml: &str) -> Value {
    std::fs::write(dir.join("game.yaml"), yaml).unwrap();
    let out = run_in(dir, &["check", "--format", "json", "game.yaml"]);
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let line: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(
        out.code,
        if line["valid"] == true { 0 } else { 1 },
        "{line}"
    );
    line
}

/// The game.yaml that [`check`] wrote renders as SVG and PDF.
fn renders(dir: &Path) {
    for format in ["svg", "pdf"] {
        let out = run_in(dir, &["render", "game.yaml", "--format", format]);
        assert_eq!(out.code, 0, "{format}: {}", out.stderr);
        if format == "svg" {
            let svg = String::from_utf8(out.stdout).expect("SVG is UTF-8");
            roxmltree::Document::parse(&svg).expect("the SVG is well-formed");
        } else {
            assert!(out.stdout.starts_with(b"%PDF-"), "a PDF");
        }
    }
}

/// The line and column where the `n`-th (from 0) of `tokens` stands in a one-line list.
fn column_of(yaml_line: &str, tokens: &[String], n: usize) -> usize {
    let start = yaml_line.find('[').unwrap() + 1;
    start + tokens[..n].iter().map(|t| t.len() + 2).sum::<usize>() + 1
}

/// The refusal of the `ply`-th move (from 0), at its line and column, numbered as move lists
/// number moves: the first player's and the second's 6th are both move 6.
fn assert_refused_at(line: &Value, at_line: usize, at_column: usize, ply: usize) {
    assert_eq!(line["valid"], false, "a corrupted game is refused: {line}");
    assert_eq!(line["error"]["line"], at_line, "{line}");
    assert_eq!(line["error"]["column"], at_column, "{line}");
    let message = line["error"]["message"].as_str().unwrap();
    let side = if ply % 2 == 0 { "black" } else { "white" };
    assert!(
        message.starts_with(&format!("move {} ({side})", ply / 2 + 1)),
        "{message}"
    );
}

// ---- Shoreline: five columns of five points, filled from row 1; 24 placements (S1–S4).

/// A random Shoreline game of `len` placements, as (column, row) with row 1 the shore row.
fn shoreline_moves(seed: u64, len: usize) -> Vec<(usize, usize)> {
    let mut rng = Rng(seed);
    let mut heights = [0usize; 5];
    let mut moves = Vec::new();
    while moves.len() < len.min(24) {
        let open: Vec<usize> = (0..5).filter(|&c| heights[c] < 5).collect();
        let column = open[rng.below(open.len())];
        heights[column] += 1;
        moves.push((column, heights[column]));
    }
    moves
}

fn point_name((column, row): (usize, usize)) -> String {
    format!("{}{row}", (b'A' + column as u8) as char)
}

fn shoreline_yaml(tokens: &[String]) -> String {
    format!("game: shoreline\nmoves: [{}]\n", tokens.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_shoreline_games_check_and_render(seed in any::<u64>(), len in 0usize..=24, columns_only in any::<u32>()) {
        let moves = shoreline_moves(seed, len);
        // A move is a column (`C`) or the point it lands on (`C3`); write some each way.
        let tokens: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, &p)| if (columns_only >> (i % 32)) & 1 == 1 { point_name(p)[..1].to_string() } else { point_name(p) })
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &shoreline_yaml(&tokens));
        prop_assert_eq!(&line["valid"], true, "{}", line);
        prop_assert_eq!(&line["moves"], moves.len());
        prop_assert_eq!(&line["finished"], moves.len() == 24);
        renders(dir.path());
    }

    #[test]
    fn a_corrupted_shoreline_move_is_refused_there(seed in any::<u64>(), len in 1usize..=24, pick in any::<usize>()) {
        let moves = shoreline_moves(seed, len);
        let i = pick % moves.len();
        let mut tokens: Vec<String> = moves.iter().map(|&p| point_name(p)).collect();
        // The point above (or, at the top, below) where the stone really lands is never the
        // lowest free point of its column.
        let (column, row) = moves[i];
        tokens[i] = point_name((column, if row < 5 { row + 1 } else { row - 1 }));
        let yaml = shoreline_yaml(&tokens);
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &yaml);
        let column = column_of(yaml.lines().nth(1).unwrap(), &tokens, i);
        assert_refused_at(&line, 2, column, i);
    }
}

// ---- Lines of Action: a naive engine over a board array (L1, L3–L6).

/// A board of `size`×`size` squares, `a1` = 0, rank by rank, and the side to move.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Loa {
    size: usize,
    cells: Vec<Option<Side>>,
    to_move: Side,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl Loa {
    /// L1: Black on the first and last ranks, White on the first and last files, no
    /// corners; Black moves first.
    fn new(size: usize) -> Self {
        let mut cells = vec![None; size * size];
        for i in 1..size - 1 {
            cells[i] = Some(Side::Black);
            cells[(size - 1) * size + i] = Some(Side::Black);
            cells[i * size] = Some(Side::White);
            cells[i * size + size - 1] = Some(Side::White);
        }
        Loa {
            size,
            cells,
            to_move: Side::Black,
        }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Option<Side>> {
        let n = self.size as i32;
        ((0..n).contains(&file) && (0..n).contains(&rank))
            .then(|| self.cells[(rank * n + file) as usize])
    }

    fn name(&self, square: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (square % self.size) as u8) as char,
            square / self.size + 1
        )
    }

    /// L3: a piece moves exactly as many squares as there are pieces on its whole line, over
    /// its own pieces but never an enemy's, onto an empty square or an enemy (a capture).
    /// (from, to, capture) for every legal move of the side to move.
    fn moves(&self) -> Vec<(usize, usize, bool)> {
        let n = self.size as i32;
        let mut moves = Vec::new();
        for from in 0..self.cells.len() {
            if self.cells[from] != Some(self.to_move) {
                continue;
            }
            let (f, r) = ((from as i32) % n, (from as i32) / n);
            for (df, dr) in DIRECTIONS {
                let mut count = 1;
                for sign in [1, -1] {
                    let mut k = 1;
                    while let Some(cell) = self.at(f + sign * k * df, r + sign * k * dr) {
                        count += i32::from(cell.is_some());
                        k += 1;
                    }
                }
                let (tf, tr) = (f + count * df, r + count * dr);
                let Some(target) = self.at(tf, tr) else {
                    continue;
                };
                let jumps_enemy = (1..count)
                    .any(|k| self.at(f + k * df, r + k * dr) == Some(Some(self.to_move.other())));
                if jumps_enemy || target == Some(self.to_move) {
                    continue;
                }
                moves.push((from, (tr * n + tf) as usize, target.is_some()));
            }
        }
        moves
    }

    /// L4: all of `side`'s pieces touch in one group (8 neighbours); none or one is connected.
    fn connected(&self, side: Side) -> bool {
        let n = self.size as i32;
        let pieces: Vec<usize> = (0..self.cells.len())
            .filter(|&s| self.cells[s] == Some(side))
            .collect();
        let Some(&first) = pieces.first() else {
            return true;
        };
        let mut seen = vec![false; self.cells.len()];
        seen[first] = true;
        let mut stack = vec![first];
        let mut reached = 1;
        while let Some(sq) = stack.pop() {
            let (f, r) = ((sq as i32) % n, (sq as i32) / n);
            for (df, dr) in DIRECTIONS {
                if self.at(f + df, r + dr) == Some(Some(side)) {
                    let next = ((r + dr) * n + f + df) as usize;
                    if !seen[next] {
                        seen[next] = true;
                        reached += 1;
                        stack.push(next);
                    }
                }
            }
        }
        reached == pieces.len()
    }
}

/// A random game of at most `len` plies on a `size` board, stopping where it ends.
struct LoaGame {
    /// The plies as written.
    plies: Vec<String>,
    /// The board before each ply.
    before: Vec<Loa>,
    /// When it ended: `black`, `white` or `draw`.
    winner: Option<&'static str>,
}

fn loa_game(seed: u64, len: usize, size: usize) -> LoaGame {
    let mut rng = Rng(seed);
    let mut board = Loa::new(size);
    let mut seen = std::collections::HashMap::from([(board.clone(), 1u32)]);
    let mut game = LoaGame {
        plies: Vec::new(),
        before: Vec::new(),
        winner: None,
    };
    while game.plies.len() < len && game.winner.is_none() {
        game.before.push(board.clone());
        let mover = board.to_move;
        let moves = board.moves();
        if moves.is_empty() {
            // L5: a side without a move passes.
            game.plies.push("pass".to_string());
        } else {
            let (from, to, capture) = moves[rng.below(moves.len())];
            game.plies.push(format!(
                "{}{}{}",
                board.name(from),
                if capture { "x" } else { "-" },
                board.name(to)
            ));
            board.cells[to] = board.cells[from].take();
            // L4: whoever is connected after the move wins; both at once, the mover.
            game.winner = match (board.connected(mover), board.connected(mover.other())) {
                (true, _) => Some(mover.name()),
                (false, true) => Some(mover.other().name()),
                (false, false) => None,
            };
        }
        board.to_move = mover.other();
        // L6: the third time a position stands with the same side to move is a draw.
        let count = seen.entry(board.clone()).or_insert(0);
        *count += 1;
        if game.winner.is_none() && *count >= 3 {
            game.winner = Some("draw");
        }
    }
    game
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
        let LoaGame { plies: tokens, winner, .. } = loa_game(seed, len, size);
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &loa_yaml(size, &tokens));
        prop_assert_eq!(&line["valid"], true, "{}", line);
        prop_assert_eq!(&line["moves"], tokens.len());
        // The engine ends the game where the naive one does, with the same winner.
        prop_assert_eq!(&line["finished"], winner.is_some(), "{}", line);
        prop_assert_eq!(line["winner"].as_str(), winner, "{}", line);
        renders(dir.path());
    }

    #[test]
    fn a_corrupted_loa_move_is_refused_there(seed in any::<u64>(), len in 1usize..60, pick in any::<usize>()) {
        let game = loa_game(seed, len, 8);
        let tokens = game.plies;
        let i = pick % tokens.len();
        // Put a move at i that is not legal there: a piece of the mover's going to a square
        // none of its moves reaches.
        let board = &game.before[i];
        let legal = board.moves();
        let own: Vec<usize> = (0..64).filter(|&s| board.cells[s] == Some(board.to_move)).collect();
        let from = own[pick % own.len()];
        let to = (0..64).find(|&t| t != from && !legal.iter().any(|m| (m.0, m.1) == (from, t))).unwrap();
        let mut corrupted = tokens.clone();
        corrupted[i] = format!("{}-{}", board.name(from), board.name(to));
        let yaml = loa_yaml(8, &corrupted);
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &yaml);
        let column = column_of(yaml.lines().nth(2).unwrap(), &corrupted, i);
        assert_refused_at(&line, 3, column, i);
    }
}

// ---- Towers: the 15 Lines and the Current Line (T2–T5).

/// Line `k`: the squares whose file and rank (from 0) add up to `k`, from its end on file a
/// or rank 8 to its end on rank 1 or file h (T2). Square = rank * 8 + file.
fn towers_line(k: usize) -> Vec<usize> {
    (0..8)
        .filter(|&f| k >= f && k - f < 8)
        .map(|f| (k - f) * 8 + f)
        .collect()
}

/// The board and the Line being filled: its squares in filling order and how many are full.
#[derive(Default)]
struct Towers {
    cells: Vec<Option<Side>>,
    current: Option<(Vec<usize>, usize)>,
    placed: usize,
}

impl Towers {
    fn new() -> Self {
        Towers {
            cells: vec![None; 64],
            ..Towers::default()
        }
    }

    /// T3: while a Line is current its next square; otherwise an end of any empty Line.
    fn legal(&self) -> Vec<usize> {
        if let Some((order, filled)) = &self.current {
            return vec![order[*filled]];
        }
        let mut ends = Vec::new();
        for k in 0..15 {
            let line = towers_line(k);
            if line.iter().all(|&sq| self.cells[sq].is_none()) {
                ends.push(line[0]);
                if line.len() > 1 {
                    ends.push(line[line.len() - 1]);
                }
            }
        }
        ends
    }

    fn place(&mut self, sq: usize, side: Side) {
        self.cells[sq] = Some(side);
        self.placed += 1;
        let (order, filled) = self.current.get_or_insert_with(|| {
            let file = sq % 8;
            let mut order = towers_line(file + sq / 8);
            if order[0] != sq {
                order.reverse();
            }
            (order, 0)
        });
        *filled += 1;
        if *filled == order.len() {
            self.current = None;
        }
    }

    fn is_full(&self) -> bool {
        self.placed == 64
    }
}

fn towers_square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

/// A random Towers game of at most `turns` turns, as YAML turns with `+` where forced, and
/// whether it filled the board; with `corrupt`, that turn reveals 5 black stones and the line
/// of its reveal is returned too.
fn towers_yaml(seed: u64, turns: usize, corrupt: Option<usize>) -> (String, usize, bool) {
    let mut rng = Rng(seed);
    let mut board = Towers::new();
    // T4: the higher reveal places first; on equal reveals, whoever went first last turn
    // (Black before the first turn).
    let mut last_first = Side::Black;
    let mut out = String::from("game: towers\nturns:\n");
    let mut line = 3;
    let mut played = 0;
    while played < turns && !board.is_full() {
        let reveal = [1 + rng.below(4), 1 + rng.below(4)];
        let first = match reveal[0].cmp(&reveal[1]) {
            std::cmp::Ordering::Greater => Side::Black,
            std::cmp::Ordering::Less => Side::White,
            std::cmp::Ordering::Equal => last_first,
        };
        let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for side in [first, first.other()] {
            let idx = usize::from(side == Side::White);
            for _ in 0..reveal[idx] {
                // T5: the game ends when the 64th square fills, mid-turn or not.
                if board.is_full() {
                    break;
                }
                let legal = board.legal();
                let sq = legal[rng.below(legal.len())];
                lists[idx].push(if legal.len() == 1 {
                    "+".into()
                } else {
                    towers_square_name(sq)
                });
                board.place(sq, side);
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
    (out, line, board.is_full())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_towers_games_check_and_render(seed in any::<u64>(), turns in 0usize..40) {
        let (yaml, _, full) = towers_yaml(seed, turns, None);
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &yaml);
        prop_assert_eq!(&line["valid"], true, "{}", line);
        prop_assert_eq!(&line["finished"], full, "{}", line);
        renders(dir.path());
    }

    #[test]
    fn a_corrupted_towers_reveal_is_refused_there(seed in any::<u64>(), turns in 1usize..30, pick in any::<usize>()) {
        let (clean, _, _) = towers_yaml(seed, turns, None);
        let played = clean.matches("- reveal").count();
        let (yaml, at, _) = towers_yaml(seed, turns, Some(pick % played));
        let dir = tempfile::tempdir().unwrap();
        let line = check(dir.path(), &yaml);
        prop_assert_eq!(&line["valid"], false, "{}", line);
        prop_assert_eq!(&line["error"]["line"], at, "{}", line);
        let message = line["error"]["message"].as_str().unwrap();
        prop_assert!(message.contains("reveal 5 is more than 4"), "{}", message);
    }
}
