//! Texel tuning of the strong chess evaluation.
//!
//! 1. `gen`: self-play games of the strong engine at a small node limit from random
//!    openings; every quiet position (not in check, no winning capture) is written with
//!    the game's result:
//!    `cargo run --release -p ply-games --example chess_tune -- gen OUT.txt GAMES NODES SEED`
//! 2. `tune`: fits the scaling constant K, then minimises the squared error between
//!    sigmoid(K · eval) and the results by Adam over every midgame and endgame weight,
//!    and writes the weights as Rust source:
//!    `cargo run --release -p ply-games --example chess_tune -- tune DATA.txt EPOCHS OUT.rs`
//!    Every tenth block of 64 positions is held out; the weights written are those with the
//!    lowest held-out error. `TUNE_RATE` sets Adam's step (default 1 centipawn) and
//!    `TUNE_L2` an optional pull towards the starting weights (default 0).
//!
//! The evaluation is linear in its weights once the phase is known, so each position is
//! stored as the sparse list of its parameter counts (from the same `trace` the engine
//! evaluates with) and each epoch is one pass over those lists.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};

use ply_games::chess::eval::{Strong, WEIGHTS, is_quiet, params, terms};
use ply_games::chess::{Chess, fen};
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
        let mut decisive_streak = 0;
        let result = loop {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break match game.outcome_when_stuck() {
                    ply_search::Outcome::Win(Side::First) => 1.0,
                    ply_search::Outcome::Win(Side::Second) => 0.0,
                    ply_search::Outcome::Draw => 0.5,
                };
            }
            if game.outcome().is_some() || game.plies_played() > 400 {
                break 0.5;
            }
            let request = SearchRequest::new(Limits::nodes(nodes));
            let found = engine.search(&game, &request, &control, &mut |_| {});
            let white_score = if game.side_to_move() == Side::First {
                found.score.raw()
            } else {
                -found.score.raw()
            };
            if white_score.abs() > 1_500 {
                decisive_streak += 1;
                if decisive_streak >= 6 {
                    break if white_score > 0 { 1.0 } else { 0.0 };
                }
            } else {
                decisive_streak = 0;
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
    result: f32,
}

fn load(path: &str) -> std::io::Result<Vec<Sample>> {
    let mut samples = Vec::new();
    for line in BufReader::new(File::open(path)?).lines() {
        let line = line?;
        let Some((position, result)) = line.rsplit_once(';') else {
            continue;
        };
        let (Ok(board), Ok(result)) = (fen::parse_board(position), result.trim().parse::<f32>())
        else {
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
        samples.push(Sample {
            terms,
            phase: terms::phase(&board) as f32 / 24.0,
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
    mg * sample.phase + eg * (1.0 - sample.phase)
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
    let rate: f32 = std::env::var("TUNE_RATE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1.0);
    // Optional L2 pull towards the starting weights (against over-fitting the noisy labels).
    let l2: f32 = std::env::var("TUNE_L2")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0.0);
    let start = weights.clone();
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut moment = vec![[0.0f32; 2]; weights.len()];
    let mut velocity = vec![[0.0f32; 2]; weights.len()];
    for epoch in 1..=epochs {
        let mut gradient = vec![[0.0f32; 2]; weights.len()];
        for sample in &samples {
            let p = sigmoid(k * evaluate(sample, &weights));
            let g = (p - sample.result) * p * (1.0 - p) * k;
            for &(index, count) in &sample.terms {
                let slot = &mut gradient[index as usize];
                slot[0] += g * count * sample.phase;
                slot[1] += g * count * (1.0 - sample.phase);
            }
        }
        let scale = 2.0 / samples.len() as f32;
        for (i, w) in weights.iter_mut().enumerate() {
            // The king's material is meaningless; keep it at zero.
            if i == params::MATERIAL + 5 {
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
    let mut command: Vec<String> = ["TUNE_RATE", "TUNE_L2"]
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
        "//! `params.rs` for the layout). Written by the Texel tuner (`crates/games/examples/chess_tune.rs`);"
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
        "tune" => tune(&arg(2), arg(3).parse().unwrap_or(300), &arg(4)),
        _ => {
            eprintln!("usage: chess_tune gen OUT GAMES NODES SEED | tune DATA EPOCHS OUT.rs");
            Ok(())
        }
    }
}
