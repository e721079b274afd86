//! What a match tells: the first line (players, games, limits, openings), a running score
//! while it plays (a progress bar, or a line a game without a terminal), every game written
//! to `--out`, and at the end W/D/L, score, Elo, the pairs, the SPRT verdict and each
//! player's figures (moves, thinking time, time losses, illegal moves, failures).

use std::fs::File;
use std::io::Write;
use std::ops::ControlFlow;

use anyhow::anyhow;
use indicatif::{ProgressBar, ProgressStyle};
use ply_search::{Limits, Side};

use super::Match;
use super::elo::{Tally, estimate, format_elo};
use super::events::{
    EloView, GameEnd, MatchEvent, MatchResult, PlayerFigures, SprtView, Standing, Start,
};
use super::players::PlayerSpec;
use super::record::{GameTags, first_halves, tagged};
use super::sprt::Verdict;

/// Per-player figures of one game or a whole match, indexed [A, B].
#[derive(Clone, Copy, Debug, Default)]
pub struct Figures {
    /// Moves asked for.
    pub moves: [u64; 2],
    /// Time spent on them.
    pub think_ms: [u64; 2],
    /// The longest one.
    pub longest_ms: [u64; 2],
    /// Most a move went past its movetime.
    pub overshoot_ms: [u64; 2],
    /// Games lost on time.
    pub time_losses: [u32; 2],
    /// Games lost by an illegal move.
    pub illegal_moves: [u32; 2],
    /// Games lost by a failure (a crash, a broken protocol).
    pub failures: [u32; 2],
}

impl Figures {
    fn add(&mut self, other: &Figures) {
        for player in 0..2 {
            self.moves[player] += other.moves[player];
            self.think_ms[player] += other.think_ms[player];
            self.longest_ms[player] = self.longest_ms[player].max(other.longest_ms[player]);
            self.overshoot_ms[player] = self.overshoot_ms[player].max(other.overshoot_ms[player]);
            self.time_losses[player] += other.time_losses[player];
            self.illegal_moves[player] += other.illegal_moves[player];
            self.failures[player] += other.failures[player];
        }
    }
}

/// One finished game.
pub struct Record {
    /// A's points in halves: 2 win, 1 draw, 0 loss.
    pub a_halves: usize,
    /// No result: a program lost one of our lines (an infrastructure fault); not counted.
    pub void: bool,
    /// The side A played.
    pub a_side: Side,
    /// Why the game ended.
    pub reason: String,
    /// The game in the game's own export format.
    pub export: String,
    /// The players' figures in this game.
    pub figures: Figures,
}

/// The match's first event: its settings.
pub fn start(plan: &Match, pairs: usize) -> Start {
    let shared = match plan.tc {
        Some(tc) => format!("{}+{} s", tc.base.as_secs_f64(), tc.increment.as_secs_f64()),
        None => describe_limits(&plan.limits),
    };
    // A player with limits of its own is described with them.
    let of = |spec: &PlayerSpec| {
        let own = spec.own_limits();
        own.any().then(|| describe_limits(&own.over(&plan.limits)))
    };
    let control = match (of(&plan.a), of(&plan.b)) {
        (None, None) => shared,
        (a, b) => format!(
            "{}: {}; {}: {}",
            plan.a,
            a.unwrap_or_else(|| shared.clone()),
            plan.b,
            b.unwrap_or_else(|| shared.clone())
        ),
    };
    Start {
        game: plan.spec.name,
        title: plan.title.clone(),
        a: plan.a.to_string(),
        b: plan.b.to_string(),
        games: pairs * 2,
        pairs,
        control,
        openings: plan.openings.clone(),
    }
}

/// Tells `event`: one JSON line with `json`, else the text report's words for it (a
/// finished game only where no progress bar shows, on standard error).
pub fn tell(event: &MatchEvent, json: bool, bar_hidden: bool) {
    if json {
        match serde_json::to_string(event) {
            Ok(line) => println!("{line}"),
            Err(error) => eprintln!("ply: cannot write a match event: {error}"),
        }
        return;
    }
    match event {
        MatchEvent::Start(start) => println!(
            "{} · {} vs {} · {} games ({} pair{}) · {} · openings: {}",
            start.title,
            start.a,
            start.b,
            start.games,
            start.pairs,
            if start.pairs == 1 { "" } else { "s" },
            start.control,
            start.openings
        ),
        // No terminal to draw a bar on (a log file, CI): a line a game, as tournament
        // managers print.
        MatchEvent::Game(game) if bar_hidden => eprintln!(
            "game {} of {}: {} · {}, A scores {} · +{} ={} -{}",
            game.number,
            game.of,
            if game.first == "a" {
                "A first"
            } else {
                "B first"
            },
            game.reason,
            match game.a_points {
                _ if game.void => "nothing",
                1.0 => "1",
                0.5 => "½",
                _ => "0",
            },
            game.standings.wins,
            game.standings.draws,
            game.standings.losses
        ),
        MatchEvent::Game(_) => {}
        MatchEvent::Result(result) => print_result(result),
    }
}

fn describe_limits(limits: &Limits) -> String {
    let mut parts = Vec::new();
    if let Some(depth) = limits.depth {
        parts.push(format!("depth {depth}"));
    }
    if let Some(time) = limits.movetime {
        parts.push(format!("{} ms per move", time.as_millis()));
    }
    if let Some(nodes) = limits.nodes {
        parts.push(format!("{nodes} nodes per move"));
    }
    if parts.is_empty() {
        "each player's own limits".to_string()
    } else {
        parts.join(", ")
    }
}

/// The match so far: results, figures, the SPRT's verdict, the progress shown, the games
/// file and the first failure.
pub struct Standings<'a> {
    plan: &'a Match,
    pairs: usize,
    tally: Tally,
    /// A's halves in each pair's finished games.
    pair_halves: Vec<Vec<usize>>,
    figures: Figures,
    verdict: Verdict,
    progress: ProgressBar,
    out: Option<File>,
    failure: Option<anyhow::Error>,
    /// Games without a result (a program lost one of our lines).
    voided: u32,
}

impl<'a> Standings<'a> {
    /// Nothing played yet; `out` receives every game.
    pub fn new(plan: &'a Match, pairs: usize, out: Option<File>) -> Self {
        let progress = if plan.json {
            ProgressBar::hidden()
        } else {
            ProgressBar::new((pairs * 2) as u64)
        };
        progress.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Standings {
            plan,
            pairs,
            tally: Tally::default(),
            pair_halves: vec![Vec::new(); pairs],
            figures: Figures::default(),
            verdict: Verdict::Continue,
            progress,
            out,
            failure: None,
            voided: 0,
        }
    }

    /// Takes in a finished game of pair `pair` (or keeps a failure, the first one); `Break`
    /// once the SPRT has decided and no further pair should start.
    pub fn take(&mut self, game: anyhow::Result<(usize, Record)>) -> ControlFlow<()> {
        let (pair, record) = match game {
            Ok(game) => game,
            Err(error) => {
                self.failure.get_or_insert(error);
                return ControlFlow::Continue(());
            }
        };
        let decided = self.verdict != Verdict::Continue;
        let flow = self.count(pair, &record);
        self.write(pair, &record);
        if !decided {
            self.show(pair, &record);
        }
        flow
    }

    /// Adds the game to the results, and a finished pair to the pairs and the SPRT.
    fn count(&mut self, pair: usize, record: &Record) -> ControlFlow<()> {
        // A game that ends after the SPRT decided (its pair was already under way) is
        // not counted: the report gives the figures the decision was taken on.
        if self.verdict != Verdict::Continue {
            return ControlFlow::Break(());
        }
        self.figures.add(&record.figures);
        if record.void {
            // Its pair never completes: it is in neither the score nor the pairs.
            self.voided += 1;
            return ControlFlow::Continue(());
        }
        let tally = &mut self.tally;
        match record.a_halves {
            2 => tally.wins += 1,
            1 => tally.draws += 1,
            _ => tally.losses += 1,
        }
        let halves = &mut self.pair_halves[pair];
        halves.push(record.a_halves);
        if halves.len() == 2 {
            tally.add_pair(halves.iter().sum());
            if let Some(sprt) = &self.plan.sprt
                && self.verdict == Verdict::Continue
            {
                self.verdict = sprt.verdict(tally);
                if self.verdict != Verdict::Continue {
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Writes the game to the games file, if there is one.
    fn write(&mut self, pair: usize, record: &Record) {
        let Some(file) = self.out.as_mut().filter(|_| !record.void) else {
            return;
        };
        let plan = self.plan;
        let (first, second) = if record.a_side == Side::First {
            (plan.a.to_string(), plan.b.to_string())
        } else {
            (plan.b.to_string(), plan.a.to_string())
        };
        let tags = GameTags {
            first: &first,
            second: &second,
            round: format!(
                "{}.{}",
                pair + 1,
                if record.a_side == Side::First { 1 } else { 2 }
            ),
            first_halves: first_halves(record.a_halves, record.a_side),
            termination: &record.reason,
        };
        if let Err(error) = writeln!(file, "{}", tagged(&record.export, &tags)) {
            self.failure
                .get_or_insert(anyhow!("cannot write the games file: {error}"));
        }
    }

    /// Tells of the finished game and moves the progress bar on.
    fn show(&self, pair: usize, record: &Record) {
        let (progress, tally) = (&self.progress, &self.tally);
        progress.inc(1);
        let game = GameEnd {
            number: progress.position() as usize,
            of: self.pairs * 2,
            pair: pair + 1,
            first: if record.a_side == Side::First {
                "a"
            } else {
                "b"
            },
            reason: record.reason.clone(),
            a_points: if record.void {
                0.0
            } else {
                record.a_halves as f64 / 2.0
            },
            void: record.void,
            standings: standing(tally),
        };
        tell(
            &MatchEvent::Game(game),
            self.plan.json,
            progress.is_hidden(),
        );
        progress.set_message(format!(
            "+{} ={} -{}",
            tally.wins, tally.draws, tally.losses
        ));
    }

    /// Ends the match: the first failure, if any, else the report; after Ctrl-C
    /// (`interrupted`) the report of the games finished, then the interruption as an error
    /// that also names a failure met before it.
    pub fn finish(self, interrupted: bool) -> anyhow::Result<()> {
        self.progress.finish_and_clear();
        let failure = match self.failure {
            Some(error) if !interrupted => return Err(error),
            failure => failure,
        };
        let mut result = result(self.plan, &self.tally, &self.figures, self.verdict);
        result.voided = self.voided;
        result.interrupted = interrupted;
        tell(&MatchEvent::Result(result), self.plan.json, true);
        if interrupted {
            let interrupted = anyhow::Error::from(super::interrupt::Interrupted);
            return Err(match failure {
                Some(error) => interrupted.context(format!("a game failed first: {error:#}")),
                None => interrupted,
            });
        }
        Ok(())
    }
}

fn standing(tally: &Tally) -> Standing {
    Standing {
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
    }
}

/// The match's last event: results, Elo, pairs, the SPRT and each player's figures.
fn result(plan: &Match, tally: &Tally, figures: &Figures, verdict: Verdict) -> MatchResult {
    let estimate = estimate(tally);
    let player = |index: usize, name: String| PlayerFigures {
        name,
        moves: figures.moves[index],
        average_ms: figures.think_ms[index]
            .checked_div(figures.moves[index])
            .unwrap_or(0),
        longest_ms: figures.longest_ms[index],
        overshoot_ms: figures.overshoot_ms[index],
        time_losses: figures.time_losses[index],
        illegal_moves: figures.illegal_moves[index],
        failures: figures.failures[index],
    };
    MatchResult {
        a: plan.a.to_string(),
        b: plan.b.to_string(),
        standings: standing(tally),
        score: tally.score(),
        games: tally.games(),
        elo: EloView {
            elo: estimate.elo,
            low: estimate.low,
            high: estimate.high,
            los: estimate.los,
        },
        pairs: tally.pairs,
        sprt: plan.sprt.as_ref().map(|sprt| {
            let (lower, upper) = sprt.bounds();
            SprtView {
                elo0: sprt.elo0,
                elo1: sprt.elo1,
                alpha: sprt.alpha,
                beta: sprt.beta,
                llr: sprt.llr(tally),
                lower,
                upper,
                verdict: match verdict {
                    Verdict::AcceptH1 => "h1",
                    Verdict::AcceptH0 => "h0",
                    Verdict::Continue => "continue",
                },
            }
        }),
        players: [player(0, plan.a.to_string()), player(1, plan.b.to_string())],
        voided: 0,
        interrupted: false,
    }
}

/// The text report of the result.
fn print_result(result: &MatchResult) {
    let standings = result.standings;
    println!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        result.a,
        result.b,
        standings.wins,
        standings.losses,
        standings.draws,
        result.score,
        result.games
    );
    println!(
        "Elo difference: {} (95%: {} .. {})  LOS: {:.1}%",
        format_elo(result.elo.elo),
        format_elo(result.elo.low),
        format_elo(result.elo.high),
        result.elo.los * 100.0
    );
    println!(
        "Pairs by points for {} (0, ½, 1, 1½, 2): {}",
        result.a,
        result.pairs.map(|n| n.to_string()).join(" ")
    );
    if let Some(sprt) = &result.sprt {
        let outcome = match sprt.verdict {
            "h1" => "H1 accepted",
            "h0" => "H0 accepted",
            _ => "no decision yet",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({:.2}, {:.2}) · {outcome}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, sprt.llr, sprt.lower, sprt.upper
        );
    }
    if result.interrupted {
        println!("Interrupted (Ctrl-C): the games under way were dropped, not counted");
    }
    if result.voided > 0 {
        println!(
            "Void games (a program lost one of our lines; replayed, then not counted): {}",
            result.voided
        );
    }
    for player in &result.players {
        println!(
            "{}: {} moves, {} ms per move on average, longest {} ms, worst overshoot {} ms, \
             {} time losses, {} illegal moves, {} failures",
            player.name,
            player.moves,
            player.average_ms,
            player.longest_ms,
            player.overshoot_ms,
            player.time_losses,
            player.illegal_moves,
            player.failures
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Match {
        Match {
            spec: ply_games::find_game("tictactoe").expect("a game"),
            options: Default::default(),
            title: "tic-tac-toe".to_string(),
            a: "strong".parse().expect("a player"),
            b: "classic".parse().expect("a player"),
            games: 2,
            limits: Default::default(),
            tc: None,
            timemargin: 0,
            turnmargin: None,
            sprt: None,
            openings: "random".to_string(),
            concurrency: 1,
            seed: 1,
            out: None,
            max_plies: 100,
            engine: Default::default(),
            json: true,
        }
    }

    #[test]
    fn a_failure_before_ctrl_c_is_named_beside_the_interruption() {
        let plan = plan();
        let mut standings = Standings::new(&plan, 1, None);
        let flow = standings.take(Err(anyhow!("brain: died (broken pipe)")));
        assert_eq!(flow, ControlFlow::Continue(()));
        let error = standings.finish(true).expect_err("interrupted");
        let text = format!("{error:#}");
        assert!(text.contains("brain: died (broken pipe)"), "{text}");
        assert!(text.contains("interrupted"), "{text}");
        assert!(
            error
                .downcast_ref::<super::super::interrupt::Interrupted>()
                .is_some()
        );
    }

    #[test]
    fn without_ctrl_c_the_failure_is_the_error() {
        let plan = plan();
        let mut standings = Standings::new(&plan, 1, None);
        let _ = standings.take(Err(anyhow!("brain: died (broken pipe)")));
        let error = standings.finish(false).expect_err("failed");
        assert_eq!(format!("{error:#}"), "brain: died (broken pipe)");
    }
}
