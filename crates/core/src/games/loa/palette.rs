//! Lines of Action's colour roles (the shared ones are in `crate::palette`).

use crate::figure::Color;
use crate::palette::Role;

/// The dark squares of the checkered board.
pub(crate) const BOARD_DARK: Color = Color::grey(205);
/// Obstructed squares.
pub(crate) const OBSTRUCTED: Color = Color::grey(70);
/// Links between touching pieces of a group.
pub(crate) const LINK_BLACK: Color = Color::grey(60);
pub(crate) const LINK_WHITE: Color = Color::grey(160);
/// Directions a piece cannot use.
pub(crate) const REFUSED: Color = Color::grey(90);
/// The last move.
pub(crate) const LAST_MOVE: Color = Color::rgb(30, 100, 200);
/// The squares of the last move, tinted under the pieces (an arrow is a legal move).
pub(crate) const LAST_MOVE_SQUARE: Color = Color::rgb(200, 222, 250);
/// Legal moves (Towers' colour for Black's used towers).
pub(crate) const MOVE: Color = Color::rgb(20, 70, 160);

pub(crate) const ROLES: &[Role] = &[
    ("board_dark", BOARD_DARK),
    ("obstructed", OBSTRUCTED),
    ("link_black", LINK_BLACK),
    ("link_white", LINK_WHITE),
    ("refused", REFUSED),
    ("last_move", LAST_MOVE),
    ("last_move_square", LAST_MOVE_SQUARE),
    ("move", MOVE),
];
