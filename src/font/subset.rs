//! A glyph-stripping TrueType subsetter: keeps every table and every glyph id, but empties
//! the outlines of glyphs a page does not use. Glyph ids stay stable, so the cmap, the
//! metrics and the text encoding need no renumbering; the font shrinks to a few kilobytes.
//!
//! printpdf only subsets with its `text_layout` feature, which pulls a layout engine; this is
//! the small part of that job sheetgen needs.

use std::collections::BTreeSet;

use ttf_parser::{RawFace, Tag};

/// `font` with only the outlines of `glyphs` (and the components they are built from), or
/// `None` when it has no `glyf` outlines to take apart (an OpenType font with CFF outlines).
pub fn subset(font: &[u8], glyphs: &BTreeSet<u16>) -> Option<Vec<u8>> {
    strip(font, glyphs)
}

fn strip(font: &[u8], glyphs: &BTreeSet<u16>) -> Option<Vec<u8>> {
    let raw = RawFace::parse(font, 0).ok()?;
    let head = raw.table(Tag::from_bytes(b"head"))?;
    let maxp = raw.table(Tag::from_bytes(b"maxp"))?;
    let loca = raw.table(Tag::from_bytes(b"loca"))?;
    let glyf = raw.table(Tag::from_bytes(b"glyf"))?;
    let long_offsets = read_u16(head, 50)? == 1;
    let glyph_count = usize::from(read_u16(maxp, 4)?);

    let offset = |gid: usize| -> Option<usize> {
        if long_offsets {
            read_u32(loca, gid * 4).map(|o| o as usize)
        } else {
            read_u16(loca, gid * 2).map(|o| usize::from(o) * 2)
        }
    };
    let outline = |gid: usize| -> Option<&[u8]> { glyf.get(offset(gid)?..offset(gid + 1)?) };

    // Composite glyphs (accented letters) are drawn from other glyphs: keep those too.
    let mut keep = BTreeSet::new();
    let mut todo: Vec<u16> = glyphs.iter().copied().collect();
    while let Some(gid) = todo.pop() {
        if usize::from(gid) < glyph_count && keep.insert(gid) {
            todo.extend(components(outline(usize::from(gid))?)?);
        }
    }

    let mut new_glyf = Vec::new();
    let mut new_loca = Vec::new();
    for gid in 0..=glyph_count {
        let at = new_glyf.len();
        if long_offsets {
            new_loca.extend_from_slice(&u32::try_from(at).ok()?.to_be_bytes());
        } else {
            new_loca.extend_from_slice(&u16::try_from(at / 2).ok()?.to_be_bytes());
        }
        if gid < glyph_count && keep.contains(&(gid as u16)) {
            new_glyf.extend_from_slice(outline(gid)?);
            while new_glyf.len() % 4 != 0 {
                new_glyf.push(0); // outlines stay 4-byte aligned, as loca offsets need
            }
        }
    }

    let mut tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for record in raw.table_records {
        let tag = record.tag.to_bytes();
        let data = match &tag {
            b"glyf" => new_glyf.clone(),
            b"loca" => new_loca.clone(),
            b"post" => post_without_names(raw.table(record.tag)?)?,
            b"head" => {
                let mut head = raw.table(record.tag)?.to_vec();
                head.get_mut(8..12)?.copy_from_slice(&[0; 4]); // checkSumAdjustment, set below
                head
            }
            _ => raw.table(record.tag)?.to_vec(),
        };
        tables.push((tag, data));
    }
    tables.sort_by_key(|(tag, _)| *tag);
    Some(assemble(tables))
}

/// The glyph ids a composite outline refers to (none for a simple outline).
fn components(outline: &[u8]) -> Option<Vec<u16>> {
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
        found.push(read_u16(outline, at + 2)?);
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

/// `post` version 3: the same metrics without the glyph-name list, which only tools read.
fn post_without_names(post: &[u8]) -> Option<Vec<u8>> {
    let mut short = post.get(..32)?.to_vec();
    short[..4].copy_from_slice(&0x0003_0000u32.to_be_bytes());
    Some(short)
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
    use crate::font::{FONT_DATA, glyph, glyphs_of};

    #[test]
    fn keeps_used_outlines_and_empties_the_rest() {
        let used = glyphs_of(["Shoreline 岸棋 é"]);
        let small = subset(FONT_DATA, &used).unwrap();
        assert!(small.len() < FONT_DATA.len() / 2, "{} bytes", small.len());

        let face = ttf_parser::Face::parse(&small, 0).expect("the subset parses");
        let bbox = |c: char| face.glyph_bounding_box(ttf_parser::GlyphId(glyph(c).unwrap()));
        assert!(bbox('岸').is_some());
        assert!(bbox('é').is_some(), "a composite keeps its outline");
        assert!(bbox('Q').is_none(), "an unused glyph is emptied");
        // Metrics are untouched, so text measures the same in every output.
        let gid = ttf_parser::GlyphId(glyph('S').unwrap());
        let full = ttf_parser::Face::parse(FONT_DATA, 0).unwrap();
        assert_eq!(face.glyph_hor_advance(gid), full.glyph_hor_advance(gid));
    }

    #[test]
    fn head_checksum_adjustment_makes_the_font_sum_to_the_magic_number() {
        let small = subset(FONT_DATA, &glyphs_of(["A"])).unwrap();
        assert_eq!(checksum(&small), 0xB1B0_AFBA);
    }
}
