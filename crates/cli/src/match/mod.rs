//! Matches between two players: they meet in colour-swapped pairs of games from varied
//! openings; the referee judges every move with the game's own rules (an illegal move or a
//! fallen flag loses) and the report gives W/D/L, score, the Elo difference with its 95%
//! interval, and an SPRT verdict when asked. Players are ply's own or other programs over
//! UCI, UCCI or Gomocup. The command line that asks for a match is `commands/match_runner.rs`.

mod contestants;
mod elo;
mod events;
mod interrupt;
mod openings;
mod players;
mod record;
mod referee;
mod report;
mod schedule;
mod sprt;

use std::fs::File;
use std::path::PathBuf;

use anyhow::Context;
use ply_games::{GameOptions, GameSpec, Record};
use ply_search::{EngineOptions, Limits};

pub use players::PlayerSpec;
pub use referee::TimeControl;
pub use sprt::Sprt;

/// A match as asked for, every setting resolved; the same for every game.
pub struct Match {
    /// The game.
    pub spec: &'static GameSpec,
    /// Its settings (size, rule, start position …).
    pub options: GameOptions,
    /// The game's title, for the report's first line.
    pub title: String,
    /// Player A.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Games to play (rounded up to whole colour-swapped pairs).
    pub games: u32,
    /// Each move's limits when no clock runs (a player may set its own).
    pub limits: Limits,
    /// A clock for each player, instead of a movetime.
    pub tc: Option<TimeControl>,
    /// Milliseconds a player may exceed its clock before its flag falls.
    pub timemargin: u64,
    /// With a movetime: a move later than the move time plus this many milliseconds loses
    /// on time; `None` only counts late moves.
    pub turnmargin: Option<u64>,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
    /// Where the openings come from: "random", "random:N", "book", "book:FILE" or a file.
    pub openings: String,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Seed of the random openings, and of the order a file's openings are dealt in.
    pub seed: u64,
    /// Where to write every game.
    pub out: Option<PathBuf>,
    /// A game still going after this many plies is adjudicated a draw.
    pub max_plies: usize,
    /// The engine's resources, unless a player asks for its own.
    pub engine: EngineOptions,
    /// Report as JSON lines (the typed match events) instead of text.
    pub json: bool,
}

/// Plays the match and prints its report.
pub fn run(plan: &Match) -> anyhow::Result<()> {
    let pairs = schedule::pairs(plan.games);
    let openings = openings::openings(plan, pairs)?;
    let out = match &plan.out {
        Some(path) => {
            Some(File::create(path).with_context(|| format!("cannot write {}", path.display()))?)
        }
        None => None,
    };
    report::tell(
        &events::MatchEvent::Start(report::start(plan, pairs)),
        plan.json,
        true,
    );
    let mut standings = report::Standings::new(plan, pairs, out);
    interrupt::arm();
    schedule::play(plan, &openings, |game| standings.take(game));
    standings.finish(interrupt::requested())
}

/// A new game of the match's settings.
fn new_game(spec: &GameSpec, options: &GameOptions) -> anyhow::Result<Box<dyn Record>> {
    Ok(spec.new_game(options)?)
}
