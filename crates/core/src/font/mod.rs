//! The font sheetgen measures and draws text with: its own (embedded in the binary), or the
//! one `--font FILE` names for a job.
//!
//! Layout code measures text with the job's font and every backend draws with it: the PDF
//! backend embeds a subset of it (only the glyphs a file uses), the SVG backend draws its
//! glyph outlines, so a label measured here has the same width in every output. Text with a
//! character the font lacks is refused, never replaced.
//!
//! The font is passed, never read from a global: `run::run` opens the job's font and hands
//! it to the job, layout code measures with the [`Font`] it is given ([`Font::text_width`],
//! [`Font::cap_height`], …), and every figure carries the `Arc<Font>` it was measured with
//! (`Figure::font`), which the backends draw it in. One process can so run many jobs with
//! different fonts at once (the gallery, parallel tests) without one job's font reaching
//! another's.

mod subset;

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

use crate::packed::{Packed, packed};
use crate::vocabulary::Phrase;

pub use subset::subset;

/// The built-in font program: a subset of WenQuanYi Micro Hei (Apache-2.0), see
/// `assets/fonts/`. Built in packed, inflated once when first asked for.
pub fn font_data() -> &'static [u8] {
    static FONT: Packed = packed!("sheetgen-sans.ttf");
    FONT.bytes()
}

/// Millimetres per typographic point.
pub(crate) const MM_PER_PT: f64 = 25.4 / 72.0;

/// A TrueType or OpenType font, checked to parse.
#[derive(Debug)]
pub struct Font {
    /// Borrowed for sheetgen's own font: copying it cost every run time for nothing.
    data: Cow<'static, [u8]>,
    /// Where the font came from: `None` for sheetgen's own, else the `--font` file.
    pub file: Option<PathBuf>,
    /// The PostScript name (name ID 6), letters and digits only, for the PDF font name.
    pub name: String,
    /// A hash of the font program: glyph ids in SVG files are named with it, so two figures
    /// in one web page never mix glyphs of different fonts.
    pub hash: u32,
    metrics: Metrics,
    /// The glyphs of ASCII characters, each looked up the first time it is measured: nearly
    /// every label is ASCII, and parsing the face and its cmap for each text cost more than
    /// the rest of laying out a diagram (issue 17).
    ascii: [OnceLock<Option<Glyph>>; 128],
    /// The glyphs of the other characters measured so far (`·`, `—`, CJK titles).
    others: RwLock<HashMap<char, Option<Glyph>>>,
    /// How far each glyph's outline reaches above and below the baseline (None for a glyph
    /// with no outline, such as a space), by glyph id, once asked for: only [`Font::ink_extent`]
    /// needs it, and it outlines the glyph, which costs more than the rest of measuring.
    ink: RwLock<HashMap<u16, Option<(i16, i16)>>>,
}

/// Two fonts are the same when their programs are: a figure compares equal only to one
/// measured in the same font.
impl PartialEq for Font {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other) || (self.hash == other.hash && self.data == other.data)
    }
}

impl Eq for Font {}

/// What measuring needs of the whole face, in font units.
#[derive(Debug, Clone, Copy)]
struct Metrics {
    units_per_em: u16,
    /// The height of capitals (OS/2), if the font gives a positive one.
    capital_height: Option<i16>,
    descender: i16,
}

impl Metrics {
    fn of(face: &ttf_parser::Face<'_>) -> Metrics {
        Metrics {
            units_per_em: face.units_per_em(),
            capital_height: face.capital_height().filter(|&h| h > 0),
            descender: face.descender(),
        }
    }
}

/// A character's glyph and its advance, in font units.
#[derive(Debug, Clone, Copy)]
struct Glyph {
    id: u16,
    advance: u16,
}

impl Glyph {
    fn of(face: &ttf_parser::Face<'_>, c: char) -> Option<Glyph> {
        let id = face.glyph_index(c)?;
        Some(Glyph {
            id: id.0,
            advance: face.glyph_hor_advance(id).unwrap_or(0),
        })
    }
}

/// The value `map` holds for `key`, else `compute`d and kept there.
fn kept<K: std::hash::Hash + Eq, V: Copy>(
    map: &RwLock<HashMap<K, V>>,
    key: K,
    compute: impl FnOnce() -> V,
) -> V {
    let known = map
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
        .copied();
    known.unwrap_or_else(|| {
        let value = compute();
        let mut map = map.write().unwrap_or_else(PoisonError::into_inner);
        map.insert(key, value);
        value
    })
}

impl Font {
    /// A font from its bytes (a program embedding sheetgen brings its own), named `file` in
    /// messages; why it cannot be used, if it cannot, in words put in the reader's language
    /// where they are shown (the parser's own reason as it says it).
    pub fn from_data(data: Cow<'static, [u8]>, file: Option<PathBuf>) -> Result<Font, Phrase> {
        let face = ttf_parser::Face::parse(&data, 0).map_err(|e| {
            Phrase::new("it is not a TrueType or OpenType font ({why})")
                .phrase("why", Phrase::verbatim(e.to_string()))
        })?;
        if face.units_per_em() == 0 {
            return Err(Phrase::new(
                "it is not a usable font (its units per em are 0)",
            ));
        }
        usable_in_every_format(&data, &face)?;
        let name = postscript_name(&face).unwrap_or_else(|| "SheetgenFont".into());
        let hash = fnv1a(&data) as u32;
        let metrics = Metrics::of(&face);
        Ok(Font {
            data,
            file,
            name,
            hash,
            metrics,
            ascii: [const { OnceLock::new() }; 128],
            others: RwLock::default(),
            ink: RwLock::default(),
        })
    }

    /// sheetgen's own font: nothing to check or hash at run time (the tests parse it, and
    /// its hash is computed when sheetgen is compiled).
    pub fn builtin() -> Arc<Font> {
        builtin().clone()
    }

    /// The font program's bytes.
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The parsed font, for the backends' outlines and subsets. Parsing reads the table
    /// directory and a few headers, so it is done on each use instead of keeping a face that
    /// borrows the bytes; measuring text uses the glyphs the font keeps instead.
    pub fn face(&self) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.data, 0).expect("the font parsed when it was opened")
    }

    /// The glyph id of `c`, if the font can draw it.
    pub fn glyph(&self, c: char) -> Option<u16> {
        self.glyph_advance(c).map(|(id, _)| id)
    }

    /// The glyph id of `c` and its advance in font units, if the font can draw it.
    pub(crate) fn glyph_advance(&self, c: char) -> Option<(u16, u16)> {
        if c.is_control() {
            return None;
        }
        self.glyphs(std::iter::once(c))
            .next()?
            .map(|g| (g.id, g.advance))
    }

    /// Checks that every character of `text` has a glyph (control characters never do).
    pub fn check(&self, text: &str) -> Result<(), MissingGlyph> {
        let lacking = text
            .chars()
            .zip(self.glyphs(text.chars()))
            .find(|(c, glyph)| c.is_control() || glyph.is_none());
        match lacking {
            Some((c, _)) => Err(MissingGlyph {
                character: c,
                font: self.file.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The glyph of each of `chars` (None where the font has none), from the glyphs known
    /// so far; the face is parsed only for a character never measured, once for all of them.
    fn glyphs(&self, chars: impl Iterator<Item = char>) -> impl Iterator<Item = Option<Glyph>> {
        let mut face = None;
        chars.map(move |c| {
            let look_up = || Glyph::of(face.get_or_insert_with(|| self.face()), c);
            match self.ascii.get(c as usize) {
                Some(known) => *known.get_or_init(look_up),
                None => kept(&self.others, c, look_up),
            }
        })
    }

    /// How far the outline of each of `glyphs` reaches above and below the baseline (None
    /// for a glyph without one), as the glyph's header in `glyf` gives it: reading those
    /// four numbers spares outlining every glyph once more only to measure it.
    fn ink(&self, glyphs: impl Iterator<Item = u16>) -> impl Iterator<Item = Option<(i16, i16)>> {
        let mut face = None;
        glyphs.map(move |id| {
            kept(&self.ink, id, || {
                let face = face.get_or_insert_with(|| self.face());
                let glyf = face.tables().glyf?;
                let bbox = glyf.bbox(ttf_parser::GlyphId(id))?;
                Some((bbox.y_max, bbox.y_min))
            })
        })
    }

    /// The glyph ids `texts` need in this font, with .notdef (0), which every font program
    /// must keep.
    pub fn glyphs_of<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> BTreeSet<u16> {
        let chars = texts
            .into_iter()
            .flat_map(str::chars)
            .filter(|c| !c.is_control());
        let mut ids = BTreeSet::from([0]);
        ids.extend(self.glyphs(chars).flatten().map(|g| g.id));
        ids
    }

    /// The advance width of `text` set at `size_pt` points, in millimetres.
    pub fn text_width(&self, text: &str, size_pt: f64) -> f64 {
        // u64: a 2.4 M-character title's advances pass a u32's range.
        let units: u64 = self
            .glyphs(text.chars())
            .flatten()
            .map(|g| u64::from(g.advance))
            .sum();
        units as f64 * self.scale(size_pt)
    }

    /// How far the ink of `text` reaches above and below the baseline at `size_pt`, in
    /// millimetres (both positive), from the glyphs' real outlines: what checks that text sits
    /// inside its box need. Empty text has no extent.
    pub(crate) fn ink_extent(&self, text: &str, size_pt: f64) -> (f64, f64) {
        let (mut top, mut bottom) = (0i32, 0i32);
        let ids = self.glyphs(text.chars()).flatten().map(|g| g.id);
        for (y_max, y_min) in self.ink(ids).flatten() {
            top = top.max(i32::from(y_max));
            bottom = bottom.min(i32::from(y_min));
        }
        let scale = self.scale(size_pt);
        (f64::from(top) * scale, -f64::from(bottom) * scale)
    }

    /// Height of capital letters above the baseline at `size_pt`, in millimetres: what
    /// centring a label on a point or in a box needs.
    pub(crate) fn cap_height(&self, size_pt: f64) -> f64 {
        let m = self.metrics;
        let units = m
            .capital_height
            .map_or(0.7 * f64::from(m.units_per_em), f64::from);
        units * self.scale(size_pt)
    }

    /// Depth of descenders below the baseline at `size_pt`, in millimetres (positive).
    pub(crate) fn descent(&self, size_pt: f64) -> f64 {
        -f64::from(self.metrics.descender) * self.scale(size_pt)
    }

    /// Font units to millimetres at `size_pt`.
    fn scale(&self, size_pt: f64) -> f64 {
        size_pt * MM_PER_PT / f64::from(self.metrics.units_per_em)
    }
}

/// Why a font that parses cannot be drawn in every format, if it cannot: checked when it is
/// opened, so a font works in SVG, PNG and PDF alike or is refused before anything is made.
/// sheetgen draws TrueType outlines (`glyf`), and a PDF embeds a subset of them: every glyph
/// must come apart (the PDF backend also reads the subset back as its writer does:
/// `sheetgen_backends::pdf::check_font`).
fn usable_in_every_format(data: &[u8], face: &ttf_parser::Face<'_>) -> Result<(), Phrase> {
    let has = |tag: &[u8; 4]| {
        face.raw_face()
            .table(ttf_parser::Tag::from_bytes(tag))
            .is_some()
    };
    if !has(b"glyf") || !has(b"loca") {
        return Err(Phrase::new(
            "it has no TrueType outlines (`glyf` and `loca` tables), so it would draw \
             no text: an OpenType font with CFF outlines, or one with none; choose a TrueType \
             font (.ttf)",
        ));
    }
    let every_glyph: BTreeSet<u16> = (0..face.number_of_glyphs()).collect();
    let cannot = |why: String| unembeddable(Phrase::verbatim(why));
    subset(data, &every_glyph).map_err(cannot)?;
    Ok(())
}

/// A font whose subsets a PDF cannot hold, and why.
pub fn unembeddable(why: Phrase) -> Phrase {
    Phrase::new("it cannot be embedded in a PDF: {why}").phrase("why", why)
}

/// sheetgen's own font, made once per process.
fn builtin() -> &'static Arc<Font> {
    // Hashed when compiled, from the file itself (only the hash is in the program): hashing
    // the inflated font at every start cost more than drawing a diagram.
    const HASH: u32 = fnv1a(include_bytes!("../../assets/fonts/sheetgen-sans.ttf")) as u32;
    static BUILTIN: OnceLock<Arc<Font>> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        let data = font_data();
        let face = ttf_parser::Face::parse(data, 0).expect("sheetgen's own font parses");
        Arc::new(Font {
            data: Cow::Borrowed(data),
            file: None,
            // Its PostScript name is WenQuanYi's; the subset is sheetgen's.
            name: "SheetgenSans".into(),
            hash: HASH,
            metrics: Metrics::of(&face),
            ascii: [const { OnceLock::new() }; 128],
            others: RwLock::default(),
            ink: RwLock::default(),
        })
    })
}

/// The PostScript name of `face`, reduced to the characters a PDF name may hold plainly.
fn postscript_name(face: &ttf_parser::Face<'_>) -> Option<String> {
    let name = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())?;
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(56)
        .collect();
    (!name.is_empty()).then_some(name)
}

/// FNV-1a, 64 bits: a stable hash for names in output files.
/// A `const fn`, so the built-in font's hash is computed at compile time.
pub const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// A character the font cannot draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingGlyph {
    pub character: char,
    /// The `--font` file, or `None` for sheetgen's own font.
    pub font: Option<PathBuf>,
}

impl MissingGlyph {
    /// The option at fault: `--font` when the user chose the font, none for sheetgen's own
    /// (then the text is what cannot be drawn).
    pub fn option(&self) -> Option<&'static str> {
        self.font.as_ref().map(|_| "--font")
    }
}

impl MissingGlyph {
    /// Which character is missing from which font, in words put in the reader's language
    /// where they are shown.
    pub fn phrase(&self) -> Phrase {
        let c = self.character;
        let phrase = match &self.font {
            Some(file) => Phrase::new(
                "the character '{character}' (U+{code}) is not in the font {file} (--font); \
                 choose a font that has it",
            )
            .with("file", crate::diagnostic::shown_path(file)),
            None => Phrase::new(
                "the character '{character}' (U+{code}) is not in sheetgen's font; use --font \
                 FILE with a font that has it (scripts/make-font.sh lists the characters \
                 sheetgen's own font has)",
            ),
        };
        phrase
            .with("character", c.escape_debug())
            .with("code", format_args!("{:04X}", c as u32))
    }
}

/// The words in English.
impl std::fmt::Display for MissingGlyph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.phrase().fmt(f)
    }
}

/// `work` done on every item, the items shared out in order among the machine's cores (at
/// most 8); the results in the items' order. One item, or one core (WebAssembly), takes no
/// thread. Whatever `work` measures with (the job's font) it borrows from the caller.
pub fn on_every_core<T: Send, R: Send>(items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
    // Asked only for several items: asking reads the cgroup files.
    let workers = match items.len() {
        0 | 1 => 1,
        n => std::thread::available_parallelism().map_or(1, |c| c.get().min(8).min(n)),
    };
    if workers == 1 {
        return items.into_iter().map(work).collect();
    }
    let share = items.len().div_ceil(workers);
    let mut items = items.into_iter();
    let shares: Vec<Vec<T>> = (0..workers)
        .map(|_| items.by_ref().take(share).collect())
        .collect();
    // Each share waits in its slot for whoever works it: its thread, or this one when the
    // system starts no more threads (a process limit), which is no reason to fail.
    let slots: Vec<Mutex<Option<Vec<T>>>> =
        shares.into_iter().map(|s| Mutex::new(Some(s))).collect();
    let run = |i: usize| {
        let share = slots[i]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        share
            .unwrap_or_default()
            .into_iter()
            .map(&work)
            .collect::<Vec<R>>()
    };
    let run = &run;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..slots.len())
            .map(|i| std::thread::Builder::new().spawn_scoped(scope, move || run(i)))
            .collect();
        handles
            .into_iter()
            .enumerate()
            .flat_map(|(i, handle)| match handle {
                Ok(handle) => handle.join().expect("a worker does not panic"),
                Err(_) => run(i),
            })
            .collect()
    })
}

/// The built-in font with its advance widths doubled: a "different font" to measure with.
#[cfg(test)]
pub(crate) fn wide_font() -> Arc<Font> {
    let mut data = font_data().to_vec();
    let raw = ttf_parser::RawFace::parse(font_data(), 0).unwrap();
    let head = raw
        .table_records
        .into_iter()
        .find(|r| &r.tag.to_bytes() == b"head")
        .unwrap()
        .offset as usize;
    // Halving units per em (head offset 18) doubles every width, height and depth.
    let upem = u16::from_be_bytes([data[head + 18], data[head + 19]]);
    data[head + 18..head + 20].copy_from_slice(&(upem / 2).to_be_bytes());
    Arc::new(Font::from_data(data.into(), Some("wide.ttf".into())).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn missing(c: char) -> MissingGlyph {
        MissingGlyph {
            character: c,
            font: None,
        }
    }

    #[test]
    fn covers_the_shoreline_title_and_refuses_what_it_lacks() {
        let font = Font::builtin();
        assert_eq!(font.check("Shoreline 岸棋 – Black ● White ○"), Ok(()));
        assert_eq!(font.check("象棋"), Err(missing('象')));
        assert_eq!(font.check("tab\there"), Err(missing('\t')));
        assert!(missing('象').to_string().contains("--font FILE"));
    }

    #[test]
    fn widths_grow_with_text_and_size() {
        let font = Font::builtin();
        let w = font.text_width("Board 1", 10.0);
        assert!(w > 10.0 && w < 20.0, "{w}");
        assert!((font.text_width("Board 1", 20.0) - 2.0 * w).abs() < 1e-9);
        assert!(font.text_width("岸", 10.0) > font.text_width("i", 10.0));
    }

    #[test]
    fn kept_glyphs_measure_as_the_face_does() {
        let font = Font::builtin();
        let face = font.face();
        let text = "Black 2 · White 1 — 岸 x\t";
        let units: u32 = text
            .chars()
            .filter_map(|c| face.glyph_index(c))
            .map(|g| u32::from(face.glyph_hor_advance(g).unwrap()))
            .sum();
        let width = f64::from(units) * 10.0 * MM_PER_PT / f64::from(face.units_per_em());
        let ids: BTreeSet<u16> = text
            .chars()
            .filter(|c| !c.is_control())
            .filter_map(|c| face.glyph_index(c).map(|g| g.0))
            .chain([0])
            .collect();
        let ink = text
            .chars()
            .filter_map(|c| face.glyph_bounding_box(face.glyph_index(c)?));
        let (top, bottom) = ink.fold((0, 0), |(t, b), r| (r.y_max.max(t), r.y_min.min(b)));
        let scale = 10.0 * MM_PER_PT / f64::from(face.units_per_em());
        let extent = (f64::from(top) * scale, -f64::from(bottom) * scale);
        // The first time from the face, the second from the glyphs the font kept.
        for _ in 0..2 {
            assert_eq!(font.ink_extent(text, 10.0), extent);
            assert_eq!(font.text_width(text, 10.0), width);
            assert_eq!(font.glyphs_of([text]), ids);
            assert_eq!(font.glyph('岸'), face.glyph_index('岸').map(|g| g.0));
            assert_eq!(font.glyph('\t'), None);
        }
    }

    #[test]
    fn another_font_measures_with_its_own_metrics() {
        let normal = Font::builtin().text_width("Board 1", 10.0);
        let wide = wide_font().text_width("Board 1", 10.0);
        assert!((wide - 2.0 * normal).abs() < 1e-9, "{wide} {normal}");
    }

    #[test]
    fn work_on_every_core_keeps_the_items_order_and_measures_in_the_font_given() {
        let texts: Vec<String> = (0..40).map(|k| format!("Board {k}")).collect();
        let measured =
            |font: &Font| on_every_core(texts.clone(), |t| (font.text_width(&t, 10.0), t));
        let wide = measured(&wide_font());
        let normal = measured(&Font::builtin());
        for ((w, a), ((n, b), t)) in wide.iter().zip(normal.iter().zip(&texts)) {
            assert_eq!((a, b), (t, t), "in order");
            assert!((w - 2.0 * n).abs() < 1e-9, "{t}: {w} {n}");
        }
    }

    #[test]
    fn a_missing_glyph_names_the_chosen_font() {
        let err = wide_font().check("한국").unwrap_err();
        assert_eq!(err.character, '한');
        assert!(err.to_string().contains("wide.ttf"), "{err}");
    }

    #[test]
    fn the_builtin_font_is_its_file_hashed_when_compiled() {
        let font = Font::from_data(font_data().into(), None).unwrap();
        // The built-in font, made without checks at run time, is that same valid font.
        let builtin = Font::builtin();
        assert_eq!((builtin.data(), builtin.hash), (font_data(), font.hash));
        assert_eq!(builtin.hash, fnv1a(font_data()) as u32);
        assert_eq!(
            fnv1a(b"a"),
            0xaf63_dc4c_8601_ec8c,
            "FNV-1a's published value"
        );
    }
}
