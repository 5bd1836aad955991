//! Move text as books and servers print it: `1. b1-b3 h3-e3 2. b3xe3 …`. Move numbers
//! (`1.`, `12...`, also glued to the move as in `1.b1-b3`) and `{comments}` are left out;
//! every other word is a move or a result for the game to read.

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
pub fn is_result_word(word: &str) -> bool {
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
    fn results_are_words_of_their_own() {
        assert!(is_result_word("1-0") && is_result_word("½-½") && is_result_word("*"));
        assert!(!is_result_word("b1-b3"));
    }
}
