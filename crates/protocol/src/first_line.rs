//! One binary, every protocol: the first meaningful line a GUI sends decides what `ply uci`
//! speaks — `ucci` starts UCCI (xiangqi), as Fairy-Stockfish does, anything else UCI. This
//! only chooses; the protocols themselves live in [`crate::uci`] and [`crate::ucci`].

use std::io::{self, BufRead, Write};

use ply_games::{GameOptions, new_game};

use crate::output::Output;
use crate::ucci::UcciEngine;
use crate::uci::UciEngine;

/// The game UCCI plays.
const UCCI_GAME: &str = "xiangqi";

/// Reads `input` until its first non-blank line: `ucci` serves UCCI from there on; any
/// other line is UCI's, starting with `variant` (`chess` or `xiangqi`). Runs until `quit`
/// or the end of the input.
pub fn run_first_line<R: BufRead>(
    input: R,
    output: impl Write + Send + 'static,
    variant: &str,
) -> io::Result<()> {
    // A variant UCI does not play is refused before a line is read.
    let variant = crate::uci::options::known_variant(variant)?;
    let mut lines = input.lines();
    let first = loop {
        match lines.next() {
            None => return Ok(()),
            Some(line) => {
                let line = line?;
                if !line.trim().is_empty() {
                    break line;
                }
            }
        }
    };
    let output = Output::new(output);
    let rest = std::iter::once(Ok(first.clone())).chain(lines);
    if first.split_whitespace().next() == Some("ucci") {
        let record = new_game(UCCI_GAME, &GameOptions::default())
            .map_err(|error| io::Error::other(error.to_string()))?;
        UcciEngine::new(record, output).serve(rest)
    } else {
        UciEngine::with_variant(output, variant)?.serve(rest)
    }
}
