//! Texel tuning of the strong xiangqi evaluation (`xiangqi/weights.rs`).
//!
//! 1. `gen`: self-play games of the strong engine at a small node limit, from six random
//!    plies; every quiet position (not in check, no capture that wins material by static
//!    exchange) past the opening is written with the game's result for Red:
//!    `cargo run --release -p ply-games --example xiangqi_texel -- gen OUT.txt GAMES NODES SEED`
//! 2. `label` (optional): appends a referee's score of every position at a fixed depth,
//!    Red's view in centipawns (Fairy-Stockfish with `UCI_Variant xiangqi`):
//!    `… -- label IN.txt OUT.txt /usr/games/fairy-stockfish 7`
//! 3. `tune`: fits K to the weights as they are, then moves every weight by Adam to lower
//!    the squared error between sigmoid(K · eval) and the labels (see `common/texel.rs`),
//!    and writes `weights.rs`: `… -- tune DATA.txt EPOCHS OUT.rs`. Settings (environment):
//!    `TUNE_RATE`, `TUNE_L2`, `TUNE_MIN_SAMPLES` (freezes parameters seen in fewer training
//!    positions), `TUNE_GROUPS` (only parameters whose names start so move),
//!    `TUNE_RESULT_WEIGHT` and `TUNE_CP_SCALE` (the blended label).
//! 4. `check DATA.txt`: the largest difference between the engine's evaluation and the
//!    tuner's linear model with the engine's own weights, over every position of a file: the
//!    proof that the tuner sees the evaluation the engine plays with.
//!
//! The evaluation is linear in its weights once the phase is known (`xiangqi/terms.rs`
//! writes it once over a sink: the engine's sums weights, the tuner's counts parameters).

#[path = "common/texel.rs"]
mod texel;

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};

use ply_games::xiangqi::params::{self, FULL_PHASE, MATERIAL};
use ply_games::xiangqi::terms::{Sink, trace};
use ply_games::xiangqi::{EXCHANGE, Strong, WEIGHTS, Xiangqi, harmless_divisor, red_view, see};
use ply_search::{
    Engine, EngineOptions, Evaluator, Game, Limits, Outcome, SearchControl, SearchRequest, Side,
};
use texel::{Referee, Sample, command_line, fit, seen, setting, split, target};

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

/// Red's result if the game is over by the rules (or ran past 300 plies).
fn ended(game: &Xiangqi, moves: &mut Vec<<Xiangqi as Game>::Move>) -> Option<f32> {
    let red = |outcome: Outcome| match outcome {
        Outcome::Win(Side::First) => 1.0,
        Outcome::Win(Side::Second) => 0.0,
        Outcome::Draw => 0.5,
    };
    moves.clear();
    game.generate_moves(moves);
    if moves.is_empty() {
        return Some(red(game.outcome_when_stuck()));
    }
    if let Some((outcome, _)) = game.ending() {
        return Some(red(outcome));
    }
    (game.history().len() > 300).then_some(0.5)
}

/// Not in check, and no capture wins material by static exchange.
fn is_quiet(game: &Xiangqi, moves: &mut Vec<<Xiangqi as Game>::Move>) -> bool {
    let position = game.position();
    if position.general_attacked(position.side_to_move()) {
        return false;
    }
    moves.clear();
    game.generate_captures(moves);
    moves.iter().all(|&mv| see(position, mv, &EXCHANGE) <= 0)
}

fn generate(out: &str, games: usize, nodes: u64, seed: u64) -> std::io::Result<()> {
    let mut writer = BufWriter::new(File::options().create(true).append(true).open(out)?);
    let mut random = Random(seed.max(1) * 0x9E37_79B9_7F4A_7C15);
    let options = EngineOptions {
        hash_mib: 8,
        threads: 1,
    };
    let mut engine = Engine::new(Strong, options);
    let control = SearchControl::new();
    let mut positions = 0usize;
    for game_number in 0..games {
        engine.clear();
        let mut game = Xiangqi::start();
        let mut moves = Vec::new();
        for _ in 0..6 {
            moves.clear();
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.make_move(moves[random.below(moves.len())]);
        }
        let mut recorded: Vec<String> = Vec::new();
        let mut streak = 0;
        let result = loop {
            if let Some(result) = ended(&game, &mut moves) {
                break result;
            }
            let request = SearchRequest::new(Limits::nodes(nodes));
            let found = engine.search(&game, &request, &control, &mut |_| {});
            // Adjudicated once the searches agree for six plies that one side has won.
            let score = found.score.raw();
            let red_score = if game.side_to_move() == Side::First {
                score
            } else {
                -score
            };
            streak = if red_score.abs() > 1_500 {
                streak + 1
            } else {
                0
            };
            if streak >= 6 {
                break if red_score > 0 { 1.0 } else { 0.0 };
            }
            if game.history().len() >= 12
                && !found.score.is_decisive()
                && is_quiet(&game, &mut moves)
            {
                recorded.push(game.fen());
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

/// Appends the referee's score at `depth` (Red's view) to every record `FEN;RESULT`;
/// positions it cannot score are dropped.
fn label(input: &str, out: &str, engine: &str, depth: u32) -> std::io::Result<()> {
    let mut referee = Referee::start(engine, &[("UCI_Variant", "xiangqi")])?;
    let mut writer = BufWriter::new(File::create(out)?);
    let mut labelled = 0usize;
    for record in BufReader::new(File::open(input)?).lines() {
        let record = record?;
        let Some((fen, result)) = record.split_once(';') else {
            continue;
        };
        let Ok(game) = Xiangqi::from_fen(fen) else {
            continue;
        };
        let Some(cp) = referee.score(fen, depth)? else {
            continue;
        };
        let red_cp = if game.side_to_move() == Side::First {
            cp
        } else {
            -cp
        };
        writeln!(writer, "{fen};{};{red_cp}", result.trim())?;
        labelled += 1;
        if labelled.is_multiple_of(5_000) {
            writer.flush()?;
            eprintln!("{labelled} positions labelled");
        }
    }
    referee.quit()?;
    writer.flush()?;
    eprintln!("{labelled} positions labelled");
    Ok(())
}

/// The tuner's sink: how often each parameter counts.
struct Counts(Vec<i32>);

impl Sink for Counts {
    fn add(&mut self, index: usize, count: i32) {
        if let Some(slot) = self.0.get_mut(index) {
            *slot += count;
        }
    }
}

/// A position as the tuner sees it, and the engine's own evaluation of it (Red's view).
fn sample(game: &Xiangqi, result: f32) -> (Sample, i32) {
    let position = game.position();
    let mut counts = Counts(vec![0; params::COUNT]);
    let summary = trace(position, &mut counts);
    let (value, _) = red_view(position);
    let terms = texel::sparse(&counts.0);
    let engine = Strong.evaluate(game);
    let engine = if game.side_to_move() == Side::First {
        engine
    } else {
        -engine
    };
    let sample = Sample {
        terms,
        phase: summary.phase as f32 / FULL_PHASE as f32,
        factor: 1.0 / harmless_divisor(value, &summary) as f32,
        result,
    };
    (sample, engine)
}

fn load(path: &str) -> std::io::Result<(Vec<Sample>, Vec<i32>)> {
    let mut samples = Vec::new();
    let mut engine = Vec::new();
    for line in BufReader::new(File::open(path)?).lines() {
        let line = line?;
        let fields: Vec<&str> = line.split(';').collect();
        let (Some(Ok(game)), Some(result)) = (
            fields.first().map(|fen| Xiangqi::from_fen(fen)),
            target(&fields),
        ) else {
            continue;
        };
        let (sample, value) = sample(&game, result);
        samples.push(sample);
        engine.push(value);
    }
    Ok((samples, engine))
}

fn start_weights() -> Vec<[f32; 2]> {
    WEIGHTS
        .iter()
        .map(|&[mg, eg]| [f32::from(mg), f32::from(eg)])
        .collect()
}

fn check(data: &str) -> std::io::Result<()> {
    let (samples, engine) = load(data)?;
    let weights = start_weights();
    let mut worst = 0.0f32;
    for (sample, &value) in samples.iter().zip(&engine) {
        worst = worst.max((texel::evaluate(sample, &weights) - value as f32).abs());
    }
    println!(
        "{} positions: largest difference between the engine and the model {worst:.1}",
        samples.len()
    );
    Ok(())
}

fn tune(data: &str, epochs: usize, out: &str) -> std::io::Result<()> {
    let (all, _) = load(data)?;
    let (samples, held) = split(all);
    eprintln!("{} positions, {} held out", samples.len(), held.len());
    let start = start_weights();
    let min_samples = setting("TUNE_MIN_SAMPLES", 0.0) as usize;
    let groups: Vec<String> = std::env::var("TUNE_GROUPS")
        .map(|g| g.split(',').map(|p| p.trim().to_string()).collect())
        .unwrap_or_default();
    let seen = seen(&samples, start.len());
    let frozen: Vec<bool> = (0..start.len())
        .map(|i| {
            let name = params::name(i);
            // The general's material is meaningless; keep it at zero.
            i == MATERIAL
                || seen[i] < min_samples
                || (!groups.is_empty() && !groups.iter().any(|g| name.starts_with(g.as_str())))
        })
        .collect();
    eprintln!(
        "{} of {} parameters frozen",
        frozen.iter().filter(|f| **f).count(),
        start.len()
    );
    let fit = fit(&samples, &held, &start, &frozen, epochs);
    let mut writer = BufWriter::new(File::create(out)?);
    writeln!(
        writer,
        "//! Weights of the strong xiangqi evaluation: a midgame and an endgame value per parameter"
    )?;
    writeln!(
        writer,
        "//! (see `params.rs` for the layout). Written by the Texel tuner"
    )?;
    writeln!(
        writer,
        "//! (`crates/games/examples/xiangqi_texel.rs`); edit by re-tuning, not by hand."
    )?;
    writeln!(writer, "//!")?;
    writeln!(
        writer,
        "//! Generated by `{}`",
        command_line("xiangqi_texel")
    )?;
    writeln!(
        writer,
        "//! on {} training and {} held-out positions: K = {:.5}; mean squared error",
        samples.len(),
        held.len(),
        fit.k
    )?;
    writeln!(
        writer,
        "//! {:.6} -> {:.6} (training), {:.6} -> {:.6} (held out).",
        fit.start_train, fit.end_train, fit.start_held, fit.end_held
    )?;
    writeln!(
        writer,
        "//! Labels: {:.2} · game result + {:.2} · sigmoid(referee centipawns / {}) where the data",
        setting("TUNE_RESULT_WEIGHT", 0.25),
        1.0 - setting("TUNE_RESULT_WEIGHT", 0.25),
        setting("TUNE_CP_SCALE", 400.0)
    )?;
    writeln!(
        writer,
        "//! carries the referee's score (`label`), the game result alone where it does not."
    )?;
    writeln!(writer)?;
    texel::write_table(
        &mut writer,
        "`[midgame, endgame]` per parameter.",
        &fit.weights,
        params::name,
    )?;
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
    match arg(1).as_str() {
        "gen" => generate(
            &arg(2),
            arg(3).parse().unwrap_or(100),
            arg(4).parse().unwrap_or(3_000),
            arg(5).parse().unwrap_or(1),
        ),
        "label" => label(
            &arg(2),
            &arg(3),
            &args
                .get(4)
                .cloned()
                .unwrap_or_else(|| "fairy-stockfish".to_string()),
            arg(5).parse().unwrap_or(7),
        ),
        "tune" => tune(&arg(2), arg(3).parse().unwrap_or(300), &arg(4)),
        "check" => check(&arg(2)),
        _ => {
            eprintln!(
                "usage: xiangqi_texel gen OUT GAMES NODES SEED | label IN OUT [ENGINE] [DEPTH] | tune DATA EPOCHS OUT.rs | check DATA"
            );
            Ok(())
        }
    }
}
