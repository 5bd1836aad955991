//! Every colour a sheet or diagram uses, by role. Drawing code takes its colours from here
//! and a theme (the `theme` module) maps them, role by role, for print, colour-blind readers or
//! a user's own scheme; so no two roles share a colour.

use crate::figure::Color;

pub const INK: Color = Color::BLACK;
pub const PAPER: Color = Color::WHITE;
/// Black stones and pieces.
pub const STONE_BLACK: Color = Color::grey(28);
/// The dark squares of a checkered board.
pub const BOARD_DARK: Color = Color::grey(205);
/// Every other Line of the Towers board.
pub const ROW_TINT: Color = Color::grey(236);
/// Grid lines.
pub const GRID: Color = Color::grey(140);
/// Shoreline's hatched water.
pub const WATER: Color = Color::grey(110);
/// Obstructed squares.
pub const OBSTRUCTED: Color = Color::grey(70);
/// Links between touching pieces of a group.
pub const LINK_BLACK: Color = Color::grey(60);
pub const LINK_WHITE: Color = Color::grey(160);
/// Directions a piece cannot use.
pub const REFUSED: Color = Color::grey(90);
/// The last move.
pub const LAST_MOVE: Color = Color::rgb(30, 100, 200);
/// The squares of the last move, tinted under the pieces (an arrow is a legal move).
pub const LAST_MOVE_SQUARE: Color = Color::rgb(200, 222, 250);
/// Legal moves, and Black's used towers.
pub const MOVE: Color = Color::rgb(20, 70, 160);
/// Captures, dead runs, unusable towers.
pub const WARNING: Color = Color::rgb(196, 40, 40);
/// White's used towers.
pub const SECOND: Color = Color::rgb(20, 120, 60);
/// The Current Line.
pub const CURRENT: Color = Color::rgb(230, 140, 0);
/// Annotations from a record or the command line.
pub const ANNOTATION: Color = Color::rgb(160, 30, 140);
/// Highlighted squares.
pub const HIGHLIGHT: Color = Color::rgb(250, 200, 40);

/// Every role by the name a theme file gives it.
pub const ROLES: &[(&str, Color)] = &[
    ("ink", INK),
    ("paper", PAPER),
    ("stone_black", STONE_BLACK),
    ("board_dark", BOARD_DARK),
    ("row_tint", ROW_TINT),
    ("grid", GRID),
    ("water", WATER),
    ("obstructed", OBSTRUCTED),
    ("link_black", LINK_BLACK),
    ("link_white", LINK_WHITE),
    ("refused", REFUSED),
    ("last_move", LAST_MOVE),
    ("last_move_square", LAST_MOVE_SQUARE),
    ("move", MOVE),
    ("warning", WARNING),
    ("second", SECOND),
    ("current", CURRENT),
    ("annotation", ANNOTATION),
    ("highlight", HIGHLIGHT),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_roles_share_a_colour() {
        for (i, (a, ca)) in ROLES.iter().enumerate() {
            for (b, cb) in &ROLES[i + 1..] {
                assert_ne!(ca, cb, "{a} and {b}");
            }
        }
    }
}
