//! Texel tuning of the strong chess evaluation.
//!
//! 1. `gen`: self-play games of the strong engine at a small node limit from random
//!    openings; every quiet position (not in check, no winning capture) is written with
//!    the game's result:
//!    `cargo run --release -p ply-games --example chess_tune -- gen OUT.txt GAMES NODES SEED`
//! 2. `label` (optional): asks a UCI engine (Stockfish) for its score of every position at
//!    a fixed depth and appends it, White's view in centipawns:
//!    `cargo run --release -p ply-games --example chess_tune -- label IN.txt OUT.txt /usr/games/stockfish 7`
//!    A position's label is then a blend of the game's result and that opinion (see
//!    [`target`]): far less noisy than the result of one fast game alone.
//! 3. `tune`: fits the scaling constant K, then minimises the squared error between
//!    sigmoid(K · eval) and the labels by Adam over every midgame and endgame weight,
//!    and writes the weights as Rust source:
//!    `cargo run --release -p ply-games --example chess_tune -- tune DATA.txt EPOCHS OUT.rs`
//!    Every tenth block of 64 positions is held out; the weights written are those with the
//!    lowest held-out error. Settings (environment): `TUNE_RATE` Adam's step (default 1
//!    centipawn), `TUNE_L2` a pull towards the starting weights (default 0),
//!    `TUNE_MIN_SAMPLES` freezes parameters seen in fewer training positions, `TUNE_GROUPS`
//!    tunes only the parameters whose names start with one of the listed prefixes,
//!    `TUNE_RESULT_WEIGHT` and `TUNE_CP_SCALE` shape the blended label.
//!
//! The evaluation is linear in its weights once the phase is known, so each position is
//! stored as the sparse list of its parameter counts (from the same `trace` the engine
//! evaluates with) and each epoch is one pass over those lists.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Command, Stdio};

use ply_games::chess::eval::{Strong, WEIGHTS, is_quiet, params, scale, terms, white_view};
use ply_games::chess::{Chess, fen};
mod duel;

use duel::{check, duel};
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchRequest, Side};

/// A small deterministic generator for openings.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound.max(1) as u64) as usize
    }
}

/// Ends a game once the searches agree for six plies running that one side is winning.
#[derive(Default)]
struct Adjudication {
    streak: u32,
}

impl Adjudication {
    /// White's result if the game is over by the rules (or ran past 400 plies), using
    /// `moves` as scratch.
    fn ended(game: &Chess, moves: &mut Vec<<Chess as Game>::Move>) -> Option<f32> {
        moves.clear();
        game.generate_moves(moves);
        if moves.is_empty() {
            return Some(match game.outcome_when_stuck() {
                ply_search::Outcome::Win(Side::First) => 1.0,
                ply_search::Outcome::Win(Side::Second) => 0.0,
                ply_search::Outcome::Draw => 0.5,
            });
        }
        (game.outcome().is_some() || game.plies_played() > 400).then_some(0.5)
    }

    /// White's result (1 or 0) once decided, given this ply's score from the view of
    /// `mover`, the side to move.
    fn observe(&mut self, mover: Side, score: i32) -> Option<f32> {
        let white_score = if mover == Side::First { score } else { -score };
        if white_score.abs() <= 1_500 {
            self.streak = 0;
            return None;
        }
        self.streak += 1;
        (self.streak >= 6).then_some(if white_score > 0 { 1.0 } else { 0.0 })
    }
}

fn generate(out: &str, games: usize, nodes: u64, seed: u64) -> std::io::Result<()> {
    let mut writer = BufWriter::new(File::options().create(true).append(true).open(out)?);
    let mut random = Random(seed.max(1) * 0x9E37_79B9_7F4A_7C15);
    let mut engine = Engine::new(
        Strong,
        EngineOptions {
            hash_mib: 8,
            threads: 1,
        },
    );
    let control = SearchControl::new();
    let mut positions = 0usize;
    for game_number in 0..games {
        engine.clear();
        let mut game = Chess::new();
        let mut moves = Vec::new();
        // Eight random plies, then the engine plays both sides.
        for _ in 0..8 {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            game.make_move(mv);
        }
        let mut recorded: Vec<String> = Vec::new();
        let mut adjudication = Adjudication::default();
        let result = loop {
            if let Some(result) = Adjudication::ended(&game, &mut moves) {
                break result;
            }
            let request = SearchRequest::new(Limits::nodes(nodes));
            let found = engine.search(&game, &request, &control, &mut |_| {});
            if let Some(result) = adjudication.observe(game.side_to_move(), found.score.raw()) {
                break result;
            }
            if game.plies_played() >= 16 && !found.score.is_decisive() && is_quiet(&game) {
                recorded.push(fen::write(&game));
            }
            let Some(mv) = found.best_move else { break 0.5 };
            game.make_move(mv);
        };
        for position in &recorded {
            writeln!(writer, "{position};{result}")?;
        }
        positions += recorded.len();
        writer.flush()?;
        eprintln!(
            "game {} result {result} positions {positions}",
            game_number + 1
        );
    }
    Ok(())
}

/// Adds a Stockfish opinion to every position of a `gen` file: for each line
/// `FEN;RESULT` writes `FEN;RESULT;CP`, CP being the score of `go depth DEPTH` (one thread,
/// 16 MB hash kept between positions: neighbours come from the same game) from White's view
/// in centipawns, a mate counting ±3000. Positions Stockfish cannot score are dropped.
fn label(input: &str, out: &str, engine: &str, depth: u32) -> std::io::Result<()> {
    let mut child = Command::new(engine)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let broken = || std::io::Error::other("engine closed its pipe");
    let mut to_engine = child.stdin.take().ok_or_else(broken)?;
    let mut from_engine = BufReader::new(child.stdout.take().ok_or_else(broken)?);
    let mut line = String::new();
    let mut wait_for = |reader: &mut BufReader<_>, token: &str| -> std::io::Result<Option<i32>> {
        let mut score = None;
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                return Err(broken());
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() == Some(&token) {
                return Ok(score);
            }
            if let Some(at) = words.iter().position(|w| *w == "score") {
                let value = words.get(at + 2).and_then(|v| v.parse::<i32>().ok());
                score = match (words.get(at + 1), value) {
                    (Some(&"cp"), Some(cp)) => Some(cp),
                    (Some(&"mate"), Some(m)) => Some(if m > 0 { 3_000 } else { -3_000 }),
                    _ => score,
                };
            }
        }
    };
    writeln!(to_engine, "uci")?;
    to_engine.flush()?;
    wait_for(&mut from_engine, "uciok")?;
    writeln!(to_engine, "setoption name Threads value 1")?;
    writeln!(to_engine, "setoption name Hash value 16")?;
    let mut writer = BufWriter::new(File::create(out)?);
    let mut labelled = 0usize;
    for record in BufReader::new(File::open(input)?).lines() {
        let record = record?;
        let Some((position, result)) = record.split_once(';') else {
            continue;
        };
        let Ok(board) = fen::parse_board(position) else {
            continue;
        };
        writeln!(to_engine, "position fen {position}")?;
        writeln!(to_engine, "go depth {depth}")?;
        to_engine.flush()?;
        let Some(cp) = wait_for(&mut from_engine, "bestmove")? else {
            continue;
        };
        let white_cp = if board.side_to_move() == cozy_chess::Color::White {
            cp
        } else {
            -cp
        };
        writeln!(writer, "{position};{};{white_cp}", result.trim())?;
        labelled += 1;
        if labelled.is_multiple_of(10_000) {
            writer.flush()?;
            eprintln!("{labelled} positions labelled");
        }
    }
    writeln!(to_engine, "quit")?;
    to_engine.flush()?;
    child.wait()?;
    writer.flush()?;
    eprintln!("{labelled} positions labelled");
    Ok(())
}

/// The tuner's sink: how often each parameter counts.
struct Counts(Vec<i32>);

impl terms::Sink for Counts {
    fn add(&mut self, index: usize, count: i32) {
        if let Some(slot) = self.0.get_mut(index) {
            *slot += count;
        }
    }
}

struct Sample {
    terms: Vec<(u16, f32)>,
    phase: f32,
    /// What the engine multiplies the linear score by: the drawish-ending scale (judged with
    /// the starting weights) and the fifty-move fade.
    factor: f32,
    result: f32,
}

/// Reads an environment setting of the tuner.
fn setting(name: &str, default: f32) -> f32 {
    std::env::var(name)
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// The label of a position: the game's result, blended with Stockfish's opinion when the
/// line carries one (`FEN;RESULT;CP` from `label`):
/// `TUNE_RESULT_WEIGHT · result + (1 − TUNE_RESULT_WEIGHT) · sigmoid(CP / TUNE_CP_SCALE)`,
/// sigmoid(x) = 1 / (1 + e^−x); defaults 0.25 and 400.
fn target(fields: &[&str]) -> Option<f32> {
    let result = fields.get(1)?.trim().parse::<f32>().ok()?;
    let Some(cp) = fields.get(2) else {
        return Some(result);
    };
    let cp = cp.trim().parse::<f32>().ok()?;
    let weight = setting("TUNE_RESULT_WEIGHT", 0.25);
    let opinion = sigmoid(cp / setting("TUNE_CP_SCALE", 400.0));
    Some(weight * result + (1.0 - weight) * opinion)
}

fn load(path: &str) -> std::io::Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for line in BufReader::new(File::open(path)?).lines() {
        let line = line?;
        let fields: Vec<&str> = line.split(';').collect();
        let (Some(Ok(board)), Some(result)) = (
            fields.first().map(|position| fen::parse_board(position)),
            target(&fields),
        ) else {
            continue;
        };
        let mut counts = Counts(vec![0; params::COUNT]);
        terms::trace(&board, &mut counts);
        let terms = counts
            .0
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != 0)
            .map(|(i, &c)| (i as u16, c as f32))
            .collect();
        let raw = white_view(&board);
        let fade = (200 - i32::from(board.halfmove_clock())) as f32 / 200.0;
        samples.push(Sample {
            terms,
            phase: terms::phase(&board) as f32 / 24.0,
            factor: scale(&board, raw) as f32 / 64.0 * fade,
            result,
        });
    }
    Ok(samples)
}

fn evaluate(sample: &Sample, weights: &[[f32; 2]]) -> f32 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(index, count) in &sample.terms {
        let w = weights[index as usize];
        mg += w[0] * count;
        eg += w[1] * count;
    }
    (mg * sample.phase + eg * (1.0 - sample.phase)) * sample.factor
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn error(samples: &[Sample], weights: &[[f32; 2]], k: f32) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(s.result - sigmoid(k * evaluate(s, weights)));
            e * e
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn fit_k(samples: &[Sample], weights: &[[f32; 2]]) -> f32 {
    let (mut low, mut high) = (0.0005f32, 0.02f32);
    for _ in 0..40 {
        let a = low + (high - low) / 3.0;
        let b = high - (high - low) / 3.0;
        if error(samples, weights, a) < error(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

fn tune(data: &str, epochs: usize, out: &str) -> std::io::Result<()> {
    let all = load(data)?;
    // Every tenth block of 64 positions (about one game: positions of one game are alike)
    // is held out; the weights written are those with the lowest error on the held-out
    // positions (early stopping against over-fitting).
    let mut held = Vec::new();
    let mut samples = Vec::new();
    for (index, sample) in all.into_iter().enumerate() {
        if (index / 64) % 10 == 0 {
            held.push(sample);
        } else {
            samples.push(sample);
        }
    }
    eprintln!("{} positions, {} held out", samples.len(), held.len());
    let mut weights: Vec<[f32; 2]> = WEIGHTS
        .iter()
        .map(|&[mg, eg]| [f32::from(mg), f32::from(eg)])
        .collect();
    let k = fit_k(&samples, &weights);
    let mut best_held = error(&held, &weights, k);
    let mut best = weights.clone();
    let (start_train, start_held) = (error(&samples, &weights, k), best_held);
    eprintln!("K = {k:.5}, error {start_train:.6}, held-out error {start_held:.6}");
    let rate = setting("TUNE_RATE", 1.0);
    // Optional L2 pull towards the starting weights (against over-fitting the noisy labels).
    let l2 = setting("TUNE_L2", 0.0);
    // Parameters seen in fewer than TUNE_MIN_SAMPLES training positions keep their starting
    // weights, and with TUNE_GROUPS (comma-separated name prefixes such as
    // `material,psq`) only the parameters so named move.
    let min_samples = setting("TUNE_MIN_SAMPLES", 0.0) as usize;
    let groups: Vec<String> = std::env::var("TUNE_GROUPS")
        .map(|g| g.split(',').map(|p| p.trim().to_string()).collect())
        .unwrap_or_default();
    let mut seen = vec![0usize; weights.len()];
    for sample in &samples {
        for &(index, _) in &sample.terms {
            seen[index as usize] += 1;
        }
    }
    let frozen: Vec<bool> = (0..weights.len())
        .map(|i| {
            let name = params::name(i);
            // The king's material is meaningless; keep it at zero.
            i == params::MATERIAL + 5
                || seen[i] < min_samples
                || (!groups.is_empty() && !groups.iter().any(|g| name.starts_with(g.as_str())))
        })
        .collect();
    eprintln!(
        "{} of {} parameters frozen",
        frozen.iter().filter(|f| **f).count(),
        weights.len()
    );
    let start = weights.clone();
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut moment = vec![[0.0f32; 2]; weights.len()];
    let mut velocity = vec![[0.0f32; 2]; weights.len()];
    for epoch in 1..=epochs {
        let mut gradient = vec![[0.0f32; 2]; weights.len()];
        for sample in &samples {
            let p = sigmoid(k * evaluate(sample, &weights));
            let g = (p - sample.result) * p * (1.0 - p) * k * sample.factor;
            for &(index, count) in &sample.terms {
                let slot = &mut gradient[index as usize];
                slot[0] += g * count * sample.phase;
                slot[1] += g * count * (1.0 - sample.phase);
            }
        }
        let scale = 2.0 / samples.len() as f32;
        for (i, w) in weights.iter_mut().enumerate() {
            if frozen[i] {
                continue;
            }
            for phase in 0..2 {
                let grad = gradient[i][phase] * scale + 2.0 * l2 * (w[phase] - start[i][phase]);
                moment[i][phase] = beta1 * moment[i][phase] + (1.0 - beta1) * grad;
                velocity[i][phase] = beta2 * velocity[i][phase] + (1.0 - beta2) * grad * grad;
                let m = moment[i][phase] / (1.0 - beta1.powi(epoch as i32));
                let v = velocity[i][phase] / (1.0 - beta2.powi(epoch as i32));
                w[phase] -= rate * m / (v.sqrt() + 1e-8);
            }
        }
        if epoch % 10 == 0 || epoch == epochs {
            let held_error = error(&held, &weights, k);
            if held_error < best_held {
                best_held = held_error;
                best = weights.clone();
            }
            eprintln!(
                "epoch {epoch}: error {:.6}, held-out {held_error:.6}",
                error(&samples, &weights, k)
            );
        }
    }
    let weights = best;
    let end_train = error(&samples, &weights, k);
    eprintln!("best: error {end_train:.6}, held-out error {best_held:.6}");
    let mut command: Vec<String> = [
        "TUNE_RATE",
        "TUNE_L2",
        "TUNE_MIN_SAMPLES",
        "TUNE_GROUPS",
        "TUNE_RESULT_WEIGHT",
        "TUNE_CP_SCALE",
    ]
    .iter()
    .filter_map(|name| Some(format!("{name}={}", std::env::var(name).ok()?)))
    .collect();
    command.push("cargo run --release -p ply-games --example chess_tune --".to_string());
    command.extend(std::env::args().skip(1));
    let mut writer = BufWriter::new(File::create(out)?);
    writeln!(
        writer,
        "//! Weights of the strong evaluation: a midgame and an endgame value per parameter (see"
    )?;
    writeln!(
        writer,
        "//! `params.rs` for the layout). Written by the Texel tuner (`crates/games/examples/chess_tune/`);"
    )?;
    writeln!(writer, "//! edit by re-tuning, not by hand.")?;
    writeln!(writer, "//!")?;
    writeln!(writer, "//! Generated by `{}`", command.join(" "))?;
    writeln!(
        writer,
        "//! on {} training and {} held-out positions: K = {k:.5}; mean squared error",
        samples.len(),
        held.len()
    )?;
    writeln!(
        writer,
        "//! {start_train:.6} -> {end_train:.6} (training), {start_held:.6} -> {best_held:.6} (held out)."
    )?;
    writeln!(
        writer,
        "//! Labels: {:.2} · game result + {:.2} · sigmoid(Stockfish centipawns / {}) where the data",
        setting("TUNE_RESULT_WEIGHT", 0.25),
        1.0 - setting("TUNE_RESULT_WEIGHT", 0.25),
        setting("TUNE_CP_SCALE", 400.0)
    )?;
    writeln!(
        writer,
        "//! carries Stockfish's score (`label`), the game result alone where it does not."
    )?;
    writeln!(writer)?;
    writeln!(
        writer,
        "/// `[midgame, endgame]` per parameter, in centipawns."
    )?;
    writeln!(
        writer,
        "pub const WEIGHTS: [[i16; 2]; super::params::COUNT] = ["
    )?;
    for (index, w) in weights.iter().enumerate() {
        writeln!(
            writer,
            "    [{}, {}], // {}",
            w[0].round() as i16,
            w[1].round() as i16,
            params::name(index)
        )?;
    }
    writeln!(writer, "];")?;
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
    match arg(1).as_str() {
        "gen" => generate(
            &arg(2),
            arg(3).parse().unwrap_or(100),
            arg(4).parse().unwrap_or(2_000),
            arg(5).parse().unwrap_or(1),
        ),
        "label" => label(
            &arg(2),
            &arg(3),
            &args
                .get(4)
                .cloned()
                .unwrap_or_else(|| "stockfish".to_string()),
            arg(5).parse().unwrap_or(7),
        ),
        "tune" => tune(&arg(2), arg(3).parse().unwrap_or(300), &arg(4)),
        "duel" => duel(
            &arg(2),
            &arg(3),
            arg(4).parse().unwrap_or(50),
            arg(5).parse().unwrap_or(20_000),
            arg(6).parse().unwrap_or(1),
        ),
        "check" => check(&arg(2), &arg(3)),
        _ => {
            eprintln!(
                "usage: chess_tune gen OUT GAMES NODES SEED | label IN OUT [ENGINE] [DEPTH] | tune DATA EPOCHS OUT.rs | duel A.rs B.rs PAIRS NODES THREADS | check WEIGHTS.rs FENS"
            );
            Ok(())
        }
    }
}
