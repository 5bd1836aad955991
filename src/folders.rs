//! The record files the command line names: a file as given, a folder as every record
//! file under it (YAML `*.yaml` / `*.yml`, SGF `*.sgf`, and `*.txt` files that read as
//! move text), in sorted order so that a batch reads the same on every machine, numbers in
//! names by their value (`round2` before `round10`), as people number a season's files.
//!
//! A walk never loops and never leaves the folders it was given: symbolic links to folders
//! are not followed (a link to `.` or to `/` is one entry, left alone with a word), each
//! file is read once however many links name it (by device and inode), and what is not a
//! regular file (a FIFO, a device, a socket) is left alone with a word rather than opened,
//! where a read could block forever.
//!
//! A folder may change while it is read. A file listed and gone before it is read is
//! named as such (read as a record file, it fails with [`Walk::explain`]'s words), and
//! the walk lists [`MAX_ENTRIES`] entries at most: a folder whose files are renamed over
//! and over can show a reader new names forever (tmpfs does), and would never end.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sheetgen_core::error::Error;
use sheetgen_core::io_error::IoError;

/// What the walk found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The record files, in order; a path given on the command line is kept as given (a
    /// folder that holds no record file too, for the report to name).
    pub files: Vec<PathBuf>,
    /// Files in the folders that are not record files, left alone.
    pub others: usize,
    /// What was left alone with a reason worth saying: not a regular file, a link to a folder.
    pub notes: Vec<String>,
    /// Folders not read to their end: more entries than the walk lists ([`MAX_ENTRIES`]).
    /// Reported as files that could not be read ([`cut_error`]).
    pub cut: Vec<PathBuf>,
    /// The files found in folders (not named on the command line), for [`Walk::explain`].
    listed: HashSet<PathBuf>,
}

impl Walk {
    /// "3 other files left alone", for a summary; None when there were none.
    pub fn others_line(&self) -> Option<String> {
        (self.others > 0).then(|| {
            let files = if self.others == 1 { "file" } else { "files" };
            format!("{} other {files} left alone", self.others)
        })
    }
}

impl Walk {
    /// `error`, met reading `path`, in the words of a folder that changed: a file the walk
    /// listed that is gone now "disappeared while the folder was read" (deleted or renamed).
    pub fn explain(&self, path: &Path, error: Error) -> Error {
        let gone = std::fs::symlink_metadata(path)
            .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound);
        match error {
            Error::Io(_) if gone && self.listed.contains(path) => Error::Io(IoError::Disappeared {
                path: path.to_path_buf(),
            }),
            other => other,
        }
    }
}

/// Folders walked at most this deep: deeper is no club's season, and bounds the walk.
const MAX_DEPTH: usize = 64;

/// Entries a walk lists at most, over all its folders: bounds a walk of a folder that
/// keeps changing (or is simply huge) in time and memory.
pub const MAX_ENTRIES: usize = 100_000;

/// The record files `paths` name, each read once: a folder or file named twice, or a file
/// named beside a folder that holds it, is read the first time only.
pub fn record_files(paths: &[PathBuf]) -> Walk {
    record_files_within(paths, MAX_ENTRIES)
}

/// [`record_files`], listing `max_entries` entries at most.
fn record_files_within(paths: &[PathBuf], max_entries: usize) -> Walk {
    let mut walk = Walk::default();
    let mut budget = max_entries;
    let mut seen = HashSet::new();
    for path in paths {
        let id = crate::files::identity(path);
        if id.is_some_and(|id| seen.contains(&id)) {
            continue;
        }
        if path.is_dir() {
            let before = walk.files.len();
            walk_folder(path, &mut walk, &mut seen, &mut budget);
            if walk.files.len() == before {
                walk.files.push(path.clone()); // no record in it: reported as a folder
            }
        } else {
            seen.extend(id);
            walk.files.push(path.clone());
        }
    }
    walk
}

/// Adds the record files under `top` to `walk`, depth first, names sorted (numbers by
/// value); with a stack, not recursion.
fn walk_folder(top: &Path, walk: &mut Walk, seen: &mut HashSet<(u64, u64)>, left: &mut usize) {
    let mut stack = vec![(top.to_path_buf(), 0)];
    while let Some((folder, depth)) = stack.pop() {
        if let Some(id) = crate::files::identity(&folder) {
            if !seen.insert(id) {
                continue; // the same folder by another path (a bind mount)
            }
        }
        let Ok(read) = std::fs::read_dir(&folder) else {
            walk.files.push(folder.clone()); // reported as unreadable
            continue;
        };
        let mut children: Vec<PathBuf> = Vec::new();
        for entry in read.flatten() {
            if *left == 0 {
                // The walk ends here: what is listed so far is read, the rest named unread.
                walk.cut.push(folder.clone());
                stack.clear();
                break;
            }
            *left -= 1;
            children.push(entry.path());
        }
        alphanumeric_sort::sort_path_slice(&mut children);
        let mut folders = Vec::new();
        for child in children {
            let Ok(own) = std::fs::symlink_metadata(&child) else {
                // Gone since it was listed: a record file is reported as one that could not
                // be read, in the words of Walk::explain.
                if is_record_name(&child) || has_txt_name(&child) {
                    walk.listed.insert(child.clone());
                    walk.files.push(child);
                }
                continue;
            };
            let shown_child = sheetgen_core::diagnostic::shown_path(&child);
            if own.is_dir() {
                if depth + 1 < MAX_DEPTH {
                    folders.push(child);
                } else {
                    walk.notes.push(format!(
                        "left alone: {shown_child} (folders are read {MAX_DEPTH} deep at most)"
                    ));
                }
                continue;
            }
            let meta = if own.file_type().is_symlink() {
                match std::fs::metadata(&child) {
                    Ok(target) if target.is_dir() => {
                        walk.others += 1;
                        walk.notes.push(format!(
                            "left alone: {shown_child} (a link to a folder; name the folder \
                             itself to read it)"
                        ));
                        continue;
                    }
                    Ok(target) => target,
                    Err(_) => {
                        if is_record_name(&child) {
                            walk.files.push(child); // a dangling link: reported unreadable
                        } else {
                            walk.others += 1;
                        }
                        continue;
                    }
                }
            } else {
                own
            };
            if !meta.is_file() {
                walk.others += 1;
                walk.notes.push(format!(
                    "left alone: {shown_child} ({}, not a file)",
                    kind_of(&meta)
                ));
                continue;
            }
            if let Some(id) = crate::files::identity_of(&meta) {
                if !seen.insert(id) {
                    continue; // read once already, by another name
                }
            }
            if is_record_file(&child) {
                walk.listed.insert(child.clone());
                walk.files.push(child);
            } else {
                walk.others += 1;
            }
        }
        if walk.cut.is_empty() {
            stack.extend(folders.into_iter().rev().map(|f| (f, depth + 1)));
        }
    }
}

/// Why `folder`, a folder of [`Walk::cut`], was not read to its end.
pub fn cut_error(folder: &Path) -> Error {
    Error::Io(IoError::FolderCut {
        path: folder.to_path_buf(),
        most: MAX_ENTRIES,
    })
}

/// What a file that is not a regular file is, in a word.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    let _ = meta;
    "a special file"
}

/// Whether the name says record file whatever it holds.
fn is_record_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["yaml", "yml", "sgf"].contains(&e.to_ascii_lowercase().as_str()))
}

/// A YAML or SGF file by its name, or a `.txt` file whose text starts as move text does.
fn is_record_file(path: &Path) -> bool {
    if is_record_name(path) {
        return true;
    }
    has_txt_name(path) && starts_as_move_text(path)
}

/// A `.txt` file by its name, which may hold move text.
fn has_txt_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("txt"))
}

/// The first bytes of `path` read as move text (`1. b1-b3`, a `[Event "…"]` header).
fn starts_as_move_text(path: &Path) -> bool {
    let mut head = [0u8; 512];
    let Ok(mut file) = crate::files::open_regular(path) else {
        return false;
    };
    let n = std::io::Read::read(&mut file, &mut head).unwrap_or(0);
    let text = String::from_utf8_lossy(&head[..n]);
    sheetgen_core::formats::move_text::looks_like_move_text(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(walk: &Walk, dir: &Path) -> Vec<String> {
        walk.files
            .iter()
            .map(|f| f.strip_prefix(dir).unwrap().to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn records_by_name_and_move_text_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir(d.join("round 2")).unwrap();
        std::fs::write(d.join("a.yaml"), "game: shoreline\n").unwrap();
        std::fs::write(d.join("b.SGF"), "(;GM[9])").unwrap();
        std::fs::write(d.join("c.txt"), "1. b1-b3 h3-e3\n").unwrap();
        std::fs::write(d.join("notes.txt"), "Bring the clocks.\n").unwrap();
        std::fs::write(d.join("photo.jpg"), [0xff, 0xd8]).unwrap();
        std::fs::write(d.join("round 2/d.txt"), "[Event \"Club\"]\n1. b1-b3\n").unwrap();
        let walk = record_files(&[d.to_path_buf()]);
        assert_eq!(
            names(&walk, d),
            ["a.yaml", "b.SGF", "c.txt", "round 2/d.txt"]
        );
        assert_eq!(walk.others, 2);
        assert_eq!(
            walk.others_line().as_deref(),
            Some("2 other files left alone")
        );
    }

    #[test]
    fn a_folder_or_file_named_twice_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("a.yaml"), "game: shoreline\n").unwrap();
        std::fs::write(d.join("moves.txt"), "e8-e6 a6-d6 c8-f5\n").unwrap();
        let folder = d.to_path_buf();
        let walk = record_files(&[folder.clone(), folder.clone(), d.join("a.yaml")]);
        assert_eq!(
            names(&walk, d),
            ["a.yaml", "moves.txt"],
            "bare moves are move text"
        );
        let walk = record_files(&[d.join("a.yaml"), d.join("./a.yaml"), folder]);
        assert_eq!(names(&walk, d), ["a.yaml", "moves.txt"]);
        assert_eq!(walk.others, 0);
    }

    #[test]
    fn a_seasons_files_come_in_the_order_of_their_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for name in ["round10.yaml", "round2.yaml", "round1.yaml", "round11.sgf"] {
            std::fs::write(d.join(name), "game: shoreline\n").unwrap();
        }
        let walk = record_files(&[d.to_path_buf()]);
        assert_eq!(
            names(&walk, d),
            ["round1.yaml", "round2.yaml", "round10.yaml", "round11.sgf"]
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_loops_fifos_and_the_root_do_not_hang_the_walk() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("a.yaml"), "game: shoreline\n").unwrap();
        symlink(".", d.join("loop1")).unwrap();
        symlink(".", d.join("loop2")).unwrap();
        symlink("/", d.join("root")).unwrap();
        symlink("a.yaml", d.join("same.yaml")).unwrap();
        let fifo = d.join("b.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        let walk = record_files(&[d.to_path_buf()]);
        assert_eq!(names(&walk, d), ["a.yaml"], "{walk:?}");
        let notes = walk.notes.join("\n");
        assert!(notes.contains("loop1 (a link to a folder"), "{notes}");
        assert!(notes.contains("root (a link to a folder"), "{notes}");
        if made.is_ok_and(|s| s.success()) {
            assert!(notes.contains("b.yaml (a FIFO, not a file)"), "{notes}");
        }
    }

    /// Issue 42.11: a walk lists a bounded number of entries, so a folder whose files are
    /// renamed over and over (new names for ever, on tmpfs) cannot keep it going; what it
    /// did not list is named.
    #[test]
    fn a_walk_lists_a_bounded_number_of_entries_and_says_where_it_stopped() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        for i in 0..10 {
            std::fs::write(d.join(format!("g{i}.yaml")), "game: shoreline\n").unwrap();
        }
        std::fs::create_dir(d.join("sub")).unwrap();
        std::fs::write(d.join("sub/h.yaml"), "game: shoreline\n").unwrap();
        let walk = record_files_within(&[d.to_path_buf()], 4);
        assert_eq!(walk.files.len(), 4, "{walk:?}");
        assert_eq!(walk.cut.len(), 1, "{walk:?}");
        assert_eq!(walk.cut[0], d);
        let why = cut_error(&walk.cut[0]).to_string();
        assert!(why.contains("not read to its end"), "{why}");
        let whole = record_files(&[d.to_path_buf()]);
        assert_eq!(whole.files.len(), 11);
        assert!(whole.cut.is_empty());
    }
}
