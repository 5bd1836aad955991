//! output/ is the gallery: every file in it is what `output/gallery.txt` says makes it.
//! scripts/gallery.sh makes each file in a process of its own; the test renders them all in
//! one, one after another, so it also proves that a process writing many files writes each
//! exactly as a fresh process would (nothing one render leaves behind changes the next).

use std::collections::BTreeSet;
use std::path::Path;

use crate::diff::line_diff;

/// (file, arguments) for every line of the manifest.
fn manifest() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string("output/gallery.txt").expect("output/gallery.txt exists");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace().map(String::from);
            let file = words.next().unwrap();
            (file, words.collect())
        })
        .collect()
}

#[test]
fn every_gallery_file_is_up_to_date() {
    let mut stale = Vec::new();
    for (file, args) in manifest() {
        let made = match sheetgen::run_args(&args) {
            Ok(job) => job.bytes,
            Err(e) => {
                stale.push(format!("{file}: `sheetgen {}` fails: {e}", args.join(" ")));
                continue;
            }
        };
        match std::fs::read(Path::new("output").join(&file)) {
            Ok(on_disk) if on_disk == made => {}
            Ok(on_disk) => stale.push(difference(&file, &on_disk, &made)),
            Err(e) => stale.push(format!("{file}: not in output/ ({e})")),
        }
    }
    assert!(
        stale.is_empty(),
        "{} of the gallery's files are stale; run scripts/gallery.sh, look at the change and \
         commit it:\n\n{}",
        stale.len(),
        stale.join("\n\n")
    );
}

/// Lines of diff shown for each stale file.
const DIFF_LINES: usize = 16;

/// How the file in output/ differs from what sheetgen makes now: the first differing lines of
/// an SVG, or of a PDF's text; otherwise where the bytes part.
fn difference(file: &str, on_disk: &[u8], made: &[u8]) -> String {
    let text = |bytes: &[u8]| -> Option<String> {
        if file.ends_with(".pdf") {
            lopdf::Document::load_mem(bytes).ok().and_then(|doc| {
                let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
                doc.extract_text(&pages).ok()
            })
        } else if file.ends_with(".svg") {
            String::from_utf8(bytes.to_vec()).ok()
        } else {
            None
        }
    };
    let first = on_disk
        .iter()
        .zip(made)
        .position(|(a, b)| a != b)
        .unwrap_or(on_disk.len().min(made.len()));
    let bytes = format!(
        "{} bytes in output/, {} made now, first different at byte {first}",
        on_disk.len(),
        made.len()
    );
    match (text(on_disk), text(made)) {
        (Some(old), Some(new)) if old != new => {
            let diff = line_diff(&old, &new);
            let mut lines: Vec<&str> = diff.lines().collect();
            let more = lines.len().saturating_sub(DIFF_LINES);
            lines.truncate(DIFF_LINES);
            let what = if file.ends_with(".pdf") {
                "the PDF's text"
            } else {
                "lines"
            };
            format!(
                "{file}: {bytes}; {what} (- in output/, + made now):\n{}{}",
                lines.join("\n"),
                if more > 0 {
                    format!("\n… {more} more lines of diff")
                } else {
                    String::new()
                }
            )
        }
        (Some(_), Some(_)) if file.ends_with(".pdf") => {
            format!(
                "{file}: {bytes}; the same text, so the drawing or the file's structure changed"
            )
        }
        _ => format!("{file}: {bytes}"),
    }
}

#[test]
fn every_svg_in_output_parses_with_usvg() {
    let mut parsed = 0;
    for entry in std::fs::read_dir("output").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            parsed += 1;
            let data = std::fs::read(&path).unwrap();
            resvg::usvg::Tree::from_data(&data, &resvg::usvg::Options::default())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
    let listed = manifest()
        .iter()
        .filter(|(file, _)| file.ends_with(".svg"))
        .count();
    assert!(listed > 0, "the manifest lists no SVG");
    assert_eq!(parsed, listed, "every SVG the manifest lists was parsed");
}

#[test]
fn every_file_in_output_is_in_the_manifest() {
    let listed: BTreeSet<String> = manifest().into_iter().map(|(file, _)| file).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir("output")
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| {
            let drawn = [".pdf", ".svg", ".png", ".txt", ".html"]
                .iter()
                .any(|e| name.ends_with(e));
            drawn && name != "gallery.txt"
        })
        .collect();
    assert_eq!(listed, on_disk, "output/ and output/gallery.txt disagree");
}
