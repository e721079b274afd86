//! `pbrain-ply`: ply's caro brain under the name Gomocup managers (Piskvork, the Gomocup
//! manager) look for; the same as `ply gomocup`.

use std::io::BufReader;
use std::process::ExitCode;

fn main() -> ExitCode {
    match ply_protocol::gomocup::run(BufReader::new(std::io::stdin()), std::io::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pbrain-ply: {error}");
            ExitCode::FAILURE
        }
    }
}
