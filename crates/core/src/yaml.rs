//! YAML into typed values in two steps: serde-saphyr reads the text once into a tree of
//! located nodes ([`Node`]), and the typed structs are read from that tree by the small
//! deserializer here. serde-saphyr's deserializer is then compiled for one type, the tree,
//! instead of once for every record, template and theme struct: that made most of the
//! Typst plugin's size (issue 43). The tree deserializer answers as serde-saphyr's does
//! (the same error kinds, at the same places: a value's key, or the mapping's last key for
//! a missing one), so `input` words its errors as before.

use std::cell::Cell;
use std::fmt;

use serde::Deserialize;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess,
    Visitor,
};
use serde_saphyr::{Error, Location};

/// A value with its place in the file: where it is used (`referenced`) and, for a value
/// reached through an alias, where it is written (`defined`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    pub value: T,
    pub referenced: Location,
    pub defined: Location,
}

impl<T> Spanned<T> {
    pub const fn new(value: T, referenced: Location, defined: Location) -> Self {
        Self {
            value,
            referenced,
            defined,
        }
    }
}

/// The newtype name that asks the tree deserializer for a node's place.
const SPANNED: &str = "$sheetgen::Spanned";

thread_local! {
    /// The place of the node a `Spanned` is being read from, handed from the deserializer
    /// to `Spanned`'s visitor (serde passes no data beside the value itself).
    static PLACE: Cell<Option<(Location, Location)>> = const { Cell::new(None) };
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SpannedVisitor<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for SpannedVisitor<T> {
            type Value = Spanned<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a value")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<Self::Value, D::Error> {
                let (referenced, defined) = PLACE
                    .take()
                    .unwrap_or((Location::UNKNOWN, Location::UNKNOWN));
                Ok(Spanned::new(T::deserialize(d)?, referenced, defined))
            }
        }
        deserializer.deserialize_newtype_struct(SPANNED, SpannedVisitor(std::marker::PhantomData))
    }
}

/// A YAML node: its place and its value.
#[derive(Debug)]
pub(crate) struct Node {
    at: Location,
    defined: Location,
    value: Value,
}

#[derive(Debug)]
enum Value {
    /// A plain null (`~`, `null`, nothing): `None` for an option, refused as text.
    Null,
    /// A scalar's text (as written, for a plain one), and what YAML's schema reads it as.
    Scalar(String, Typed),
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

#[derive(Debug, Clone, Copy)]
enum Typed {
    Str,
    Bool(bool),
    U64(u64),
    I64(i64),
    F64(f64),
}

/// What serde-saphyr reads a node as; `Spanned<Tree>` is a [`Node`].
struct Tree(Value);

impl<'de> Deserialize<'de> for Tree {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TreeVisitor)
    }
}

struct TreeVisitor;

fn node(spanned: serde_saphyr::Spanned<Tree>) -> Node {
    Node {
        at: spanned.referenced,
        defined: spanned.defined,
        value: spanned.value.0,
    }
}

impl<'de> Visitor<'de> for TreeVisitor {
    type Value = Tree;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_unit<E>(self) -> Result<Tree, E> {
        Ok(Tree(Value::Null))
    }
    fn visit_none<E>(self) -> Result<Tree, E> {
        Ok(Tree(Value::Null))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(String::new(), Typed::Bool(v))))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(String::new(), Typed::U64(v))))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(String::new(), Typed::I64(v))))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(String::new(), Typed::F64(v))))
    }
    fn visit_str<E>(self, v: &str) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(v.to_string(), Typed::Str)))
    }
    fn visit_string<E>(self, v: String) -> Result<Tree, E> {
        Ok(Tree(Value::Scalar(v, Typed::Str)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tree, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(node(item));
        }
        Ok(Tree(Value::Seq(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tree, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry()? {
            entries.push((node(key), node(value)));
        }
        Ok(Tree(Value::Map(entries)))
    }
}

/// Reads `text`, one YAML document, into `T`.
pub(crate) fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    // An empty document is an empty mapping to a struct, as serde-saphyr reads it.
    let empty = text.lines().all(is_blank_or_comment);
    let top = tree(text, empty)?;
    T::deserialize(NodeDe {
        node: &top,
        fallback: top.at,
        empty,
    })
}

/// The document's tree (not generic, so compiled once).
fn tree(text: &str, empty: bool) -> Result<Node, Error> {
    if empty {
        return Ok(Node {
            at: Location::UNKNOWN,
            defined: Location::UNKNOWN,
            value: Value::Null,
        });
    }
    let options = serde_saphyr::options! { with_snippet: false };
    let top = serde_saphyr::from_str_with_options::<serde_saphyr::Spanned<Tree>>(text, options);
    let mut top = node(top?);
    written(&mut top, text);
    Ok(top)
}

fn is_blank_or_comment(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#') || line == "---" || line == "..."
}

/// Fills in the text of the scalars YAML read as numbers or booleans, as they are written
/// (`1.10`, `007`), from their place in `text`: a text key keeps its spelling.
fn written(node: &mut Node, text: &str) {
    match &mut node.value {
        Value::Scalar(written, typed) if !matches!(typed, Typed::Str) => {
            let span = node.defined.span();
            let at = |n: Option<u64>| n.map(|n| n as usize);
            *written = match (at(span.byte_offset()), at(span.byte_len())) {
                (Some(start), Some(len)) => text.get(start..start + len).map(str::to_string),
                _ => None,
            }
            .unwrap_or_else(|| match *typed {
                Typed::Bool(b) => b.to_string(),
                Typed::U64(n) => n.to_string(),
                Typed::I64(n) => n.to_string(),
                Typed::F64(x) => x.to_string(),
                Typed::Str => unreachable!(),
            });
        }
        Value::Seq(items) => items.iter_mut().for_each(|item| written(item, text)),
        Value::Map(entries) => entries.iter_mut().for_each(|(key, value)| {
            written(key, text);
            written(value, text);
        }),
        _ => {}
    }
}

/// `e` placed at `at` when it has no place yet, as serde-saphyr places the errors that
/// serde's derived code makes (at the key being read).
fn placed(e: Error, at: Location) -> Error {
    if e.location().is_some_and(|l| l != Location::UNKNOWN) {
        return e;
    }
    match e {
        Error::Message { msg, .. } => Error::Message { msg, location: at },
        Error::SerdeInvalidType {
            unexpected,
            expected,
            ..
        } => Error::SerdeInvalidType {
            unexpected,
            expected,
            location: at,
        },
        Error::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => Error::SerdeInvalidValue {
            unexpected,
            expected,
            location: at,
        },
        Error::SerdeInvalidLength { len, expected, .. } => Error::SerdeInvalidLength {
            len,
            expected,
            location: at,
        },
        Error::SerdeUnknownVariant {
            variant, expected, ..
        } => Error::SerdeUnknownVariant {
            variant,
            expected,
            location: at,
        },
        Error::SerdeUnknownField {
            field, expected, ..
        } => Error::SerdeUnknownField {
            field,
            expected,
            location: at,
        },
        Error::SerdeMissingField { field, .. } => Error::SerdeMissingField {
            field,
            location: at,
        },
        other => other,
    }
}

/// `e` placed as serde-saphyr places it: a type's own message (`de::Error::custom`) at the
/// value (`at`), serde's errors at the value's key (`key`).
fn placed_as_saphyr(e: Error, at: Location, key: Location) -> Error {
    match e {
        Error::Message { .. } => placed(e, at),
        e => placed(e, key),
    }
}

/// Reads a typed value from a node. `fallback` is where serde's own errors go: the key
/// whose value this is, or the node itself.
struct NodeDe<'a> {
    node: &'a Node,
    fallback: Location,
    /// The node is a whole document with nothing in it.
    empty: bool,
}

impl<'a> NodeDe<'a> {
    fn child(node: &'a Node, fallback: Location) -> Self {
        Self {
            node,
            fallback,
            empty: false,
        }
    }

    fn unexpected(&self, expected: &'static str) -> Error {
        Error::Unexpected {
            expected,
            location: self.node.at,
        }
    }

    /// The scalar's text, or the error serde-saphyr gives for a list or mapping there.
    fn text(&self) -> Result<&'a str, Error> {
        match &self.node.value {
            Value::Scalar(text, _) => Ok(text),
            Value::Null => Ok(""),
            _ => Err(self.unexpected("string scalar")),
        }
    }

    fn invalid(&self, ty: &'static str) -> Error {
        Error::InvalidScalar {
            ty,
            location: self.node.at,
        }
    }

    fn unsigned<T: TryFrom<u128>>(&self, ty: &'static str) -> Result<T, Error> {
        let n = match self.node.value {
            Value::Scalar(_, Typed::U64(n)) => Some(u128::from(n)),
            _ => parse_unsigned(self.text()?),
        };
        n.and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| self.invalid(ty))
    }

    fn signed<T: TryFrom<i128>>(&self, ty: &'static str) -> Result<T, Error> {
        let n = match self.node.value {
            Value::Scalar(_, Typed::U64(n)) => Some(i128::from(n)),
            Value::Scalar(_, Typed::I64(n)) => Some(i128::from(n)),
            _ => {
                let text = self.text()?.trim();
                match text.strip_prefix('-') {
                    Some(rest) => parse_unsigned(rest)
                        .and_then(|n| i128::try_from(n).ok())
                        .map(|n| -n),
                    None => parse_unsigned(text).and_then(|n| i128::try_from(n).ok()),
                }
            }
        };
        n.and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| self.invalid(ty))
    }

    fn float(&self) -> Result<f64, Error> {
        match self.node.value {
            Value::Scalar(_, Typed::F64(x)) => Ok(x),
            Value::Scalar(_, Typed::U64(n)) => Ok(n as f64),
            Value::Scalar(_, Typed::I64(n)) => Ok(n as f64),
            _ => parse_float(self.text()?).ok_or_else(|| self.invalid("f64")),
        }
    }

    /// `result` with its error placed as serde-saphyr places it: a type's own message
    /// (`de::Error::custom`) at this value, serde's errors at its key (the fallback).
    fn placed<T>(&self, result: Result<T, Error>) -> Result<T, Error> {
        result.map_err(|e| placed_as_saphyr(e, self.node.at, self.fallback))
    }
}

/// A YAML 1.2 unsigned integer: decimal without leading zeros, or `0x`, `0o`, `0b`.
fn parse_unsigned(text: &str) -> Option<u128> {
    let text = text.trim();
    let text = text.strip_prefix('+').unwrap_or(text);
    let (radix, digits) = match text.get(..2) {
        Some("0x" | "0X") => (16, &text[2..]),
        Some("0o" | "0O") => (8, &text[2..]),
        Some("0b" | "0B") => (2, &text[2..]),
        _ if text.len() > 1 && text.starts_with('0') => return None,
        _ => (10, text),
    };
    if digits.is_empty() || digits.starts_with(['+', '-']) {
        return None;
    }
    u128::from_str_radix(digits, radix).ok()
}

fn parse_float(text: &str) -> Option<f64> {
    let text = text.trim();
    match text {
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Some(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Some(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => Some(f64::NAN),
        _ if text.contains(|c: char| c.is_ascii_digit()) => text.parse().ok(),
        _ => None,
    }
}

fn yaml11_bool(text: &str) -> Option<bool> {
    let t = text.trim();
    let any = |words: [&str; 4]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
    if any(["true", "yes", "y", "on"]) {
        Some(true)
    } else if any(["false", "no", "n", "off"]) {
        Some(false)
    } else {
        None
    }
}

impl<'de, 'a> Deserializer<'de> for NodeDe<'a> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match &self.node.value {
            Value::Null => visitor.visit_unit(),
            Value::Scalar(text, typed) => match *typed {
                Typed::Str => visitor.visit_str(text),
                Typed::Bool(b) => visitor.visit_bool(b),
                Typed::U64(n) => visitor.visit_u64(n),
                Typed::I64(n) => visitor.visit_i64(n),
                Typed::F64(x) => visitor.visit_f64(x),
            },
            Value::Seq(_) => return self.deserialize_seq(visitor),
            Value::Map(_) => return self.deserialize_map(visitor),
        };
        self.placed(result)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let b = match self.node.value {
            Value::Scalar(_, Typed::Bool(b)) => b,
            _ => yaml11_bool(self.text()?).ok_or_else(|| self.invalid("boolean"))?,
        };
        self.placed(visitor.visit_bool(b))
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.signed("i8")?;
        self.placed(visitor.visit_i8(n))
    }
    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.signed("i16")?;
        self.placed(visitor.visit_i16(n))
    }
    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.signed("i32")?;
        self.placed(visitor.visit_i32(n))
    }
    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.signed("i64")?;
        self.placed(visitor.visit_i64(n))
    }
    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.unsigned("u8")?;
        self.placed(visitor.visit_u8(n))
    }
    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.unsigned("u16")?;
        self.placed(visitor.visit_u16(n))
    }
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.unsigned("u32")?;
        self.placed(visitor.visit_u32(n))
    }
    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.unsigned("u64")?;
        self.placed(visitor.visit_u64(n))
    }
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let x = self.float()?;
        self.placed(visitor.visit_f32(x as f32))
    }
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let x = self.float()?;
        self.placed(visitor.visit_f64(x))
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Value::Null = self.node.value {
            return Err(Error::NullIntoString {
                location: self.node.at,
            });
        }
        let text = self.text()?;
        self.placed(visitor.visit_str(text))
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node.value {
            Value::Null => self.placed(visitor.visit_none()),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node.value {
            Value::Null => self.placed(visitor.visit_unit()),
            _ => Err(self.unexpected("null")),
        }
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == SPANNED {
            PLACE.set(Some((self.node.at, self.node.defined)));
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let items: &[Node] = match &self.node.value {
            Value::Seq(items) => items,
            _ if self.empty => &[],
            _ => return Err(self.unexpected("sequence start")),
        };
        let last = Cell::new(self.node.at);
        let seq = Items {
            items: items.iter(),
            last: &last,
        };
        visitor.visit_seq(seq).map_err(|e| placed(e, last.get()))
    }
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let entries: &[(Node, Node)] = match &self.node.value {
            Value::Map(entries) => entries,
            _ if self.empty => &[],
            _ => return Err(self.unexpected("mapping start")),
        };
        let last = Cell::new(self.node.at);
        let map = Entries {
            entries: entries.iter(),
            value: None,
            last: &last,
        };
        visitor.visit_map(map).map_err(|e| placed(e, last.get()))
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let result = match &self.node.value {
            Value::Map(entries) if entries.len() == 1 => {
                let last = Cell::new(self.node.at);
                let map = Entries {
                    entries: entries.iter(),
                    value: None,
                    last: &last,
                };
                visitor.visit_enum(de::value::MapAccessDeserializer::new(map))
            }
            Value::Scalar(text, _) => visitor.visit_enum(text.as_str().into_deserializer()),
            _ => return Err(self.unexpected("string scalar")),
        };
        result.map_err(|e| placed(e, self.node.at))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let text = self.text()?;
        self.placed(visitor.visit_str(text))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }
}

/// A list's items; `last` is the place of the item read last.
struct Items<'a, 'b> {
    items: std::slice::Iter<'a, Node>,
    last: &'b Cell<Location>,
}

impl<'de> SeqAccess<'de> for Items<'_, '_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        self.last.set(item.at);
        seed.deserialize(NodeDe::child(item, item.at))
            .map(Some)
            .map_err(|e| placed(e, item.at))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// A mapping's entries; `last` is the place of the key read last.
struct Entries<'a, 'b> {
    entries: std::slice::Iter<'a, (Node, Node)>,
    value: Option<(&'a Node, Location)>,
    last: &'b Cell<Location>,
}

impl<'de> MapAccess<'de> for Entries<'_, '_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.last.set(key.at);
        self.value = Some((value, key.at));
        seed.deserialize(NodeDe::child(key, key.at)).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let (value, key) = self
            .value
            .take()
            .expect("serde asks for a key before its value");
        seed.deserialize(NodeDe::child(value, key))
            .map_err(|e| placed_as_saphyr(e, value.at, key))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        title: Spanned<String>,
        count: Option<u32>,
        flag: Option<bool>,
        list: Option<Vec<String>>,
    }

    #[test]
    fn a_plain_scalar_reads_as_written_into_text_and_as_its_value_into_a_number() {
        let doc: Doc =
            from_str("title: 1.10\ncount: \"0x10\"\nflag: yes\nlist: [007, ~x, true]\n").unwrap();
        assert_eq!(doc.title.value, "1.10");
        assert_eq!(
            (doc.title.referenced.line(), doc.title.referenced.column()),
            (1, 8)
        );
        assert_eq!((doc.count, doc.flag), (Some(16), Some(true)));
        assert_eq!(doc.list.unwrap(), ["007", "~x", "true"]);
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Plain {
        title: String,
        count: Option<u32>,
        flag: Option<bool>,
        list: Option<Vec<String>>,
        inner: Option<Inner>,
        unit: Option<Unit>,
        even: Option<Even>,
        line: Option<Line>,
    }

    /// A text, refused as a mapping by the type's own words, as `record::Moves` is.
    #[derive(Debug, PartialEq)]
    struct Line(String);

    impl<'de> Deserialize<'de> for Line {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct LineVisitor;
            impl<'de> Visitor<'de> for LineVisitor {
                type Value = Line;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a line")
                }
                fn visit_str<E: de::Error>(self, text: &str) -> Result<Line, E> {
                    Ok(Line(text.to_string()))
                }
                fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<Line, A::Error> {
                    Err(de::Error::custom("a line, not a mapping"))
                }
            }
            d.deserialize_any(LineVisitor)
        }
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Unit {
        Mm,
        Pt,
    }

    /// An even number: an odd one is refused by the type's own code (`de::Error::custom`).
    #[derive(Debug, PartialEq)]
    struct Even(u32);

    impl<'de> Deserialize<'de> for Even {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let n = u32::deserialize(d)?;
            if n % 2 == 1 {
                return Err(de::Error::custom(format!("{n} is odd")));
            }
            Ok(Even(n))
        }
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        x: i32,
        y: Option<f64>,
    }

    #[test]
    fn the_tree_reads_as_serde_saphyr_reads_the_text_itself() {
        // The same value, or the same kind of error at the same place, as serde-saphyr's
        // own deserializer gives for the typed struct.
        for text in [
            "title: 1.10\ncount: +12\nflag: off\nlist: [007, ~x, true, 1e3]\n",
            "title: x\ninner: {x: -3, y: 2}\n",
            "title: x\n  \nextra: 1\n",
            "count: 1\nflag: no\n",
            "title: x\ninner:\n  y: 1.5\n",
            "title: [x]\n",
            "title: x\ncount: many\n",
            "title: x\ncount: -1\n",
            "title: x\nflag: maybe\n",
            "title:\n",
            "title: x\nlist: a\n",
            "title: x\ninner: 3\n",
            "title: x\ninner: {x: 1, z: 2}\n",
            "title: &t x\nlist: [*t, *t]\n",
            "title: x\ntitle: y\n",
            "title: x\nunit: pt\neven: 4\n",
            "title: x\nunit:   cm\n",
            "title: x\neven:   3\n",
            "title: x\nlist:\n  - a\n  - [b]\n",
            "title: x\nline: a b\n",
            "title: x\nline:\n  a: 1\n  b: 2\n",
            "title: x\nline: {a: 1}\n",
        ] {
            let options = serde_saphyr::options! { with_snippet: false };
            let theirs = serde_saphyr::from_str_with_options::<Plain>(text, options);
            let ours = from_str::<Plain>(text);
            match (theirs, ours) {
                (Ok(theirs), Ok(ours)) => assert_eq!(theirs, ours, "{text}"),
                (Err(theirs), Err(ours)) => {
                    let (theirs, ours) = (theirs.without_snippet(), ours.without_snippet());
                    assert_eq!(
                        std::mem::discriminant(theirs),
                        std::mem::discriminant(ours),
                        "{text}: {theirs} / {ours}"
                    );
                    let place = |e: &Error| e.location().map(|at| (at.line(), at.column()));
                    assert_eq!(place(theirs), place(ours), "{text}: {theirs}");
                    assert_eq!(theirs.to_string(), ours.to_string(), "{text}");
                }
                (theirs, ours) => panic!("{text}: {theirs:?} / {ours:?}"),
            }
        }
    }
}
