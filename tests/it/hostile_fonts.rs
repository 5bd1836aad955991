//! Hostile `--font` files (issue 27): a font either works in every format, or is refused when
//! it is opened, with its reason and exit 1; nothing panics (exit 101).

use crate::common::{Output, run_in};

const SERIF: &str = "tests/fonts/dejavu-serif-subset.ttf";

/// Each table of a font program: its tag and where it lies.
fn tables(font: &[u8]) -> Vec<([u8; 4], std::ops::Range<usize>)> {
    let raw = ttf_parser::RawFace::parse(font, 0).expect("the test font parses");
    raw.table_records
        .into_iter()
        .map(|r| {
            let start = r.offset as usize;
            (r.tag.to_bytes(), start..start + r.length as usize)
        })
        .collect()
}

fn table(font: &[u8], tag: &[u8; 4]) -> std::ops::Range<usize> {
    tables(font)
        .into_iter()
        .find(|(t, _)| t == tag)
        .map(|(_, range)| range)
        .unwrap_or_else(|| panic!("no {tag:?} table"))
}

fn serif() -> Vec<u8> {
    std::fs::read(format!("{}/{SERIF}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The serif with `bytes` written at `at` of its `tag` table.
fn serif_with(tag: &[u8; 4], at: usize, bytes: &[u8]) -> Vec<u8> {
    let mut font = serif();
    let start = table(&font, tag).start + at;
    font[start..start + bytes.len()].copy_from_slice(bytes);
    font
}

/// The serif with its composite glyph for `é` built from a glyph it does not have.
fn serif_with_a_composite_of_a_missing_glyph() -> Vec<u8> {
    let mut font = serif();
    let face = ttf_parser::Face::parse(&font, 0).unwrap();
    let gid = usize::from(face.glyph_index('é').unwrap().0);
    let long = face.tables().head.index_to_location_format
        == ttf_parser::head::IndexToLocationFormat::Long;
    let (loca, glyf) = (table(&font, b"loca"), table(&font, b"glyf"));
    let offset = match long {
        true => u32::from_be_bytes(font[loca.start + 4 * gid..][..4].try_into().unwrap()) as usize,
        false => {
            2 * usize::from(u16::from_be_bytes(
                font[loca.start + 2 * gid..][..2].try_into().unwrap(),
            ))
        }
    };
    let outline = glyf.start + offset;
    let contours = i16::from_be_bytes(font[outline..outline + 2].try_into().unwrap());
    assert!(contours < 0, "é is a composite glyph in the test font");
    // The first component's glyph index follows its flags, after the 10-byte header.
    font[outline + 12..outline + 14].copy_from_slice(&0xFFF0u16.to_be_bytes());
    font
}

/// The serif with its `glyf` table renamed: a font without TrueType outlines, as a CFF
/// OpenType font is to sheetgen.
fn serif_without(tag: &[u8; 4]) -> Vec<u8> {
    let mut font = serif();
    let count = usize::from(u16::from_be_bytes([font[4], font[5]]));
    let entry = (0..count)
        .map(|i| 12 + 16 * i)
        .find(|&at| &font[at..at + 4] == tag)
        .unwrap();
    font[entry..entry + 4].copy_from_slice(b"zzzz");
    font
}

/// Every command `font` can be used with, each run on a record whose title needs `é`.
fn every_use(font: &[u8]) -> Vec<(String, Output)> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.ttf"), font).unwrap();
    std::fs::write(
        dir.path().join("g.yaml"),
        "game: shoreline\ntitle: Café\nmoves: [A, E, A]\n",
    )
    .unwrap();
    let commands: [&[&str]; 5] = [
        &["render", "g.yaml", "--font", "f.ttf", "-o", "o.svg"],
        &[
            "render", "g.yaml", "--font", "f.ttf", "-o", "o.png", "--dpi", "36",
        ],
        &["render", "g.yaml", "--font", "f.ttf", "-o", "o.pdf"],
        &["booklet", "g.yaml", "--font", "f.ttf", "-o", "b.pdf"],
        &["loa", "--font", "f.ttf", "-o", "l.pdf"],
    ];
    commands
        .iter()
        .map(|args| (args.join(" "), run_in(dir.path(), args)))
        .collect()
}

/// Every use of `font` ends the same way, 0 or 1 (never a panic's 101), and a refusal says
/// `reason`.
fn works_everywhere_or_is_refused(font: &[u8], reason: Option<&str>) {
    let uses = every_use(font);
    for (command, out) in &uses {
        assert!(
            !out.stderr.contains("panicked"),
            "{command}: {}",
            out.stderr
        );
        let wanted = i32::from(reason.is_some());
        assert_eq!(out.code, wanted, "{command}: {}", out.stderr);
        if let Some(reason) = reason {
            assert!(
                out.stderr.contains("--font f.ttf: "),
                "{command}: {}",
                out.stderr
            );
            assert!(out.stderr.contains(reason), "{command}: {}", out.stderr);
        }
    }
}

#[test]
fn a_composite_glyph_of_a_missing_glyph_is_refused_when_the_font_is_opened() {
    works_everywhere_or_is_refused(
        &serif_with_a_composite_of_a_missing_glyph(),
        Some("which the font does not have"),
    );
}

#[test]
fn header_fields_only_a_pdf_reader_minds_are_set_right_in_the_embedded_subset() {
    // A wrong `head` magic number, `hhea` version or metricDataFormat: ttf-parser draws the
    // font, and the subset a PDF embeds carries the values the format requires.
    for font in [
        serif_with(b"head", 12, &[0, 0, 0, 0]),
        serif_with(b"hhea", 32, &[0, 1]),
        serif_with(b"hhea", 0, &[0, 2, 0, 0]),
    ] {
        let uses = every_use(&font);
        let codes: Vec<i32> = uses.iter().map(|(_, out)| out.code).collect();
        for (command, out) in &uses {
            assert!(
                !out.stderr.contains("panicked"),
                "{command}: {}",
                out.stderr
            );
            assert_eq!(out.code, codes[0], "{command}: {}", out.stderr);
            assert!(out.code <= 1, "{command}: {}", out.stderr);
        }
    }
}

#[test]
fn a_font_without_truetype_outlines_is_refused_not_drawn_invisible() {
    works_everywhere_or_is_refused(&serif_without(b"glyf"), Some("no TrueType outlines"));
    works_everywhere_or_is_refused(&serif_without(b"loca"), Some("no TrueType outlines"));
    works_everywhere_or_is_refused(b"", Some("not a TrueType or OpenType font"));
}

/// A small deterministic generator (xorshift): the same mutations on every run.
struct Mutations(u64);

impl Mutations {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn mutated_fonts_work_in_every_format_or_are_refused_never_panic() {
    // Bytes of the tables ttf-parser, the subsetter and the PDF's parser read, changed a
    // few at a time.
    let original = serif();
    let targets: Vec<std::ops::Range<usize>> = [
        b"head", b"hhea", b"maxp", b"loca", b"glyf", b"hmtx", b"cmap",
    ]
    .iter()
    .map(|tag| table(&original, tag))
    .collect();
    let mut random = Mutations(0x2718_2818_2845_9045);
    for case in 0..24 {
        let mut font = original.clone();
        let range = &targets[case % targets.len()];
        let small = range.len().min(64);
        for _ in 0..1 + random.below(4) {
            // Mostly the start of a table, where its header lies.
            let at = range.start
                + if random.below(2) == 0 {
                    random.below(small)
                } else {
                    random.below(range.len())
                };
            font[at] = random.next() as u8;
        }
        let uses = every_use(&font);
        let first = uses[0].1.code;
        for (command, out) in &uses {
            assert!(
                !out.stderr.contains("panicked"),
                "case {case}: {command}: {}",
                out.stderr
            );
            assert!(out.code <= 1, "case {case}: {command}: {}", out.stderr);
            // A font that is refused is refused by every command; one that works, works
            // in every format (the built-in texts of `loa` may still lack a character).
            if out.code == 1 && first == 0 {
                assert!(
                    !out.stderr.contains("--font f.ttf: "),
                    "case {case}: {command}: {}",
                    out.stderr
                );
            }
        }
    }
}
