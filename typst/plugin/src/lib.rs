//! sheetgen's core as a Typst plugin: each function takes its arguments as bytes and
//! returns bytes (the protocol of <https://typst.app/docs/reference/foundations/plugin/>).
//! `typst/lib.typ` wraps them in Typst functions. Errors are the report `sheetgen check`
//! prints, which Typst shows as the compile error.
//!
//! Every function takes the record's name (for error messages), its YAML text and a request
//! in JSON (see `sheetgen_core::api::Request`). The functions are plain Rust, so the native tests
//! call them as Typst does.

use sheetgen_core::api::{self, Request};

#[cfg(target_arch = "wasm32")]
use wasm_minimal_protocol::wasm_func;

#[cfg(target_arch = "wasm32")]
wasm_minimal_protocol::initiate_protocol!();

/// The figure the request asks for: SVG (or plain text with `"format": "text"`), the same
/// bytes `sheetgen render` writes.
#[cfg_attr(target_arch = "wasm32", wasm_func)]
pub fn render(name: &[u8], record: &[u8], request: &[u8]) -> Result<Vec<u8>, String> {
    let (name, record, request) = arguments(name, record, request)?;
    api::render(name, record, &request).map_err(said)
}

/// The game's summary as JSON: game, title, players, winner, score, moves, outcome.
#[cfg_attr(target_arch = "wasm32", wasm_func)]
pub fn summary(name: &[u8], record: &[u8], request: &[u8]) -> Result<Vec<u8>, String> {
    let (name, record, request) = arguments(name, record, request)?;
    let summary = api::summary(name, record, request.game).map_err(said)?;
    serde_json::to_vec(&summary).map_err(|e| e.to_string())
}

/// The game's moves (turns for Towers) in its notation, as a JSON list of strings.
#[cfg_attr(target_arch = "wasm32", wasm_func)]
pub fn moves(name: &[u8], record: &[u8], request: &[u8]) -> Result<Vec<u8>, String> {
    let (name, record, request) = arguments(name, record, request)?;
    let moves = api::moves(name, record, request.game).map_err(said)?;
    serde_json::to_vec(&moves).map_err(|e| e.to_string())
}

/// The error as Typst shows it: Typst writes its own "error:" before a plugin's message.
fn said(error: api::ApiError) -> String {
    let message = error.message();
    match message.strip_prefix("error: ") {
        Some(rest) => rest.to_string(),
        None => message,
    }
}

/// The most bytes each argument may hold, checked before any work: a record as a file may
/// (4 MiB), a request of options (a caption and annotations fit in far less; a review read
/// back, `analysis`, holds a line of some 200 bytes, escaped, a position of a game of up to
/// the thousand plies `--analysis` reviews), a name.
const LIMITS: [(&str, usize); 3] = [
    ("record", 4 * 1024 * 1024),
    ("request", 1024 * 1024),
    ("record's name", 1024),
];

fn arguments<'a>(
    name: &'a [u8],
    record: &'a [u8],
    request: &'a [u8],
) -> Result<(&'a str, &'a str, Request), String> {
    for ((what, most), given) in LIMITS.iter().zip([record, request, name]) {
        if given.len() > *most {
            return Err(format!(
                "the {what} is {} bytes, more than the {most} sheetgen takes",
                given.len()
            ));
        }
    }
    let text = |what: &str, bytes: &'a [u8]| {
        std::str::from_utf8(bytes).map_err(|e| format!("the {what} is not UTF-8 text: {e}"))
    };
    let request = Request::from_json(text("request", request)?).map_err(said)?;
    Ok((
        text("record's name", name)?,
        text("record", record)?,
        request,
    ))
}
