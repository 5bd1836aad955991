//! Output files as the shell and the operating system see them: descriptors and pipes
//! written into, never replaced; files replaced whole; nothing left behind by a kill.
#![cfg(unix)]

use std::fs::{File, OpenOptions};
use std::os::unix::fs::MetadataExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn sheetgen() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sheetgen"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command.stdin(Stdio::null());
    command
}

/// A log opened for appending, as `2>>build.log` opens it, holding earlier lines.
fn log_with_earlier_lines(dir: &std::path::Path) -> (std::path::PathBuf, File) {
    let path = dir.join("build.log");
    std::fs::write(&path, "earlier line\n").unwrap();
    let file = OpenOptions::new().append(true).open(&path).unwrap();
    (path, file)
}

#[test]
fn dev_stderr_and_dev_stdout_append_to_the_log_they_name() {
    let dir = tempfile::tempdir().unwrap();
    for (name, on_stdout) in [
        ("/dev/stderr", false),
        ("/dev/stdout", true),
        ("/proc/self/fd/2", false),
        ("/dev/fd/1", true),
    ] {
        let (path, log) = log_with_earlier_lines(dir.path());
        let inode = std::fs::metadata(&path).unwrap().ino();
        let mut command = sheetgen();
        command.args(["shoreline", "--format", "svg", "-o", name]);
        if on_stdout {
            command.stdout(log).stderr(Stdio::null());
        } else {
            command.stderr(log).stdout(Stdio::null());
        }
        let status = command.status().unwrap();
        assert!(status.success(), "-o {name}: {status}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("earlier line\n<?xml"),
            "-o {name}: {:.80}",
            text
        );
        assert!(text.trim_end().ends_with("</svg>"), "-o {name}");
        assert_eq!(
            std::fs::metadata(&path).unwrap().ino(),
            inode,
            "-o {name} replaced the log"
        );
    }
}

/// `-o -` and `-o /dev/stdout` into a pipe write standard output itself.
#[test]
fn dash_and_dev_stdout_write_into_the_pipe() {
    for name in ["-", "/dev/stdout", "/dev/fd/1"] {
        let out = sheetgen()
            .args(["shoreline", "--format", "svg", "-o", name])
            .output()
            .unwrap();
        assert!(out.status.success(), "-o {name}: {}", out.status);
        assert!(out.stdout.starts_with(b"<?xml"), "-o {name}");
        assert!(
            out.stdout.trim_ascii_end().ends_with(b"</svg>"),
            "-o {name}"
        );
    }
}

/// An existing file is replaced by a new one (another inode) holding the new bytes, keeping
/// its mode; running again with the same bytes replaces it too.
#[test]
fn an_existing_file_is_replaced_whole() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("sheet.svg");
    std::fs::write(&target, "old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    for run in 0..2 {
        let before = std::fs::metadata(&target).unwrap().ino();
        let status = sheetgen()
            .args(["shoreline", "--format", "svg", "-o"])
            .arg(&target)
            .status()
            .unwrap();
        assert!(status.success(), "run {run}: {status}");
        let after = std::fs::metadata(&target).unwrap();
        assert_ne!(after.ino(), before, "run {run}: a new file takes the name");
        assert_eq!(after.permissions().mode() & 0o777, 0o640, "run {run}");
        let text = std::fs::read_to_string(&target).unwrap();
        assert!(text.starts_with("<?xml") && text.trim_end().ends_with("</svg>"));
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

/// Kills a large PNG write at moments spread over its whole run, a new file and a replaced
/// one: the target is the old file, the whole new one, or absent, never a part of a file.
/// A kill during the write itself may leave the hidden `.big.png.XXXXXX` file, as the
/// README says (no process can remove its temporary file when killed with SIGKILL).
#[test]
fn a_kill_at_any_moment_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("big.png");
    let args = |command: &mut Command| {
        command
            .args(["shoreline", "--boards", "9", "--dpi", "300", "-o"])
            .arg(&target)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
    };
    let started = Instant::now();
    let mut command = sheetgen();
    args(&mut command);
    assert!(command.status().unwrap().success());
    let full_run = started.elapsed();
    let whole = std::fs::read(&target).unwrap();

    for step in 0..24 {
        if step % 2 == 0 {
            std::fs::remove_file(&target).ok();
        } else {
            std::fs::write(&target, &whole).unwrap();
        }
        let mut command = sheetgen();
        args(&mut command);
        let mut child = command.spawn().unwrap();
        std::thread::sleep(full_run.mul_f64(f64::from(step / 2) / 11.0));
        child.kill().ok();
        child.wait().unwrap();
        let left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        // Anything else is the hidden file the write was killed in, safe to delete.
        for name in left.iter().filter(|n| *n != "big.png") {
            assert!(name.starts_with(".big.png."), "step {step}: {left:?}");
            std::fs::remove_file(dir.path().join(name)).unwrap();
        }
        if let Ok(bytes) = std::fs::read(&target) {
            assert_eq!(bytes, whole, "step {step}: the file is whole or absent");
        }
    }
    // The kills above must have landed before, during and after the write.
    assert!(full_run > Duration::from_millis(20), "{full_run:?}");
}
