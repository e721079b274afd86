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
//!    [`target`]): far less noisy than the result of one fast game alone. Depth 0 asks for
//!    Stockfish's static evaluation instead (the network's labels, `examples/chess_nnue.rs`).
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

#[path = "../common/texel.rs"]
mod texel;

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};

use ply_games::chess::eval::{Strong, WEIGHTS, is_quiet, params, scale, terms, white_view};
use ply_games::chess::{Chess, fen};
mod duel;

use duel::{check, duel};
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchRequest, Side};
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

/// Ends a game once the searches agree for six plies running that one side is winning by
/// more than `threshold` centipawns (`GEN_ADJUDICATE`, default 1500; a high value lets games
/// run on into the bare-king endings a network must also learn).
struct Adjudication {
    streak: u32,
    threshold: i32,
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication {
            streak: 0,
            threshold: setting("GEN_ADJUDICATE", 1_500.0) as i32,
        }
    }
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
        if white_score.abs() <= self.threshold {
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
/// in centipawns, a mate counting ±3000; with depth 0, Stockfish's static evaluation (its
/// `eval` command), what the network learns from. Positions Stockfish cannot score are
/// dropped.
fn label(input: &str, out: &str, engine: &str, depth: u32) -> std::io::Result<()> {
    let mut referee = Referee::start(engine, &[])?;
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
        let white_cp = if depth == 0 {
            let Some(cp) = referee.evaluation(position)? else {
                continue;
            };
            cp
        } else {
            let Some(cp) = referee.score(position, depth)? else {
                continue;
            };
            if board.side_to_move() == cozy_chess::Color::White {
                cp
            } else {
                -cp
            }
        };
        writeln!(writer, "{position};{};{white_cp}", result.trim())?;
        labelled += 1;
        if labelled.is_multiple_of(10_000) {
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

impl terms::Sink for Counts {
    fn add(&mut self, index: usize, count: i32) {
        if let Some(slot) = self.0.get_mut(index) {
            *slot += count;
        }
    }
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
        let terms = texel::sparse(&counts.0);
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

fn tune(data: &str, epochs: usize, out: &str) -> std::io::Result<()> {
    let (samples, held) = split(load(data)?);
    eprintln!("{} positions, {} held out", samples.len(), held.len());
    let start: Vec<[f32; 2]> = WEIGHTS
        .iter()
        .map(|&[mg, eg]| [f32::from(mg), f32::from(eg)])
        .collect();
    // Parameters seen in fewer than TUNE_MIN_SAMPLES training positions keep their starting
    // weights, and with TUNE_GROUPS (comma-separated name prefixes such as
    // `material,psq`) only the parameters so named move.
    let min_samples = setting("TUNE_MIN_SAMPLES", 0.0) as usize;
    let groups: Vec<String> = std::env::var("TUNE_GROUPS")
        .map(|g| g.split(',').map(|p| p.trim().to_string()).collect())
        .unwrap_or_default();
    let seen = seen(&samples, start.len());
    let frozen: Vec<bool> = (0..start.len())
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
        start.len()
    );
    let fit = fit(&samples, &held, &start, &frozen, epochs);
    let (k, weights) = (fit.k, fit.weights);
    let (start_train, end_train, start_held, best_held) =
        (fit.start_train, fit.end_train, fit.start_held, fit.end_held);
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
    writeln!(writer, "//! Generated by `{}`", command_line("chess_tune"))?;
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
    texel::write_table(
        &mut writer,
        "`[midgame, endgame]` per parameter, in centipawns.",
        &weights,
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
