use std::process::ExitCode;

fn main() -> ExitCode {
    pipelint::run(std::env::args_os())
}
