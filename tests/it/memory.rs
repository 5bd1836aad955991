//! The 512 MB ceiling the README's limits table promises: the largest things sheetgen
//! accepts are made, and the largest it refuses are refused, in a process that may not
//! reserve more than 512 MB of address space (`ulimit -v`, through `sh`). An allocation over
//! the ceiling would abort the process (a signal, not an exit code), which fails the test.

use std::process::{Command, Stdio};

const CEILING_KB: u32 = 512 * 1024;

/// Runs `sheetgen ARGS` in `dir` under the ceiling: the exit code and standard error.
fn run_capped(dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    run_under(CEILING_KB, dir, args)
}

/// [`run_capped`] under a ceiling of `kb` kilobytes.
fn run_under(kb: u32, dir: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_sheetgen"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("{args:?} was killed (over 512 MB?): {stderr}"));
    (code, stderr)
}

#[test]
fn the_largest_png_sheetgen_draws_fits_under_512_mb() {
    let dir = tempfile::tempdir().unwrap();
    // The refusal at 1200 dpi names the highest dpi an A4 sheet may have.
    let (code, report) = run_capped(
        dir.path(),
        &["shoreline", "--boards", "4", "--dpi", "1200", "-o", "s.png"],
    );
    assert_eq!(code, 2, "{report}");
    let dpi: String = report
        .split("--dpi ")
        .nth(1)
        .expect("the refusal names a dpi")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let (code, report) = run_capped(
        dir.path(),
        &["shoreline", "--boards", "4", "--dpi", &dpi, "-o", "s.png"],
    );
    assert_eq!(code, 0, "at {dpi} dpi: {report}");
    assert!(dir.path().join("s.png").metadata().unwrap().len() > 100_000);
}

#[test]
fn a_title_of_four_megabytes_is_refused_under_512_mb() {
    let dir = tempfile::tempdir().unwrap();
    let title = "W".repeat(4 * 1024 * 1024 - 100);
    let record = format!("game: shoreline\ntitle: {title}\nmoves: [C, B]\n");
    std::fs::write(dir.path().join("t.yaml"), record).unwrap();
    for args in [
        &["render", "t.yaml", "--dpi", "36", "-o", "t.png"][..],
        &["render", "t.yaml", "-o", "t.pdf"],
        &["render", "t.yaml", "-o", "t.svg"],
    ] {
        let (code, report) = run_capped(dir.path(), args);
        assert_eq!(code, 1, "{args:?}: {report}");
        assert!(report.contains("characters"), "{args:?}: {report}");
    }
}

#[test]
fn a_booklet_of_a_thousand_games_fits_under_512_mb() {
    let dir = tempfile::tempdir().unwrap();
    let game = "game: shoreline\nmoves: [C, B, C, D, B, D, C, B, C, D]\n";
    let records: Vec<&str> = std::iter::repeat_n(game, 1000).collect();
    std::fs::write(dir.path().join("many.yaml"), records.join("---\n")).unwrap();
    let (code, report) = run_capped(dir.path(), &["booklet", "many.yaml", "-o", "b.pdf"]);
    assert_eq!(code, 0, "{report}");
    assert!(dir.path().join("b.pdf").metadata().unwrap().len() > 100_000);
}

/// Issue 42.10: a replay page held every position's figure until it was written, 76 KB
/// each: a 10,000-move game peaked at 762 MB. Each position is now drawn, written and
/// dropped in turn (32 MB, measured in a release build).
#[test]
fn a_replay_page_of_ten_thousand_moves_fits_under_512_mb() {
    let dir = tempfile::tempdir().unwrap();
    let moves = "b1-b3 a2-c2 b3-b1 c2-a2 ".repeat(2_500);
    let record = format!("game: loa\nrules: {{ repetition: off }}\nmoves: \"{moves}\"\n");
    std::fs::write(dir.path().join("long.yaml"), record).unwrap();
    let (code, report) = run_capped(
        dir.path(),
        &["render", "long.yaml", "--format", "html", "-o", "long.html"],
    );
    assert_eq!(code, 0, "{report}");
    let page = std::fs::read_to_string(dir.path().join("long.html")).unwrap();
    assert!(page.contains("\"n\":10000"), "opens at the end");
}

#[test]
fn memory_that_runs_out_is_refused_with_a_message_not_an_abort() {
    // A booklet under 20 and 40 MB of address space (a 1,000-game one aborted under 60):
    // drawn, or refused with exit 2 and a sentence, never killed by a signal (which
    // run_under fails on) nor a panic where a worker thread cannot be started (exit 101).
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<String> = (0..300)
        .map(|i| {
            let moves = ["A", "B", "C", "D", "E"][i % 5];
            format!("game: shoreline\ntitle: Game {i}\nmoves: [{moves}, C, {moves}]\n")
        })
        .collect();
    std::fs::write(dir.path().join("all.yaml"), games.join("---\n")).unwrap();
    for mb in [20, 40] {
        let args = ["booklet", "all.yaml", "-o", "b.pdf"];
        let (code, report) = run_under(mb * 1024, dir.path(), &args);
        match code {
            0 => assert!(dir.path().join("b.pdf").exists()),
            _ => {
                assert_eq!(code, 2, "{mb} MB: {report}");
                assert!(report.contains("ran out of memory"), "{mb} MB: {report}");
                assert!(!dir.path().join("b.pdf").exists());
            }
        }
    }
}
