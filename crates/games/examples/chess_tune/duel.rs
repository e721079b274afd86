//! `duel` and `check`: two weight sets played against each other at fixed nodes, and a
//! check that weights read at run time evaluate exactly as the compiled ones.

use std::fs::File;
use std::io::{BufRead, BufReader};

use ply_games::chess::eval::{Strong, handcrafted, params, scale, terms};
use ply_games::chess::{Chess, fen};
use ply_search::{Engine, EngineOptions, Game, Limits, SearchControl, SearchRequest, Side};

use super::{Adjudication, Random};

/// The strong evaluator with weights read at run time (from a `weights.rs` written by
/// `tune`), everything else as [`Strong`]: lets `duel` compare two weight sets without a
/// rebuild.
#[derive(Clone)]
struct Loaded(std::sync::Arc<Vec<[i32; 2]>>);

struct LoadedScore<'a> {
    weights: &'a [[i32; 2]],
    midgame: i32,
    endgame: i32,
}

impl terms::Sink for LoadedScore<'_> {
    fn add(&mut self, index: usize, count: i32) {
        if let Some(&[midgame, endgame]) = self.weights.get(index) {
            self.midgame += midgame * count;
            self.endgame += endgame * count;
        }
    }
}

impl Loaded {
    fn read(path: &str) -> std::io::Result<Self> {
        let text = std::fs::read_to_string(path)?;
        let weights: Vec<[i32; 2]> = text
            .lines()
            .filter_map(|line| {
                let inner = line.trim().strip_prefix('[')?;
                let (pair, _) = inner.split_once(']')?;
                let (mg, eg) = pair.split_once(',')?;
                Some([mg.trim().parse().ok()?, eg.trim().parse().ok()?])
            })
            .collect();
        if weights.len() != params::COUNT {
            return Err(std::io::Error::other(format!(
                "{path}: {} weights, expected {}",
                weights.len(),
                params::COUNT
            )));
        }
        Ok(Loaded(std::sync::Arc::new(weights)))
    }
}

impl ply_search::Evaluator<Chess> for Loaded {
    fn evaluate(&self, game: &Chess) -> i32 {
        let board = game.board();
        let mut score = LoadedScore {
            weights: &self.0,
            midgame: 0,
            endgame: 0,
        };
        terms::trace(board, &mut score);
        let phase = terms::phase(board);
        let raw = (score.midgame * phase + score.endgame * (24 - phase)) / 24;
        let scaled = raw * scale(board, raw) / 64;
        let faded = scaled * (200 - i32::from(board.halfmove_clock())) / 200;
        match board.side_to_move() {
            cozy_chess::Color::White => faded,
            cozy_chess::Color::Black => -faded,
        }
    }
    fn noisy_moves(&self, game: &Chess, moves: &mut Vec<cozy_chess::Move>) {
        Strong.noisy_moves(game, moves);
    }
    fn tactical_score(&self, game: &Chess, mv: cozy_chess::Move) -> Option<i32> {
        Strong.tactical_score(game, mv)
    }
    fn exchange(&self, game: &Chess, mv: cozy_chess::Move) -> Option<i32> {
        Strong.exchange(game, mv)
    }
    fn features(&self) -> ply_search::Features {
        Strong.features()
    }
    fn refinements(&self) -> ply_search::Refinements {
        Strong.refinements()
    }
    fn search_params(&self) -> ply_search::SearchParams {
        Strong.search_params()
    }
}

/// One game between two weight sets from a random 8-ply opening; 1, ½ or 0 for `white`.
fn duel_game(white: &Loaded, black: &Loaded, nodes: u64, seed: u64) -> f32 {
    let options = EngineOptions {
        hash_mib: 8,
        threads: 1,
    };
    let mut engines = [
        Engine::new(white.clone(), options),
        Engine::new(black.clone(), options),
    ];
    let control = SearchControl::new();
    let mut random = Random(seed.max(1) * 0x9E37_79B9_7F4A_7C15);
    let mut game = Chess::new();
    let mut moves = Vec::new();
    for _ in 0..8 {
        moves.clear();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[random.below(moves.len())];
        game.make_move(mv);
    }
    let mut adjudication = Adjudication::default();
    loop {
        if let Some(result) = Adjudication::ended(&game, &mut moves) {
            return result;
        }
        let mover = game.side_to_move();
        let request = SearchRequest::new(Limits::nodes(nodes));
        let found = engines[usize::from(mover != Side::First)].search(
            &game,
            &request,
            &control,
            &mut |_| {},
        );
        if let Some(result) = adjudication.observe(mover, found.score.raw()) {
            return result;
        }
        let Some(mv) = found.best_move else {
            return 0.5;
        };
        game.make_move(mv);
    }
}

/// Plays `pairs` opening pairs (each opening with both colours) between the weights in
/// `a` and in `b` at `nodes` per move on `workers` threads, and prints A's W/D/L and Elo.
pub fn duel(a: &str, b: &str, pairs: u64, nodes: u64, workers: u64) -> std::io::Result<()> {
    let (a, b) = (Loaded::read(a)?, Loaded::read(b)?);
    let next = std::sync::atomic::AtomicU64::new(0);
    let tally = std::sync::Mutex::new([0u32; 3]);
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            scope.spawn(|| {
                loop {
                    let pair = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if pair >= pairs {
                        break;
                    }
                    let first = duel_game(&a, &b, nodes, pair + 1);
                    let second = 1.0 - duel_game(&b, &a, nodes, pair + 1);
                    let Ok(mut tally) = tally.lock() else { break };
                    for score in [first, second] {
                        let slot = if score > 0.75 {
                            0
                        } else if score > 0.25 {
                            1
                        } else {
                            2
                        };
                        tally[slot] += 1;
                    }
                    let [w, d, l] = *tally;
                    let (elo, margin) = elo_estimate(w, d, l);
                    eprintln!(
                        "pair {} ({first} {second}): A W/D/L {w}/{d}/{l}, Elo {elo:+.1} ± {margin:.1}",
                        pair + 1
                    );
                }
            });
        }
    });
    let [w, d, l] = tally.into_inner().unwrap_or_default();
    let (elo, margin) = elo_estimate(w, d, l);
    println!("A W/D/L {w}/{d}/{l}, Elo {elo:+.1} ± {margin:.1} (95%)");
    Ok(())
}

/// Elo difference and its 95% margin from wins, draws and losses (trinomial).
fn elo_estimate(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let n = f64::from(wins + draws + losses).max(1.0);
    let (w, d, l) = (
        f64::from(wins) / n,
        f64::from(draws) / n,
        f64::from(losses) / n,
    );
    let score = (w + d / 2.0).clamp(1e-3, 1.0 - 1e-3);
    let elo = |s: f64| -400.0 * (1.0 / s - 1.0).log10();
    let deviation =
        ((w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n).sqrt();
    let high = elo((score + 1.96 * deviation).min(1.0 - 1e-3));
    let low = elo((score - 1.96 * deviation).max(1e-3));
    (elo(score), (high - low) / 2.0)
}

/// Checks that `Loaded` with the given weights evaluates every position of a data file
/// exactly as the built-in hand-crafted evaluation (run with the weights the binary was
/// built with).
pub fn check(weights: &str, data: &str) -> std::io::Result<()> {
    let loaded = Loaded::read(weights)?;
    let (mut same, mut differ) = (0usize, 0usize);
    for line in BufReader::new(File::open(data)?).lines() {
        let line = line?;
        let position = line.split(';').next().unwrap_or_default();
        let Ok(game) = fen::parse(position, false) else {
            continue;
        };
        use ply_search::Evaluator;
        if loaded.evaluate(&game) == handcrafted(game.board()) {
            same += 1;
        } else {
            differ += 1;
        }
    }
    println!("{same} positions agree, {differ} differ");
    Ok(())
}
