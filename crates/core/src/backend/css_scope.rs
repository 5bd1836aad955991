//! A `--css` stylesheet scoped to its own figure: every selector is prefixed with the
//! figure's id, so two figures inlined in one web page keep their own styles.
//!
//! Hand-written, about a hundred lines: CSS nesting and `@scope` would do this in a browser,
//! but resvg and librsvg read neither, and a full CSS parser (cssparser, lightningcss) would
//! add more to the core than this walk over rules, strings and comments.

/// `css` with each style rule's selectors scoped to the element `#id`: `text` becomes
/// `#id text`, `svg` and `:root` the figure's own `svg#id`. Rules inside `@media`,
/// `@supports`, `@container` and `@layer` blocks are scoped too; other at-rules
/// (`@font-face`, `@keyframes`, `@page`, `@import`) and every declaration are kept as written.
pub(crate) fn scoped(css: &str, id: &str) -> String {
    let mut out = String::with_capacity(css.len() + 64);
    scope_rules(css, id, &mut out);
    out
}

/// The at-rules whose blocks hold style rules.
const GROUPING: [&str; 4] = ["@media", "@supports", "@container", "@layer"];

/// Scopes the rules of `css`, a stylesheet or the inside of a grouping at-rule.
fn scope_rules(css: &str, id: &str, out: &mut String) {
    let mut rest = css;
    while !rest.is_empty() {
        // The prelude runs to the first `{` or `;` outside strings and comments.
        let Some((end, stop)) = find_top_level(rest, &['{', ';']) else {
            out.push_str(rest);
            return;
        };
        let prelude = &rest[..end];
        if stop == ';' {
            // A statement at-rule (`@import …;`) or a stray semicolon: as written.
            out.push_str(&rest[..=end]);
            rest = &rest[end + 1..];
            continue;
        }
        let block_end = matching_brace(rest, end);
        let inside = &rest[end + 1..block_end.min(rest.len())];
        let at_rule = prelude.trim_start().starts_with('@');
        if at_rule
            && GROUPING
                .iter()
                .any(|g| starts_with_word(prelude.trim_start(), g))
        {
            out.push_str(prelude);
            out.push('{');
            scope_rules(inside, id, out);
        } else if at_rule {
            out.push_str(&rest[..end + 1]);
            out.push_str(inside);
        } else {
            out.push_str(&scope_selectors(prelude, id));
            out.push('{');
            out.push_str(inside);
        }
        if block_end < rest.len() {
            out.push('}');
            rest = &rest[block_end + 1..];
        } else {
            rest = "";
        }
    }
}

/// `selectors` (a comma-separated list, with the whitespace and comments around it) each
/// prefixed with `#id`.
fn scope_selectors(selectors: &str, id: &str) -> String {
    let mut parts = Vec::new();
    let mut rest = selectors;
    while let Some((comma, _)) = find_top_level(rest, &[',']) {
        parts.push(&rest[..comma]);
        rest = &rest[comma + 1..];
    }
    parts.push(rest);
    let scoped: Vec<String> = parts.iter().map(|s| scope_selector(s, id)).collect();
    scoped.join(",")
}

/// One selector prefixed with `#id`, its leading and trailing whitespace kept.
fn scope_selector(selector: &str, id: &str) -> String {
    let trimmed = selector.trim();
    if trimmed.is_empty() {
        return selector.to_string();
    }
    let lead = &selector[..selector.len() - selector.trim_start().len()];
    let trail = &selector[selector.trim_end().len()..];
    let scoped = if let Some(after) = trimmed.strip_prefix(":root") {
        format!("svg#{id}{after}")
    } else if starts_with_word(trimmed, "svg") {
        format!("svg#{id}{}", &trimmed[3..])
    } else {
        format!("#{id} {trimmed}")
    };
    format!("{lead}{scoped}{trail}")
}

/// Whether `text` starts with `word` followed by no letter, digit, `-` or `_`.
fn starts_with_word(text: &str, word: &str) -> bool {
    text.strip_prefix(word).is_some_and(|after| {
        !after
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

/// The byte offset of the first of `stops` in `text` outside strings, comments, brackets
/// and parentheses, and which one it is.
fn find_top_level(text: &str, stops: &[char]) -> Option<(usize, char)> {
    let mut depth = 0usize;
    for (i, c) in code(text) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            c if depth == 0 && stops.contains(&c) => return Some((i, c)),
            _ => {}
        }
    }
    None
}

/// The offset of the `}` closing the `{` at `open`, or the text's length when it is never
/// closed (a browser closes it at the end, and so does the figure).
fn matching_brace(text: &str, open: usize) -> usize {
    let mut depth = 0usize;
    for (i, c) in code(&text[open..]) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The characters of `text` outside strings and comments, with their byte offsets (an
/// escaped character is skipped with its backslash).
fn code(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((i, c)) = chars.next() {
            match c {
                '"' | '\'' => skip_string(&mut chars, c),
                '/' if chars.peek().is_some_and(|&(_, n)| n == '*') => skip_comment(&mut chars),
                '\\' => {
                    chars.next();
                }
                _ => return Some((i, c)),
            }
        }
        None
    })
}

type Chars<'a> = std::iter::Peekable<std::str::CharIndices<'a>>;

/// Past the string that `quote` opened (escapes included).
fn skip_string(chars: &mut Chars, quote: char) {
    while let Some((_, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            c if c == quote => return,
            _ => {}
        }
    }
}

/// Past the comment whose `/` was just read.
fn skip_comment(chars: &mut Chars) {
    chars.next();
    let mut star = false;
    for (_, c) in chars.by_ref() {
        if star && c == '/' {
            return;
        }
        star = c == '*';
    }
}

#[cfg(test)]
mod tests {
    use super::scoped;

    #[test]
    fn every_selector_of_every_rule_is_scoped_to_the_figure() {
        assert_eq!(
            scoped(".stone.black, text { fill: red }\n", "f1"),
            "#f1 .stone.black, #f1 text { fill: red }\n"
        );
        assert_eq!(
            scoped("svg { background: #eee }", "f1"),
            "svg#f1 { background: #eee }"
        );
        assert_eq!(
            scoped(":root { color: red }", "f1"),
            "svg#f1 { color: red }"
        );
        // `svgfoo` is not the root.
        assert_eq!(scoped("svgfoo {}", "f1"), "#f1 svgfoo {}");
    }

    #[test]
    fn commas_braces_and_semicolons_in_strings_comments_and_brackets_are_not_rules() {
        let css = "/* a, b { } */ a[title=\"x, {y}\"] , :is(b, c) { content: \"}\"; }";
        assert_eq!(
            scoped(css, "f"),
            "#f /* a, b { } */ a[title=\"x, {y}\"] , #f :is(b, c) { content: \"}\"; }"
        );
    }

    #[test]
    fn grouping_rules_are_scoped_inside_and_other_at_rules_kept() {
        let css = "@import url(a.css);\n@media print { .label { fill: black } }\n\
                   @font-face { font-family: X; src: url(x.woff) }\n\
                   @keyframes spin { from { opacity: 0 } to { opacity: 1 } }";
        assert_eq!(
            scoped(css, "f"),
            "@import url(a.css);\n@media print { #f .label { fill: black } }\n\
             @font-face { font-family: X; src: url(x.woff) }\n\
             @keyframes spin { from { opacity: 0 } to { opacity: 1 } }"
        );
    }

    #[test]
    fn an_unclosed_block_or_string_ends_with_the_sheet_and_nothing_is_lost() {
        assert_eq!(scoped("a { fill: red", "f"), "#f a { fill: red");
        assert_eq!(scoped("a { content: \"}", "f"), "#f a { content: \"}");
        assert_eq!(scoped("a", "f"), "a");
        assert_eq!(scoped("", "f"), "");
    }
}
