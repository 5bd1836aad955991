//! The colour roles every game shares; each game declares its own in its `palette` module
//! (`Game::colour_roles`). Drawing code takes its colours from these and a theme (the `theme`
//! module) maps them, role by role, for print, colour-blind readers or a user's own scheme;
//! so no two roles share a colour, and a role two games use has one colour in both.

use crate::figure::Color;

/// A colour role: the name a theme file gives it, and its usual colour.
pub(crate) type Role = (&'static str, Color);

pub(crate) const INK: Color = Color::BLACK;
pub const PAPER: Color = Color::WHITE;
/// Black stones and pieces.
pub(crate) const STONE_BLACK: Color = Color::grey(28);
/// Captures, dead runs, unusable towers.
pub(crate) const WARNING: Color = Color::rgb(196, 40, 40);
/// Annotations from a record or the command line.
pub const ANNOTATION: Color = Color::rgb(160, 30, 140);
/// Highlighted squares: a yellow band…
pub(crate) const HIGHLIGHT: Color = Color::rgb(250, 200, 40);
/// …edged in dark amber, which keeps 3:1 against every square, also in grey.
pub(crate) const HIGHLIGHT_EDGE: Color = Color::rgb(150, 95, 0);

/// The shared roles by the name a theme file gives them.
pub(crate) const ROLES: &[Role] = &[
    ("ink", INK),
    ("paper", PAPER),
    ("stone_black", STONE_BLACK),
    ("warning", WARNING),
    ("annotation", ANNOTATION),
    ("highlight", HIGHLIGHT),
    ("highlight_edge", HIGHLIGHT_EDGE),
];

#[cfg(test)]
/// Two roles of one name have one colour, and two names never share a colour, so a theme
/// maps each role on its own.
pub(crate) fn check_roles(roles: &[Role]) -> Result<(), String> {
    for (i, (a, ca)) in roles.iter().enumerate() {
        for (b, cb) in &roles[i + 1..] {
            if (a == b) != (ca == cb) {
                return Err(format!("roles {a} and {b}: {ca:?} and {cb:?}"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_roles_share_a_colour() {
        assert_eq!(check_roles(ROLES), Ok(()));
        let twice = [("grid", Color::grey(1)), ("grid", Color::grey(2))];
        assert!(check_roles(&twice).is_err());
        let shared = [("grid", Color::grey(1)), ("water", Color::grey(1))];
        assert!(check_roles(&shared).is_err());
    }
}
