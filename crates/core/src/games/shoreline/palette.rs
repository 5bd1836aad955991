//! Shoreline's colour roles (the shared ones are in `crate::palette`).

use crate::figure::Color;
use crate::palette::Role;

/// Grid lines.
pub(crate) const GRID: Color = Color::grey(140);
/// The hatched water.
pub(crate) const WATER: Color = Color::grey(110);
/// The last move.
pub(crate) const LAST_MOVE: Color = Color::rgb(30, 100, 200);

pub(crate) const ROLES: &[Role] = &[("grid", GRID), ("water", WATER), ("last_move", LAST_MOVE)];
