//! Any bytes as a sheet template of each game and as a theme file. Nothing may panic; a
//! template that parses draws its sheet (or is refused for its sizes), recoloured by the
//! theme when that parses too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sheetgen_core::backend::{self, Format};
use sheetgen_core::games::shoreline::{self, SheetOptions, Template};
use sheetgen_core::games::{loa, towers};
use sheetgen_core::input::SourceFile;
use sheetgen_core::page::{PageSetup, Paper};
use sheetgen_core::theme::Theme;

fuzz_target!(|data: &[u8]| {
    let Ok(source) = SourceFile::from_bytes("fuzz.yaml", data.to_vec()) else {
        return;
    };
    let theme = Theme::parse(&source);
    if let Err(e) = &theme {
        let _ = e.render(false);
    }
    let n = data.len();
    let page = PageSetup {
        paper: if n % 2 == 0 { Paper::A4 } else { Paper::Letter },
        landscape: n % 3 == 0,
    };
    if let Ok(template) = towers::template::Template::parse(&source) {
        let options = towers::sheet::SheetOptions {
            page,
            template,
            rules: n % 5 != 0,
        };
        // A name or date line that cannot fit even at 7 pt is refused, not drawn.
        if let Ok(sheet) = towers::sheet::play_sheet(&options) {
            let _ = backend::render(sheet, Format::Svg);
        }
    }
    if let Ok(template) = loa::template::Template::parse(&source) {
        let rules = loa::game::Rules::default();
        let _ = backend::render(loa::sheet::scoresheet(page, &rules, &template), Format::Svg);
        let options = loa::sheet::SheetOptions {
            page,
            rules,
            empty: false,
            short_rules: n % 5 != 0,
            template,
        };
        // A footer or rules leaving the board too little room is refused, not drawn.
        if let Ok(sheet) = loa::sheet::board_sheet(&options) {
            let _ = backend::render(sheet, Format::Svg);
        }
    }
    let template = match Template::parse(&source) {
        Ok(template) => template,
        Err(e) => {
            let _ = e.render(false);
            return;
        }
    };
    // The input's length picks the sheet's shape, so every shape gets tried.
    let options = SheetOptions {
        boards: n % shoreline::MAX_BOARDS + 1,
        page,
        first: shoreline::Side::default(),
        rules: n % 5 != 0,
        cut_marks: n % 7 == 0,
        template,
        games: Vec::new(),
        words: sheetgen_core::words::Words::default(),
    };
    let Ok(mut document) = shoreline::sheet(&options) else {
        return;
    };
    if let Ok(theme) = &theme {
        for page in &mut document.pages {
            theme.apply(page);
        }
    }
    let _ = backend::render(document, Format::Svg);
});
