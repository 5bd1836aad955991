//! The README's examples run: every record it shows checks as valid, and every `sheetgen`
//! command it shows runs against the files of the repository and exits 0. Outputs go into a
//! temporary folder, never into the repository.
//!
//! A test that reads the README itself rather than `trycmd`: the README's commands are
//! examples for people (comments after them, `> file` redirects, globs), and most write
//! binary files whose bytes other tests pin; a trycmd case per command would copy each
//! command out of the README into a second place that can drift from it.

use crate::common;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The fenced blocks of `text` in the language `language`, each with its first line's
/// number.
fn blocks(text: &str, language: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    // The block, and how far its fence is indented (a block inside a list item).
    let mut current: Option<(usize, String)> = None;
    let mut indent = 0;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        match &mut current {
            Some(_) if fence.starts_with("```") => found.push(current.take().unwrap()),
            Some((_, body)) => {
                let cut = line.len() - line.trim_start_matches(' ').len();
                body.push_str(&line[cut.min(indent)..]);
                body.push('\n');
            }
            None if fence == format!("```{language}") => {
                indent = line.len() - fence.len();
                current = Some((i + 2, String::new()));
            }
            None => {}
        }
    }
    found
}

#[test]
fn the_readme_shows_records_and_commands() {
    // Guards the tests below from passing on a README this reader no longer understands.
    let text = readme();
    assert!(
        blocks(&text, "yaml")
            .iter()
            .filter(|(_, b)| b.starts_with("game:"))
            .count()
            >= 3
    );
    assert!(commands(&text).len() >= 30, "{:?}", commands(&text));
}

#[test]
fn every_record_in_the_readme_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    for (line, record) in blocks(&readme(), "yaml") {
        if !record.starts_with("game:") {
            continue; // a part of a record (`diagrams:`), shown inside the text around it
        }
        let path = dir.path().join(format!("readme-line-{line}.yaml"));
        std::fs::write(&path, &record).unwrap();
        let out = common::run(&["check", path.to_str().unwrap()]);
        assert_eq!(
            out.code,
            0,
            "the README's record at line {line} does not check:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            out.stderr
        );
    }
}

/// Every `sheetgen …` line of the README's ```sh blocks, with its line number, the comment
/// after it left off.
fn commands(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (first, block) in blocks(text, "sh") {
        for (i, line) in block.lines().enumerate() {
            let command = line.split(" #").next().unwrap().trim();
            if command.starts_with("sheetgen ") {
                found.push((first + i, command.to_string()));
            }
        }
    }
    found
}

/// A command line split into words the way a shell would for these examples: double quotes
/// group words, and a pattern with `*` is expanded against the repository's files.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words.into_iter().flat_map(expanded).collect()
}

/// `examples/shoreline-*.yaml` as the files it names, sorted; a word without `*` as itself.
fn expanded(word: String) -> Vec<String> {
    let Some((head, tail)) = word.split_once('*') else {
        return vec![word];
    };
    let (folder, prefix) = head.rsplit_once('/').unwrap_or((".", head));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{word}: {e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(prefix) && name.ends_with(tail))
        .map(|name| format!("{folder}/{name}"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "{word} names no file");
    names
}

#[test]
fn every_sheetgen_command_in_the_readme_runs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut runs = Vec::new();
    for (line, command) in commands(&readme()) {
        let mut args = words(&command);
        args.remove(0); // sheetgen
        // `> file` keeps standard output.
        if let Some(at) = args.iter().position(|a| a == ">") {
            args.truncate(at);
        }
        // Every word naming a file but the output's (after `-o`).
        let after_o = |i: usize| i > 0 && args[i - 1] == "-o";
        let inputs = args.iter().enumerate();
        let inputs = inputs.filter(|&(i, arg)| !after_o(i) && is_input(arg));
        for (_, arg) in inputs {
            // An input file: it must be one of the repository's.
            if !root.join(arg).is_file() {
                failures.push((line, format!("`{command}`: no file {arg}")));
            }
        }
        runs.push((line, command, args));
    }
    // Two at a time, each in a temporary folder of its own (the analyses take most of the
    // time; one command's output file may have another's name).
    let halves: Vec<Vec<_>> = (0..2)
        .map(|half| runs.iter().skip(half).step_by(2).collect())
        .collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = halves
            .iter()
            .map(|half| scope.spawn(|| run_all(half)))
            .collect();
        for worker in workers {
            failures.extend(worker.join().unwrap());
        }
    });
    failures.sort();
    let failures: Vec<String> = failures
        .into_iter()
        .map(|(line, failure)| format!("line {line}: {failure}"))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether a word of a command names an input file: a word with a dot that is not an
/// option, a `game:position`, nor a value such as `2.5in`.
fn is_input(word: &str) -> bool {
    !word.starts_with('-')
        && word.contains('.')
        && !word.contains(':')
        && !word.starts_with(|c: char| c.is_ascii_digit())
}

/// Runs each command, its `-o` file in a temporary folder; the failures, by README line.
fn run_all(runs: &[&(usize, String, Vec<String>)]) -> Vec<(usize, String)> {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for (line, command, args) in runs {
        let mut args = args.clone();
        if let Some(at) = args.iter().position(|a| a == "-o") {
            if let Some(out) = args.get_mut(at + 1) {
                let name = std::path::Path::new(out.as_str()).file_name().unwrap();
                *out = dir.path().join(name).to_string_lossy().into_owned();
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = common::run(&args);
        if out.code != 0 {
            let failure = format!("`{command}` exits {}:\n{}", out.code, out.stderr);
            failures.push((*line, failure));
        }
    }
    failures
}

#[test]
fn the_readme_points_at_no_file_outside_the_repository() {
    let text = readme();
    for (i, line) in text.lines().enumerate() {
        assert!(
            !line.contains("../"),
            "README line {}: {line} points outside the repository",
            i + 1
        );
    }
}

#[test]
fn the_commands_are_read_as_a_shell_would() {
    assert_eq!(
        words(r#"render a.yaml --caption "two words" -o b.svg"#),
        ["render", "a.yaml", "--caption", "two words", "-o", "b.svg"]
    );
    assert!(words("check examples/shoreline-*.yaml").len() >= 6);
    let text = "```sh\nsheetgen check x.yaml   # a comment\ncargo test\n```\n";
    assert_eq!(commands(text), [(2, "sheetgen check x.yaml".to_string())]);
}

#[test]
fn the_readmes_rust_example_is_the_one_cargo_builds() {
    let example =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/embed.rs")).unwrap();
    let shown = blocks(&readme(), "rust");
    assert!(!shown.is_empty(), "the README shows the embedding example");
    for (line, code) in shown {
        assert!(
            example.contains(code.trim()),
            "README line {line}: the Rust code is not examples/embed.rs's"
        );
    }
}
