//! Standard streams and exit codes: a closed standard error never costs the output, a
//! closed standard output is said, not ignored, and `check` and `booklet` give the same exit
//! code for the same inputs.

use std::process::{Command, Stdio};

use crate::common::run_in;

/// Runs `script` in `sh` in `dir`, with `$SHEETGEN` set to the binary; returns the exit
/// code and what reached standard error (when the script does not close it).
fn shell(dir: &std::path::Path, script: &str) -> (i32, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("SHEETGEN", env!("CARGO_BIN_EXE_sheetgen"))
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    (
        out.status.code().expect("exited"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn many_bad_records(dir: &std::path::Path) {
    let bad = "game: shoreline\nmoves: [Z]\n---\n".repeat(300);
    std::fs::write(
        dir.join("many-bad.yaml"),
        bad + "game: shoreline\nmoves: [C]\n",
    )
    .unwrap();
}

#[test]
fn a_closed_stderr_pipe_still_gets_the_booklet_written_with_the_same_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    many_bad_records(dir.path());
    // The reader of standard error stops after one line: every later report hits a
    // closed pipe. sheetgen's own exit status is kept in a file.
    let (code, _) = shell(
        dir.path(),
        "{ \"$SHEETGEN\" booklet many-bad.yaml -o bk.pdf 2>&1 >/dev/null; echo $? > status; } \
         | head -n 1 >/dev/null",
    );
    assert_eq!(code, 0);
    let status = std::fs::read_to_string(dir.path().join("status")).unwrap();
    assert_eq!(status.trim(), "1", "records were skipped, nothing failed");
    let pdf = std::fs::read(dir.path().join("bk.pdf")).expect("the booklet is written");
    assert!(pdf.starts_with(b"%PDF"));
    // The exit code with standard error closed is the one without: 1, records skipped.
    let (closed, _) = shell(
        dir.path(),
        "\"$SHEETGEN\" booklet many-bad.yaml -o bk3.pdf 2>&-",
    );
    let open = run_in(dir.path(), &["booklet", "many-bad.yaml", "-o", "bk4.pdf"]);
    assert_eq!(closed, 1);
    assert_eq!(open.code, 1);
    assert!(dir.path().join("bk3.pdf").exists());
    assert!(!open.stderr.contains("panicked"), "{}", open.stderr);
}

#[test]
fn a_closed_stdout_is_an_error_not_silence() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = shell(dir.path(), "\"$SHEETGEN\" shoreline >&-");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    // Sent to /dev/null on purpose, it is no error.
    let (code, stderr) = shell(dir.path(), "\"$SHEETGEN\" shoreline >/dev/null");
    assert_eq!(code, 0, "{stderr}");
}

/// Issue 42.3: a report is lost as surely as a drawing when standard output is closed;
/// the binary notes the closed descriptor before Rust's runtime puts /dev/null there.
#[cfg(target_os = "linux")]
#[test]
fn a_report_to_a_closed_stdout_is_an_error_too() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let check = format!("\"$SHEETGEN\" check {root}/examples/shoreline-draw.yaml");
    let (code, stderr) = shell(dir.path(), &format!("{check} >&-"));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
    let (code, stderr) = shell(dir.path(), &format!("{check} >/dev/null"));
    assert_eq!(code, 0, "{stderr}");
}

#[cfg(unix)]
#[test]
fn check_run_for_its_exit_code_with_its_report_on_dev_null_succeeds() {
    // Python's subprocess.DEVNULL and Go's nil Stdout open /dev/null for reading and
    // writing, as Rust's runtime does for a closed standard output; a report is written.
    let null = || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .unwrap()
    };
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO_BIN_EXE_sheetgen"))
        .args(["check", &format!("{root}/examples/shoreline-draw.yaml")])
        .stdout(null())
        .output()
        .expect("sheetgen runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn check_and_booklet_agree_on_every_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("examples/shoreline-draw.yaml", dir.path().join("good.yaml")).unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "game: shoreline\nmoves: [Z]\n").unwrap();
    for (files, code) in [
        (vec!["good.yaml"], 0),
        (vec!["good.yaml", "bad.yaml"], 1),
        (vec!["good.yaml", "missing.yaml"], 2),
        (vec!["good.yaml", "bad.yaml", "missing.yaml"], 2),
    ] {
        let mut check = vec!["check"];
        check.extend(&files);
        let mut booklet = vec!["booklet"];
        booklet.extend(&files);
        booklet.extend(["-o", "b.pdf"]);
        let check = run_in(dir.path(), &check);
        let booklet = run_in(dir.path(), &booklet);
        assert_eq!(check.code, code, "check {files:?}: {}", check.stderr);
        assert_eq!(booklet.code, code, "booklet {files:?}: {}", booklet.stderr);
    }
}

#[test]
fn a_file_named_like_a_built_in_theme_is_not_an_input() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("examples/shoreline-draw.yaml", dir.path().join("g.yaml")).unwrap();
    std::fs::write(dir.path().join("color"), "old").unwrap();
    let out = run_in(
        dir.path(),
        &["render", "g.yaml", "--format", "svg", "-o", "color"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let svg = std::fs::read_to_string(dir.path().join("color")).unwrap();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{svg:.60}"
    );
}

#[test]
fn error_reports_on_a_file_have_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.yaml"), "game: shoreline\nmoves: [Z]\n").unwrap();
    // Standard error is a file here, whatever standard output is.
    let (code, stderr) = shell(
        dir.path(),
        "\"$SHEETGEN\" booklet bad.yaml -o b.pdf 2>&1 >/dev/null",
    );
    assert_eq!(code, 1);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
}

/// A named file that is a FIFO (or became one after it was looked at) is refused, never
/// waited on: the open cannot block (issue 45.2).
#[cfg(unix)]
#[test]
fn no_command_waits_on_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let fifo = fifo.to_str().unwrap();
    for args in [
        &["check", fifo][..],
        &["render", fifo, "-o", "x.svg"],
        &["booklet", fifo, "-o", "x.pdf"],
        &["import", fifo, "-o", "x.yaml"],
        &["analyze", fifo],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sheetgen"))
            .args(args)
            .current_dir(dir.path())
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > std::time::Duration::from_secs(20) {
                child.kill().unwrap();
                panic!("{args:?} waits on the FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert_ne!(status.code(), Some(0), "{args:?}");
    }
}

/// Issue 42.7: a PNG larger than the memory the process may have is refused with the
/// reason, never an abort (it was a SIGABRT under a 300 MB limit).
#[cfg(target_os = "linux")]
#[test]
fn a_png_too_large_for_the_memory_at_hand_is_refused_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = shell(
        dir.path(),
        "ulimit -v 300000; \"$SHEETGEN\" shoreline --boards 4 --format png --dpi 1066 -o s.png",
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("more memory than sheetgen can have here"),
        "{stderr}"
    );
    assert!(!dir.path().join("s.png").exists());
}
