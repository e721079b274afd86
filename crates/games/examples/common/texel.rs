//! What the Texel tuners of tapered evaluations share: positions as sparse parameter counts
//! with a label, the error of sigmoid(K · eval) against the labels, the scale K, an Adam
//! descent with a held-out set for early stopping, and labels blended from a game's result
//! and a stronger engine's opinion.
#![allow(dead_code)] // each tuner uses its own part

/// One position: how often each parameter counts (Red's or White's minus the other's), the
/// midgame share of the taper, what the engine multiplies the linear score by, and the label
/// (the first side's expected score, 0–1).
pub struct Sample {
    pub terms: Vec<(u16, f32)>,
    pub phase: f32,
    pub factor: f32,
    pub result: f32,
}

/// The nonzero counts of a trace, as a sample's terms.
pub fn sparse(counts: &[i32]) -> Vec<(u16, f32)> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(i, &c)| (i as u16, c as f32))
        .collect()
}

/// Reads an environment setting of a tuner.
pub fn setting(name: &str, default: f32) -> f32 {
    std::env::var(name)
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The label of a record `POSITION;RESULT[;CP]`: the game's result, blended with an
/// engine's opinion where the record carries one:
/// `TUNE_RESULT_WEIGHT · result + (1 − TUNE_RESULT_WEIGHT) · sigmoid(CP / TUNE_CP_SCALE)`;
/// defaults 0.25 and 400.
pub fn target(fields: &[&str]) -> Option<f32> {
    let result = fields.get(1)?.trim().parse::<f32>().ok()?;
    let Some(cp) = fields.get(2) else {
        return Some(result);
    };
    let cp = cp.trim().parse::<f32>().ok()?;
    let weight = setting("TUNE_RESULT_WEIGHT", 0.25);
    let opinion = sigmoid(cp / setting("TUNE_CP_SCALE", 400.0));
    Some(weight * result + (1.0 - weight) * opinion)
}

/// The linear evaluation of `sample` with `weights`, tapered and scaled.
pub fn evaluate(sample: &Sample, weights: &[[f32; 2]]) -> f32 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(index, count) in &sample.terms {
        let w = weights[index as usize];
        mg += w[0] * count;
        eg += w[1] * count;
    }
    (mg * sample.phase + eg * (1.0 - sample.phase)) * sample.factor
}

/// Mean squared error of the predictions against the labels.
pub fn error(samples: &[Sample], weights: &[[f32; 2]], k: f32) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(s.result - sigmoid(k * evaluate(s, weights)));
            e * e
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The K that best fits the labels with the weights as they are (so the units stay the
/// engine's), by ternary search.
pub fn fit_k(samples: &[Sample], weights: &[[f32; 2]]) -> f32 {
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

/// Splits positions into training and held-out sets: every tenth block of 64 (about one
/// game: positions of one game are alike) is held out.
pub fn split(all: Vec<Sample>) -> (Vec<Sample>, Vec<Sample>) {
    let mut held = Vec::new();
    let mut samples = Vec::new();
    for (index, sample) in all.into_iter().enumerate() {
        if (index / 64) % 10 == 0 {
            held.push(sample);
        } else {
            samples.push(sample);
        }
    }
    (samples, held)
}

/// The outcome of [`fit`].
pub struct Fit {
    pub weights: Vec<[f32; 2]>,
    pub k: f32,
    pub start_train: f64,
    pub end_train: f64,
    pub start_held: f64,
    pub end_held: f64,
}

/// Adam over every weight not `frozen`, for `epochs` passes; returns the weights with the
/// lowest held-out error (checked every ten epochs). `TUNE_RATE` is Adam's step (default 1),
/// `TUNE_L2` a pull towards the starting weights (default 0).
pub fn fit(
    samples: &[Sample],
    held: &[Sample],
    start: &[[f32; 2]],
    frozen: &[bool],
    epochs: usize,
) -> Fit {
    let mut weights = start.to_vec();
    let k = fit_k(samples, &weights);
    let mut best_held = error(held, &weights, k);
    let mut best = weights.clone();
    let (start_train, start_held) = (error(samples, &weights, k), best_held);
    eprintln!("K = {k:.5}, error {start_train:.6}, held-out error {start_held:.6}");
    let rate = setting("TUNE_RATE", 1.0);
    let l2 = setting("TUNE_L2", 0.0);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let mut moment = vec![[0.0f32; 2]; weights.len()];
    let mut velocity = vec![[0.0f32; 2]; weights.len()];
    for epoch in 1..=epochs {
        let mut gradient = vec![[0.0f32; 2]; weights.len()];
        for sample in samples {
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
            let held_error = error(held, &weights, k);
            if held_error < best_held {
                best_held = held_error;
                best = weights.clone();
            }
            eprintln!(
                "epoch {epoch}: error {:.6}, held-out {held_error:.6}",
                error(samples, &weights, k)
            );
        }
    }
    let end_train = error(samples, &best, k);
    eprintln!("best: error {end_train:.6}, held-out error {best_held:.6}");
    Fit {
        weights: best,
        k,
        start_train,
        end_train,
        start_held,
        end_held: best_held,
    }
}

/// How many training positions count each parameter.
pub fn seen(samples: &[Sample], count: usize) -> Vec<usize> {
    let mut seen = vec![0usize; count];
    for sample in samples {
        for &(index, _) in &sample.terms {
            seen[index as usize] += 1;
        }
    }
    seen
}

/// Writes the `WEIGHTS` table of a `weights.rs`, one `[midgame, endgame]` row per parameter
/// with its name, under the doc line `doc`.
pub fn write_table(
    writer: &mut impl std::io::Write,
    doc: &str,
    weights: &[[f32; 2]],
    name: impl Fn(usize) -> String,
) -> std::io::Result<()> {
    writeln!(writer, "/// {doc}")?;
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
            name(index)
        )?;
    }
    writeln!(writer, "];")
}

/// The tuner's settings as they were given, to be written beside its output.
pub fn command_line(example: &str) -> String {
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
    command.push(format!(
        "cargo run --release -p ply-games --example {example} --"
    ));
    command.extend(std::env::args().skip(1));
    command.join(" ")
}

/// Asks a UCI engine for its score of positions at a fixed depth.
pub struct Referee {
    child: std::process::Child,
    to_engine: std::process::ChildStdin,
    from_engine: std::io::BufReader<std::process::ChildStdout>,
}

impl Referee {
    /// Starts `command` (program and arguments split on spaces), says `uci`, and sends
    /// `options` as `setoption name N value V`, with one thread and 16 MB of hash.
    pub fn start(command: &str, options: &[(&str, &str)]) -> std::io::Result<Referee> {
        use std::process::{Command, Stdio};
        let mut words = command.split_whitespace();
        let program = words.next().unwrap_or("stockfish");
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let to_engine = child.stdin.take().ok_or_else(broken)?;
        let from_engine = std::io::BufReader::new(child.stdout.take().ok_or_else(broken)?);
        let mut referee = Referee {
            child,
            to_engine,
            from_engine,
        };
        referee.send("uci")?;
        referee.wait_for("uciok")?;
        for (name, value) in [("Threads", "1"), ("Hash", "16")]
            .iter()
            .chain(options.iter())
        {
            referee.send(&format!("setoption name {name} value {value}"))?;
        }
        Ok(referee)
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        use std::io::Write;
        writeln!(self.to_engine, "{line}")?;
        self.to_engine.flush()
    }

    /// Reads until a line starting with `token`; returns the last score seen on the way, in
    /// centipawns from the side to move's view, a mate counting ±3000.
    fn wait_for(&mut self, token: &str) -> std::io::Result<Option<i32>> {
        use std::io::BufRead;
        let mut score = None;
        let mut line = String::new();
        loop {
            line.clear();
            if self.from_engine.read_line(&mut line)? == 0 {
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
    }

    /// The engine's score of `fen` at `depth`, from the side to move's view.
    pub fn score(&mut self, fen: &str, depth: u32) -> std::io::Result<Option<i32>> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        self.wait_for("bestmove")
    }

    /// Stockfish's static evaluation of `fen` (its `eval` command's final line), from
    /// White's view in centipawns; `None` where it gives none (in check).
    #[allow(dead_code)]
    pub fn evaluation(&mut self, fen: &str) -> std::io::Result<Option<i32>> {
        use std::io::BufRead;
        self.send(&format!("position fen {fen}"))?;
        self.send("eval")?;
        let mut line = String::new();
        loop {
            line.clear();
            if self.from_engine.read_line(&mut line)? == 0 {
                return Err(broken());
            }
            if let Some(rest) = line.strip_prefix("Final evaluation") {
                let pawns = rest
                    .split_whitespace()
                    .next()
                    .and_then(|v| v.parse::<f64>().ok());
                return Ok(pawns.map(|p| (p * 100.0).round() as i32));
            }
        }
    }

    pub fn quit(mut self) -> std::io::Result<()> {
        self.send("quit")?;
        self.child.wait()?;
        Ok(())
    }
}

fn broken() -> std::io::Error {
    std::io::Error::other("engine closed its pipe")
}
