fn main() -> std::process::ExitCode {
    sheetgen::cli::main()
}
