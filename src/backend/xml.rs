//! A streaming writer for the few XML elements the SVG backend writes, in the form the `svg`
//! crate wrote them (attributes sorted by name, each child element on its own line, text
//! inline), so files stay byte for byte the same. It writes straight into one buffer: a tree
//! of elements with a `String` per attribute cost a diagram more time than drawing it
//! (issue 17).
//!
//! Text from outside sheetgen (texts, titles, classes, stylesheets) goes through
//! [`Writer::text`] and [`Writer::attr_text`], which escape it and leave out the characters
//! XML 1.0 cannot hold even escaped; the rest is ASCII the backend writes itself.

/// Writes one document: `start`, attributes, children, `end`, nested.
pub struct Writer {
    out: String,
    /// The elements started and not ended, innermost last.
    open: Vec<Open>,
    /// The innermost element's start tag is not written yet: its attributes wait in
    /// `values`, each as ` name="value"`, to be written sorted by name (`attributes`: each
    /// one's name and where it starts and ends in `values`).
    pending: bool,
    attributes: Vec<(&'static str, usize, usize)>,
    values: String,
}

struct Open {
    name: &'static str,
    children: bool,
    last_was_text: bool,
}

impl Writer {
    pub fn with_capacity(bytes: usize) -> Self {
        Writer {
            out: String::with_capacity(bytes),
            open: Vec::with_capacity(16),
            pending: false,
            attributes: Vec::with_capacity(16),
            values: String::with_capacity(256),
        }
    }

    /// What has been written so far (the declaration before the first element, say).
    pub fn out(&mut self) -> &mut String {
        &mut self.out
    }

    /// Starts element `name` (a child of the open one, on its own line).
    pub fn start(&mut self, name: &'static str) {
        if !self.open.is_empty() {
            self.child(false);
            self.out.push('\n');
        }
        self.out.push('<');
        self.out.push_str(name);
        self.pending = true;
        self.open.push(Open {
            name,
            children: false,
            last_was_text: false,
        });
    }

    /// Adds attribute `name` to the element just started; the caller appends its value to
    /// the returned buffer, unescaped: only what it writes itself (numbers, ids, colours).
    /// Any order is written sorted; attributes given in name order are the cheapest.
    pub fn attr(&mut self, name: &'static str) -> &mut String {
        debug_assert!(
            self.pending,
            "attribute {name} after the start tag was written"
        );
        debug_assert!(self.attributes.iter().all(|a| a.0 != name), "{name} twice");
        self.end_value();
        self.attributes.push((name, self.values.len(), 0));
        self.values.push(' ');
        self.values.push_str(name);
        self.values.push_str("=\"");
        &mut self.values
    }

    /// Closes the quotes of the last attribute added, if any.
    fn end_value(&mut self) {
        if let Some(last) = self.attributes.last_mut() {
            self.values.push('"');
            last.2 = self.values.len();
        }
    }

    /// Adds attribute `name` with `value` escaped.
    pub fn attr_text(&mut self, name: &'static str, value: &str) {
        escape(self.attr(name), value, true);
    }

    /// Adds `text`, escaped, after the open element's other children.
    pub fn text(&mut self, text: &str) {
        self.child(true);
        escape(&mut self.out, text, false);
    }

    /// Adds an element another writer wrote (`finish`ed) as the open element's next child.
    pub fn element(&mut self, written: &str) {
        self.child(false);
        self.out.push('\n');
        self.out.push_str(written);
    }

    /// Ends the innermost open element.
    pub fn end(&mut self) {
        let Some(open) = self.open.pop() else {
            debug_assert!(false, "end without start");
            return;
        };
        if self.pending {
            self.start_tag("/>");
            return;
        }
        if !open.last_was_text {
            self.out.push('\n');
        }
        self.out.push_str("</");
        self.out.push_str(open.name);
        self.out.push('>');
    }

    /// The bytes written, every element ended.
    pub fn finish(self) -> String {
        debug_assert!(self.open.is_empty(), "elements left open");
        self.out
    }

    /// Before a child of the open element: its start tag is finished first.
    fn child(&mut self, text: bool) {
        if self.pending {
            self.start_tag(">");
        }
        if let Some(parent) = self.open.last_mut() {
            parent.children = true;
            parent.last_was_text = text;
        }
    }

    /// Writes the waiting attributes, sorted by name, then `close` (`>` or `/>`).
    fn start_tag(&mut self, close: &str) {
        self.pending = false;
        self.end_value();
        if self.attributes.is_sorted_by_key(|a| a.0) {
            self.out.push_str(&self.values);
        } else {
            self.attributes.sort_unstable_by_key(|a| a.0);
            for &(_, from, to) in &self.attributes {
                self.out.push_str(&self.values[from..to]);
            }
        }
        self.out.push_str(close);
        self.attributes.clear();
        self.values.clear();
    }
}

/// Appends `text` with `&`, `<` and `>` as entities, as the svg crate wrote them, and in an
/// attribute value also `"`; the characters XML 1.0 forbids (C0 controls other than tab and
/// line ends, U+FFFE, U+FFFF) are left out: a file holding one is unreadable as a whole.
fn escape(out: &mut String, text: &str, in_attribute: bool) {
    // Whole runs between those characters, found by their UTF-8 bytes: every one starts on
    // a char boundary (a forbidden C0 control is one byte, U+FFFE and U+FFFF are EF BF BE
    // and EF BF BF, and 0xEF only ever starts a character).
    let bytes = text.as_bytes();
    let (mut from, mut i) = (0, 0);
    while i < bytes.len() {
        let (entity, len) = match bytes[i] {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' if in_attribute => ("&quot;", 1),
            b'\t' | b'\n' | b'\r' => ("", 0),
            0..0x20 => ("", 1),
            0xEF if bytes.get(i + 1) == Some(&0xBF)
                && matches!(bytes.get(i + 2), Some(0xBE | 0xBF)) =>
            {
                ("", 3)
            }
            _ => ("", 0),
        };
        if len == 0 {
            i += 1;
            continue;
        }
        out.push_str(&text[from..i]);
        out.push_str(entity);
        i += len;
        from = i;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_sorted_attributes_child_lines_and_inline_text() {
        let mut w = Writer::with_capacity(0);
        w.start("svg");
        w.attr("width").push_str("12");
        w.attr("role").push_str("img");
        w.attr_text("class", "a\"b");
        w.start("title");
        w.text("a & <b>岸>");
        w.end();
        w.start("g");
        w.start("use");
        w.attr("x").push('1');
        w.end();
        w.end();
        w.start("g");
        w.end();
        w.end();
        assert_eq!(
            w.finish(),
            "<svg class=\"a&quot;b\" role=\"img\" width=\"12\">\n<title>a &amp; &lt;b&gt;岸&gt;</title>\n<g>\n<use x=\"1\"/>\n</g>\n<g/>\n</svg>"
        );
    }

    #[test]
    fn an_element_written_apart_is_a_child_on_its_own_line() {
        let mut inner = Writer::with_capacity(0);
        inner.start("g");
        inner.attr_text("class", "board");
        inner.end();
        let mut w = Writer::with_capacity(0);
        w.start("svg");
        w.start("title");
        w.text("");
        w.end();
        w.element(&inner.finish());
        w.end();
        assert_eq!(
            w.finish(),
            "<svg>\n<title></title>\n<g class=\"board\"/>\n</svg>"
        );
    }

    #[test]
    fn escaping_leaves_out_what_xml_forbids_and_keeps_the_rest() {
        let text = "\t\n\ra\u{0}b\u{1b}c\u{7f}\u{fffd}\u{fffe}\u{ffff}\u{10000}é&\"<>";
        let mut out = String::new();
        escape(&mut out, text, true);
        assert_eq!(out, "\t\n\rabc\u{7f}\u{fffd}\u{10000}é&amp;&quot;&lt;&gt;");
        // The same as dropping every character `is_xml_char` refuses, then escaping.
        let kept: String = text
            .chars()
            .filter(|&c| super::super::svg::is_xml_char(c))
            .collect();
        let mut expected = String::new();
        escape(&mut expected, &kept, true);
        assert_eq!(out, expected);
    }
}
