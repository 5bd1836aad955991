fn main() -> std::process::ExitCode {
    sheetgen::cli::main()
}

/// Runs before Rust's runtime, which opens /dev/null over a closed standard output
/// (`sheetgen check FILE >&-`): sheetgen notes it was closed, so a report is not lost in
/// silence (src/output.rs).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_STDOUT: extern "C" fn() = {
    extern "C" fn note() {
        sheetgen::output::note_stdout_at_start();
    }
    note
};
