//! A Lines of Action game played move by move: move notation (L7), legality with reasons in
//! the game's terms, connection after every move (L4), forced passes (L5) and repetition
//! (L6).

use std::collections::HashMap;

use super::bits::{Bits, Wide};
use super::rules::{AnyBoard, DIRECTIONS, Move, Position, Setup, axis, parse_square, square_name};
use crate::vocabulary::{Broken, Phrase, Side};

/// L4: what happens when one move connects both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Simultaneous {
    #[default]
    MoverWins,
    Draw,
}

/// L6: the third occurrence of a position is a draw, or repetition is not checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Repetition {
    #[default]
    Third,
    Off,
}

/// The rule options a record may set (L1, L2, L4, L6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub size: usize,
    pub setup: Setup,
    pub obstructions: Vec<usize>,
    pub simultaneous: Simultaneous,
    pub repetition: Repetition,
    /// A record's `position:`: the game starts here instead of from `setup` (L1).
    pub start: Option<Position<Wide>>,
}

impl Rules {
    /// The position the game starts from: the record's `position`, else the setup's (L1).
    pub(crate) fn start_position(&self, board: &AnyBoard) -> Position<Wide> {
        self.start.unwrap_or_else(|| board.start(self.setup))
    }
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            size: 8,
            setup: Setup::Standard,
            obstructions: Vec::new(),
            simultaneous: Simultaneous::MoverWins,
            repetition: Repetition::Third,
            start: None,
        }
    }
}

/// The obstructed squares' names, comma-separated: "c3, d4".
pub(crate) fn obstruction_names(rules: &Rules) -> String {
    let names: Vec<String> = rules
        .obstructions
        .iter()
        .map(|s| square_name(*s, rules.size))
        .collect();
    names.join(", ")
}

/// The rule options in force, in words, for captions.
pub(crate) fn rules_caption(rules: &Rules, words: &crate::words::Words) -> String {
    let n = rules.size;
    let setup = match (rules.start, rules.setup) {
        (Some(_), _) => "set up from a position",
        (None, Setup::Standard) => "standard setup",
        (None, Setup::ScrambledEggs) => "Scrambled Eggs setup",
    };
    let obstructions = if rules.obstructions.is_empty() {
        words.tr("no obstructed squares")
    } else {
        words.fill(
            "obstructed: {squares}",
            &[("squares", &obstruction_names(rules))],
        )
    };
    let simultaneous = match rules.simultaneous {
        Simultaneous::MoverWins => "both connected at once: the mover wins",
        Simultaneous::Draw => "both connected at once: draw",
    };
    let repetition = match rules.repetition {
        Repetition::Third => "third repetition: draw",
        Repetition::Off => "repetition not counted",
    };
    let english = if rules.start.is_some() {
        "{n}×{n}, {setup}, {obstructions}; {simultaneous}; {repetition}"
    } else {
        "{n}×{n}, {pieces} pieces a side, {setup}, {obstructions}; {simultaneous}; {repetition}"
    };
    words.fill(
        english,
        &[
            ("n", &n),
            ("pieces", &(2 * n - 4)),
            ("setup", &words.tr(setup)),
            ("obstructions", &obstructions),
            ("simultaneous", &words.tr(simultaneous)),
            ("repetition", &words.tr(repetition)),
        ],
    )
}

/// Reads an obstructed square for `rules` (L2): a square of the board, empty at the start,
/// not listed before. The error says which of those it is not.
pub fn check_obstruction(name: &str, rules: &Rules) -> Result<usize, Broken> {
    let n = rules.size;
    let square = parse_square(name.trim(), n)
        .ok_or_else(|| format!("`{name}` is not a square of the {n}×{n} board"))?;
    let start = super::rules::Board::<Wide>::new(n, &[]).start(rules.setup);
    if start.at(square).is_some() {
        return Err(Broken::new(
            format!(
                "{} holds a piece at the start; obstructions go on empty squares",
                square_name(square, n)
            ),
            &["L2"],
        ));
    }
    if rules.obstructions.contains(&square) {
        return Err(format!("{} is listed twice", square_name(square, n)).into());
    }
    Ok(square)
}

/// One ply of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ply {
    Move(Move),
    Pass,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Only `winner` is connected after `mover`'s move (the winner may not be the mover).
    Connected { winner: Side, mover: Side },
    /// Both sides connected by one move: the mover wins, or a draw (L4).
    BothConnected { mover: Side, draw: bool },
    /// The third occurrence of the same position with the same side to move (L6).
    Repetition,
    /// `side` resigned.
    Resigned { side: Side },
}

/// Checks the result written at the end of move text against how the game went: `1-0`
/// Black won, `0-1` White won, `1/2-1/2` a draw, `*` not over.
pub(crate) fn check_written_result(
    word: &str,
    outcome: Option<Outcome>,
    plies: usize,
) -> Result<(), String> {
    let claimed = match word {
        "1-0" => Some(Some(Side::Black)),
        "0-1" => Some(Some(Side::White)),
        "*" => None,
        _ => Some(None),
    };
    let said = match claimed {
        Some(Some(side)) => format!("{} wins", side.name()),
        Some(None) => "a draw".to_string(),
        None => "the game goes on".to_string(),
    };
    match (claimed, outcome) {
        (None, None) => Ok(()),
        (Some(claimed), Some(outcome)) if outcome.winner() == claimed => Ok(()),
        (_, Some(outcome)) => Err(format!(
            "`{word}` says {said}, but {}",
            outcome.describe(plies)
        )),
        (Some(_), None) => Err(format!(
            "`{word}` says {said}, but the game is unfinished after {}",
            crate::vocabulary::plural(plies, crate::vocabulary::HALF_MOVE)
        )),
    }
}

impl Outcome {
    /// The winner, or None for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Connected { winner, .. } => Some(winner),
            Outcome::BothConnected { mover, draw } => (!draw).then_some(mover),
            Outcome::Repetition => None,
            Outcome::Resigned { side } => Some(side.other()),
        }
    }

    /// "black wins: connected after 35 half-moves", "draw: third repetition", …
    pub(crate) fn describe(self, plies: usize) -> String {
        let plies = crate::vocabulary::plural(plies, crate::vocabulary::HALF_MOVE);
        match self {
            Outcome::Connected { winner, mover } if winner == mover => {
                format!("{} wins: connected after {plies}", winner.name())
            }
            Outcome::Connected { winner, mover } => format!(
                "{} wins: connected after {plies}, by {}'s capture",
                winner.name(),
                mover.name()
            ),
            Outcome::BothConnected { draw: true, .. } => {
                format!("draw: both connected after {plies}, simultaneous: draw")
            }
            Outcome::BothConnected { mover, draw: false } => format!(
                "{} wins: both connected after {plies}, the mover wins (simultaneous: mover-wins)",
                mover.name()
            ),
            Outcome::Repetition => format!("draw: third repetition after {plies}"),
            Outcome::Resigned { side } => {
                format!(
                    "{} wins: {} resigned after {plies}",
                    side.other().name(),
                    side.name()
                )
            }
        }
    }
}

/// A move as written (L7): `b1-b3`, `b3xe3`, `b3:e3`, any case, or `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Move {
        from: usize,
        to: usize,
        marked_capture: bool,
    },
    Pass,
}

/// Reads a move token; the error says what is wrong with it.
pub(crate) fn parse_move(token: &str, size: usize) -> Result<Written, Broken> {
    let lower = token.trim().to_ascii_lowercase();
    if lower == "pass" {
        return Ok(Written::Pass);
    }
    let not_a_move = || {
        Broken::new(
            Phrase::new("`{token}` is not a move: write it as b1-b3, b3xe3 or pass")
                .with("token", token),
            &["L7"],
        )
    };
    // What a player writes where the game ended off the board: the record says it apart.
    if lower.starts_with("resign") {
        return Err(Broken::new(
            Phrase::new(
                "`{token}` is not a move: a resignation is written apart from the moves, \
                 as `resigned: black` or `resigned: white` (the side that resigned)",
            )
            .with("token", token),
            &["L7"],
        ));
    }
    let split = lower.find(['-', 'x', ':']).ok_or_else(not_a_move)?;
    // `x` is also a file on boards of 24 files; ours stop at l, so the first separator is it.
    let (from, rest) = lower.split_at(split);
    let (marker, to) = rest.split_at(1);
    let square = |name: &str| {
        parse_square(name, size).ok_or_else(|| {
            if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
                not_a_move()
            } else {
                format!("`{token}`: there is no square {name} on the {size}×{size} board").into()
            }
        })
    };
    Ok(Written::Move {
        from: square(from)?,
        to: square(to)?,
        marked_capture: marker != "-",
    })
}

/// The canonical notation of a ply (L7): `b1-b3`, `b3xe3`, `pass`.
pub fn notation(ply: Ply, size: usize) -> String {
    match ply {
        Ply::Pass => "pass".to_string(),
        Ply::Move(m) => format!(
            "{}{}{}",
            square_name(m.from as usize, size),
            if m.capture { "x" } else { "-" },
            square_name(m.to as usize, size)
        ),
    }
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Play {
    pub rules: Rules,
    pub board: AnyBoard,
    pub position: Position<Wide>,
    /// How often each position has stood, with the side to move (L6).
    seen: HashMap<Position<Wide>, u32>,
    pub plies: Vec<Ply>,
    pub outcome: Option<Outcome>,
}

impl Play {
    pub fn new(rules: Rules) -> Self {
        let board = AnyBoard::shared(rules.size, &rules.obstructions);
        let position = rules.start_position(&board);
        let mut replay = Self {
            seen: HashMap::from([(position, 1)]),
            rules,
            board,
            position,
            plies: Vec::new(),
            outcome: None,
        };
        // A position with a side connected is a game already won, by the side that moved
        // last's move (L4).
        if replay.rules.start.is_some() {
            replay.outcome = replay.connection(position.to_move.other());
        }
        replay
    }

    /// Plays the move written as `token`, or says why it is not legal here.
    pub fn play(&mut self, token: &str) -> Result<Ply, Broken> {
        let n = self.rules.size;
        let written = parse_move(token, n)?;
        if let Some(outcome) = self.outcome {
            let describe = outcome.describe(self.plies.len());
            return Err(format!("the game is over: {describe}").into());
        }
        let side = self.position.to_move;
        let legal = self.board.moves(&self.position);
        let ply = match written {
            Written::Pass if legal.is_empty() => Ply::Pass,
            Written::Pass => {
                let english = match legal.len() {
                    1 => "pass: {side} has 1 legal move; a side may pass only when it has none",
                    _ => "pass: {side} has {n} legal moves; a side may pass only when it has none",
                };
                return Err(Broken::new(
                    Phrase::new(english)
                        .word("side", side.name())
                        .with("n", legal.len()),
                    &["L5"],
                ));
            }
            Written::Move { .. } if legal.is_empty() => {
                return Err(Broken::new(
                    Phrase::new("{side} has no legal move and must pass").word("side", side.name()),
                    &["L5"],
                )
                .after(token));
            }
            Written::Move {
                from,
                to,
                marked_capture,
            } => {
                let found = legal
                    .iter()
                    .find(|m| m.from as usize == from && m.to as usize == to);
                let Some(m) = found else {
                    return Err(self.why_illegal(from, to).after(token));
                };
                if marked_capture && !m.capture {
                    return Err(Broken::new(
                        Phrase::new("{square} is empty, not a capture; x and : mark captures only")
                            .with("square", square_name(to, n)),
                        &["L7"],
                    )
                    .after(token));
                }
                Ply::Move(*m)
            }
        };
        self.apply(ply);
        Ok(ply)
    }

    /// Records `side`'s resignation; the game must still be going.
    pub fn resign(&mut self, side: Side) -> Result<(), String> {
        if let Some(outcome) = self.outcome {
            return Err(format!(
                "the game is already over: {}",
                outcome.describe(self.plies.len())
            ));
        }
        self.outcome = Some(Outcome::Resigned { side });
        Ok(())
    }

    /// The game as it stood after `plies`, to go on from with [`Play::apply`]: a long
    /// game drawn at any move without replaying it from its first. `stood` is every
    /// position so far, the start first and the current one last; the repetition counts
    /// (L6) are taken from it, so a repetition the next plies complete is seen. Only the
    /// positions with the current one's pieces are counted: pieces never come back, so no
    /// other can stand again. The caller knows the game's outcome.
    pub(crate) fn resumed(rules: Rules, stood: &[Position<Wide>], plies: Vec<Ply>) -> Self {
        let position = *stood.last().expect("a game has a position");
        let material = |p: &Position<Wide>| (p.black.count(), p.white.count());
        let mut seen = HashMap::new();
        let counted = match rules.repetition {
            Repetition::Third => stood.len(),
            Repetition::Off => 1,
        };
        let same = stood.iter().rev().take(counted);
        for p in same.take_while(|p| material(p) == material(&position)) {
            *seen.entry(*p).or_insert(0) += 1;
        }
        Self {
            board: AnyBoard::shared(rules.size, &rules.obstructions),
            seen,
            rules,
            position,
            plies,
            outcome: None,
        }
    }

    /// The positions that have stood twice: standing there once more is a draw under
    /// `repetition: third` (L6), in no particular order. The searcher treats them as drawn.
    pub(crate) fn seen_twice(&self) -> Vec<Position<Wide>> {
        let twice = self.seen.iter().filter(|(_, n)| **n >= 2);
        twice.map(|(p, _)| *p).collect()
    }

    /// Plays `ply`, known to be legal (it was checked when the record was read).
    pub fn apply(&mut self, ply: Ply) {
        let mover = self.position.to_move;
        self.position = match ply {
            Ply::Move(m) => self.board.play(&self.position, m),
            Ply::Pass => self.board.pass(&self.position),
        };
        self.plies.push(ply);
        if let Ply::Move(_) = ply {
            self.outcome = self.connection(mover);
        }
        let count = self.seen.entry(self.position).or_insert(0);
        *count += 1;
        if self.outcome.is_none() && *count >= 3 && self.rules.repetition == Repetition::Third {
            self.outcome = Some(Outcome::Repetition);
        }
    }

    /// The game's end by connection (L4) after `mover`'s move, if it ends.
    fn connection(&self, mover: Side) -> Option<Outcome> {
        let mine = self.board.connected(self.position.pieces(mover));
        let theirs = self.board.connected(self.position.pieces(mover.other()));
        match (mine, theirs) {
            (true, true) => Some(Outcome::BothConnected {
                mover,
                draw: self.rules.simultaneous == Simultaneous::Draw,
            }),
            (true, false) => Some(Outcome::Connected {
                winner: mover,
                mover,
            }),
            (false, true) => Some(Outcome::Connected {
                winner: mover.other(),
                mover,
            }),
            (false, false) => None,
        }
    }

    /// Why `from`-`to` is not a legal move for the side to move.
    fn why_illegal(&self, from: usize, to: usize) -> Broken {
        let n = self.rules.size;
        let side = self.position.to_move;
        let name = |sq| square_name(sq, n);
        match self.position.at(from) {
            Some(owner) if owner == side => {}
            Some(owner) => {
                return Phrase::new("{square} holds a {owner} piece; it is {side}'s move")
                    .with("square", name(from))
                    .word("owner", owner.name())
                    .word("side", side.name())
                    .into();
            }
            None => {
                return Phrase::new("there is no {side} piece on {square}")
                    .word("side", side.name())
                    .with("square", name(from))
                    .into();
            }
        }
        let Some((direction, distance)) = direction_to(from, to, n) else {
            return Phrase::new("{to} is not on a rank, file or diagonal through {from}")
                .with("to", name(to))
                .with("from", name(from))
                .into();
        };
        let a = axis(direction);
        let count = self.board.line_count(self.position.occupied(), from, a);
        if distance != count {
            let english = match count {
                1 => "{square} moves exactly 1 along {line}: 1 piece on it",
                _ => "{square} moves exactly {count} along {line}: {count} pieces on it",
            };
            let line = line_name(from, a, n);
            return Broken::new(
                Phrase::new(english)
                    .with("square", name(from))
                    .with("count", count)
                    .phrase("line", line),
                &["L3"],
            );
        }
        for k in 1..distance {
            let sq = self
                .board
                .step(from, direction, k)
                .expect("the path is on the board");
            if self.board.blocked.has(sq) {
                return Broken::new(
                    Phrase::new("jumps the obstructed square {square}").with("square", name(sq)),
                    &["L2"],
                );
            }
            if self.position.at(sq) == Some(side.other()) {
                return Broken::new(
                    Phrase::new(
                        "jumps the {side} piece on {square}: pieces never jump an enemy piece",
                    )
                    .word("side", side.other().name())
                    .with("square", name(sq)),
                    &["L3"],
                );
            }
        }
        if self.board.blocked.has(to) {
            return Broken::new(
                Phrase::new("{square} is obstructed").with("square", name(to)),
                &["L2"],
            );
        }
        Phrase::new("lands on {side}'s own piece on {square}")
            .word("side", side.name())
            .with("square", name(to))
            .into()
    }
}

/// The direction and number of steps from `from` to `to`, if they share a line.
fn direction_to(from: usize, to: usize, n: usize) -> Option<(usize, usize)> {
    let (ff, fr) = ((from % n) as i32, (from / n) as i32);
    let (tf, tr) = ((to % n) as i32, (to / n) as i32);
    let (df, dr) = (tf - ff, tr - fr);
    if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    let step = (df.signum(), dr.signum());
    let direction = DIRECTIONS.iter().position(|d| *d == step)?;
    Some((direction, df.abs().max(dr.abs()) as usize))
}

/// "the file b", "rank 1", "the diagonal a2-g8".
fn line_name(square: usize, axis: usize, n: usize) -> Phrase {
    let (f, r) = (square % n, square / n);
    match axis {
        0 => Phrase::new("rank {r}").with("r", r + 1),
        1 => Phrase::new("the file {f}").with("f", (b'a' + f as u8) as char),
        _ => {
            // The diagonal's two ends, the lower rank first.
            let sq = |f: usize, r: usize| square_name(r * n + f, n);
            let (low, high) = if axis == 2 {
                let (back, on) = (f.min(r), (n - 1 - f).min(n - 1 - r));
                (sq(f - back, r - back), sq(f + on, r + on))
            } else {
                let (down, up) = ((n - 1 - f).min(r), f.min(n - 1 - r));
                (sq(f + down, r - down), sq(f - up, r + up))
            };
            Phrase::new("the diagonal {low}-{high}")
                .with("low", low)
                .with("high", high)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(moves: &[&str]) -> Play {
        let mut r = Play::new(Rules::default());
        for m in moves {
            r.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        r
    }

    #[test]
    fn l7_notation_in_any_case_with_dash_x_or_colon() {
        assert_eq!(
            parse_move("B1-B3", 8),
            Ok(Written::Move {
                from: 1,
                to: 17,
                marked_capture: false
            })
        );
        assert_eq!(
            parse_move("c1xa3", 8).map(|w| matches!(
                w,
                Written::Move {
                    marked_capture: true,
                    ..
                }
            )),
            Ok(true)
        );
        assert_eq!(
            parse_move("c1:a3", 8).map(|w| matches!(
                w,
                Written::Move {
                    marked_capture: true,
                    ..
                }
            )),
            Ok(true)
        );
        assert_eq!(parse_move("PASS", 8), Ok(Written::Pass));
        assert!(
            parse_move("b1b3", 8)
                .unwrap_err()
                .to_string()
                .contains("is not a move")
        );
        assert!(
            parse_move("Resigns", 8)
                .unwrap_err()
                .to_string()
                .contains("a resignation is written apart from the moves, as `resigned: black`")
        );
        assert!(
            parse_move("b1-i3", 8)
                .unwrap_err()
                .to_string()
                .contains("there is no square i3 on the 8×8 board")
        );
        // A capture may be written with '-' (some SGF files do): it is still a capture.
        let mut r = Play::new(Rules::default());
        assert_eq!(
            r.play("c1-a3"),
            Ok(Ply::Move(Move {
                from: 2,
                to: 16,
                capture: true
            }))
        );
        assert_eq!(notation(r.plies[0], 8), "c1xa3");
    }

    #[test]
    fn lines_are_named_by_their_rank_file_or_diagonal_ends() {
        let d4 = parse_square("d4", 8).unwrap();
        assert_eq!(line_name(d4, 0, 8).to_string(), "rank 4");
        assert_eq!(line_name(d4, 1, 8).to_string(), "the file d");
        assert_eq!(line_name(d4, 2, 8).to_string(), "the diagonal a1-h8");
        assert_eq!(line_name(d4, 3, 8).to_string(), "the diagonal g1-a7");
    }

    #[test]
    fn l7_a_capture_mark_on_a_plain_move_is_an_error() {
        let mut r = Play::new(Rules::default());
        let err = r.play("b1xb3").unwrap_err();
        assert_eq!(
            err.to_string(),
            "b1xb3: b3 is empty, not a capture; x and : mark captures only (ruling L7)"
        );
        assert_eq!(err.rulings, ["L7"], "the ruling is data, not only words");
    }

    #[test]
    fn l3_illegal_moves_say_why_in_the_games_terms() {
        let mut r = Play::new(Rules::default());
        assert_eq!(
            r.play("b1-b4").unwrap_err().to_string(),
            "b1-b4: b1 moves exactly 2 along the file b: 2 pieces on it (ruling L3)"
        );
        assert_eq!(
            r.play("a2-a4").unwrap_err().to_string(),
            "a2-a4: a2 holds a white piece; it is black's move"
        );
        assert_eq!(r.play("a2-a4").unwrap_err().rulings, [] as [&str; 0]);
        assert_eq!(r.play("b1-b4").unwrap_err().rulings, ["L3"]);
        assert_eq!(
            r.play("d4-d6").unwrap_err().to_string(),
            "d4-d6: there is no black piece on d4"
        );
        assert_eq!(
            r.play("b1-c4").unwrap_err().to_string(),
            "b1-c4: c4 is not on a rank, file or diagonal through b1"
        );
        assert_eq!(
            r.play("c1-c2").unwrap_err().to_string(),
            "c1-c2: c1 moves exactly 2 along the file c: 2 pieces on it (ruling L3)"
        );
        assert_eq!(
            r.play("b1-h7").unwrap_err().to_string(),
            "b1-h7: b1 moves exactly 2 along the diagonal b1-h7: 2 pieces on it (ruling L3)"
        );
        assert_eq!(
            r.play("g1-a1"),
            Ok(Ply::Move(Move {
                from: 6,
                to: 0,
                capture: false
            })),
            "jumps its own pieces"
        );
    }

    #[test]
    fn l3_jumping_an_enemy_piece_is_refused_with_its_square() {
        // After a2-c2?? Build: white h4 to d4 region is slow; use a custom position instead.
        // 5×5 start: Black b1 c1 d1 and b5 c5 d5, White a2 a3 a4 and e2 e3 e4.
        let mut r = Play::new(Rules {
            size: 5,
            ..Rules::default()
        });
        r.play("c1-c3").unwrap();
        // White a3 along rank 3: a3, c3, e3: three steps to d3, jumping Black's c3.
        assert_eq!(
            r.play("a3-d3").unwrap_err().to_string(),
            "a3-d3: jumps the black piece on c3: pieces never jump an enemy piece (ruling L3)"
        );
    }

    #[test]
    fn l4_connecting_wins_and_the_game_is_then_over() {
        // The shortest real game (shared/loa-games/shortest_game.txt): Black connects on move 9.
        let r = replay(&[
            "d1-b3", "h5-g4", "b1-b4", "g4xg1", "b4-e7", "a3xc1", "b3-e6", "h3xf1", "e1-e5",
        ]);
        assert_eq!(
            r.outcome,
            Some(Outcome::Connected {
                winner: Side::Black,
                mover: Side::Black
            })
        );
        assert_eq!(
            r.outcome.unwrap().describe(9),
            "black wins: connected after 9 half-moves"
        );
        let mut over = r.clone();
        assert!(
            over.play("a2-a4")
                .unwrap_err()
                .to_string()
                .starts_with("the game is over: black wins")
        );
    }

    /// A replay from a hand-made 5×5 position.
    fn from_position(rules: Rules, black: &[&str], white: &[&str], to_move: Side) -> Play {
        let mut r = Play::new(Rules { size: 5, ..rules });
        let set = |names: &[&str]| {
            names.iter().fold(Wide::empty(), |s, n| {
                s.or(Wide::single(parse_square(n, 5).unwrap()))
            })
        };
        r.position = Position {
            black: set(black),
            white: set(white),
            to_move,
        };
        r.seen = HashMap::from([(r.position, 1)]);
        r
    }

    #[test]
    fn l4_the_side_that_did_not_move_wins_when_the_mover_captures_its_last_outlier() {
        // White: a4-a5 and an outlier on e5. Black's b2 moves 3 along a1-e5 (a1, b2, e5) and
        // captures it; Black's a1, e1 and e5 stay apart, White's pair is all that is left.
        let mut r = from_position(
            Rules::default(),
            &["a1", "b2", "e1"],
            &["a4", "a5", "e5"],
            Side::Black,
        );
        assert_eq!(
            r.play("b2xe5"),
            Ok(Ply::Move(Move {
                from: 6,
                to: 24,
                capture: true
            }))
        );
        assert_eq!(
            r.outcome,
            Some(Outcome::Connected {
                winner: Side::White,
                mover: Side::Black
            })
        );
        assert_eq!(
            r.outcome.unwrap().describe(1),
            "white wins: connected after 1 half-move, by black's capture"
        );
    }

    #[test]
    fn l4_both_connected_at_once_follows_the_simultaneous_option() {
        for (option, winner) in [
            (Simultaneous::MoverWins, Some(Side::Black)),
            (Simultaneous::Draw, None),
        ] {
            let rules = Rules {
                simultaneous: option,
                ..Rules::default()
            };
            // c1 steps to b2 (alone on its diagonal) and touches a1; White's pair is joined.
            let mut r = from_position(rules, &["a1", "c1"], &["a4", "a5"], Side::Black);
            r.play("c1-b2").unwrap();
            let draw = option == Simultaneous::Draw;
            assert_eq!(
                r.outcome,
                Some(Outcome::BothConnected {
                    mover: Side::Black,
                    draw
                })
            );
            assert_eq!(r.outcome.unwrap().winner(), winner);
        }
    }

    #[test]
    fn l5_a_side_without_a_move_must_pass_and_may_not_pass_otherwise() {
        let mut r = Play::new(Rules::default());
        assert_eq!(
            r.play("pass").unwrap_err().to_string(),
            "pass: black has 36 legal moves; a side may pass only when it has none (ruling L5)"
        );
        // 5×5: Black's lone a1, hemmed in by the obstructed b1, a2 and b2, has no move.
        let rules = Rules {
            obstructions: vec![1, 5, 6],
            ..Rules::default()
        };
        let mut r = from_position(rules, &["a1"], &["c3", "e3"], Side::Black);
        assert!(r.board.moves(&r.position).is_empty());
        assert_eq!(
            r.play("a1-a2").unwrap_err().to_string(),
            "a1-a2: black has no legal move and must pass (ruling L5)"
        );
        assert_eq!(r.play("pass"), Ok(Ply::Pass));
        assert_eq!(r.position.to_move, Side::White);
    }

    #[test]
    fn l6_the_third_occurrence_of_a_position_is_a_draw_unless_repetition_is_off() {
        let shuffle = [
            "b1-b3", "a2-c2", "b3-b1", "c2-a2", "b1-b3", "a2-c2", "b3-b1", "c2-a2",
        ];
        let r = replay(&shuffle);
        assert_eq!(
            r.outcome,
            Some(Outcome::Repetition),
            "the start position stands a third time"
        );
        let mut off = Play::new(Rules {
            repetition: Repetition::Off,
            ..Rules::default()
        });
        for m in shuffle {
            off.play(m).unwrap();
        }
        assert_eq!(off.outcome, None);
    }
}
