//! A TrueType subsetter for embedding: only the glyphs a file uses, renumbered densely
//! (0 is .notdef, then the kept glyphs in their original order), and only the tables a PDF
//! reader needs to draw an embedded CIDFontType2 program (ISO 32000-1, 9.9: head, hhea,
//! maxp, hmtx, loca, glyf, and the hinting programs cvt, fpgm, prep when the font has them).
//! The cmap, names and OS/2 go: the PDF maps codes to glyphs with /CIDToGIDMap and to text
//! with its /ToUnicode CMap, and names its font itself.
//!
//! printpdf only subsets with its `text_layout` feature, which pulls a layout engine; this is
//! the small part of that job sheetgen needs.

use std::collections::{BTreeMap, BTreeSet};

use ttf_parser::{RawFace, Tag};

/// A font program holding only some glyphs of another.
#[derive(Debug, Clone, PartialEq)]
pub struct Subset {
    /// The sfnt font program.
    pub program: Vec<u8>,
    /// The new glyph id of each original glyph id kept.
    pub new_ids: BTreeMap<u16, u16>,
}

/// `font` with only `glyphs` (and the components composite glyphs are built from, and
/// .notdef), or why it cannot be taken apart: no `glyf` outlines (an OpenType font with CFF
/// outlines), or tables that contradict each other.
pub fn subset(font: &[u8], glyphs: &BTreeSet<u16>) -> Result<Subset, String> {
    let raw = RawFace::parse(font, 0).map_err(|e| format!("it is not a font ({e})"))?;
    let table = |tag: &[u8; 4]| {
        raw.table(Tag::from_bytes(tag)).ok_or_else(|| {
            let tag = String::from_utf8_lossy(tag).trim().to_string();
            format!("it has no `{tag}` table")
        })
    };
    let (head, hhea, maxp) = (table(b"head")?, table(b"hhea")?, table(b"maxp")?);
    let (hmtx, loca, glyf) = (table(b"hmtx")?, table(b"loca")?, table(b"glyf")?);
    let cut = |what: &str| format!("its `{what}` table is cut short");
    let long_offsets = read_u16(head, 50).ok_or_else(|| cut("head"))? == 1;
    let glyph_count = read_u16(maxp, 4).ok_or_else(|| cut("maxp"))?;

    let offset = |gid: u16| -> Option<usize> {
        let gid = usize::from(gid);
        if long_offsets {
            read_u32(loca, gid * 4).map(|o| o as usize)
        } else {
            read_u16(loca, gid * 2).map(|o| usize::from(o) * 2)
        }
    };
    let outline = |gid: u16| -> Result<&[u8], String> {
        let range = offset(gid).zip(gid.checked_add(1).and_then(offset));
        range
            .and_then(|(start, end)| glyf.get(start..end))
            .ok_or_else(|| format!("the outline of glyph {gid} lies outside its `glyf` table"))
    };
    let parts = |gid: u16| {
        components(outline(gid)?).ok_or_else(|| format!("the outline of glyph {gid} is cut short"))
    };

    // Composite glyphs (accented letters) are drawn from other glyphs: keep those too.
    let mut keep = BTreeSet::new();
    let mut todo: Vec<u16> = glyphs.iter().copied().chain([0]).collect();
    while let Some(gid) = todo.pop() {
        if gid < glyph_count && keep.insert(gid) {
            for (_, component) in parts(gid)? {
                if component >= glyph_count {
                    return Err(format!(
                        "glyph {gid} is made of glyph {component}, which the font does not have"
                    ));
                }
                todo.push(component);
            }
        }
    }
    let new_ids: BTreeMap<u16, u16> = keep.iter().zip(0..).map(|(&old, new)| (old, new)).collect();

    let mut new_glyf = Vec::new();
    let mut starts = Vec::new();
    for &gid in &keep {
        starts.push(new_glyf.len());
        let mut data = outline(gid)?.to_vec();
        for (at, component) in parts(gid)? {
            data[at..at + 2].copy_from_slice(&new_ids[&component].to_be_bytes());
        }
        new_glyf.extend_from_slice(&data);
        new_glyf.resize(new_glyf.len().next_multiple_of(4), 0); // loca offsets stay aligned
    }
    starts.push(new_glyf.len());
    // Short offsets (half the loca) whenever the outlines fit them.
    let short = new_glyf.len() <= 2 * usize::from(u16::MAX);
    let new_loca: Vec<u8> = starts
        .iter()
        .flat_map(|&at| match short {
            true => ((at / 2) as u16).to_be_bytes().to_vec(),
            false => (at as u32).to_be_bytes().to_vec(),
        })
        .collect();

    let metrics_count = read_u16(hhea, 34).ok_or_else(|| cut("hhea"))?;
    let mut new_hmtx = Vec::new();
    for &gid in &keep {
        let last = metrics_count
            .checked_sub(1)
            .ok_or("its `hhea` table gives no glyph an advance width")?;
        let advance = read_u16(hmtx, 4 * usize::from(gid.min(last))).ok_or_else(|| cut("hmtx"))?;
        let side_bearing = match gid < metrics_count {
            true => read_u16(hmtx, 4 * usize::from(gid) + 2),
            false => read_u16(
                hmtx,
                4 * usize::from(metrics_count) + 2 * usize::from(gid - metrics_count),
            ),
        }
        .ok_or_else(|| cut("hmtx"))?;
        new_hmtx.extend_from_slice(&advance.to_be_bytes());
        new_hmtx.extend_from_slice(&side_bearing.to_be_bytes());
    }

    let count = (keep.len() as u16).to_be_bytes(); // at most glyph_count
    // The fields a PDF reader checks (and ttf-parser does not) are written as the format
    // wants them: a font with a wrong magic number or table version still draws.
    let mut new_head = head.get(..54).ok_or_else(|| cut("head"))?.to_vec();
    let mut new_hhea = hhea.get(..36).ok_or_else(|| cut("hhea"))?.to_vec();
    let mut new_maxp = maxp.to_vec();
    if new_maxp.len() < 6 {
        return Err(cut("maxp"));
    }
    let set = |table: &mut Vec<u8>, at: usize, value: &[u8]| {
        table[at..at + value.len()].copy_from_slice(value);
    };
    set(&mut new_head, 0, &0x0001_0000u32.to_be_bytes()); // version 1.0
    set(&mut new_head, 8, &[0; 4]); // checkSumAdjustment, set below
    set(&mut new_head, 12, &0x5F0F_3CF5u32.to_be_bytes()); // magicNumber
    set(&mut new_head, 50, &u16::from(!short).to_be_bytes()); // indexToLocFormat
    set(&mut new_head, 52, &[0, 0]); // glyphDataFormat
    set(&mut new_hhea, 0, &0x0001_0000u32.to_be_bytes()); // version 1.0
    set(&mut new_hhea, 32, &[0, 0]); // metricDataFormat
    set(&mut new_hhea, 34, &count); // numberOfHMetrics
    set(&mut new_maxp, 4, &count); // numGlyphs

    let mut tables = vec![
        (*b"glyf", new_glyf),
        (*b"head", new_head),
        (*b"hhea", new_hhea),
        (*b"hmtx", new_hmtx),
        (*b"loca", new_loca),
        (*b"maxp", new_maxp),
    ];
    // The hinting programs the outlines' instructions call.
    for tag in [b"cvt ", b"fpgm", b"prep"] {
        if let Ok(data) = table(tag) {
            tables.push((*tag, data.to_vec()));
        }
    }
    tables.sort_by_key(|(tag, _)| *tag);
    Ok(Subset {
        program: assemble(tables),
        new_ids,
    })
}

/// Where a composite outline names its components' glyph ids, and those ids (none for a
/// simple outline).
fn components(outline: &[u8]) -> Option<Vec<(usize, u16)>> {
    const ARGS_ARE_WORDS: u16 = 0x0001;
    const HAVE_SCALE: u16 = 0x0008;
    const MORE_COMPONENTS: u16 = 0x0020;
    const HAVE_XY_SCALE: u16 = 0x0040;
    const HAVE_2X2: u16 = 0x0080;
    let mut found = Vec::new();
    if outline.is_empty() || read_u16(outline, 0)? as i16 >= 0 {
        return Some(found);
    }
    let mut at = 10;
    loop {
        let flags = read_u16(outline, at)?;
        found.push((at + 2, read_u16(outline, at + 2)?));
        at += 4 + if flags & ARGS_ARE_WORDS != 0 { 4 } else { 2 };
        at += match () {
            _ if flags & HAVE_SCALE != 0 => 2,
            _ if flags & HAVE_XY_SCALE != 0 => 4,
            _ if flags & HAVE_2X2 != 0 => 8,
            _ => 0,
        };
        if flags & MORE_COMPONENTS == 0 {
            return Some(found);
        }
    }
}
/// Writes the sfnt container: header, table directory, tables, and the head checksum.
fn assemble(tables: Vec<([u8; 4], Vec<u8>)>) -> Vec<u8> {
    let count = tables.len() as u16;
    let entry_selector = 15 - count.leading_zeros() as u16; // floor(log2(count))
    let search_range = (1u16 << entry_selector) * 16;
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    for value in [
        count,
        search_range,
        entry_selector,
        count * 16 - search_range,
    ] {
        out.extend_from_slice(&value.to_be_bytes());
    }
    let mut at = 12 + 16 * tables.len();
    let mut head_at = None;
    for (tag, data) in &tables {
        if tag == b"head" {
            head_at = Some(at);
        }
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(data).to_be_bytes());
        out.extend_from_slice(&(at as u32).to_be_bytes());
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        at += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        out.extend_from_slice(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    if let Some(head_at) = head_at {
        let adjustment = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
        out[head_at + 8..head_at + 12].copy_from_slice(&adjustment.to_be_bytes());
    }
    out
}

fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, chunk| {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        sum.wrapping_add(u32::from_be_bytes(word))
    })
}

fn read_u16(data: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?))
}

fn read_u32(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::{Font, font_data};

    fn glyph(c: char) -> Option<u16> {
        Font::builtin().glyph(c)
    }

    fn glyphs_of<'a>(texts: impl IntoIterator<Item = &'a str>) -> std::collections::BTreeSet<u16> {
        Font::builtin().glyphs_of(texts)
    }
    use ttf_parser::{Face, GlyphId};

    /// Each kept glyph draws and advances as in the full font, under its new id.
    fn assert_same_glyphs(small: &Subset) {
        let (full, face) = (
            Face::parse(font_data(), 0).unwrap(),
            Face::parse(&small.program, 0).unwrap(),
        );
        for (&old, &new) in &small.new_ids {
            let (old, new) = (GlyphId(old), GlyphId(new));
            assert_eq!(
                face.glyph_bounding_box(new),
                full.glyph_bounding_box(old),
                "{old:?}"
            );
            assert_eq!(
                face.glyph_hor_advance(new),
                full.glyph_hor_advance(old),
                "{old:?}"
            );
        }
    }

    #[test]
    fn holds_only_the_used_glyphs_renumbered_densely() {
        // Simple outlines only: nothing else comes along. With .notdef.
        let used = glyphs_of(["Shoreline, board 1"]);
        let small = subset(font_data(), &used).unwrap();
        let face = Face::parse(&small.program, 0).expect("the subset parses");
        assert_eq!(face.number_of_glyphs() as usize, used.len());
        let ids: Vec<u16> = small.new_ids.values().copied().collect();
        assert_eq!(ids, (0..used.len() as u16).collect::<Vec<_>>());
        assert_eq!(small.new_ids[&0], 0, ".notdef stays first");
        assert_same_glyphs(&small);
        assert!(small.program.len() < 3000, "{} bytes", small.program.len());
    }

    #[test]
    fn a_composite_glyph_keeps_its_components_under_their_new_ids() {
        // é (e and an accent) and many CJK characters are drawn from other glyphs: those
        // come along, renumbered, and the outlines still resolve to the same boxes.
        let used = glyphs_of(["é岸"]);
        let small = subset(font_data(), &used).unwrap();
        assert!(small.new_ids.len() > used.len(), "{:?}", small.new_ids);
        assert!(small.new_ids.contains_key(&glyph('é').unwrap()));
        assert_same_glyphs(&small);
    }

    #[test]
    fn keeps_only_the_tables_a_pdf_reader_needs() {
        let small = subset(font_data(), &glyphs_of(["A"])).unwrap();
        let raw = ttf_parser::RawFace::parse(&small.program, 0).unwrap();
        let tags: Vec<[u8; 4]> = raw
            .table_records
            .into_iter()
            .map(|r| r.tag.to_bytes())
            .collect();
        assert_eq!(
            tags,
            [*b"glyf", *b"head", *b"hhea", *b"hmtx", *b"loca", *b"maxp"]
        );
    }

    #[test]
    fn head_checksum_adjustment_makes_the_font_sum_to_the_magic_number() {
        let small = subset(font_data(), &glyphs_of(["A"])).unwrap();
        assert_eq!(checksum(&small.program), 0xB1B0_AFBA);
    }
}
