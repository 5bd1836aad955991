//! Towers' colour roles (the shared ones are in `crate::palette`).

use crate::figure::Color;
use crate::palette::Role;

/// Grid lines.
pub(crate) const GRID: Color = Color::grey(140);
/// Every other Line of the board.
pub(crate) const ROW_TINT: Color = Color::grey(236);
/// Black's used towers (Lines of Action's legal moves).
pub(crate) const MOVE: Color = Color::rgb(20, 70, 160);
/// White's used towers.
pub(crate) const SECOND: Color = Color::rgb(20, 120, 60);
/// The Current Line: a dark orange, 3:1 against the Lines it outlines, also in grey.
pub(crate) const CURRENT: Color = Color::rgb(190, 100, 0);

pub(crate) const ROLES: &[Role] = &[
    ("row_tint", ROW_TINT),
    ("grid", GRID),
    ("move", MOVE),
    ("second", SECOND),
    ("current", CURRENT),
];
