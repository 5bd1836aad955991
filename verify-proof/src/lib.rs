//! An independent checker of Lines of Action proof certificates (`sheetgen solve …
//! --proof FILE`; the format is in docs/rules/lines-of-action.md, "Proof certificates").
//!
//! Written from the rules text alone, on plain arrays, sharing no code with sheetgen's
//! engine: moves (ruling L3, with obstructions L2), connection and who wins (L4, the
//! certificate's `simultaneous`), forced passes (L5) and repetition (L6, the certificate's
//! `repetition` and its `twice` positions). It plays the winner's listed move wherever the
//! winner is to move and every legal reply wherever the loser is, and accepts only when
//! every line ends in the winner's win within the claimed number of plies.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// The first line of a certificate.
pub const HEADER: &str = "lines-of-action proof 1";
/// The longest win a certificate may claim (the check recurses once a ply).
pub const MAX_PLIES: u32 = 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Cell {
    Empty,
    Black,
    White,
    Blocked,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    fn cell(self) -> Cell {
        match self {
            Side::Black => Cell::Black,
            Side::White => Cell::White,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

/// A board position: `cells[rank * n + file]`, rank 0 being rank 1, file 0 file a.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Position {
    n: usize,
    cells: Vec<Cell>,
    to_move: Side,
}

/// A ply: a move from one square to another, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ply {
    Move { from: usize, to: usize },
    Pass,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Win(Side),
    Draw,
}

/// The rule options the certificate's `rules:` line states.
struct Rules {
    /// `simultaneous mover-wins`: both sides connected by one move, the mover wins (L4).
    mover_wins: bool,
    /// `repetition third`: a position standing for the third time is a draw (L6).
    third: bool,
}

/// The eight directions along the four lines through a square: (rank step, file step).
const LINES: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl Position {
    fn at(&self, rank: isize, file: isize) -> Option<usize> {
        let n = self.n as isize;
        ((0..n).contains(&rank) && (0..n).contains(&file)).then(|| (rank * n + file) as usize)
    }

    /// The pieces of both sides on the whole line through `square` along `(dr, df)` (L3).
    fn line_count(&self, square: usize, (dr, df): (isize, isize)) -> usize {
        let (rank, file) = ((square / self.n) as isize, (square % self.n) as isize);
        let mut count = 0;
        for sign in [1, -1] {
            let mut k = if sign == 1 { 0 } else { 1 };
            while let Some(sq) = self.at(rank + sign * k * dr, file + sign * k * df) {
                count += usize::from(matches!(self.cells[sq], Cell::Black | Cell::White));
                k += 1;
            }
        }
        count
    }

    /// The legal plies of the side to move: its moves (L3), or a pass when it has none (L5).
    fn plies(&self) -> Vec<Ply> {
        let own = self.to_move.cell();
        let enemy = self.to_move.other().cell();
        let mut plies = Vec::new();
        for from in (0..self.cells.len()).filter(|&sq| self.cells[sq] == own) {
            let (rank, file) = ((from / self.n) as isize, (from % self.n) as isize);
            for line in LINES {
                let distance = self.line_count(from, line) as isize;
                for sign in [1, -1] {
                    let step =
                        |k: isize| self.at(rank + sign * k * line.0, file + sign * k * line.1);
                    let Some(to) = step(distance) else { continue };
                    let jumps_enemy_or_gap = (1..distance)
                        .filter_map(step)
                        .any(|sq| self.cells[sq] == enemy || self.cells[sq] == Cell::Blocked);
                    if !jumps_enemy_or_gap
                        && self.cells[to] != own
                        && self.cells[to] != Cell::Blocked
                    {
                        plies.push(Ply::Move { from, to });
                    }
                }
            }
        }
        if plies.is_empty() {
            plies.push(Ply::Pass);
        }
        plies
    }

    fn play(&self, ply: Ply) -> Position {
        let mut next = self.clone();
        if let Ply::Move { from, to } = ply {
            next.cells[to] = next.cells[from];
            next.cells[from] = Cell::Empty;
        }
        next.to_move = self.to_move.other();
        next
    }

    /// All of `side`'s pieces form one group, touching in any of the eight directions (L4).
    fn connected(&self, side: Side) -> bool {
        let cell = side.cell();
        let pieces: Vec<usize> = (0..self.cells.len())
            .filter(|&sq| self.cells[sq] == cell)
            .collect();
        let Some(&first) = pieces.first() else {
            return false;
        };
        let mut reached = HashSet::from([first]);
        let mut stack = vec![first];
        while let Some(sq) = stack.pop() {
            let (rank, file) = ((sq / self.n) as isize, (sq % self.n) as isize);
            for (dr, df) in [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                if let Some(next) = self.at(rank + dr, file + df) {
                    if self.cells[next] == cell && reached.insert(next) {
                        stack.push(next);
                    }
                }
            }
        }
        reached.len() == pieces.len()
    }

    fn square_name(&self, square: usize) -> String {
        let file = (b'a' + (square % self.n) as u8) as char;
        format!("{file}{}", square / self.n + 1)
    }

    fn ply_name(&self, ply: Ply) -> String {
        match ply {
            Ply::Pass => "pass".into(),
            Ply::Move { from, to } => {
                let mark = if self.cells[to] == Cell::Empty {
                    '-'
                } else {
                    'x'
                };
                format!("{}{mark}{}", self.square_name(from), self.square_name(to))
            }
        }
    }
}

impl Rules {
    /// How the game ends after the side to move at `before` played to `after` (L4, L6).
    fn end(
        &self,
        before: &Position,
        ply: Ply,
        after: &Position,
        twice: &HashSet<Position>,
    ) -> Option<End> {
        let mover = before.to_move;
        if let Ply::Move { .. } = ply {
            match (after.connected(mover), after.connected(mover.other())) {
                (true, true) if self.mover_wins => return Some(End::Win(mover)),
                (true, true) => return Some(End::Draw),
                (true, false) => return Some(End::Win(mover)),
                (false, true) => return Some(End::Win(mover.other())),
                (false, false) => {}
            }
        }
        (self.third && twice.contains(after)).then_some(End::Draw)
    }
}

/// What a certificate proved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proven {
    pub winner: &'static str,
    pub claimed: u32,
    /// The longest line the winner's moves allow, in plies.
    pub longest: u32,
    /// The positions listed with the winner's move.
    pub entries: usize,
}

impl fmt::Display for Proven {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let plies = |n: u32| format!("{n} pl{}", if n == 1 { "y" } else { "ies" });
        write!(
            f,
            "proven: {} wins within {} (every line checked; the longest takes {}; {} positions listed)",
            self.winner,
            plies(self.claimed),
            plies(self.longest),
            self.entries
        )
    }
}

/// Checks the certificate `text`: Ok with what it proves, or the first reason it does not.
pub fn verify(text: &str) -> Result<Proven, String> {
    let certificate = parse(text)?;
    let mut check = Check {
        certificate: &certificate,
        lengths: HashMap::new(),
        line: Vec::new(),
    };
    let start = &certificate.start;
    let left = certificate.claimed;
    let longest = if start.to_move == certificate.winner {
        check.winner_moves(start, left)?
    } else {
        check.loser_moves(start, left)?
    };
    Ok(Proven {
        winner: certificate.winner.name(),
        claimed: certificate.claimed,
        longest,
        entries: certificate.entries.len(),
    })
}

struct Certificate {
    rules: Rules,
    start: Position,
    winner: Side,
    claimed: u32,
    twice: HashSet<Position>,
    /// The winner's move in each listed position, with its line in the file.
    entries: HashMap<Position, (usize, String)>,
}

/// The line `number` (from 1) of the file, `key: value`.
fn field<'a>(lines: &[&'a str], number: usize, key: &str) -> Result<&'a str, String> {
    let line = lines
        .get(number - 1)
        .ok_or_else(|| format!("the file ends before line {number}, `{key}:`"))?;
    line.strip_prefix(key)
        .and_then(|rest| rest.strip_prefix(": "))
        .ok_or_else(|| format!("line {number}: expected `{key}: …`, found `{line}`"))
}

fn parse(text: &str) -> Result<Certificate, String> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.first() != Some(&HEADER) {
        return Err(format!("the first line must be `{HEADER}`"));
    }
    let rules = match field(&lines, 2, "rules")? {
        "simultaneous mover-wins, repetition third" => Rules {
            mover_wins: true,
            third: true,
        },
        "simultaneous mover-wins, repetition off" => Rules {
            mover_wins: true,
            third: false,
        },
        "simultaneous draw, repetition third" => Rules {
            mover_wins: false,
            third: true,
        },
        "simultaneous draw, repetition off" => Rules {
            mover_wins: false,
            third: false,
        },
        other => return Err(format!("line 2: unknown rules `{other}`")),
    };
    let start = position(field(&lines, 3, "start")?).map_err(|e| format!("line 3: {e}"))?;
    let winner = match field(&lines, 4, "winner")? {
        "black" => Side::Black,
        "white" => Side::White,
        other => {
            return Err(format!(
                "line 4: the winner is black or white, not `{other}`"
            ));
        }
    };
    let claimed: u32 = field(&lines, 5, "plies")?
        .parse()
        .ok()
        .filter(|p| (1..=MAX_PLIES).contains(p))
        .ok_or(format!("line 5: plies is a number from 1 to {MAX_PLIES}"))?;
    for side in [Side::Black, Side::White] {
        if start.connected(side) {
            return Err(format!(
                "line 3: the start is already over ({} is connected)",
                side.name()
            ));
        }
    }
    let mut number = 6;
    let mut twice = HashSet::new();
    while let Ok(text) = field(&lines, number, "twice") {
        twice.insert(position(text).map_err(|e| format!("line {number}: {e}"))?);
        number += 1;
    }
    let announced: usize = field(&lines, number, "entries")?
        .parse()
        .map_err(|_| format!("line {number}: entries is a number"))?;
    let body: Vec<&str> = lines[number..]
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if body.len() != announced {
        return Err(format!(
            "the certificate announces {announced} entries but holds {} (truncated or padded)",
            body.len()
        ));
    }
    let mut entries = HashMap::new();
    for (i, line) in body.iter().enumerate() {
        let at = number + 1 + i;
        let (board, ply) = line
            .rsplit_once(' ')
            .ok_or(format!("line {at}: expected a position and a move"))?;
        let p = position(board).map_err(|e| format!("line {at}: {e}"))?;
        if p.to_move != winner {
            return Err(format!(
                "line {at}: {} is to move here, not the winner",
                p.to_move.name()
            ));
        }
        if entries.insert(p, (at, ply.to_string())).is_some() {
            return Err(format!("line {at}: the position is listed twice"));
        }
    }
    Ok(Certificate {
        rules,
        start,
        winner,
        claimed,
        twice,
        entries,
    })
}

/// A position in sheetgen's notation: ranks from the top, `b`, `w`, `x` (obstructed) and
/// counts of empty squares, separated by `/`, then the side to move.
fn position(text: &str) -> Result<Position, String> {
    let (board, side) = text
        .split_once(' ')
        .ok_or(format!("`{text}`: no side to move"))?;
    let to_move = match side {
        "b" => Side::Black,
        "w" => Side::White,
        _ => return Err(format!("`{text}`: the side to move is b or w")),
    };
    let ranks: Vec<&str> = board.split('/').collect();
    let n = ranks.len();
    if !(5..=12).contains(&n) {
        return Err(format!("`{text}`: a board has 5 to 12 ranks"));
    }
    let mut cells = vec![Cell::Empty; n * n];
    for (i, rank) in ranks.iter().enumerate() {
        let row = n - 1 - i;
        let mut file: usize = 0;
        let mut digits = String::new();
        for c in rank.chars().chain(std::iter::once('/')) {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                let count: usize = digits.parse().map_err(|_| format!("`{text}`: bad count"))?;
                file = file.saturating_add(count);
                digits.clear();
            }
            let cell = match c {
                '/' => break,
                'b' => Cell::Black,
                'w' => Cell::White,
                'x' => Cell::Blocked,
                _ => return Err(format!("`{text}`: `{c}` is not b, w, x or a count")),
            };
            if file < n {
                cells[row * n + file] = cell;
            }
            file = file.saturating_add(1);
        }
        if file != n {
            return Err(format!(
                "`{text}`: rank {} is not {n} squares wide",
                row + 1
            ));
        }
    }
    for side in [Cell::Black, Cell::White] {
        if !cells.contains(&side) {
            return Err(format!("`{text}`: a side has no piece"));
        }
    }
    Ok(Position { n, cells, to_move })
}

/// The walk through the proof: the line played so far, for messages, and each position's
/// longest line under the winner's listed moves once known.
struct Check<'a> {
    certificate: &'a Certificate,
    lengths: HashMap<Position, u32>,
    line: Vec<String>,
}

impl Check<'_> {
    fn line(&self) -> String {
        match self.line.is_empty() {
            true => "at the start".into(),
            false => format!("after {}", self.line.join(" ")),
        }
    }

    /// The longest line from `p`, where the winner moves, if within `left` plies.
    fn winner_moves(&mut self, p: &Position, left: u32) -> Result<u32, String> {
        if let Some(&known) = self.lengths.get(p) {
            return self.within(known, left);
        }
        let winner = self.certificate.winner.name();
        let Some((at, written)) = self.certificate.entries.get(p) else {
            return Err(format!(
                "{}: no move of {winner}'s is listed for this position (a missing reply)",
                self.line()
            ));
        };
        let ply = p
            .plies()
            .into_iter()
            .find(|&ply| p.ply_name(ply) == *written)
            .ok_or(format!(
                "line {at}: `{written}` is not a legal move for {winner} here ({})",
                self.line()
            ))?;
        let length = self.after(p, ply, left)?;
        self.lengths.insert(p.clone(), length);
        Ok(length)
    }

    /// The longest line from `p`, where the loser moves: every reply tried.
    fn loser_moves(&mut self, p: &Position, left: u32) -> Result<u32, String> {
        if let Some(&known) = self.lengths.get(p) {
            return self.within(known, left);
        }
        let mut longest = 0;
        for ply in p.plies() {
            longest = longest.max(self.after(p, ply, left)?);
        }
        self.lengths.insert(p.clone(), longest);
        Ok(longest)
    }

    /// The longest line after `ply` at `p`, counting it.
    fn after(&mut self, p: &Position, ply: Ply, left: u32) -> Result<u32, String> {
        if left == 0 {
            return Err(format!(
                "{}: the win takes more than the claimed {} plies",
                self.line(),
                self.certificate.claimed
            ));
        }
        let next = p.play(ply);
        self.line.push(p.ply_name(ply));
        let end = self
            .certificate
            .rules
            .end(p, ply, &next, &self.certificate.twice);
        let rest = match end {
            Some(End::Win(side)) if side == self.certificate.winner => Ok(0),
            Some(End::Win(_)) => Err(format!("{}: the loser wins", self.line())),
            Some(End::Draw) => Err(format!("{}: the game is drawn", self.line())),
            None if next.to_move == self.certificate.winner => self.winner_moves(&next, left - 1),
            None => self.loser_moves(&next, left - 1),
        };
        self.line.pop();
        Ok(1 + rest?)
    }

    fn within(&self, known: u32, left: u32) -> Result<u32, String> {
        match known <= left {
            true => Ok(known),
            false => Err(format!(
                "{}: the win takes more than the claimed {} plies",
                self.line(),
                self.certificate.claimed
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal sequence of `depth` plies from `p`, not stopping at wins (ruling L8).
    fn perft(p: &Position, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => p
                .plies()
                .into_iter()
                .map(|ply| perft(&p.play(ply), depth - 1))
                .sum(),
        }
    }

    #[test]
    fn the_move_generator_gives_the_rules_reference_counts() {
        let start = position("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b").unwrap();
        let mut first: Vec<String> = start
            .plies()
            .into_iter()
            .map(|p| start.ply_name(p))
            .collect();
        first.sort();
        let listed = "b1-b3 b1-d3 b1-h1 b8-b6 b8-d6 b8-h8 c1-c3 c1-e3 c1xa3 c8-c6 c8-e6 \
            c8xa6 d1-b3 d1-d3 d1-f3 d8-b6 d8-d6 d8-f6 e1-c3 e1-e3 e1-g3 e8-c6 e8-e6 e8-g6 f1-d3 \
            f1-f3 f1xh3 f8-d6 f8-f6 f8xh6 g1-a1 g1-e3 g1-g3 g8-a8 g8-e6 g8-g6";
        assert_eq!(first.join(" "), listed);
        assert_eq!([2, 3].map(|d| perft(&start, d)), [1_244, 44_952]);
    }

    #[test]
    fn malformed_positions_are_errors_not_panics() {
        for text in [
            "99999999999999999999999/5/5/5/5 b",
            "18446744073709551615b/5/5/5/5 b",
            "5/5 b",
            "bbbbb/5/5/5/5 q",
        ] {
            assert!(position(text).is_err(), "{text}");
        }
    }

    #[test]
    fn connection_counts_the_eight_neighbours_and_obstructions_block() {
        let diagonal = position("5/4w/2b2/1b3/b3w b").unwrap();
        assert!(diagonal.connected(Side::Black));
        assert!(!diagonal.connected(Side::White));
        // d1's file holds one piece, so it moves one square; x blocks it.
        let blocked = position("5/5/5/3x1/b2bw b").unwrap();
        let names: Vec<String> = blocked
            .plies()
            .into_iter()
            .map(|p| blocked.ply_name(p))
            .collect();
        assert!(!names.contains(&"d1-d2".to_string()), "{names:?}");
    }
}
