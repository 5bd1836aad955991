//! output/ is the gallery: every file in it is what `output/gallery.txt` says makes it.
//! Rendering the whole gallery in one process also proves that a process writing many
//! files writes each exactly as a fresh process would.

use std::collections::BTreeSet;
use std::path::Path;

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
        let job = sheetgen::cli::run_args(&args).unwrap_or_else(|e| panic!("{file}: {e}"));
        let path = Path::new("output").join(&file);
        let on_disk = std::fs::read(&path).unwrap_or_default();
        if on_disk != job.bytes {
            stale.push(file);
        }
    }
    assert!(
        stale.is_empty(),
        "stale in output/: {stale:?}; run scripts/gallery.sh and commit the result"
    );
}

#[test]
fn the_gallery_renders_the_same_bytes_twice_in_one_process() {
    let render_all = || -> Vec<Vec<u8>> {
        manifest()
            .into_iter()
            .map(|(_, args)| sheetgen::cli::run_args(&args).unwrap().bytes)
            .collect()
    };
    assert!(render_all() == render_all());
}

#[test]
fn every_svg_in_output_parses_with_usvg() {
    for entry in std::fs::read_dir("output").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "svg") {
            let data = std::fs::read(&path).unwrap();
            resvg::usvg::Tree::from_data(&data, &resvg::usvg::Options::default())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

#[test]
fn every_file_in_output_is_in_the_manifest() {
    let listed: BTreeSet<String> = manifest().into_iter().map(|(file, _)| file).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir("output")
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".pdf") || name.ends_with(".svg") || name.ends_with(".png"))
        .collect();
    assert_eq!(listed, on_disk, "output/ and output/gallery.txt disagree");
}
