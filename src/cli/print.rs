//! The commands that only print what sheetgen already holds: a game's rules, the shell
//! completions and the manual page (made from the same clap command, so they never list an
//! option the binary lacks). `template` is the games' own job.

use std::path::Path;

use crate::job::Job;
use crate::job::{Made, Output};
use crate::output::Target;
use sheetgen_core::error::Error;
use sheetgen_core::games::{self};

use super::args::command;

/// A job that prints text it already holds.
pub struct Print(pub Vec<u8>);

impl Job for Print {
    fn inputs(&self) -> Vec<&Path> {
        Vec::new()
    }

    fn output(&self) -> Option<&Output> {
        None
    }

    fn run(
        self: Box<Self>,
        _: &dyn crate::job::Records,
        _: &std::sync::Arc<sheetgen_core::font::Font>,
    ) -> Result<Made, Error> {
        Ok(Made::bytes(self.0, Target::Stdout))
    }
}

/// The short rules of `game`: the "The rules" part of its rules page, Markdown as written
/// (it reads as plain text), and where the rest is.
pub fn rules(game: &str) -> Vec<u8> {
    let game = games::find(game).expect("clap checked the game's name");
    let page = rules_text(game.name());
    let rules = page
        .split_once("\n## The rules\n")
        .map_or(page, |(_, rest)| rest.split("\n## ").next().unwrap_or(rest));
    format!(
        "{}\n\n{}\n\nThe record format, worked examples and the sheets: {}\n",
        game.title().to_uppercase(),
        rules.trim(),
        game.rules_page()
    )
    .into_bytes()
}

/// The text of a game's rules page ([`Game::rules_page`]), built into the command line
/// only: the core leaves it out, so the Typst plugin and the playground do not carry it.
///
/// [`Game::rules_page`]: sheetgen_core::games::Game::rules_page
fn rules_text(game: &str) -> &'static str {
    match game {
        "shoreline" => include_str!("../../docs/rules/shoreline.md"),
        "towers" => include_str!("../../docs/rules/towers.md"),
        "lines-of-action" => include_str!("../../docs/rules/lines-of-action.md"),
        _ => unreachable!("a game without a rules page: {game}"),
    }
}

/// A completion script for `shell`.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), "sheetgen", &mut script);
    script
}

/// The manual page in roff: the command overview, then a section for each command with its
/// synopsis and options, so that `man` shows every option `--help` does.
pub fn man_page() -> Vec<u8> {
    let mut command = command().disable_help_subcommand(true);
    command.build();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone())
        .render(&mut page)
        .expect("writing into memory does not fail");
    for sub in command.get_subcommands() {
        page.extend(man_section(sub));
    }
    page
}

/// One command's section of the manual page: its synopsis and options as subsections.
fn man_section(sub: &clap::Command) -> Vec<u8> {
    let man = clap_mangen::Man::new(sub.clone());
    let mut section = Vec::new();
    let heading = format!("sheetgen {}", sub.get_name()).to_uppercase();
    section.extend(format!(".SH \"{heading}\"\n").into_bytes());
    for render in [
        clap_mangen::Man::render_description_section,
        clap_mangen::Man::render_synopsis_section,
        clap_mangen::Man::render_options_section,
    ] {
        let mut part = Vec::new();
        render(&man, &mut part).expect("writing into memory does not fail");
        // A command's parts are subsections of its section, not sections of the page.
        let part = String::from_utf8_lossy(&part).replace(".SH ", ".SS ");
        section.extend(part.into_bytes());
    }
    section
}
