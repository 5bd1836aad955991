//! The few XML elements the SVG backend writes, and their text, in the form the `svg` crate
//! wrote them (attributes sorted by name, each child element on its own line, text inline),
//! so files stay byte for byte the same. Names are static and attributes a short list: the
//! crate's hash map and boxed nodes cost a diagram more time than drawing it.

/// One element: its name, attributes and children.
#[derive(Debug, Clone)]
pub struct Element {
    name: &'static str,
    attributes: Vec<(&'static str, String)>,
    children: Vec<Child>,
}

#[derive(Debug, Clone)]
enum Child {
    Element(Element),
    Text(String),
}

impl Element {
    pub fn new(name: &'static str) -> Self {
        Element {
            name,
            attributes: Vec::new(),
            children: Vec::new(),
        }
    }

    /// The element with attribute `name` set to `value` (replacing an earlier value).
    pub fn set(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.assign(name, value);
        self
    }

    pub fn assign(&mut self, name: &'static str, value: impl Into<String>) {
        let value = value.into();
        match self.attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.attributes.push((name, value)),
        }
    }

    /// The element with `child` added after its other children.
    pub fn add(mut self, child: Element) -> Self {
        self.children.push(Child::Element(child));
        self
    }

    /// The element with `text` added after its other children.
    pub fn text(mut self, text: &str) -> Self {
        self.children.push(Child::Text(text.to_string()));
        self
    }

    /// Appends the element, escaped, to `out`.
    pub fn write(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.name);
        let mut attributes: Vec<_> = self.attributes.iter().collect();
        attributes.sort_by_key(|(name, _)| *name);
        for (name, value) in attributes {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            escape(out, value, true);
            out.push('"');
        }
        if self.children.is_empty() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        let mut last_was_text = false;
        for child in &self.children {
            match child {
                Child::Element(element) => {
                    out.push('\n');
                    element.write(out);
                }
                Child::Text(text) => escape(out, text, false),
            }
            last_was_text = matches!(child, Child::Text(_));
        }
        if !last_was_text {
            out.push('\n');
        }
        out.push_str("</");
        out.push_str(self.name);
        out.push('>');
    }
}

/// `&`, `<` and `>` as entities, as the svg crate wrote them, and in an attribute value
/// also `"` (no value sheetgen writes holds one today, but a class or label one day might).
fn escape(out: &mut String, text: &str, in_attribute: bool) {
    // Whole runs between the three characters (ASCII, so every index is a char boundary).
    let mut from = 0;
    for (i, byte) in text.bytes().enumerate() {
        let entity = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' if in_attribute => "&quot;",
            _ => continue,
        };
        out.push_str(&text[from..i]);
        out.push_str(entity);
        from = i + 1;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_sorted_attributes_child_lines_and_inline_text() {
        let doc = Element::new("svg")
            .set("width", "10mm")
            .set("role", "img")
            .set("width", "12")
            .set("class", "a\"b")
            .add(Element::new("title").text("a & <b>岸>"))
            .add(Element::new("g").add(Element::new("use").set("x", "1")));
        let mut out = String::new();
        doc.write(&mut out);
        assert_eq!(
            out,
            "<svg class=\"a&quot;b\" role=\"img\" width=\"12\">\n<title>a &amp; &lt;b&gt;岸&gt;</title>\n<g>\n<use x=\"1\"/>\n</g>\n</svg>"
        );
    }
}
