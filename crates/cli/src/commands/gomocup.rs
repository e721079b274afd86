//! `ply gomocup`: speak the Gomocup (Piskvork) protocol on standard input and output, as
//! tournament managers expect of a `pbrain-*` brain.

use std::io::BufReader;

/// Runs the Gomocup protocol until `END` or the end of input.
pub fn run() -> anyhow::Result<()> {
    ply_protocol::gomocup::run(BufReader::new(std::io::stdin()), std::io::stdout())?;
    Ok(())
}
