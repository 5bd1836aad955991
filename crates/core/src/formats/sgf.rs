//! SGF (Smart Game Format) as servers and programs write it: a collection of game trees,
//! each read along its main line (the first variation at every branch). Property names
//! are compared the FF[3] way, lower-case letters ignored (`GaMe` is `GM`); a UTF-8
//! byte-order mark is skipped. Nothing here knows a game: properties are names and texts.
//! Hand-written, not a crate: every error points at the byte where the SGF goes wrong, and
//! a malformed file of any size is refused in one linear pass.

use crate::diagnostic::Diagnostic;
use crate::input::SourceFile;

/// One property value: the property's name (upper-case letters only), the value with SGF
/// escapes resolved, and the byte offset of the value in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    pub name: String,
    pub value: String,
    pub at: usize,
    /// The offset of the property's name, for problems with the property as a whole.
    pub name_at: usize,
}

/// A node: its properties in order, one entry per value (`AB[a1][b2]` gives two).
pub(crate) type Node = Vec<Property>;

/// One game tree's main line, node by node, and where the tree starts in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameTree {
    pub nodes: Vec<Node>,
    pub at: usize,
    /// Each variation that branches off the main line and is left out: the byte offset of
    /// its `(` and how many main-line nodes come before it.
    pub dropped: Vec<(usize, usize)>,
}

impl GameTree {
    /// The root node's property `name`, if given.
    pub fn root(&self, name: &str) -> Option<&Property> {
        self.nodes.first()?.iter().find(|p| p.name == name)
    }
}

/// A located problem in an SGF file.
pub(crate) fn error_at(source: &SourceFile, byte: usize, message: impl Into<String>) -> Diagnostic {
    let (line, column) = source.line_column(byte);
    Diagnostic::at(&source.path, &source.text, line, column, message)
}

/// Every game tree of the file, in order, each along its main line.
pub(crate) fn collection(source: &SourceFile) -> Result<Vec<GameTree>, Diagnostic> {
    let mut reader = Reader {
        source,
        text: &source.text,
        i: if source.text.starts_with('\u{feff}') {
            3
        } else {
            0
        },
    };
    let mut trees = Vec::new();
    loop {
        reader.skip_space();
        match reader.peek() {
            None => break,
            Some(b'(') => trees.push(reader.game_tree()?),
            Some(_) => {
                let what = if trees.is_empty() {
                    "this is not SGF: a game starts with `(;`"
                } else {
                    "after a game tree only another one, `(;…)`, may follow"
                };
                return Err(error_at(source, reader.i, what));
            }
        }
    }
    if trees.is_empty() {
        return Err(Diagnostic::file(&source.path, "the SGF file holds no game"));
    }
    Ok(trees)
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    source: &'a SourceFile,
    text: &'a str,
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.i).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn error(&self, at: usize, message: impl Into<String>) -> Diagnostic {
        error_at(self.source, at, message)
    }

    /// `( sequence subtrees )` from its `(`, along the first variation; the other
    /// variations are read (so the file is checked) and left out. Read with a stack, not
    /// by recursion, so deep nesting cannot exhaust the call stack.
    fn game_tree(&mut self) -> Result<GameTree, Diagnostic> {
        let at = self.i;
        let mut nodes = Vec::new();
        let mut dropped = Vec::new();
        // Every open tree: where it opened, whether its nodes are on the main line, and
        // whether a variation of it has started (nodes after one are not in the sequence).
        struct Open {
            at: usize,
            main: bool,
            branched: bool,
            /// Main-line nodes before its first variation.
            nodes_at_branch: usize,
        }
        let mut open: Vec<Open> = Vec::new();
        loop {
            self.skip_space();
            match (self.peek(), open.last_mut()) {
                (Some(b'('), parent) => {
                    // Only a tree's first variation continues the main line.
                    let main = match parent {
                        None => true,
                        Some(parent) => {
                            let first = parent.main && !parent.branched;
                            if parent.main && parent.branched {
                                dropped.push((self.i, parent.nodes_at_branch));
                            } else if !parent.branched {
                                parent.nodes_at_branch = nodes.len();
                            }
                            parent.branched = true;
                            first
                        }
                    };
                    open.push(Open {
                        at: self.i,
                        main,
                        branched: false,
                        nodes_at_branch: 0,
                    });
                    self.i += 1;
                }
                (Some(b')'), Some(_)) => {
                    self.i += 1;
                    open.pop();
                    if open.is_empty() {
                        break;
                    }
                }
                (Some(b';'), Some(tree)) => {
                    let keep = tree.main && !tree.branched;
                    self.i += 1;
                    let node = self.properties()?;
                    if keep {
                        nodes.push(node);
                    }
                }
                (None, Some(tree)) => {
                    return Err(self.error(
                        tree.at,
                        "the SGF file ends before its game tree is closed with `)`",
                    ));
                }
                _ => {
                    return Err(self.error(
                        self.i,
                        "this is not SGF: expected `(`, `;`, `)` or a property like B[e1-e3]",
                    ));
                }
            }
        }
        if nodes.is_empty() {
            return Err(self.error(at, "this game tree has no node: write `(;` to start one"));
        }
        Ok(GameTree { nodes, at, dropped })
    }

    /// The properties of one node, up to the next `;`, `(` or `)`.
    fn properties(&mut self) -> Result<Node, Diagnostic> {
        let mut node = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => {
                    let name_at = self.i;
                    while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                        self.i += 1;
                    }
                    let written = &self.text[name_at..self.i];
                    // FF[3] names may hold lower-case letters, which do not count.
                    let name: String = written.chars().filter(char::is_ascii_uppercase).collect();
                    if name.is_empty() {
                        return Err(self.error(
                            name_at,
                            format!("`{written}` is not an SGF property name (it needs capitals)"),
                        ));
                    }
                    let before = node.len();
                    loop {
                        self.skip_space();
                        if self.peek() != Some(b'[') {
                            break;
                        }
                        let at = self.i + 1;
                        let value = self.value()?;
                        node.push(Property {
                            name: name.clone(),
                            value,
                            at,
                            name_at,
                        });
                    }
                    if node.len() == before {
                        return Err(self.error(
                            name_at,
                            format!("the SGF property {written} has no value in brackets"),
                        ));
                    }
                }
                _ => return Ok(node),
            }
        }
    }

    /// A `[…]` value, escapes resolved (`\]`, `\\`; a backslash before a line break joins
    /// the lines).
    fn value(&mut self) -> Result<String, Diagnostic> {
        let open = self.i;
        self.i += 1;
        let mut value = String::new();
        loop {
            let Some(c) = self.text[self.i..].chars().next() else {
                return Err(self.error(open, "this SGF value is never closed with `]`"));
            };
            self.i += c.len_utf8();
            match c {
                ']' => return Ok(value),
                '\\' => {
                    if let Some(next) = self.text[self.i..].chars().next() {
                        self.i += next.len_utf8();
                        if next != '\n' {
                            value.push(next);
                        }
                    }
                }
                c => value.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<GameTree>, Diagnostic> {
        collection(&SourceFile::new("g.sgf", text))
    }

    fn names(tree: &GameTree) -> Vec<Vec<&str>> {
        tree.nodes
            .iter()
            .map(|n| n.iter().map(|p| p.name.as_str()).collect())
            .collect()
    }

    #[test]
    fn the_main_line_runs_through_first_variations() {
        let trees = read("(;GM[9];B[a];W[b](;B[c];W[d])(;B[x]))").unwrap();
        let moves: Vec<&str> = trees[0]
            .nodes
            .iter()
            .flatten()
            .filter(|p| p.name != "GM")
            .map(|p| p.value.as_str())
            .collect();
        assert_eq!(moves, ["a", "b", "c", "d"]);
        let at = "(;GM[9];B[a];W[b](;B[c];W[d])".len();
        assert_eq!(trees[0].dropped, [(at, 3)], "the variation left out");
    }

    #[test]
    fn a_byte_order_mark_and_ff3_names_are_read() {
        let trees = read("\u{feff}(;GaMe[9]PlayerBlack[Ann])").unwrap();
        assert_eq!(names(&trees[0]), [["GM", "PB"]]);
        assert_eq!(trees[0].root("PB").unwrap().value, "Ann");
    }

    #[test]
    fn a_collection_gives_every_tree_and_junk_after_it_is_refused() {
        let trees = read("(;GM[9];B[a])\n(;GM[9];B[b])\n").unwrap();
        assert_eq!(trees.len(), 2);
        assert_eq!(trees[1].nodes[1][0].value, "b");
        let err = read("(;GM[9]) trailing words").unwrap_err();
        assert_eq!((err.line, err.column), (1, 10), "{err}");
        assert!(err.message.contains("only another one"), "{err}");
    }

    #[test]
    fn every_value_of_a_property_is_kept_and_escapes_resolved() {
        let trees = read("(;AB[a1][b2]C[a \\] b\\\\])").unwrap();
        let node = &trees[0].nodes[0];
        assert_eq!(node.len(), 3);
        assert_eq!(node[2].value, "a ] b\\");
    }

    #[test]
    fn deep_nesting_is_read_without_recursion() {
        let deep = format!(
            "(;GM[9]{}{})",
            "(;B[a]".repeat(200_000),
            ")".repeat(200_000)
        );
        let trees = read(&deep).unwrap();
        assert_eq!(trees[0].nodes.len(), 200_001);
    }

    #[test]
    fn broken_sgf_is_located() {
        for (text, line, column, words) in [
            ("(;GM[9]", 1, 1, "before its game tree is closed"),
            ("(;GM[9", 1, 5, "never closed"),
            ("(;GM 9)", 1, 3, "no value in brackets"),
            ("hello", 1, 1, "not SGF"),
        ] {
            let err = read(text).unwrap_err();
            assert_eq!((err.line, err.column), (line, column), "{text}: {err}");
            assert!(err.message.contains(words), "{text}: {err}");
        }
    }
}
