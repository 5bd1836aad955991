//! Glyph outlines as SVG path data, in font units (y up).
//!
//! The built-in font's outlines are made once, with the font, and shipped beside it
//! (`assets/fonts/sheetgen-sans.paths`): a diagram copies its glyphs' paths instead of
//! reading the glyph table and writing every coordinate, which was a third of sheetgen's
//! own CPU time in one diagram (issue 17). A test checks the file against the font, and
//! writes it anew when the font changes (`SHEETGEN_BLESS=1 cargo test --lib glyph_paths`,
//! which `scripts/make-font.sh` runs). Other fonts' outlines are written as they are needed.
//!
//! The file: for each glyph id and one more, the little-endian `u32` offset where its path
//! starts, then the paths; an empty path is a glyph without ink (a space).

use super::push_tenths;

const BUILTIN: &[u8] = include_bytes!("../../assets/fonts/sheetgen-sans.paths");

/// Appends glyph `gid`'s outline to `out`; false (and nothing appended) for a glyph without
/// ink. `builtin`: the face is sheetgen's own font, whose paths are already made.
pub fn write(face: &ttf_parser::Face<'_>, builtin: bool, gid: u16, out: &mut String) -> bool {
    if builtin && let Some(path) = shipped(gid) {
        out.push_str(path);
        return !path.is_empty();
    }
    let from = out.len();
    let ink = face
        .outline_glyph(ttf_parser::GlyphId(gid), &mut PathData(out))
        .is_some();
    if !ink {
        out.truncate(from);
    }
    ink
}

/// The built-in font's path of glyph `gid`, if the file has that glyph.
fn shipped(gid: u16) -> Option<&'static str> {
    let offset = |i: usize| {
        let bytes = BUILTIN.get(4 * i..4 * i + 4)?;
        Some(u32::from_le_bytes(bytes.try_into().ok()?) as usize)
    };
    let glyphs = offset(0)? / 4 - 1;
    let gid = usize::from(gid);
    if gid >= glyphs {
        return None;
    }
    let path = BUILTIN.get(offset(gid)?..offset(gid + 1)?)?;
    std::str::from_utf8(path).ok()
}

/// The paths file for `face`: what `assets/fonts/sheetgen-sans.paths` holds for the
/// built-in font.
#[cfg(test)]
fn table(face: &ttf_parser::Face<'_>) -> Vec<u8> {
    let glyphs = usize::from(face.number_of_glyphs());
    let mut paths = String::new();
    let mut offsets = Vec::with_capacity(glyphs + 1);
    for gid in 0..glyphs {
        offsets.push(paths.len());
        let gid = u16::try_from(gid).expect("a font has at most 65,535 glyphs");
        let from = paths.len();
        // A glyph with an outline but no path would read back as one without ink.
        if write(face, false, gid, &mut paths) {
            assert!(paths.len() > from, "glyph {gid} has ink but an empty path");
        }
    }
    offsets.push(paths.len());
    let start = 4 * offsets.len();
    let mut file = Vec::with_capacity(start + paths.len());
    for offset in offsets {
        let offset = u32::try_from(start + offset).expect("the paths fit 4 GB");
        file.extend_from_slice(&offset.to_le_bytes());
    }
    file.extend_from_slice(paths.as_bytes());
    file
}

/// SVG path data from a glyph outline, in font units.
struct PathData<'a>(&'a mut String);

impl PathData<'_> {
    /// A command letter and its points.
    fn command(&mut self, letter: char, points: &[f32]) {
        self.0.push(letter);
        for (i, &v) in points.iter().enumerate() {
            if i > 0 {
                self.0.push(' ');
            }
            push_tenths(self.0, v);
        }
    }
}

impl ttf_parser::OutlineBuilder for PathData<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.command('M', &[x, y]);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.command('L', &[x, y]);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.command('Q', &[x1, y1, x, y]);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.command('C', &[x1, y1, x2, y2, x, y]);
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face() -> ttf_parser::Face<'static> {
        ttf_parser::Face::parse(crate::font::FONT_DATA, 0).unwrap()
    }

    #[test]
    fn the_shipped_paths_are_the_builtin_fonts_outlines() {
        let made = table(&face());
        if std::env::var_os("SHEETGEN_BLESS").is_some() {
            std::fs::write("assets/fonts/sheetgen-sans.paths", &made).unwrap();
            return;
        }
        assert!(
            made == BUILTIN,
            "assets/fonts/sheetgen-sans.paths is not the font's outlines: the font changed; \
             write it anew with SHEETGEN_BLESS=1 cargo test --lib glyph_paths"
        );
    }

    #[test]
    fn a_shipped_path_is_the_one_written_from_the_font() {
        let face = face();
        for c in ['A', 'g', '岸', '●', ' '] {
            let gid = face.glyph_index(c).unwrap().0;
            let (mut shipped, mut written) = (String::new(), String::new());
            let ink = write(&face, true, gid, &mut shipped);
            assert_eq!(ink, write(&face, false, gid, &mut written), "{c}");
            assert_eq!(shipped, written, "{c}");
            assert_eq!(ink, c != ' ', "{c}");
        }
        // A glyph id past the font's last is written from the face (which has none).
        assert!(!write(&face, true, u16::MAX, &mut String::new()));
    }
}
