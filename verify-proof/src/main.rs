//! `sheetgen-verify-proof FILE`: exit status 0 when the certificate proves its win, 1 when
//! it does not (the reason on standard error), 2 when the file cannot be read.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!(
            "usage: sheetgen-verify-proof FILE (a certificate from `sheetgen solve … --proof FILE`)"
        );
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("sheetgen-verify-proof: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    match sheetgen_verify_proof::verify(&text) {
        Ok(proven) => {
            println!("{path}: {proven}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("{path}: not a proof: {why}");
            ExitCode::from(1)
        }
    }
}
