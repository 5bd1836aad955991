//! Writing YAML records in the canonical layout sheetgen's own records use: one key a line,
//! texts double-quoted and escaped, word lists as flow sequences. Whatever a text holds, the
//! file reads back as the keys written: no line break or character YAML cannot hold gets in
//! unescaped.
//! Hand-written, not serde-saphyr's serializer: this layout (flow lists, one key a line,
//! every text double-quoted) is the one sheetgen's own examples use.

/// A record written key by key.
#[derive(Debug, Default)]
pub(crate) struct RecordWriter {
    out: String,
}

impl RecordWriter {
    pub fn new() -> Self {
        Self::default()
    }

    /// One `# …` comment line holding `text` whole: line breaks, controls and characters
    /// YAML cannot hold written as escapes (`\n`, `\u{9b}`), for a file name.
    pub(crate) fn escaped_comment(&mut self, text: &str) {
        let mut line = String::with_capacity(text.len() + 3);
        line.push_str("# ");
        for c in text.chars() {
            match c {
                '\n' => line.push_str("\\n"),
                '\r' => line.push_str("\\r"),
                '\u{2028}' | '\u{2029}' => line.extend(c.escape_unicode()),
                c if c.is_control() || !printable(c) => line.extend(c.escape_unicode()),
                c => line.push(c),
            }
        }
        self.out.push_str(&line);
        self.out.push('\n');
    }

    /// `key: word`, for a value of sheetgen's own vocabulary (`game: towers`).
    pub fn word(&mut self, key: &str, word: &str) {
        self.out.push_str(&format!("{key}: {word}\n"));
    }

    /// `key: "text"`.
    pub fn text(&mut self, key: &str, text: &str) {
        self.out.push_str(&format!("{key}: {}\n", quoted(text)));
    }

    /// `key: { a: "x", b: "y" }`, texts quoted; nothing when `pairs` is empty.
    pub fn texts(&mut self, key: &str, pairs: &[(&str, &str)]) {
        if pairs.is_empty() {
            return;
        }
        let written: Vec<String> = pairs
            .iter()
            .map(|(k, v)| format!("{k}: {}", quoted(v)))
            .collect();
        self.out
            .push_str(&format!("{key}: {{ {} }}\n", written.join(", ")));
    }

    /// `key:` and one `  N: "text"` line for each numbered text (move comments).
    pub fn numbered(&mut self, key: &str, texts: &[(usize, String)]) {
        self.out.push_str(&format!("{key}:\n"));
        for (n, text) in texts {
            self.out.push_str(&format!("  {n}: {}\n", quoted(text)));
        }
    }

    /// `key: { a: 1, b: word }`, for values of sheetgen's own vocabulary.
    pub fn words(&mut self, key: &str, pairs: &[(&str, String)]) {
        let written: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        self.out
            .push_str(&format!("{key}: {{ {} }}\n", written.join(", ")));
    }

    /// `key: [a, b, …]`, `per_line` words to a line, continuation lines lined up under the
    /// first word.
    pub fn list(&mut self, key: &str, words: &[String], per_line: usize) {
        let indent = " ".repeat(key.len() + 3);
        self.out.push_str(&format!("{key}: ["));
        for (i, chunk) in words.chunks(per_line.max(1)).enumerate() {
            if i > 0 {
                self.out.push_str(&format!(",\n{indent}"));
            }
            self.out.push_str(&chunk.join(", "));
        }
        self.out.push_str("]\n");
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// Whether YAML lets `c` stand in a file as it is (its `c-printable` set).
fn printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// A YAML double-quoted scalar.
pub fn quoted(text: &str) -> String {
    let escaped: String = text
        .chars()
        .map(|c| match c {
            '"' => "\\\"".to_string(),
            '\\' => "\\\\".to_string(),
            '\n' => "\\n".to_string(),
            // Line breaks to a YAML 1.1 reader, and a byte-order mark: escaped, so that every
            // reader sees the same text.
            '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}' => format!("\\u{:04x}", c as u32),
            c if c.is_control() || !printable(c) => format!("\\u{:04x}", c as u32),
            c => c.to_string(),
        })
        .collect();
    format!("\"{escaped}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_quoted_and_comments_stay_comments() {
        let mut w = RecordWriter::new();
        w.escaped_comment("Imported from x\ngame: towers");
        w.word("game", "lines-of-action");
        w.text("title", "say \"hi\"\n\\");
        w.texts("players", &[("black", "Ann")]);
        w.list("moves", &["a".into(), "b".into(), "c".into()], 2);
        assert_eq!(
            w.finish(),
            "# Imported from x\\ngame: towers\ngame: lines-of-action\n\
             title: \"say \\\"hi\\\"\\n\\\\\"\nplayers: { black: \"Ann\" }\nmoves: [a, b,\n        c]\n"
        );
    }

    #[test]
    fn characters_yaml_cannot_hold_are_escaped() {
        assert_eq!(quoted("a\u{fffe}b\u{7}"), "\"a\\ufffeb\\u0007\"");
        assert_eq!(quoted("a\u{2028}b"), "\"a\\u2028b\"");
    }
}
