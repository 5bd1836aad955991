//! Any bytes as a Shoreline sheet template and as a theme file. Nothing may panic; a
//! template that parses draws a sheet (or is refused for its sizes), recoloured by the
//! theme when that parses too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen::backend::{self, Format};
use sheetgen::games::shoreline::{self, SheetOptions, Template};
use sheetgen::input::SourceFile;
use sheetgen::page::{PageSetup, Paper};
use sheetgen::theme::Theme;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let theme = Theme::parse(&source);
    if let Err(e) = &theme {
        let _ = e.render(false);
    }
    let template = match Template::parse(&source) {
        Ok(template) => template,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    // The input's length picks the sheet's shape, so every shape gets tried.
    let n = data.len();
    let options = SheetOptions {
        boards: n % shoreline::MAX_BOARDS + 1,
        page: PageSetup {
            paper: if n % 2 == 0 { Paper::A4 } else { Paper::Letter },
            landscape: n % 3 == 0,
        },
        first: shoreline::Side::default(),
        rules: n % 5 != 0,
        template,
        games: Vec::new(),
    };
    let Ok(mut document) = shoreline::sheet(&options) else {
        return;
    };
    if let Ok(theme) = &theme {
        for page in &mut document.pages {
            theme.apply(page);
        }
    }
    let _ = backend::render(&document, Format::Svg);
});
