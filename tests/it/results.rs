//! Results that must not be lost or forged (issue 27.6): standard output that cannot be
//! written, names that hold line breaks, widths too small to draw, terminals and link loops
//! as `-o`.

use std::process::{Command, Stdio};

use crate::common::{Output, run_in};

fn sheetgen() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sheetgen"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn standard_output_opened_only_for_reading_is_an_error_not_a_lost_result() {
    // `sheetgen … 1</dev/null`: every write fails (EBADF), which Rust's own stdout ignores.
    for args in [
        &["render", "examples/shoreline-draw.yaml", "--format", "svg"][..],
        &["check", "examples/shoreline-draw.yaml"],
    ] {
        let read_only = std::fs::File::open("/dev/null").unwrap();
        let out = sheetgen()
            .args(args)
            .stdout(Stdio::from(read_only))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot write to standard output"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_file_name_with_a_line_break_cannot_forge_a_line_of_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let name = "x.yaml #1: ok, forged\ny.yaml";
    std::fs::write(dir.path().join(name), "game: shoreline\nmoves: [A]\n").unwrap();
    let out = run_in(dir.path(), &["check", name]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let report = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 2, "one game and the summary: {report}");
    assert!(
        lines[0].starts_with(r"x.yaml #1: ok, forged\u{a}y.yaml #1: ok"),
        "{report}"
    );
}

#[test]
fn a_width_too_small_to_draw_is_refused() {
    for width in ["0.0004mm", "0.0000001mm", "0.01pt"] {
        let dir = tempfile::tempdir().unwrap();
        let record = format!(
            "{}/examples/shoreline-draw.yaml",
            env!("CARGO_MANIFEST_DIR")
        );
        for file in ["d.svg", "d.pdf", "d.png"] {
            let out: Output = run_in(
                dir.path(),
                &["render", &record, "--width", width, "-o", file],
            );
            assert_eq!(out.code, 2, "{width} {file}: {}", out.stderr);
            assert!(out.stderr.contains("narrower than"), "{}", out.stderr);
            assert!(!dir.path().join(file).exists());
        }
    }
}

#[test]
fn a_pdf_is_not_poured_into_a_terminal_through_dev_stdout() {
    // `script` gives the command a terminal as its standard output.
    let Ok(out) = Command::new("script")
        .args([
            "-qec",
            &format!("{} loa -o /dev/stdout", env!("CARGO_BIN_EXE_sheetgen")),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
    else {
        eprintln!("no `script` here: the terminal case is checked in .ci/run");
        return;
    };
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("is a terminal"), "{shown}");
    assert!(!shown.contains("%PDF"), "{shown}");
}

#[cfg(unix)]
#[test]
fn a_link_loop_as_output_fails_as_the_system_says_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("b.svg", dir.path().join("a.svg")).unwrap();
    std::os::unix::fs::symlink("a.svg", dir.path().join("b.svg")).unwrap();
    let record = format!(
        "{}/examples/shoreline-draw.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = run_in(dir.path(), &["render", &record, "-o", "a.svg"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("symbolic links"), "{}", out.stderr);
    let meta = std::fs::symlink_metadata(dir.path().join("a.svg")).unwrap();
    assert!(meta.file_type().is_symlink(), "a.svg is still the link");
}
