//! A small line diff for failure messages: the golden cases and the gallery show what
//! changed, not only that something did.

/// Lines of context around each change.
const CONTEXT: usize = 2;
/// Characters of a line shown; the font data of an SVG is one line of tens of kilobytes.
const WIDTH: usize = 160;
/// Longest diff shown: the rest is counted, not printed.
const MAX_LINES: usize = 80;
/// Above this many cells the middle is shown as removed then added, without a search.
const MAX_CELLS: usize = 4_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    /// A line in both, by its index in the expected and the actual text.
    Same(usize, usize),
    /// An expected line missing from the actual text.
    Removed(usize),
    /// An actual line the expected text does not have.
    Added(usize),
}

/// A unified diff of `expected` against `actual` (`-` expected, `+` actual), at most
/// [`MAX_LINES`] lines, each cut to [`WIDTH`] characters around its first difference.
/// Empty when the texts are equal.
pub fn line_diff(expected: &str, actual: &str) -> String {
    if expected == actual {
        return String::new();
    }
    let a: Vec<&str> = expected.split('\n').collect();
    let b: Vec<&str> = actual.split('\n').collect();
    let ops = operations(&a, &b);
    let changed: Vec<usize> = (0..ops.len())
        .filter(|&i| !matches!(ops[i], Op::Same(..)))
        .collect();
    // Group the changes whose context touches, and print each group as a hunk.
    let mut hunks: Vec<(usize, usize)> = Vec::new();
    for &i in &changed {
        let (start, end) = (i.saturating_sub(CONTEXT), (i + CONTEXT + 1).min(ops.len()));
        match hunks.last_mut() {
            Some(last) if start <= last.1 => last.1 = end,
            _ => hunks.push((start, end)),
        }
    }
    let mut lines: Vec<String> = Vec::new();
    for (start, end) in hunks {
        let (a_start, b_start) = first_lines(&ops, start);
        let a_count = ops[start..end]
            .iter()
            .filter(|o| !matches!(o, Op::Added(_)))
            .count();
        let b_count = ops[start..end]
            .iter()
            .filter(|o| !matches!(o, Op::Removed(_)))
            .count();
        lines.push(format!(
            "@@ -{},{a_count} +{},{b_count} @@",
            a_start + 1,
            b_start + 1
        ));
        let mut i = start;
        while i < end {
            match ops[i] {
                Op::Same(x, _) => {
                    lines.push(format!(" {}", shown(a[x], 0)));
                    i += 1;
                }
                _ => {
                    // A run of removed lines then added ones: pair them so each pair is cut
                    // around the same place, where they first differ.
                    let removed: Vec<usize> = ops[i..end]
                        .iter()
                        .map_while(|o| match o {
                            Op::Removed(x) => Some(*x),
                            _ => None,
                        })
                        .collect();
                    i += removed.len();
                    let added: Vec<usize> = ops[i..end]
                        .iter()
                        .map_while(|o| match o {
                            Op::Added(y) => Some(*y),
                            _ => None,
                        })
                        .collect();
                    i += added.len();
                    let from = |k: usize| match (removed.get(k), added.get(k)) {
                        (Some(&x), Some(&y)) => window_start(a[x], b[y]),
                        _ => 0,
                    };
                    for (k, &x) in removed.iter().enumerate() {
                        lines.push(format!("-{}", shown(a[x], from(k))));
                    }
                    for (k, &y) in added.iter().enumerate() {
                        lines.push(format!("+{}", shown(b[y], from(k))));
                    }
                }
            }
        }
    }
    if changed.is_empty() {
        lines.push("(the texts differ only in their line endings)".into());
    }
    let total = lines.len();
    if total > MAX_LINES {
        lines.truncate(MAX_LINES);
        lines.push(format!("… {} more lines of diff", total - MAX_LINES));
    }
    lines.join("\n")
}

/// The expected and actual line numbers (from 0) of `ops[at]`: the lines before it.
fn first_lines(ops: &[Op], at: usize) -> (usize, usize) {
    let a = ops[..at]
        .iter()
        .filter(|o| !matches!(o, Op::Added(_)))
        .count();
    let b = ops[..at]
        .iter()
        .filter(|o| !matches!(o, Op::Removed(_)))
        .count();
    (a, b)
}

/// The shortest edit from `a` to `b`: common ends kept, the middle by longest common
/// subsequence.
fn operations(a: &[&str], b: &[&str]) -> Vec<Op> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_mid, b_mid) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut ops: Vec<Op> = (0..prefix).map(|i| Op::Same(i, i)).collect();
    let (n, m) = (a_mid.len(), b_mid.len());
    if (n + 1) * (m + 1) > MAX_CELLS {
        ops.extend((0..n).map(|i| Op::Removed(prefix + i)));
        ops.extend((0..m).map(|j| Op::Added(prefix + j)));
    } else {
        // lcs[i * (m + 1) + j]: the longest common subsequence of a_mid[i..] and b_mid[j..].
        let mut lcs = vec![0u32; (n + 1) * (m + 1)];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[i * (m + 1) + j] = if a_mid[i] == b_mid[j] {
                    lcs[(i + 1) * (m + 1) + j + 1] + 1
                } else {
                    lcs[(i + 1) * (m + 1) + j].max(lcs[i * (m + 1) + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && a_mid[i] == b_mid[j] {
                ops.push(Op::Same(prefix + i, prefix + j));
                i += 1;
                j += 1;
            } else if j < m && (i == n || lcs[i * (m + 1) + j + 1] >= lcs[(i + 1) * (m + 1) + j]) {
                ops.push(Op::Added(prefix + j));
                j += 1;
            } else {
                ops.push(Op::Removed(prefix + i));
                i += 1;
            }
        }
        // Removed lines before added ones in each run, as diffs are read.
        let mut k = 0;
        while k < ops.len() {
            let end = (k..ops.len())
                .find(|&e| matches!(ops[e], Op::Same(..)))
                .unwrap_or(ops.len());
            ops[k..end].sort_by_key(|o| matches!(o, Op::Added(_)));
            k = end + 1;
        }
    }
    let (a_end, b_end) = (a.len() - suffix, b.len() - suffix);
    ops.extend((0..suffix).map(|k| Op::Same(a_end + k, b_end + k)));
    ops
}

/// Where to start showing two lines so that their first difference is in view.
fn window_start(x: &str, y: &str) -> usize {
    if x.chars().count() <= WIDTH && y.chars().count() <= WIDTH {
        return 0;
    }
    let first = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
    first.saturating_sub(WIDTH / 4)
}

/// `line` from character `start`, at most [`WIDTH`] characters, control characters visible.
fn shown(line: &str, start: usize) -> String {
    let total = line.chars().count();
    let mut out = String::new();
    if start > 0 {
        out.push_str(&format!("…({start} characters) "));
    }
    for c in line.chars().skip(start).take(WIDTH) {
        match c {
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    let rest = total.saturating_sub(start + WIDTH);
    if rest > 0 {
        out.push_str(&format!(" …({rest} more characters)"));
    }
    out
}

#[test]
fn the_diff_shows_each_change_with_its_context() {
    let expected = "a\nb\nc\nd\ne\nf\ng\nh\ni\n";
    let actual = "a\nb\nC\nd\ne\nf\ng\nh\ni\nj\n";
    assert_eq!(
        line_diff(expected, actual),
        "@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n e\n@@ -8,3 +8,4 @@\n h\n i\n+j\n "
    );
    assert_eq!(line_diff("x\n", "x\n"), "");
    assert_eq!(line_diff("x\r\n", "x\n"), "@@ -1,2 +1,2 @@\n-x\\r\n+x\n ");
    let long_a = format!("{}A{}", "x".repeat(500), "y".repeat(500));
    let long_b = format!("{}B{}", "x".repeat(500), "y".repeat(500));
    let diff = line_diff(&long_a, &long_b);
    assert!(diff.contains("-…(460 characters) "), "{diff}");
    assert!(diff.contains("xA") && diff.contains("xB"), "{diff}");
}
