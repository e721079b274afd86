//! `ply ucci`: serve UCCI (the Universal Chinese Chess Protocol, as ElephantEye speaks it)
//! on standard input and output, for xiangqi GUIs that use it.

use clap::Args;
use ply_games::{GameOptions, new_game};

/// Arguments of `ply ucci`.
#[derive(Args, Debug)]
pub struct UcciArgs {
    /// The game (UCCI is xiangqi's protocol).
    #[arg(default_value = "xiangqi")]
    game: String,
}

/// Runs `ply ucci` until `quit` or the end of the input.
pub fn run(args: &UcciArgs) -> anyhow::Result<()> {
    let record = new_game(&args.game, &GameOptions::default())?;
    let stdin = std::io::stdin();
    ply_protocol::ucci::run(record, stdin.lock(), std::io::stdout())?;
    Ok(())
}
