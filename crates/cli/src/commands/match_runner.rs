//! `ply match`: two players meet in colour-swapped pairs of games from varied openings; the
//! runner referees every move with the game's own rules (an illegal move or a fallen flag
//! loses) and reports W/D/L, score, the Elo difference with its 95% interval, and an SPRT
//! verdict when asked. Players are ply's own or other programs over UCI, UCCI or Gomocup.

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_games::{GameOptions, GameSpec, Session, Status};
use ply_search::{Limits, Side};

use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};
use crate::r#match::contestants::{self, Clocks, Contestant, ContestantError, MoveRequest};
use crate::r#match::elo::{Tally, estimate, format_elo};
use crate::r#match::players::PlayerSpec;
use crate::r#match::record::{GameTags, first_halves, tagged};
use crate::r#match::sprt::{Sprt, Verdict};

/// Arguments of `ply match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A: classic, strong, minimax, alphabeta or engine, optionally with
    /// :key=value,… (level, algorithm, depth, movetime, nodes, threads, hash); or another
    /// program: uci:cmd=PROGRAM[,option.NAME=VALUE…][,name=LABEL] (also ucci:, gomocup:).
    #[arg(long)]
    a: PlayerSpec,
    /// Player B, as player A.
    #[arg(long)]
    b: PlayerSpec,
    /// Games to play (rounded up to whole colour-swapped pairs).
    #[arg(long, default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    limits: LimitArgs,
    /// A clock for each player: seconds plus increment, e.g. 10+0.1 (instead of --movetime).
    #[arg(long)]
    tc: Option<TimeControl>,
    /// Milliseconds a player may exceed its clock before its flag falls.
    #[arg(long, default_value_t = 0)]
    timemargin: u64,
    /// With --movetime: a move later than the move time plus this many milliseconds loses
    /// on time, as a strict Gomocup manager rules a turn. Unset, late moves are only counted
    /// (the report's "worst overshoot").
    #[arg(long)]
    turnmargin: Option<u64>,
    /// Stop as soon as a sequential test decides: elo0=…,elo1=…[,alpha=…,beta=…].
    #[arg(long)]
    sprt: Option<Sprt>,
    /// Openings: "random" (random plies from the start, the game's usual number), "random:N"
    /// (N plies), or a file with one position (FEN, EPD, board string) or move list per line.
    #[arg(long, default_value = "random")]
    openings: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game to this file (PGN for chess, position and moves for the others).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    #[command(flatten)]
    engine: EngineArgs,
}

/// A clock: base time and increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    base: Duration,
    increment: Duration,
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e6)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    format!(
                        "'{text}' is not a time control: expected seconds+increment, e.g. 10+0.1"
                    )
                })
        };
        let control = TimeControl {
            base: seconds(base)?,
            increment: seconds(increment)?,
        };
        if control.base.is_zero() && control.increment.is_zero() {
            return Err("a time control needs some time".to_string());
        }
        Ok(control)
    }
}

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Opening {
    position: Option<String>,
    moves: Vec<String>,
}

impl Opening {
    fn describe(&self) -> String {
        match &self.position {
            Some(position) if self.moves.is_empty() => position.clone(),
            Some(position) => format!("{position} + {}", self.moves.join(" ")),
            None => self.moves.join(" "),
        }
    }
}

/// Per-player figures of one game or a whole match, indexed [A, B].
#[derive(Clone, Copy, Debug, Default)]
struct Figures {
    moves: [u64; 2],
    think_ms: [u64; 2],
    longest_ms: [u64; 2],
    /// Most a move went past its movetime.
    overshoot_ms: [u64; 2],
    time_losses: [u32; 2],
    illegal_moves: [u32; 2],
    failures: [u32; 2],
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
struct Record {
    /// A's points in halves: 2 win, 1 draw, 0 loss.
    a_halves: usize,
    a_side: Side,
    reason: String,
    export: String,
    figures: Figures,
}

/// Everything a game needs that does not change during the match.
struct Setup<'a> {
    args: &'a MatchArgs,
    spec: &'static GameSpec,
    options: GameOptions,
    limits: Limits,
}

/// Runs `ply match`.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let options = args.game.options();
    spec.new_session(&options)?;
    if args.tc.is_some() && !args.limits.is_empty() {
        bail!("--tc and --depth/--movetime/--nodes exclude each other");
    }
    let pairs = args.games.div_ceil(2).max(1) as usize;
    let openings = openings(args, spec, &options, pairs)?;
    let setup = Setup {
        args,
        spec,
        options,
        limits: default_limits(spec, &args.limits),
    };
    let mut out = match &args.out {
        Some(path) => {
            Some(File::create(path).with_context(|| format!("cannot write {}", path.display()))?)
        }
        None => None,
    };
    let control = match args.tc {
        Some(tc) => format!("{}+{} s", tc.base.as_secs_f64(), tc.increment.as_secs_f64()),
        None => describe_limits(&setup.limits),
    };
    println!(
        "{} · {} vs {} · {} games ({pairs} pair{}) · {control} · openings: {}",
        args.game.session()?.title(),
        args.a,
        args.b,
        pairs * 2,
        if pairs == 1 { "" } else { "s" },
        args.openings
    );
    let progress = ProgressBar::new((pairs * 2) as u64);
    progress.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  [{elapsed}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );

    let next_pair = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<anyhow::Result<(usize, Record)>>();
    let mut tally = Tally::default();
    let mut pair_halves = vec![Vec::new(); pairs];
    let mut figures = Figures::default();
    let mut failure = None;
    let mut verdict = Verdict::Continue;
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.clamp(1, 64) {
            let sender = sender.clone();
            let next_pair = &next_pair;
            let openings = &openings;
            let setup = &setup;
            scope.spawn(move || {
                let players = match seat(setup) {
                    Ok(players) => players,
                    Err(error) => {
                        let _ = sender.send(Err(error));
                        next_pair.store(pairs, Ordering::Relaxed);
                        return;
                    }
                };
                let mut players = players;
                loop {
                    let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        return;
                    }
                    for a_side in [Side::First, Side::Second] {
                        let record = play_game(setup, &mut players, &openings[pair], a_side);
                        let stop = record.is_err();
                        if sender.send(record.map(|r| (pair, r))).is_err() || stop {
                            next_pair.store(pairs, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        for message in receiver {
            match message {
                Ok((pair, record)) => {
                    match record.a_halves {
                        2 => tally.wins += 1,
                        1 => tally.draws += 1,
                        _ => tally.losses += 1,
                    }
                    figures.add(&record.figures);
                    pair_halves[pair].push(record.a_halves);
                    if pair_halves[pair].len() == 2 {
                        tally.add_pair(pair_halves[pair].iter().sum());
                        if let Some(sprt) = &args.sprt
                            && verdict == Verdict::Continue
                        {
                            verdict = sprt.verdict(&tally);
                            if verdict != Verdict::Continue {
                                next_pair.store(pairs, Ordering::Relaxed);
                            }
                        }
                    }
                    if let Some(file) = out.as_mut() {
                        let (first, second) = if record.a_side == Side::First {
                            (args.a.to_string(), args.b.to_string())
                        } else {
                            (args.b.to_string(), args.a.to_string())
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
                            failure.get_or_insert(anyhow!("cannot write the games file: {error}"));
                        }
                    }
                    progress.inc(1);
                    if progress.is_hidden() {
                        // No terminal to draw a bar on (a log file, CI): a line a game, as
                        // tournament managers print.
                        eprintln!(
                            "game {} of {}: {} · {}, A scores {} · +{} ={} -{}",
                            progress.position(),
                            pairs * 2,
                            if record.a_side == Side::First {
                                "A first"
                            } else {
                                "B first"
                            },
                            record.reason,
                            match record.a_halves {
                                2 => "1",
                                1 => "½",
                                _ => "0",
                            },
                            tally.wins,
                            tally.draws,
                            tally.losses
                        );
                    }
                    progress.set_message(format!(
                        "+{} ={} -{}",
                        tally.wins, tally.draws, tally.losses
                    ));
                }
                Err(error) => {
                    failure.get_or_insert(error);
                }
            }
        }
    });
    progress.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    report(args, &tally, &figures, verdict);
    Ok(())
}

fn report(args: &MatchArgs, tally: &Tally, figures: &Figures, verdict: Verdict) {
    let estimate = estimate(tally);
    println!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        args.a,
        args.b,
        tally.wins,
        tally.losses,
        tally.draws,
        tally.score(),
        tally.games()
    );
    println!(
        "Elo difference: {} (95%: {} .. {})  LOS: {:.1}%",
        format_elo(estimate.elo),
        format_elo(estimate.low),
        format_elo(estimate.high),
        estimate.los * 100.0
    );
    println!(
        "Pairs by points for {} (0, ½, 1, 1½, 2): {}",
        args.a,
        tally.pairs.map(|n| n.to_string()).join(" ")
    );
    if let Some(sprt) = &args.sprt {
        let (lower, upper) = sprt.bounds();
        let outcome = match verdict {
            Verdict::AcceptH1 => "H1 accepted",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::Continue => "no decision yet",
        };
        println!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} ({lower:.2}, {upper:.2}) · {outcome}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(tally)
        );
    }
    for (player, label) in [&args.a, &args.b].iter().enumerate() {
        println!(
            "{label}: {} moves, {} ms per move on average, longest {} ms, worst overshoot {} ms, \
             {} time losses, {} illegal moves, {} failures",
            figures.moves[player],
            figures.think_ms[player]
                .checked_div(figures.moves[player])
                .unwrap_or(0),
            figures.longest_ms[player],
            figures.overshoot_ms[player],
            figures.time_losses[player],
            figures.illegal_moves[player],
            figures.failures[player]
        );
    }
}

/// Seats both players of one worker: [A, B].
fn seat(setup: &Setup<'_>) -> anyhow::Result<[Box<dyn Contestant>; 2]> {
    let engine = setup.args.engine.options();
    let create = |spec: &PlayerSpec| {
        contestants::create(spec, setup.spec, &setup.options, engine)
            .with_context(|| format!("cannot seat {spec}"))
    };
    Ok([create(&setup.args.a)?, create(&setup.args.b)?])
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

/// Puts the players' names into the tags of an exported game.
fn new_session(spec: &GameSpec, options: &GameOptions) -> anyhow::Result<Box<dyn Session>> {
    Ok(spec.new_session(options)?)
}

/// The openings of every pair.
fn openings(
    args: &MatchArgs,
    spec: &GameSpec,
    options: &GameOptions,
    pairs: usize,
) -> anyhow::Result<Vec<Opening>> {
    let source = args.openings.trim();
    let plies = if source == "random" {
        Some(spec.opening_plies)
    } else if let Some(count) = source.strip_prefix("random:") {
        Some(
            count
                .parse::<u32>()
                .map_err(|_| anyhow!("--openings random:N needs a whole number, not '{count}'"))?,
        )
    } else {
        None
    };
    if let Some(plies) = plies {
        return random_openings(spec, options, pairs, plies, args.seed);
    }
    let text = std::fs::read_to_string(source).with_context(|| {
        format!("--openings: cannot read '{source}' (or say random or random:N)")
    })?;
    let mut book = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        book.push(
            read_opening(spec, options, line)
                .with_context(|| format!("{source}:{}", number + 1))?,
        );
    }
    if book.is_empty() {
        bail!("{source} holds no openings");
    }
    Ok((0..pairs)
        .map(|pair| book[pair % book.len()].clone())
        .collect())
}

fn read_opening(spec: &GameSpec, options: &GameOptions, line: &str) -> anyhow::Result<Opening> {
    let mut session = new_session(spec, options)?;
    let position_error = match session.set_position(line) {
        Ok(()) => {
            return Ok(Opening {
                position: Some(line.to_string()),
                moves: Vec::new(),
            });
        }
        Err(error) => error,
    };
    let mut session = new_session(spec, options)?;
    let mut moves = Vec::new();
    for text in line.split_whitespace() {
        match session.play(text) {
            Ok(mv) => moves.push(mv.name),
            Err(move_error) => {
                bail!("neither a position ({position_error}) nor a list of moves ({move_error})")
            }
        }
    }
    Ok(Opening {
        position: None,
        moves,
    })
}

/// A small deterministic generator (SplitMix64) for openings.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}

fn random_openings(
    spec: &GameSpec,
    options: &GameOptions,
    pairs: usize,
    plies: u32,
    seed: u64,
) -> anyhow::Result<Vec<Opening>> {
    let mut random = Random(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let mut chosen = None;
        for _attempt in 0..50 {
            let mut session = new_session(spec, options)?;
            let mut moves = Vec::new();
            for _ in 0..plies {
                let candidates = session.opening_candidates();
                if candidates.is_empty() {
                    break;
                }
                let pick = &candidates[random.below(candidates.len())];
                session.play(pick)?;
                moves.push(pick.clone());
            }
            if session.status().is_finished() {
                continue;
            }
            let opening = Opening {
                position: options.position.clone(),
                moves,
            };
            let fresh = seen.insert(opening.clone());
            chosen = Some(opening);
            if fresh {
                break;
            }
        }
        openings.push(
            chosen.ok_or_else(|| anyhow!("could not find an opening that leaves the game open"))?,
        );
    }
    Ok(openings)
}

fn play_game(
    setup: &Setup<'_>,
    players: &mut [Box<dyn Contestant>; 2],
    opening: &Opening,
    a_side: Side,
) -> anyhow::Result<Record> {
    let args = setup.args;
    let mut referee = new_session(setup.spec, &setup.options)?;
    if let Some(position) = &opening.position {
        referee.set_position(position)?;
    }
    for mv in &opening.moves {
        referee
            .play(mv)
            .with_context(|| format!("opening {}", opening.describe()))?;
    }
    for player in players.iter_mut() {
        player
            .new_game(referee.as_ref())
            .with_context(|| "a player could not start the game")?;
    }
    // Player index (0 = A, 1 = B) of each side.
    let seat_of = |side: Side| usize::from(side != a_side);
    let labels = [&args.a, &args.b];
    let mut figures = Figures::default();
    let mut clocks = args.tc.map(|tc| [tc.base, tc.base]);
    let margin = Duration::from_millis(args.timemargin);
    let mut plies = 0;
    let (winner, reason) = loop {
        if let Status::Finished { winner, reason } = referee.status() {
            break (winner, reason);
        }
        if plies >= args.max_plies {
            break (None, format!("adjudicated a draw after {plies} plies"));
        }
        let side = referee.side_to_move();
        let seat = seat_of(side);
        let request = MoveRequest {
            referee: referee.as_ref(),
            limits: &setup.limits,
            clocks: match (clocks, args.tc) {
                (Some(times), Some(tc)) => Some(Clocks {
                    own: times[side.index()],
                    opponent: times[side.opponent().index()],
                    increment: tc.increment,
                }),
                _ => None,
            },
        };
        let start = Instant::now();
        let proposal = players[seat].propose(&request);
        let elapsed = start.elapsed();
        let elapsed_ms = elapsed.as_millis() as u64;
        figures.moves[seat] += 1;
        figures.think_ms[seat] += elapsed_ms;
        figures.longest_ms[seat] = figures.longest_ms[seat].max(elapsed_ms);
        let proposal = match proposal {
            Ok(proposal) => proposal,
            Err(ContestantError::Timeout(who)) => {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{who} lost on time (no answer)"),
                );
            }
            Err(error) => {
                figures.failures[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{} failed: {error}", labels[seat]),
                );
            }
        };
        if let (Some(times), Some(tc)) = (clocks.as_mut(), args.tc) {
            let left = &mut times[side.index()];
            if elapsed > *left + margin {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!(
                        "{} lost on time ({} ms over)",
                        labels[seat],
                        (elapsed - *left).as_millis()
                    ),
                );
            }
            *left = left.saturating_sub(elapsed) + tc.increment;
        } else if let Some(movetime) = setup.limits.movetime {
            let over = elapsed.saturating_sub(movetime).as_millis() as u64;
            figures.overshoot_ms[seat] = figures.overshoot_ms[seat].max(over);
            if args.turnmargin.is_some_and(|margin| over > margin) {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!(
                        "{} lost on time ({over} ms over the move time)",
                        labels[seat]
                    ),
                );
            }
        }
        let played = match referee.play(&proposal.text) {
            Ok(played) => played,
            Err(error) => {
                figures.illegal_moves[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{} played an illegal move: {error}", labels[seat]),
                );
            }
        };
        for player in players.iter_mut() {
            player
                .observe(&played.name)
                .with_context(|| format!("a player could not follow {}", played.name))?;
        }
        plies += 1;
    };
    let a_halves = match winner {
        Some(side) if side == a_side => 2,
        Some(_) => 0,
        None => 1,
    };
    Ok(Record {
        a_halves,
        a_side,
        reason,
        export: referee.export(),
        figures,
    })
}
