//! `--shapes RIDGE`: fits one value per cell shape (`params::SHAPE_VALUE`, indexed by
//! `threat::shape_index`: the multiset of a cell's four line patterns) instead of a value
//! per line pattern plus a bonus, so that every combination is judged on its own; each
//! shape met often enough moves, pulled towards its present value by `RIDGE`.

use ply_games::caro::line::Line;
use ply_games::caro::params::{OWN_WEIGHT, SHAPE_VALUE, TEMPO, THEIR_WEIGHT};
use ply_games::caro::threat::{SHAPES, Threat, judge, shape_index, summed_value};
use ply_games::caro::{Caro, Strong};
use ply_search::{Evaluator, Game, Side};

use crate::{Moments, best_scale, sigmoid, slope};

/// A shape's value is fitted only when it is met in this many positions (else it stays).
const MIN_POSITIONS: usize = 100;
/// Line pattern names, by code, for the report.
const NAMES: [&str; 7] = ["-", "b2", "f2", "b3", "f3", "b4", "f4"];

/// One quiet position: for each shape on the board, the side to move's count times its
/// weight minus the opponent's; the evaluation's part outside the shapes and the tempo;
/// the result for the side to move.
pub struct Sample {
    terms: Vec<(u16, f64)>,
    fixed: f64,
    result: f64,
}

/// The line kinds of shape `index`, strongest first.
fn lines_of(index: usize) -> [Line; 4] {
    let mut found = [Line::None; 4];
    for code in 0..7u32.pow(4) {
        let lines =
            [code / 343, code / 49 % 7, code / 7 % 7, code % 7].map(|c| Line::from_code(c as u8));
        if shape_index(lines) == Some(index) {
            found = lines;
            found.sort_unstable_by(|x, y| y.cmp(x));
            break;
        }
    }
    found
}

/// The shape values the hand-built model gives: line values plus bonus.
pub fn summed_table() -> Vec<i32> {
    (0..SHAPES)
        .map(|index| {
            let lines = lines_of(index);
            summed_value(lines, judge(lines, false).1)
        })
        .collect()
}

/// Prints `table` as `params.rs` holds it.
pub fn print_table(table: &[i32]) {
    println!("pub const SHAPE_VALUE: [i32; {SHAPES}] = [");
    for row in table.chunks(15) {
        let row: Vec<String> = row.iter().map(i32::to_string).collect();
        println!("    {},", row.join(", "));
    }
    println!("];");
}

/// The shapes of `side`'s empty cells, counted.
fn shape_counts(game: &Caro, side: Side, counts: &mut [f64]) {
    for &cell in game.board_cells() {
        if !game.is_empty(cell) || game.threat(cell, side) == Threat::Forbidden {
            continue;
        }
        let lines: [Line; 4] = std::array::from_fn(|direction| game.line(cell, side, direction));
        if let Some(shape) = shape_index(lines) {
            counts[shape] += 1.0;
        }
    }
}

/// The shape sample of quiet position `game`, labelled `result` for the side to move.
pub fn sample_of(game: &Caro, result: f64) -> Sample {
    let ratio = f64::from(OWN_WEIGHT) / f64::from(THEIR_WEIGHT);
    let me = game.side_to_move();
    let mut mine = vec![0.0; SHAPES];
    let mut theirs = vec![0.0; SHAPES];
    shape_counts(game, me, &mut mine);
    shape_counts(game, me.opponent(), &mut theirs);
    let terms: Vec<(u16, f64)> = (1..SHAPES)
        .map(|shape| (shape as u16, ratio * mine[shape] - theirs[shape]))
        .filter(|&(_, x)| x != 0.0)
        .collect();
    let modelled: f64 = terms
        .iter()
        .map(|&(shape, x)| x * f64::from(SHAPE_VALUE[usize::from(shape)]))
        .sum::<f64>()
        + f64::from(TEMPO);
    Sample {
        terms,
        fixed: f64::from(Strong.evaluate(game)) - modelled,
        result,
    }
}

/// The evaluation of `sample` with shape values `table` and `tempo`.
fn evaluate(sample: &Sample, table: &[f64], tempo: f64) -> f64 {
    sample
        .terms
        .iter()
        .map(|&(shape, x)| x * table[usize::from(shape)])
        .sum::<f64>()
        + tempo
        + sample.fixed
}

/// Mean squared error of the predictions at scale `k`.
pub fn loss(samples: &[Sample], table: &[f64], tempo: f64, k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(evaluate(s, table, tempo), k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The scale that best fits the present values.
pub fn fit_scale(samples: &[Sample]) -> f64 {
    let table: Vec<f64> = SHAPE_VALUE.iter().map(|&v| f64::from(v)).collect();
    best_scale(|k| loss(samples, &table, f64::from(TEMPO), k))
}

/// Where the shape fit starts and what its ridge pulls towards.
#[derive(Clone, Copy)]
pub enum Start {
    /// The hand-built model (line values plus bonus, [`summed_table`]), whatever
    /// `SHAPE_VALUE` holds now, so that a fit can be run again on the same labels.
    Summed,
    /// Today's `SHAPE_VALUE`: a fit on new labels refines the table already fitted.
    Today,
}

/// Adam on the shape values and the tempo; returns them. The fit starts from `from`,
/// `ridge` pulls each value towards that start, and no value falls below half of the
/// hand-built one: a shape met mostly where the game is decided anyway gets no say from
/// the labels, and 0 would misorder its cells.
pub fn fit(samples: &[Sample], k: f64, rounds: usize, ridge: f64, from: Start) -> (Vec<f64>, f64) {
    let summed: Vec<f64> = summed_table().into_iter().map(f64::from).collect();
    let floor: Vec<f64> = summed.iter().map(|v| v / 2.0).collect();
    let start: Vec<f64> = match from {
        Start::Summed => summed,
        Start::Today => SHAPE_VALUE.iter().map(|&v| f64::from(v)).collect(),
    };
    let mut table = start.clone();
    let mut tempo = f64::from(TEMPO);
    let mut seen = vec![0usize; SHAPES];
    for s in samples {
        for &(shape, _) in &s.terms {
            seen[usize::from(shape)] += 1;
        }
    }
    let mut moments = vec![Moments::default(); SHAPES + 1];
    let rate = 0.5;
    for round in 1..=rounds {
        let mut grad = vec![0.0; SHAPES + 1];
        for s in samples {
            let d = slope(s.result, sigmoid(evaluate(s, &table, tempo), k), k);
            for &(shape, x) in &s.terms {
                grad[usize::from(shape)] += d * x;
            }
            grad[SHAPES] += d;
        }
        let n = samples.len() as f64;
        for shape in 1..SHAPES {
            if seen[shape] < MIN_POSITIONS {
                continue;
            }
            let g = grad[shape] / n + 2.0 * ridge * (table[shape] - start[shape]);
            table[shape] = (table[shape] - moments[shape].step(g, round, rate)).max(floor[shape]);
        }
        tempo -= moments[SHAPES].step(grad[SHAPES] / n, round, rate);
        if round % 100 == 0 {
            eprintln!("round {round}: loss {:.6}", loss(samples, &table, tempo, k));
        }
    }
    let mut order: Vec<usize> = (1..SHAPES).filter(|&s| seen[s] >= MIN_POSITIONS).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(seen[s]));
    for shape in order {
        let name: Vec<&str> = lines_of(shape)
            .iter()
            .filter(|&&line| line != Line::None)
            .map(|&line| NAMES[line as usize])
            .collect();
        println!(
            "shape {shape:>3} {:<14} ({:>7} positions): {:>6.0} -> {:>6.0}",
            name.join("+"),
            seen[shape],
            start[shape],
            table[shape]
        );
    }
    println!("TEMPO {} -> {:.0}", TEMPO, tempo);
    (table, tempo)
}
