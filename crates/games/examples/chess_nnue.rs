//! Trains the strong chess evaluation's network (`chess/eval/nnue.rs`).
//!
//! 1. Positions: `chess_tune gen` (self-play of the strong engine from random openings,
//!    quiet positions with the game's result, `FEN;RESULT`).
//! 2. Labels: `chess_tune label IN OUT /usr/games/stockfish 0` appends Stockfish's static
//!    evaluation (its `eval` command) of every position, White's view in centipawns
//!    (`FEN;RESULT;CP`); positions it does not score are dropped.
//! 3. `train`: fits the network (squared clipped ReLU, one output layer per band of piece
//!    counts) in floating point by Adam on the squared error between
//!    sigmoid(output) and the label (`(1 − λ)·sigmoid(CP / 400) + λ·RESULT`, λ from
//!    `NNUE_RESULT_WEIGHT`, default 0.1), holding out every 32nd position, and writes the
//!    weights with the lowest held-out error in the engine's fixed-point form; then reads
//!    the file back with the engine's own reader and reports how far its values stray from
//!    the floating-point model on the held-out positions:
//!    `cargo run --release -p ply-games --example chess_nnue -- train OUT.bin EPOCHS DATA...`
//!    Settings (environment): `NNUE_RATE` (default 0.001), `NNUE_BATCH` (16384),
//!    `NNUE_SEED` (1), `NNUE_THREADS` (2).

#[path = "common/texel.rs"]
mod texel;

use std::fs::File;
use std::io::{BufRead, BufReader};

use ply_games::chess::eval::nnue::{
    self, BUCKETS, HIDDEN, INPUTS, MAGIC, Network, OUTPUT_SCALE, QA, QB, bucket, mirrored,
};
use ply_games::chess::fen;
use texel::{setting, sigmoid};

/// Largest magnitude a weight may take, so the fixed-point sums stay in range.
const CLIP: f32 = 1.98;

/// Positions as flat arrays: White-view input indices, where each position's run starts,
/// whether White is to move, and the label from the side to move's view.
#[derive(Default)]
struct Data {
    inputs: Vec<u16>,
    starts: Vec<u32>,
    white_to_move: Vec<bool>,
    targets: Vec<f32>,
}

impl Data {
    fn push(&mut self, line: &str, result_weight: f32) {
        let fields: Vec<&str> = line.split(';').collect();
        let (Some(position), Some(result), Some(cp)) = (
            fields.first().and_then(|f| fen::parse_board(f).ok()),
            fields.get(1).and_then(|r| r.trim().parse::<f32>().ok()),
            fields.get(2).and_then(|c| c.trim().parse::<f32>().ok()),
        ) else {
            return;
        };
        let white = (1.0 - result_weight) * sigmoid(cp / 400.0) + result_weight * result;
        let white_to_move = position.side_to_move() == cozy_chess::Color::White;
        self.starts.push(self.inputs.len() as u32);
        nnue::features(&position, |w, _| self.inputs.push(w as u16));
        self.white_to_move.push(white_to_move);
        self.targets
            .push(if white_to_move { white } else { 1.0 - white });
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    fn inputs(&self, index: usize) -> &[u16] {
        let start = self.starts[index] as usize;
        let end = self
            .starts
            .get(index + 1)
            .map_or(self.inputs.len(), |&e| e as usize);
        &self.inputs[start..end]
    }
}

/// The floating-point network (and, with the same shape, its gradient).
#[derive(Clone)]
struct Model {
    input: Vec<f32>,
    bias: Vec<f32>,
    /// `output[layer · 2·HIDDEN ..]`: one output layer per [`bucket`].
    output: Vec<f32>,
    output_bias: Vec<f32>,
}

impl Model {
    fn zero() -> Model {
        Model {
            input: vec![0.0; INPUTS * HIDDEN],
            bias: vec![0.0; HIDDEN],
            output: vec![0.0; BUCKETS * 2 * HIDDEN],
            output_bias: vec![0.0; BUCKETS],
        }
    }

    fn random(seed: u64) -> Model {
        let mut state = seed.max(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut uniform = |scale: f32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let mut model = Model::zero();
        model.input.iter_mut().for_each(|w| *w = uniform(0.1));
        model
            .output
            .iter_mut()
            .for_each(|w| *w = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt()));
        model
    }

    fn add(&mut self, other: &Model) {
        let theirs = other
            .input
            .iter()
            .chain(&other.bias)
            .chain(&other.output)
            .chain(&other.output_bias);
        for (mine, theirs) in self.parameters().zip(theirs) {
            *mine += theirs;
        }
    }

    fn parameters(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .chain(self.bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(self.output_bias.iter_mut())
    }

    /// The hidden sums of both perspectives (side to move first) for one position.
    fn hidden(&self, data: &Data, index: usize) -> [Vec<f32>; 2] {
        let mut white = self.bias.clone();
        let mut black = self.bias.clone();
        for &w in data.inputs(index) {
            let w = w as usize;
            let b = mirrored(w);
            for (h, x) in white
                .iter_mut()
                .zip(&self.input[w * HIDDEN..(w + 1) * HIDDEN])
            {
                *h += x;
            }
            for (h, x) in black
                .iter_mut()
                .zip(&self.input[b * HIDDEN..(b + 1) * HIDDEN])
            {
                *h += x;
            }
        }
        if data.white_to_move[index] {
            [white, black]
        } else {
            [black, white]
        }
    }

    /// The raw output (centipawns / [`OUTPUT_SCALE`]) for the side to move, through output
    /// layer `layer`.
    fn output_of(&self, hidden: &[Vec<f32>; 2], layer: usize) -> f32 {
        let mut sum = self.output_bias[layer];
        let weights = &self.output[layer * 2 * HIDDEN..(layer + 1) * 2 * HIDDEN];
        for (side, units) in hidden.iter().enumerate() {
            for (h, w) in units.iter().zip(&weights[side * HIDDEN..]) {
                let a = h.clamp(0.0, 1.0);
                sum += a * a * w;
            }
        }
        sum
    }

    /// Adds the squared error's gradient for position `index` to `grad`; returns the error.
    fn learn(&self, data: &Data, index: usize, grad: &mut Model) -> f32 {
        let hidden = self.hidden(data, index);
        let w = data.inputs(index);
        let layer = bucket(w.len());
        let predicted = sigmoid(self.output_of(&hidden, layer));
        let target = data.targets[index];
        let g = 2.0 * (predicted - target) * predicted * (1.0 - predicted);
        grad.output_bias[layer] += g;
        let first = layer * 2 * HIDDEN;
        for (side, units) in hidden.iter().enumerate() {
            let mut delta = [0.0f32; HIDDEN];
            for (j, &h) in units.iter().enumerate() {
                let a = h.clamp(0.0, 1.0);
                grad.output[first + side * HIDDEN + j] += g * a * a;
                if h > 0.0 && h < 1.0 {
                    delta[j] = g * 2.0 * h * self.output[first + side * HIDDEN + j];
                }
            }
            for (b, d) in grad.bias.iter_mut().zip(&delta) {
                *b += d;
            }
            let white_view = (side == 0) == data.white_to_move[index];
            for &input in w {
                let feature = if white_view {
                    input as usize
                } else {
                    mirrored(input as usize)
                };
                let row = &mut grad.input[feature * HIDDEN..(feature + 1) * HIDDEN];
                for (x, d) in row.iter_mut().zip(&delta) {
                    *x += d;
                }
            }
        }
        (predicted - target) * (predicted - target)
    }

    fn error(&self, data: &Data, indices: &[usize]) -> f64 {
        let total: f64 = indices
            .iter()
            .map(|&i| {
                let layer = bucket(data.inputs(i).len());
                let e = sigmoid(self.output_of(&self.hidden(data, i), layer)) - data.targets[i];
                f64::from(e * e)
            })
            .sum();
        total / indices.len().max(1) as f64
    }

    /// The engine's file for this model.
    fn quantized(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        let word = |w: f32, scale: i32| ((w * scale as f32).round() as i16).to_le_bytes();
        for &w in self.input.iter().chain(&self.bias) {
            bytes.extend_from_slice(&word(w, QA));
        }
        for &w in &self.output {
            bytes.extend_from_slice(&word(w, QB));
        }
        for &bias in &self.output_bias {
            let bias = (bias * (QA * QB) as f32).round() as i32;
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        bytes
    }
}

/// Adam's running moments.
struct Adam {
    first: Model,
    second: Model,
    step: i32,
}

impl Adam {
    fn apply(&mut self, model: &mut Model, grad: &mut Model, rate: f32, batch: usize) {
        self.step += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.step);
        let c2 = 1.0 - b2.powi(self.step);
        let scale = 1.0 / batch as f32;
        let moments = self.first.parameters().zip(self.second.parameters());
        for ((w, g), (m, v)) in model.parameters().zip(grad.parameters()).zip(moments) {
            let g = *g * scale;
            *m = b1 * *m + (1.0 - b1) * g;
            *v = b2 * *v + (1.0 - b2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *w = w.clamp(-CLIP, CLIP);
        }
    }
}

fn train(out: &str, epochs: usize, inputs: &[String]) -> std::io::Result<()> {
    let result_weight = setting("NNUE_RESULT_WEIGHT", 0.1);
    let mut data = Data::default();
    for path in inputs {
        for line in BufReader::new(File::open(path)?).lines() {
            data.push(&line?, result_weight);
        }
    }
    let (mut training, held): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|i| i % 32 != 31);
    eprintln!("{} positions, {} held out", training.len(), held.len());
    let rate = setting("NNUE_RATE", 0.001);
    let batch = setting("NNUE_BATCH", 16_384.0) as usize;
    let threads = (setting("NNUE_THREADS", 2.0) as usize).max(1);
    let mut model = Model::random(setting("NNUE_SEED", 1.0) as u64);
    let mut adam = Adam {
        first: Model::zero(),
        second: Model::zero(),
        step: 0,
    };
    let mut best = (model.error(&data, &held), model.clone());
    eprintln!("start: held-out error {:.6}", best.0);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for epoch in 0..epochs {
        for i in (1..training.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            training.swap(i, (state % (i as u64 + 1)) as usize);
        }
        // The rate falls tenfold over the last two fifths of the epochs.
        let progress = epoch as f32 / epochs.max(1) as f32;
        let epoch_rate = if progress < 0.6 {
            rate
        } else if progress < 0.8 {
            rate * 0.3
        } else {
            rate * 0.1
        };
        let mut total = 0.0f64;
        for chunk in training.chunks(batch) {
            let per_thread = chunk.len().div_ceil(threads);
            let (grads, errors): (Vec<Model>, Vec<f64>) = std::thread::scope(|scope| {
                let handles: Vec<_> = chunk
                    .chunks(per_thread)
                    .map(|part| {
                        let (model, data) = (&model, &data);
                        scope.spawn(move || {
                            let mut grad = Model::zero();
                            let error: f64 = part
                                .iter()
                                .map(|&i| f64::from(model.learn(data, i, &mut grad)))
                                .sum();
                            (grad, error)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training thread panicked"))
                    .unzip()
            });
            let mut grads = grads.into_iter();
            let mut grad = grads.next().unwrap_or_else(Model::zero);
            for other in grads {
                grad.add(&other);
            }
            total += errors.iter().sum::<f64>();
            adam.apply(&mut model, &mut grad, epoch_rate, chunk.len());
        }
        let held_error = model.error(&data, &held);
        eprintln!(
            "epoch {}: rate {epoch_rate:.5}, training error {:.6}, held-out error {held_error:.6}",
            epoch + 1,
            total / training.len() as f64
        );
        if held_error < best.0 {
            best = (held_error, model.clone());
        }
    }
    let bytes = best.1.quantized();
    std::fs::write(out, &bytes)?;
    let network = Network::read(&bytes)
        .map_err(|e| std::io::Error::other(format!("the written network is unreadable: {e:?}")))?;
    let mut stray = 0.0f64;
    let mut worst = 0.0f64;
    let mut checked = 0usize;
    for &i in held.iter().take(20_000) {
        let Some(board) = board_of(&data, i) else {
            continue;
        };
        checked += 1;
        let layer = bucket(data.inputs(i).len());
        let float = best.1.output_of(&best.1.hidden(&data, i), layer) * OUTPUT_SCALE as f32;
        let fixed = network.evaluate(&board) as f32;
        let gap = f64::from((float - fixed).abs());
        stray += gap;
        worst = worst.max(gap);
    }
    eprintln!(
        "wrote {out}: held-out error {:.6}; fixed point against floating point over {checked} held-out positions: mean {:.2} cp, worst {:.1} cp",
        best.0,
        stray / checked.max(1) as f64,
        worst
    );
    Ok(())
}

/// A board with the pieces of position `index` (the network sees nothing else).
fn board_of(data: &Data, index: usize) -> Option<cozy_chess::Board> {
    let mut builder = cozy_chess::BoardBuilder::empty();
    for &w in data.inputs(index) {
        let w = w as usize;
        let color = if w < 384 {
            cozy_chess::Color::White
        } else {
            cozy_chess::Color::Black
        };
        let piece = cozy_chess::Piece::index((w % 384) / 64);
        let square = cozy_chess::Square::index(w % 64);
        *builder.square_mut(square) = Some((piece, color));
    }
    builder.side_to_move = if data.white_to_move[index] {
        cozy_chess::Color::White
    } else {
        cozy_chess::Color::Black
    };
    builder.build().ok()
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
    match arg(1).as_str() {
        "train" => train(
            &arg(2),
            arg(3).parse().unwrap_or(10),
            args.get(4..).unwrap_or_default(),
        ),
        _ => {
            eprintln!("usage: chess_nnue train OUT.bin EPOCHS DATA...");
            Ok(())
        }
    }
}
