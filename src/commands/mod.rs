//! The command list: every command a game adds to sheetgen (its play sheet, Lines of
//! Action's `import`), and the searchers' `solve` and `analyze`, in the order `sheetgen
//! --help` lists them. The generic commands (`check`, `render`, `booklet`, …) are
//! `cli::args`'s.

pub mod loa;
pub mod review;
pub mod shoreline;
pub mod template;
pub mod towers;

use crate::job::GameCommand;

/// Every game's commands.
pub fn all() -> Vec<GameCommand> {
    [
        shoreline::all(),
        vec![review::solve_command(), review::analyze_command()],
        towers::all(),
        loa::all(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_game_command_gets_its_options_when_built() {
        for command in super::all() {
            let mut built = command.command();
            assert_eq!(
                built.get_arguments().count(),
                0,
                "{}: deferred",
                command.name
            );
            built.build();
            assert!(
                built.get_arguments().any(|a| a.get_long().is_some()),
                "{}",
                command.name
            );
        }
    }
}
