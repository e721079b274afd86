//! What a match reports, typed: its start, each finished game with the score so far, and
//! the result. The text report and `ply match --json` (one JSON object a line, for tools
//! and scripts) are two renderings of these events; nothing else is printed about a match.

use serde::Serialize;

/// One thing a match tells, tagged by `event`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum MatchEvent {
    /// The match begins.
    Start(Start),
    /// A game ended.
    Game(GameEnd),
    /// The match ended.
    Result(MatchResult),
}

/// The match's settings, as its first line says them.
#[derive(Clone, Debug, Serialize)]
pub struct Start {
    /// The registry name of the game.
    pub game: &'static str,
    /// The game's title with its settings.
    pub title: String,
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Games to play.
    pub games: usize,
    /// Colour-swapped pairs.
    pub pairs: usize,
    /// The clock or the limits per move, in words.
    pub control: String,
    /// Where the openings come from.
    pub openings: String,
}

/// A finished game and the standings after it.
#[derive(Clone, Debug, Serialize)]
pub struct GameEnd {
    /// Its number in the order games finished, from 1.
    pub number: usize,
    /// Games in the match.
    pub of: usize,
    /// Its pair, from 1.
    pub pair: usize,
    /// `a` or `b`: who moved first.
    pub first: &'static str,
    /// Why it ended.
    pub reason: String,
    /// A's points: 1, 0.5 or 0.
    pub a_points: f64,
    /// No result: a program lost one of our lines; the game is not counted.
    pub void: bool,
    /// The standings so far, from A's view.
    pub standings: Standing,
}

/// Wins, draws and losses from A's view.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Standing {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

/// The match's result.
#[derive(Clone, Debug, Serialize)]
pub struct MatchResult {
    /// Player A.
    pub a: String,
    /// Player B.
    pub b: String,
    /// From A's view.
    pub standings: Standing,
    /// A's score, 0 to 1.
    pub score: f64,
    /// Games played.
    pub games: u32,
    /// A's Elo advantage with its 95% interval (`null` where infinite: a perfect score).
    pub elo: EloView,
    /// Finished pairs by A's points in the pair: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
    /// The sequential test, when one was asked for.
    pub sprt: Option<SprtView>,
    /// Each player's figures, A first.
    pub players: [PlayerFigures; 2],
    /// Games without a result (a program lost one of our lines), not in the score.
    pub voided: u32,
    /// Ctrl-C stopped the match early: these are the games finished before it.
    pub interrupted: bool,
}

/// An Elo estimate.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct EloView {
    /// A's advantage.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Likelihood that A is stronger, 0 to 1.
    pub los: f64,
}

/// Where the sequential test stands.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SprtView {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
    /// The log-likelihood ratio.
    pub llr: f64,
    /// It accepts H0 at or below this.
    pub lower: f64,
    /// It accepts H1 at or above this.
    pub upper: f64,
    /// `h1`, `h0` or `continue`.
    pub verdict: &'static str,
}

/// One player's figures over the match.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerFigures {
    /// The player.
    pub name: String,
    /// Moves asked for.
    pub moves: u64,
    /// Average thinking time per move.
    pub average_ms: u64,
    /// The longest move.
    pub longest_ms: u64,
    /// Most a move went past its movetime.
    pub overshoot_ms: u64,
    /// Games lost on time.
    pub time_losses: u32,
    /// Games lost by an illegal move.
    pub illegal_moves: u32,
    /// Games lost by a failure.
    pub failures: u32,
}
