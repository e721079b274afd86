//! Texel tuning of caro's cell values on ply's own games: fits the line values, the bonuses,
//! the weight of the side to move's cells and the tempo of `caro/params.rs` to the results.
//!
//! The evaluation is linear in those values on every quiet position (no five to make, no
//! open four of the side to move's): `r·V(me) − V(them) + tempo + threats`, where `V` sums
//! over the empty cells the values of the line patterns a stone there would make and the
//! bonus of their combination. So each position becomes the counts of every pattern and
//! bonus for both sides, and the fit is a logistic regression of the game's result on them,
//! with the scale `K` first fitted to the current values (so the units stay the engine's).
//! Since stop 56 the engine values a cell by its shape (`SHAPE_VALUE`, `--shapes` below):
//! this fit moves the hand-built line values and bonuses that the shape fit starts from.
//!
//! `--masks RIDGE` fits the threat table instead (`THREAT_TABLE`, indexed by
//! `strong::threat_mask`: which threats each player could make next), one value per
//! combination met in at least `MASK_MIN_SAMPLES` positions, the other values held;
//! `--holdout` keeps every fifth game out of the fit and reports the loss on it.
//!
//! `--targets` reads labelled positions instead of games, one a line: the moves, a tab, a
//! value, a tab, and the side to move's expected score (for instance a stronger engine's
//! search value as a win rate); the fit then follows that verdict instead of the results.
//! `tools/caro_label.py` writes such a file from a Gomocup brain's values.
//!
//! `--shapes RIDGE` fits one value per cell shape instead (`SHAPE_VALUE`, see `shapes.rs`);
//! `--print-summed-shapes` prints the table the hand-built line values and bonuses give;
//! `--from-today` starts the shape fit from today's table instead of from those sums (and
//! pulls it towards today's), to refine it on new labels.
//!
//! Games come from `ply match caro --out FILE` (freestyle, 15×15, from the empty board):
//!
//! ```text
//! ply match caro --size 15 --a engine:nodes=20000 --b engine:nodes=14000 \
//!     --games 2000 --openings random --out games.txt
//! cargo run --release -p ply-games --example caro_texel -- games.txt
//! cargo run --release -p ply-games --example caro_texel -- --holdout --masks 0 games.txt
//! cargo run --release -p ply-games --example caro_texel -- --targets --shapes 0 labels.tsv
//! ```

mod shapes;

use std::error::Error;

use ply_games::caro::line::Line;
use ply_games::caro::params::{
    LINE_VALUE, OWN_WEIGHT, SHAPE_VALUE, TEMPO, THEIR_WEIGHT, THREAT_TABLE,
};
use ply_games::caro::strong::threat_mask;
use ply_games::caro::threat::{Bonus, Threat, judge};
use ply_games::caro::{Caro, Rule, Strong};
use ply_search::{Evaluator, Game, Side};

/// Line patterns fitted: closed two … open four (a five is never on a quiet position).
const LINES: std::ops::Range<usize> = 1..7;
/// Terms per side: the fitted line patterns, then the bonuses.
const TERMS: usize = 6 + Bonus::ALL.len();
/// Plies from the start before positions are kept (the random opening).
const SKIP_PLIES: usize = 4;
/// Moves that name the game a labelled position comes from.
const GAME_KEY_PLIES: usize = 10;
/// Threat masks (`strong::threat_mask`).
const MASKS: usize = THREAT_TABLE.len();
/// A mask's value is fitted only when this many positions have it (else it stays).
const MASK_MIN_SAMPLES: usize = 40;

/// One quiet position: its term counts for the side to move and the opponent, the part of
/// the evaluation not fitted, and the result for the side to move.
struct Sample {
    mine: [f64; TERMS],
    theirs: [f64; TERMS],
    mask: usize,
    fixed: f64,
    result: f64,
}

/// The values being fitted.
#[derive(Clone, Debug)]
struct Values {
    terms: [f64; TERMS],
    own_ratio: f64,
    tempo: f64,
    table: Vec<f64>,
}

impl Values {
    fn current() -> Values {
        let mut terms = [0.0; TERMS];
        for (slot, kind) in terms.iter_mut().zip(LINES) {
            *slot = f64::from(LINE_VALUE[kind]);
        }
        for (slot, bonus) in terms[6..].iter_mut().zip(Bonus::ALL) {
            *slot = f64::from(bonus.value());
        }
        Values {
            terms,
            own_ratio: f64::from(OWN_WEIGHT) / f64::from(THEIR_WEIGHT),
            tempo: f64::from(TEMPO),
            table: THREAT_TABLE.iter().map(|&v| f64::from(v)).collect(),
        }
    }

    fn evaluate(&self, sample: &Sample) -> f64 {
        let mine = dot(&self.terms, &sample.mine);
        let theirs = dot(&self.terms, &sample.theirs);
        self.own_ratio * mine - theirs + self.tempo + self.table[sample.mask] + sample.fixed
    }
}

/// The values times the counts, summed.
fn dot(values: &[f64; TERMS], counts: &[f64; TERMS]) -> f64 {
    values.iter().zip(counts).map(|(v, n)| v * n).sum()
}

fn sigmoid(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-k * eval / 400.0).exp())
}

/// The loss's slope in a sample's evaluation, before the mean, where the prediction is `p`.
fn slope(result: f64, p: f64, k: f64) -> f64 {
    -2.0 * (result - p) * p * (1.0 - p) * k / 400.0
}

fn loss(samples: &[Sample], values: &Values, k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(values.evaluate(s), k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The counts of every fitted term of `side`'s cells.
fn terms(game: &Caro, side: Side) -> [f64; TERMS] {
    let mut counts = [0.0; TERMS];
    for &cell in game.board_cells() {
        if !game.is_empty(cell) || game.threat(cell, side) == Threat::Forbidden {
            continue;
        }
        let lines: [Line; 4] = std::array::from_fn(|direction| game.line(cell, side, direction));
        for line in lines {
            if LINES.contains(&(line as usize)) {
                counts[line as usize - 1] += 1.0;
            }
        }
        if let (_, Some(bonus)) = judge(lines, false) {
            counts[6 + bonus as usize] += 1.0;
        }
    }
    counts
}

/// Whether `game` is quiet: no five to make or block, no open four of the side to move's.
fn is_quiet(game: &Caro) -> bool {
    let me = game.side_to_move();
    let them = me.opponent();
    game.outcome().is_none()
        && game.count(me, Threat::Five) == 0
        && game.count(them, Threat::Five) == 0
        && game.count(me, Threat::Flex4) == 0
}

/// The sample of quiet position `game`, labelled `result` for the side to move.
fn sample_of(game: &Caro, result: f64) -> Sample {
    let me = game.side_to_move();
    let partial = Sample {
        mine: terms(game, me),
        theirs: terms(game, me.opponent()),
        mask: threat_mask(game, me),
        fixed: 0.0,
        result,
    };
    let fixed = f64::from(Strong.evaluate(game)) - Values::current().evaluate(&partial);
    Sample { fixed, ..partial }
}

/// The samples `sample` makes of every quiet labelled position of the files at `paths`:
/// those fitted and those held out. Game records (`ply match --out`) give the positions past
/// the opening, labelled with the game's result for the side to move, and `holdout` keeps
/// every fifth game out; a `--targets` file gives one position a line, and `holdout` keeps
/// whole games out by a hash of their first moves.
fn samples_from<S>(
    paths: &[String],
    targets: bool,
    holdout: bool,
    mut sample: impl FnMut(&Caro, f64) -> S,
) -> Result<(Vec<S>, Vec<S>), Box<dyn Error>> {
    let mut fitted = Vec::new();
    let mut held = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)?;
        if targets {
            for line in text.lines().filter(|line| !line.trim().is_empty()) {
                let (game, result) = target_of(line)?;
                if is_quiet(&game) {
                    let into = if holdout && game_of(line).is_multiple_of(5) {
                        &mut held
                    } else {
                        &mut fitted
                    };
                    into.push(sample(&game, result));
                }
            }
        } else {
            for (index, record) in text.split("\n\n").enumerate() {
                let into = if holdout && index % 5 == 0 {
                    &mut held
                } else {
                    &mut fitted
                };
                positions_of(record, |game, result| into.push(sample(game, result)))?;
            }
        }
    }
    Ok((fitted, held))
}

/// Calls `visit` with every quiet position of one game record past the opening and the
/// game's result for the side to move.
fn positions_of(record: &str, mut visit: impl FnMut(&Caro, f64)) -> Result<(), Box<dyn Error>> {
    let tag = |name: &str| {
        record.lines().find_map(|line| {
            line.strip_prefix(&format!("[{name} \""))
                .and_then(|rest| rest.strip_suffix("\"]"))
        })
    };
    if tag("Game") != Some("caro") {
        return Ok(());
    }
    let first_score = match tag("Result") {
        Some("1-0") => 1.0,
        Some("0-1") => 0.0,
        Some("1/2-1/2") => 0.5,
        _ => return Ok(()),
    };
    let moves = record
        .lines()
        .filter(|line| !line.starts_with('[') && !line.trim().is_empty())
        .flat_map(str::split_whitespace);
    let mut game = Caro::new(15, Rule::Freestyle);
    for (ply, text) in moves.enumerate() {
        if game.outcome().is_some() {
            break;
        }
        if ply >= SKIP_PLIES && is_quiet(&game) {
            let result = if game.side_to_move() == Side::First {
                first_score
            } else {
                1.0 - first_score
            };
            visit(&game, result);
        }
        let cell = game
            .parse_cell(text)
            .ok_or_else(|| format!("not a cell: {text}"))?;
        game.make_move(cell);
    }
    Ok(())
}

/// One labelled position of a `--targets` file: its moves, a tab, anything (a value), a
/// tab, and the side to move's expected score in [0, 1] (another engine's verdict).
fn target_of(line: &str) -> Result<(Caro, f64), Box<dyn Error>> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [moves, .., score] = fields[..] else {
        return Err(format!("not a labelled position: {line}").into());
    };
    let result: f64 = score.trim().parse()?;
    let mut game = Caro::new(15, Rule::Freestyle);
    for text in moves.split_whitespace() {
        let cell = game
            .parse_cell(text)
            .ok_or_else(|| format!("not a cell: {text}"))?;
        game.make_move(cell);
    }
    Ok((game, result))
}

/// The scale that best fits the current values.
fn fit_scale(samples: &[Sample]) -> f64 {
    let current = Values::current();
    best_scale(|k| loss(samples, &current, k))
}

/// The scale K in 0.01 … 4.00 whose predictions have the least `loss_at(K)` (the first of
/// equals).
fn best_scale(loss_at: impl Fn(f64) -> f64) -> f64 {
    let mut best = (f64::MAX, 1.0);
    for step in 1..=400 {
        let k = f64::from(step) * 0.01;
        let l = loss_at(k);
        if l < best.0 {
            best = (l, k);
        }
    }
    best.1
}

/// Adam's moments of one fitted value.
#[derive(Clone, Copy, Default)]
struct Moments {
    m: f64,
    v: f64,
}

impl Moments {
    /// Takes gradient `g` in round `round` (from 1) and returns the step to subtract, at
    /// `rate` units.
    fn step(&mut self, g: f64, round: usize, rate: f64) -> f64 {
        const BETA1: f64 = 0.9;
        const BETA2: f64 = 0.999;
        self.m = BETA1 * self.m + (1.0 - BETA1) * g;
        self.v = BETA2 * self.v + (1.0 - BETA2) * g * g;
        let mh = self.m / (1.0 - BETA1.powi(round as i32));
        let vh = self.v / (1.0 - BETA2.powi(round as i32));
        rate * mh / (vh.sqrt() + 1e-12)
    }
}

/// Gradient descent (Adam) on every fitted value at once.
fn fit(samples: &[Sample], k: f64, rounds: usize) -> Values {
    let mut values = Values::current();
    let params = TERMS + 2;
    let mut moments = vec![Moments::default(); params];
    let rate = 0.5;
    for round in 1..=rounds {
        let mut grad = vec![0.0; params];
        for s in samples {
            let p = sigmoid(values.evaluate(s), k);
            let d = slope(s.result, p, k);
            for ((g, mine), theirs) in grad.iter_mut().zip(&s.mine).zip(&s.theirs) {
                *g += d * (values.own_ratio * mine - theirs);
            }
            let mine = dot(&values.terms, &s.mine);
            grad[TERMS] += d * mine;
            grad[TERMS + 1] += d;
        }
        for (i, g) in grad.iter_mut().enumerate() {
            *g /= samples.len() as f64;
            // The ratio moves on a finer scale than the values.
            let step = if i == TERMS { rate / 100.0 } else { rate };
            let delta = moments[i].step(*g, round, step);
            match i {
                _ if i < TERMS => values.terms[i] = (values.terms[i] - delta).max(0.0),
                _ if i == TERMS => values.own_ratio -= delta,
                _ => values.tempo -= delta,
            }
        }
        if round % 100 == 0 {
            eprintln!("round {round}: loss {:.6}", loss(samples, &values, k));
        }
    }
    values
}

/// Gradient descent (Adam) on the threat table alone, the other values held: each mask
/// met in at least `MASK_MIN_SAMPLES` positions, with a light pull towards 0 (`ridge`, per
/// unit squared, against the mean loss).
fn fit_masks(samples: &[Sample], k: f64, rounds: usize, ridge: f64) -> Values {
    let mut values = Values::current();
    let mut seen = vec![0usize; MASKS];
    for s in samples {
        seen[s.mask] += 1;
    }
    let mut moments = vec![Moments::default(); MASKS];
    let rate = 2.0;
    for round in 1..=rounds {
        let mut grad = vec![0.0; MASKS];
        for s in samples {
            let p = sigmoid(values.evaluate(s), k);
            grad[s.mask] += slope(s.result, p, k);
        }
        for (i, g) in grad.iter_mut().enumerate() {
            if seen[i] < MASK_MIN_SAMPLES {
                continue;
            }
            *g = *g / samples.len() as f64 + 2.0 * ridge * values.table[i];
            values.table[i] -= moments[i].step(*g, round, rate);
        }
        if round % 100 == 0 {
            eprintln!("round {round}: loss {:.6}", loss(samples, &values, k));
        }
    }
    let names = [
        "me 4-3",
        "me 4",
        "me 3-3",
        "me 3",
        "they open 4",
        "they 4-3",
        "they 4",
        "they 3-3",
        "they 3",
    ];
    let mut order: Vec<usize> = (0..MASKS)
        .filter(|&i| seen[i] >= MASK_MIN_SAMPLES)
        .collect();
    order.sort_by_key(|&i| std::cmp::Reverse(seen[i]));
    for i in order {
        let bits: Vec<&str> = (0..9)
            .filter(|b| i >> b & 1 == 1)
            .map(|b| names[b])
            .collect();
        println!(
            "mask {i:>3} ({:>6} positions): {:>7.1}  {}",
            seen[i],
            values.table[i],
            bits.join(", ")
        );
    }
    let table: Vec<String> = values
        .table
        .iter()
        .map(|v| format!("{}", v.round() as i64))
        .collect();
    println!(
        "pub const THREAT_TABLE: [i32; 512] = [{}];",
        table.join(", ")
    );
    values
}

/// The loss reached when the side to move's cells and the opponent's have values of their
/// own (a measure of what a split table would gain; the engine shares one table).
fn fit_split(samples: &[Sample], k: f64, rounds: usize) -> ([f64; TERMS], [f64; TERMS], f64) {
    let start = Values::current();
    let mut mine = start.terms.map(|v| v * start.own_ratio);
    let mut theirs = start.terms;
    let mut tempo = start.tempo;
    let params = 2 * TERMS + 1;
    let mut moments = vec![Moments::default(); params];
    let rate = 0.5;
    let eval = |mine: &[f64; TERMS], theirs: &[f64; TERMS], tempo: f64, s: &Sample| {
        dot(mine, &s.mine) - dot(theirs, &s.theirs) + tempo + s.fixed
    };
    let mut last = 0.0;
    for round in 1..=rounds {
        let mut grad = vec![0.0; params];
        let mut total = 0.0;
        for s in samples {
            let p = sigmoid(eval(&mine, &theirs, tempo, s), k);
            total += (s.result - p).powi(2);
            let d = slope(s.result, p, k);
            let (to_mine, to_theirs) = grad.split_at_mut(TERMS);
            for (g, n) in to_mine.iter_mut().zip(&s.mine) {
                *g += d * n;
            }
            for (g, n) in to_theirs.iter_mut().zip(&s.theirs) {
                *g -= d * n;
            }
            grad[2 * TERMS] += d;
        }
        last = total / samples.len() as f64;
        for (i, g) in grad.iter_mut().enumerate() {
            *g /= samples.len() as f64;
            let delta = moments[i].step(*g, round, rate);
            if i < TERMS {
                mine[i] = (mine[i] - delta).max(0.0);
            } else if i < 2 * TERMS {
                theirs[i - TERMS] = (theirs[i - TERMS] - delta).max(0.0);
            } else {
                tempo -= delta;
            }
        }
    }
    println!("loss with split values {last:.6}; tempo {tempo:.1}");
    (mine, theirs, tempo)
}

/// Which game a labelled position comes from, as a number: a hash of its first moves (the
/// held-out share keeps whole games out, not single positions of games it also fits).
fn game_of(line: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let moves = line.split('\t').next().unwrap_or_default();
    for text in moves.split_whitespace().take(GAME_KEY_PLIES) {
        text.hash(&mut hasher);
    }
    hasher.finish()
}

/// Removes `flag` from `args`; whether it was there.
fn take_flag(args: &mut Vec<String>, flag: &str) -> bool {
    let at = args.iter().position(|a| a == flag);
    at.map(|at| args.remove(at)).is_some()
}

/// Removes `flag` and the value after it from `args`, parsed; `None` without the flag.
fn take_value<T: std::str::FromStr>(
    args: &mut Vec<String>,
    flag: &str,
) -> Result<Option<T>, Box<dyn Error>>
where
    T::Err: Error + 'static,
{
    let Some(at) = args.iter().position(|a| a == flag) else {
        return Ok(None);
    };
    let value = args
        .get(at + 1)
        .ok_or_else(|| format!("{flag} needs a value"))?
        .parse()?;
    args.drain(at..at + 2);
    Ok(Some(value))
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = take_value(&mut args, "--rounds")?.unwrap_or(1000);
    let masks: Option<f64> = take_value(&mut args, "--masks")?;
    let split = take_flag(&mut args, "--split");
    if args.first().map(String::as_str) == Some("--print-summed-shapes") {
        shapes::print_table(&shapes::summed_table());
        return Ok(());
    }
    let shape_ridge: Option<f64> = take_value(&mut args, "--shapes")?;
    let from = if take_flag(&mut args, "--from-today") {
        shapes::Start::Today
    } else {
        shapes::Start::Summed
    };
    if args.is_empty() {
        return Err(
            "usage: caro_texel [--rounds N] [--split | --masks RIDGE | --shapes RIDGE [--from-today]] [--holdout] [--targets] FILE …"
                .into(),
        );
    }
    let targets = take_flag(&mut args, "--targets");
    let holdout = take_flag(&mut args, "--holdout");
    if let Some(ridge) = shape_ridge {
        return fit_shapes(&args, targets, holdout, rounds, ridge, from);
    }
    let (samples, held) = samples_from(&args, targets, holdout, sample_of)?;
    println!("{} quiet positions", samples.len());
    let k = fit_scale(&samples);
    let current = Values::current();
    println!(
        "scale K = {k:.2}; loss with today's values {:.6}",
        loss(&samples, &current, k)
    );
    if let Some(ridge) = masks {
        let fitted = fit_masks(&samples, k, rounds, ridge);
        println!("loss with fitted table {:.6}", loss(&samples, &fitted, k));
        if !held.is_empty() {
            println!(
                "held out ({} positions): {:.6} with today's values, {:.6} fitted",
                held.len(),
                loss(&held, &current, k),
                loss(&held, &fitted, k)
            );
        }
        return Ok(());
    }
    let fitted = fit(&samples, k, rounds);
    println!("loss with fitted values {:.6}", loss(&samples, &fitted, k));
    let names = [
        "Block2",
        "Flex2",
        "Block3",
        "Flex3",
        "Block4",
        "Flex4",
        "FLEX4_BONUS",
        "FOUR_THREE_BONUS",
        "THREE_THREE_BONUS",
        "FOUR_PLUS_BONUS",
        "THREE_PLUS_BONUS",
        "BLOCK3_PAIR_BONUS",
        "TWO_PAIR_BONUS",
    ];
    for (i, name) in names.iter().enumerate() {
        println!(
            "{name:>18}: {:>7.1} -> {:>7.1}",
            current.terms[i], fitted.terms[i]
        );
    }
    println!(
        "{:>18}: {:>7.3} -> {:>7.3}",
        "own/their", current.own_ratio, fitted.own_ratio
    );
    println!(
        "{:>18}: {:>7.1} -> {:>7.1}",
        "TEMPO", current.tempo, fitted.tempo
    );
    if split {
        let (mine, theirs, _) = fit_split(&samples, k, rounds);
        for (i, name) in names.iter().enumerate() {
            println!(
                "{name:>18}: mine {:>7.1} theirs {:>7.1}",
                mine[i], theirs[i]
            );
        }
    }
    Ok(())
}

/// `--shapes RIDGE`: fits the shape table and prints it.
fn fit_shapes(
    paths: &[String],
    targets: bool,
    holdout: bool,
    rounds: usize,
    ridge: f64,
    from: shapes::Start,
) -> Result<(), Box<dyn Error>> {
    let (samples, held) = samples_from(paths, targets, holdout, shapes::sample_of)?;
    println!("{} quiet positions", samples.len());
    let k = shapes::fit_scale(&samples);
    let start: Vec<f64> = SHAPE_VALUE.iter().map(|&v| f64::from(v)).collect();
    let tempo = f64::from(TEMPO);
    println!(
        "scale K = {k:.2}; loss with today's values {:.6}",
        shapes::loss(&samples, &start, tempo, k)
    );
    let (table, fitted_tempo) = shapes::fit(&samples, k, rounds, ridge, from);
    println!(
        "loss with fitted shapes {:.6}",
        shapes::loss(&samples, &table, fitted_tempo, k)
    );
    // A fitted table that needs a smaller scale than today's says the values grew against
    // the rest of the evaluation (the search's margins are in the same units).
    println!(
        "scale K that best fits the fitted shapes {:.2}",
        best_scale(|k| shapes::loss(&samples, &table, fitted_tempo, k))
    );
    if !held.is_empty() {
        println!(
            "held out ({} positions): {:.6} with today's values, {:.6} fitted",
            held.len(),
            shapes::loss(&held, &start, tempo, k),
            shapes::loss(&held, &table, fitted_tempo, k)
        );
    }
    let rounded: Vec<i32> = table.iter().map(|v| v.round() as i32).collect();
    shapes::print_table(&rounded);
    Ok(())
}
