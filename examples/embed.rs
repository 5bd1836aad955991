//! sheetgen inside another program: a record's text in, the figure's SVG out, with no files,
//! command line or process involved (the core builds for WebAssembly). Run it with
//! `cargo run --example embed`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let record = "game: shoreline\nmoves: [E, B1, B, B, D, D, C, D, A, C2]\n";
    let request = sheetgen_core::api::Request::from_json(r#"{"at": 6, "marks": ["b2:circle"]}"#)?;
    let svg = sheetgen_core::api::render("evening.yaml", record, &request)?;
    let summary = sheetgen_core::api::summary("evening.yaml", record, None)?;
    println!("{} bytes of SVG; the game: {}", svg.len(), summary.outcome);
    // An illegal move is an error that names it, the way `sheetgen check` does.
    let broken = "game: shoreline\nmoves: [A, A, A, A, A, A]\n";
    if let Err(e) = sheetgen_core::api::render("broken.yaml", broken, &request) {
        eprintln!("{}", e.message());
    }
    Ok(())
}
