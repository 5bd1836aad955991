//! Every Rust file under tests/ is compiled into a test binary: reached through `mod` lines
//! from tests/it/main.rs, or a `[[test]]`/`[[bench]]` path in Cargo.toml. (With
//! `autotests = false`, a file that is neither is silently never built.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[test]
fn every_rust_file_under_tests_is_in_a_test_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut reached: BTreeSet<PathBuf> = target_paths(&manifest)
        .map(|path| root.join(path))
        .collect();
    let mut to_read = vec![root.join("tests/it/main.rs")];
    while let Some(file) = to_read.pop() {
        reached.insert(file.clone());
        to_read.extend(modules_of(&file).filter(|module| !reached.contains(module)));
    }
    let mut files = Vec::new();
    rust_files(&root.join("tests"), &mut files);
    let left_out: Vec<_> = files.iter().filter(|f| !reached.contains(*f)).collect();
    assert!(
        left_out.is_empty(),
        "in no test binary (add a `mod` line to tests/it/main.rs): {left_out:?}"
    );
}

/// The `path = "…"` of each `[[test]]` and `[[bench]]` table of a Cargo.toml.
fn target_paths(manifest: &str) -> impl Iterator<Item = &str> {
    let mut in_target = false;
    manifest.lines().filter_map(move |line| {
        let line = line.trim();
        if line.starts_with('[') {
            in_target = line == "[[test]]" || line == "[[bench]]";
        }
        let value = line.strip_prefix("path")?.trim_start().strip_prefix('=')?;
        in_target.then(|| value.trim().trim_matches('"'))
    })
}

/// The files of the modules `file` declares with `mod NAME;` lines.
fn modules_of(file: &Path) -> impl Iterator<Item = PathBuf> {
    let text = std::fs::read_to_string(file).unwrap();
    let stem = file.file_stem().unwrap();
    let folder = file.parent().unwrap();
    // main.rs and mod.rs hold their modules beside them; a.rs holds them in a/.
    let dir = if stem == "main" || stem == "mod" {
        folder.to_path_buf()
    } else {
        folder.join(stem)
    };
    let names: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            let name = line.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_owned())
        })
        .collect();
    names.into_iter().map(move |name| {
        let flat = dir.join(format!("{name}.rs"));
        if flat.exists() {
            flat
        } else {
            dir.join(name).join("mod.rs")
        }
    })
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn mod_lines_and_manifest_paths_are_read() {
    let manifest = "[[test]]\nname = \"it\"\npath = \"tests/it/main.rs\"\n\n\
                    [lib]\npath = \"src/lib.rs\"\n[[bench]]\npath=\"benches/a.rs\"\n";
    let paths: Vec<_> = target_paths(manifest).collect();
    assert_eq!(paths, ["tests/it/main.rs", "benches/a.rs"]);

    let dir = tempfile::tempdir().unwrap();
    let main = dir.path().join("main.rs");
    std::fs::create_dir(dir.path().join("nested")).unwrap();
    std::fs::write(dir.path().join("nested/mod.rs"), "").unwrap();
    std::fs::write(dir.path().join("flat.rs"), "").unwrap();
    std::fs::write(
        &main,
        "mod flat;\npub mod nested;\n// mod commented;\nmod inline {}\n",
    )
    .unwrap();
    let modules: Vec<_> = modules_of(&main).collect();
    assert_eq!(
        modules,
        [dir.path().join("flat.rs"), dir.path().join("nested/mod.rs")]
    );
}
