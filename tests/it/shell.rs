//! Shell completions and the manual page.

use crate::common;

/// Commands every completion script and the manual page must name.
const COMMANDS: &[&str] = &[
    "check",
    "render",
    "booklet",
    "shoreline",
    "towers",
    "loa",
    "import",
    "rules",
];

#[test]
fn every_shell_gets_a_completion_script_naming_the_commands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = common::run(&["completions", shell]);
        assert_eq!(out.code, 0, "{shell}: {}", out.stderr);
        let script = String::from_utf8(out.stdout).unwrap();
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} completes {command}");
        }
        assert!(
            script.contains("boards"),
            "{shell} completes a game command's options"
        );
    }
}

#[test]
fn an_unknown_shell_is_refused_with_the_shells() {
    let out = common::run(&["completions", "tcsh"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("bash") && out.stderr.contains("elvish"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_man_page_is_roff_naming_the_commands() {
    let out = common::run(&["man"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with(".ie") || page.contains("\n.TH "), "{page}");
    assert!(page.contains(".TH sheetgen"), "{page}");
    for command in COMMANDS {
        let section = format!(".SH \"SHEETGEN {}\"", command.to_uppercase());
        assert!(
            page.contains(&section),
            "the man page has a section {section}"
        );
    }
    assert!(
        page.contains("\\-\\-boards"),
        "a game command's options are in it"
    );
}
