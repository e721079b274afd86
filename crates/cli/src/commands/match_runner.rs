//! `ply match`: two players meet in colour-swapped pairs of games from varied openings; the
//! runner referees every move with the game's own rules and reports W/D/L, score, and the
//! Elo difference with its 95% interval.

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use ply_games::{GameOptions, GameSpec, Session, Status};
use ply_search::{Limits, SearchControl, Side};

use crate::args::{EngineArgs, GameArgs, LimitArgs, default_limits};
use crate::elo::{Tally, estimate, format_elo};
use crate::players::PlayerSpec;

/// Arguments of `ply match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A: classic, strong, minimax, alphabeta or engine, optionally with
    /// :key=value,… (level, algorithm, depth, movetime, nodes, threads, hash).
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
    /// Openings: "random" (random plies from the start, the game's usual number), "random:N"
    /// (N plies), or a file with one position or move list per line.
    #[arg(long, default_value = "random")]
    openings: String,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every game to this file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// A game still going after this many plies is adjudicated a draw.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    #[command(flatten)]
    engine: EngineArgs,
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

/// One finished game.
struct Record {
    /// A's points in halves: 2 win, 1 draw, 0 loss.
    a_halves: usize,
    a_side: Side,
    reason: String,
    export: String,
    /// Longest think of each player, milliseconds.
    longest_ms: [u64; 2],
    /// Total think time and moves of each player.
    think_ms: [u64; 2],
    moves: [u64; 2],
}

/// Runs `ply match`.
pub fn run(args: &MatchArgs) -> anyhow::Result<()> {
    let spec = args.game.spec()?;
    let options = args.game.options();
    spec.new_session(&options)?;
    let pairs = args.games.div_ceil(2).max(1) as usize;
    let openings = openings(args, spec, &options, pairs)?;
    let limits = default_limits(spec, &args.limits);
    let mut out = match &args.out {
        Some(path) => {
            Some(File::create(path).with_context(|| format!("cannot write {}", path.display()))?)
        }
        None => None,
    };

    println!(
        "{} · {} vs {} · {} games ({pairs} pairs) · {} · openings: {}",
        args.game.session()?.title(),
        args.a,
        args.b,
        pairs * 2,
        describe_limits(&limits),
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
    let mut longest = [0u64; 2];
    let mut think = [0u64; 2];
    let mut moves = [0u64; 2];
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.clamp(1, 64) {
            let sender = sender.clone();
            let next_pair = &next_pair;
            let openings = &openings;
            let options = &options;
            let limits = &limits;
            scope.spawn(move || {
                loop {
                    let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        return;
                    }
                    for a_side in [Side::First, Side::Second] {
                        let record =
                            play_game(args, spec, options, &openings[pair], a_side, limits);
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
                    for player in 0..2 {
                        longest[player] = longest[player].max(record.longest_ms[player]);
                        think[player] += record.think_ms[player];
                        moves[player] += record.moves[player];
                    }
                    pair_halves[pair].push(record.a_halves);
                    if pair_halves[pair].len() == 2 {
                        tally.add_pair(pair_halves[pair].iter().sum());
                    }
                    if let Some(file) = out.as_mut() {
                        let header = format!(
                            "# pair {} · {} plays {} · {}\n",
                            pair + 1,
                            args.a,
                            if record.a_side == Side::First {
                                "first"
                            } else {
                                "second"
                            },
                            record.reason
                        );
                        let text = name_players(&record.export, &args.a, &args.b, record.a_side);
                        if let Err(error) = writeln!(file, "{header}{text}") {
                            failure.get_or_insert(anyhow!("cannot write the games file: {error}"));
                        }
                    }
                    progress.inc(1);
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

    let estimate = estimate(&tally);
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
    for (player, label) in [&args.a, &args.b].iter().enumerate() {
        println!(
            "{label}: {} moves, {} ms per move on average, longest {} ms",
            moves[player],
            think[player].checked_div(moves[player]).unwrap_or(0),
            longest[player]
        );
    }
    Ok(())
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
fn name_players(export: &str, a: &PlayerSpec, b: &PlayerSpec, a_side: Side) -> String {
    let (first, second) = if a_side == Side::First {
        (a, b)
    } else {
        (b, a)
    };
    let named = export
        .replace("[White \"?\"]", &format!("[White \"{first}\"]"))
        .replace("[Black \"?\"]", &format!("[Black \"{second}\"]"));
    if named.contains("[White \"") {
        named
    } else {
        format!("[First \"{first}\"]\n[Second \"{second}\"]\n{named}")
    }
}

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
    args: &MatchArgs,
    spec: &GameSpec,
    options: &GameOptions,
    opening: &Opening,
    a_side: Side,
    limits: &Limits,
) -> anyhow::Result<Record> {
    let players = if a_side == Side::First {
        [&args.a, &args.b]
    } else {
        [&args.b, &args.a]
    };
    let mut sessions = Vec::with_capacity(2);
    for player in players {
        let mut session = new_session(spec, options)?;
        if let Some(position) = &opening.position {
            session.set_position(position)?;
        }
        for mv in &opening.moves {
            session
                .play(mv)
                .with_context(|| format!("opening {}", opening.describe()))?;
        }
        session.set_engine_options(player.engine_options(args.engine.options()));
        sessions.push(session);
    }
    let requests = players.map(|player| player.request(limits));
    let mut longest = [0u64; 2];
    let mut think = [0u64; 2];
    let mut moves = [0u64; 2];
    let control = SearchControl::default();
    let mut plies = 0;
    let (winner, reason) = loop {
        if let Status::Finished { winner, reason } = sessions[0].status() {
            break (winner, reason);
        }
        if plies >= args.max_plies {
            break (None, format!("adjudicated a draw after {plies} plies"));
        }
        let side = sessions[0].side_to_move();
        let mover = side.index();
        let result = sessions[mover].think(&requests[mover], &control, &mut |_| {})?;
        let Some(best) = result.best_move else {
            break (
                Some(side.opponent()),
                format!("{} found no move", players[mover]),
            );
        };
        // Whoever plays a move the referee rejects loses the game.
        let other = 1 - mover;
        if let Err(error) = sessions[other].play(&best.name) {
            break (
                Some(side.opponent()),
                format!("{} played an illegal move: {error}", players[mover]),
            );
        }
        sessions[mover].play(&best.name)?;
        longest[mover] = longest[mover].max(result.time_ms);
        think[mover] += result.time_ms;
        moves[mover] += 1;
        plies += 1;
    };
    let a_halves = match winner {
        Some(side) if side == a_side => 2,
        Some(_) => 0,
        None => 1,
    };
    // Per-player figures are kept as [A, B].
    let order = |values: [u64; 2]| {
        if a_side == Side::First {
            values
        } else {
            [values[1], values[0]]
        }
    };
    Ok(Record {
        a_halves,
        a_side,
        reason,
        export: sessions[0].export(),
        longest_ms: order(longest),
        think_ms: order(think),
        moves: order(moves),
    })
}
