//! `ply uci [chess|xiangqi]`: speak UCI on standard input and output (chess by default;
//! `ply uci xiangqi` starts as Pikafish does, and `UCI_Variant` switches game), for GUIs,
//! tournament managers and lichess-bot. A GUI whose first command is `ucci` gets UCCI
//! (xiangqi) instead, as Fairy-Stockfish does.

use clap::Args;

/// Arguments of `ply uci`.
#[derive(Args, Debug)]
pub struct UciArgs {
    /// The game to start with: chess or xiangqi (`setoption name UCI_Variant` switches later).
    #[arg(default_value = "chess")]
    game: String,
}

impl UciArgs {
    /// `ply uci` as typed without a game: chess.
    pub fn chess() -> UciArgs {
        UciArgs {
            game: "chess".to_string(),
        }
    }
}

/// Runs the UCI (or, if the GUI opens with `ucci`, UCCI) loop until `quit` or the end of
/// input.
pub fn run(args: &UciArgs) -> anyhow::Result<()> {
    // The registry knows every game's aliases (`cotuong` …); UCI then says which it plays.
    let game = ply_games::find_game(&args.game).map_or(args.game.as_str(), |spec| spec.name);
    let stdin = std::io::stdin();
    ply_protocol::run_first_line(stdin.lock(), std::io::stdout(), game)?;
    Ok(())
}
