//! The `grundy` binary: everything is in the `grundy_cli` library.

fn main() -> std::process::ExitCode {
    grundy_cli::main()
}
