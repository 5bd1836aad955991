//! Move text as books and servers print it: `1. b1-b3 h3-e3 2. b3xe3 …`. Move numbers
//! (`1.`, `12...`, also glued to the move as in `1.b1-b3`) and `{comments}` are left out;
//! every other word is a move or a result for the game to read. [`parse`] also gives the
//! PGN-style tag headers (`[Event "Club night"]`) before the moves, and the comments with
//! the number of words before each.

/// Move text read whole: its tags, its words, its comments.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MoveText<'a> {
    /// `[Name "value"]` headers, in order: the name, the value (`\"` and `\\` resolved) and
    /// the value's byte offset.
    pub tags: Vec<(&'a str, String, usize)>,
    /// Each word (a move or a result) with its byte offset.
    pub words: Vec<(usize, &'a str)>,
    /// Each `{comment}`'s text, its byte offset and how many words stand before it.
    pub comments: Vec<(usize, &'a str, usize)>,
}

/// A problem in move text: the byte offset and what is wrong.
pub type MoveTextError = (usize, &'static str);

/// Tag headers, then the words and comments of `text`.
pub fn parse(text: &str) -> Result<MoveText<'_>, MoveTextError> {
    let mut parsed = MoveText::default();
    let mut i = 0;
    loop {
        let rest = &text[i..];
        let skipped = rest.len() - rest.trim_start().len();
        i += skipped;
        if !text[i..].starts_with('[') {
            break;
        }
        let (name, value, value_at, end) = tag(text, i)?;
        parsed.tags.push((name, value, value_at));
        i = end;
    }
    let body = &text[i..];
    let mut comment: Option<usize> = None;
    let mut start = None;
    for (k, c) in body.char_indices() {
        if let Some(open) = comment {
            if c == '}' {
                let words = parsed.words.len();
                parsed
                    .comments
                    .push((i + open + 1, &body[open + 1..k], words));
                comment = None;
            }
            continue;
        }
        if c == '{' || c.is_whitespace() {
            if let Some(s) = start.take() {
                push_word(&mut parsed.words, i + s, &body[s..k]);
            }
            if c == '{' {
                comment = Some(k);
            }
        } else if start.is_none() {
            start = Some(k);
        }
    }
    if let Some(open) = comment {
        return Err((i + open, "this `{` comment is never closed with `}`"));
    }
    if let Some(s) = start {
        push_word(&mut parsed.words, i + s, &body[s..]);
    }
    Ok(parsed)
}

/// One `[Name "value"]` from its `[` at `at`: the name, the value, where the value starts
/// and where the tag ends.
fn tag(text: &str, at: usize) -> Result<(&str, String, usize, usize), MoveTextError> {
    const SHAPE: &str = "a tag header looks like [Event \"Club night\"]";
    let inner = &text[at + 1..];
    let name_len = inner
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    let after = &inner[name_len..];
    let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
    if name.is_empty() || !after[gap..].starts_with('"') {
        return Err((at, SHAPE));
    }
    let value_at = at + 1 + name_len + gap + 1;
    let mut value = String::new();
    let mut chars = text[value_at..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => {
                let close = &text[value_at + k + 1..];
                let gap = close.len() - close.trim_start_matches([' ', '\t']).len();
                if !close[gap..].starts_with(']') {
                    return Err((value_at + k + 1, SHAPE));
                }
                return Ok((name, value, value_at, value_at + k + 1 + gap + 1));
            }
            '\\' => {
                if let Some((_, next)) = chars.next() {
                    value.push(next);
                }
            }
            '\n' => return Err((value_at + k, "a tag header's value ends on its own line")),
            c => value.push(c),
        }
    }
    Err((at, "this tag header is never closed with `\"]`"))
}

/// Whether `head`, a file's first bytes, starts as move text: a tag header, a comment, a
/// move number (`1.`) or a move itself (`e8-e6`, `b3xe3`), after any byte-order mark and
/// blank lines.
pub fn looks_like_move_text(head: &str) -> bool {
    let text = head.trim_start_matches('\u{feff}').trim_start();
    if text.starts_with('[') || text.starts_with('{') {
        return true;
    }
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && text[digits..].starts_with('.') {
        return true;
    }
    let first = text.split_whitespace().next().unwrap_or("");
    first
        .split_once(['-', 'x', 'X', ':'])
        .is_some_and(|(from, to)| is_square(from) && is_square(to))
}

/// `e8`, `b10`: a file letter and a rank number.
fn is_square(word: &str) -> bool {
    let mut chars = word.chars();
    let file = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rank = chars.as_str();
    file && (1..=2).contains(&rank.len()) && rank.chars().all(|c| c.is_ascii_digit())
}

/// Each move word of `text` with its byte offset in `text`; a `{` comment that is never
/// closed is an error at the offset of its `{` (the moves after it would be lost).
pub fn words(text: &str) -> Result<Vec<(usize, &str)>, usize> {
    let mut words = Vec::new();
    let mut comment = None;
    let mut start = None;
    for (i, c) in text.char_indices() {
        if comment.is_some() {
            if c == '}' {
                comment = None;
            }
            continue;
        }
        if c == '{' || c.is_whitespace() {
            if let Some(s) = start.take() {
                push_word(&mut words, s, &text[s..i]);
            }
            if c == '{' {
                comment = Some(i);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(open) = comment {
        return Err(open);
    }
    if let Some(s) = start {
        push_word(&mut words, s, &text[s..]);
    }
    Ok(words)
}

/// Adds `word` (at `at`) without its leading move number, if it has one.
fn push_word<'a>(words: &mut Vec<(usize, &'a str)>, at: usize, word: &'a str) {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &word[digits..];
    let dots = after.len() - after.trim_start_matches('.').len();
    if digits > 0 && dots > 0 {
        // `1.`, `12...` or `1.b1-b3`: the number goes, a glued move stays.
        let rest = &after[dots..];
        if !rest.is_empty() {
            words.push((at + digits + dots, rest));
        }
    } else {
        words.push((at, word));
    }
}

/// Whether a word of move text is a result: `1-0`, `0-1`, `1/2-1/2` (or `½-½`), `*`.
pub(crate) fn is_result_word(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Vec<&str> {
        words(text).unwrap().into_iter().map(|(_, w)| w).collect()
    }

    #[test]
    fn numbers_and_comments_are_left_out() {
        assert_eq!(
            plain("1. b1-b3 h3-e3 {a quiet start} 2. b3xe3 1-0"),
            ["b1-b3", "h3-e3", "b3xe3", "1-0"]
        );
        assert_eq!(
            plain("1.b1-b3 h3-e3 2...c1-c3"),
            ["b1-b3", "h3-e3", "c1-c3"]
        );
        assert_eq!(plain("{only a comment}"), Vec::<&str>::new());
        assert_eq!(plain("b1-b3{glued}h3-e3"), ["b1-b3", "h3-e3"]);
    }

    #[test]
    fn offsets_point_at_the_words() {
        let text = "1.b1-b3  {x} h3-e3";
        for (at, word) in words(text).unwrap() {
            assert_eq!(&text[at..at + word.len()], word);
        }
        assert_eq!(words(text).unwrap()[0].0, 2);
        assert_eq!(words("1. b1-b3 {never closed h3-e3"), Err(9));
    }

    #[test]
    fn tags_words_and_comments_with_their_places() {
        let text =
            "[Event \"Club \\\"night\\\"\"]\n[Round \"3\"]\n1. b1-b3 {quiet} h3-e3 {a} {b}\n";
        let parsed = parse(text).unwrap();
        assert_eq!(parsed.tags[0].0, "Event");
        assert_eq!(parsed.tags[0].1, "Club \"night\"");
        assert_eq!(parsed.tags[1].1, "3");
        let (at, word) = parsed.words[0];
        assert_eq!(&text[at..at + word.len()], "b1-b3");
        let comments: Vec<(&str, usize)> =
            parsed.comments.iter().map(|&(_, c, n)| (c, n)).collect();
        assert_eq!(comments, [("quiet", 1), ("a", 2), ("b", 2)]);
        assert_eq!(&text[parsed.comments[0].0..][..5], "quiet");
        assert!(parse("[Event Club]").is_err());
        assert!(parse("[Event \"Club").is_err());
        assert_eq!(parse("1. b1-b3 {open").unwrap_err().0, 9);
    }

    #[test]
    fn move_text_is_told_by_its_start() {
        assert!(looks_like_move_text("\u{feff}\n1. b1-b3"));
        assert!(looks_like_move_text("[Event \"x\"]"));
        assert!(looks_like_move_text("12...c4-e6"));
        assert!(!looks_like_move_text("Bring the clocks."));
        assert!(!looks_like_move_text("2026 results"));
        assert!(looks_like_move_text("e8-e6 a6-d6 c8-f5"));
        assert!(looks_like_move_text("\n b3xe3 h3-e3"));
        assert!(!looks_like_move_text("re-elect the board"));
        assert!(!looks_like_move_text("a-b"));
    }

    #[test]
    fn results_are_words_of_their_own() {
        assert!(is_result_word("1-0") && is_result_word("½-½") && is_result_word("*"));
        assert!(!is_result_word("b1-b3"));
    }
}
