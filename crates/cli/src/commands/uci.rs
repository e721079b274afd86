//! `ply uci`: speak UCI on standard input and output (chess by default; `UCI_Variant`
//! switches game), for GUIs, tournament managers and lichess-bot.

use anyhow::Result;

/// Runs the UCI loop until `quit` or the end of input.
pub fn run() -> Result<()> {
    let stdin = std::io::stdin();
    ply_protocol::uci::run(stdin.lock(), std::io::stdout())?;
    Ok(())
}
