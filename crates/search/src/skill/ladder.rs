//! The ladder's types: a level (rung 1 to 8), what a level plays with ([`RungParams`]), a
//! game's eight levels ([`Ladder`]), and a strength asked for by level or by rating, which
//! the ladder maps onto parameters by interpolating between its calibrated levels.

use std::fmt;

/// A level on the ladder, 1 (a beginner) to 8 (the full engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rung(u8);

impl Rung {
    /// Level 1: the weakest.
    pub const WEAKEST: Rung = Rung(1);
    /// Level 8: the full engine.
    pub const FULL: Rung = Rung(8);

    /// Level `number`, when it is 1 to 8.
    pub const fn new(number: u8) -> Option<Rung> {
        if number >= 1 && number <= 8 {
            Some(Rung(number))
        } else {
            None
        }
    }

    /// The level's number, 1 to 8.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Rung> {
        (1..=8).map(Rung)
    }
}

impl fmt::Display for Rung {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What one level plays with. Units of `noise` and `margin` are the game's evaluator's
/// (centipawns in chess and xiangqi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RungParams {
    /// Nodes per move; `None`: the full engine within the limits it is given (time).
    pub nodes: Option<u64>,
    /// Deepest iteration, if the level stops before its nodes run out.
    pub depth: Option<u32>,
    /// Amplitude of the evaluation noise ([`super::noise`]).
    pub noise: i32,
    /// Root moves whose exact score is within this of the best may be chosen instead.
    pub margin: i32,
    /// Root lines searched with exact scores (MultiPV) for that choice.
    pub lines: usize,
    /// The level's rating on the ladder's scale, from the calibration matches (chess:
    /// Stockfish `UCI_Elo` equivalents; see README "Levels").
    pub elo: i32,
}

impl RungParams {
    /// A weaker level: `nodes` per move, evaluation `noise`, root moves within `margin` of
    /// the best chosen among `lines` exact lines, rated `elo`.
    pub const fn limited(
        nodes: u64,
        noise: i32,
        margin: i32,
        lines: usize,
        elo: i32,
    ) -> RungParams {
        RungParams {
            nodes: Some(nodes),
            depth: None,
            noise,
            margin,
            lines,
            elo,
        }
    }

    /// The full engine, rated `elo`: no node limit, no noise, the best move.
    pub const fn full(elo: i32) -> RungParams {
        RungParams {
            nodes: None,
            depth: None,
            noise: 0,
            margin: 0,
            lines: 1,
            elo,
        }
    }

    /// Whether this is the full engine (nothing weakens it).
    pub fn is_full(&self) -> bool {
        self.nodes.is_none()
            && self.depth.is_none()
            && self.noise == 0
            && self.margin == 0
            && self.lines <= 1
    }
}

/// A strength asked for: a level, or a rating (UCI `UCI_Elo`, `Skill Level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// One of the eight levels.
    Level(Rung),
    /// A rating on the ladder's scale, played between the two levels around it.
    Elo(i32),
}

/// A game's eight levels, weakest first; the last is [`RungParams::full`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ladder {
    /// Levels 1 to 8.
    pub rungs: [RungParams; 8],
}

/// Between level 7 and the full engine, nodes grow from level 7's up to this many times
/// them (the full engine's own count depends on its time).
const FULL_NODES_FACTOR: f64 = 4.0;

impl Ladder {
    /// The parameters of level `rung`.
    pub fn rung(&self, rung: Rung) -> RungParams {
        self.rungs[usize::from(rung.number() - 1)]
    }

    /// The ratings the ladder spans: level 1's to level 8's.
    pub fn elo_range(&self) -> (i32, i32) {
        (self.rungs[0].elo, self.rungs[7].elo)
    }

    /// The parameters for `strength`. A rating between two levels interpolates them: nodes
    /// geometrically, noise and margin linearly, depth and lines from the nearer level; at
    /// or below level 1's rating it is level 1, at or above level 8's the full engine.
    pub fn params(&self, strength: Strength) -> RungParams {
        let elo = match strength {
            Strength::Level(rung) => return self.rung(rung),
            Strength::Elo(elo) => elo,
        };
        if elo <= self.rungs[0].elo {
            return self.rungs[0];
        }
        if elo >= self.rungs[7].elo {
            return self.rungs[7];
        }
        let upper = self
            .rungs
            .iter()
            .position(|rung| rung.elo > elo)
            .unwrap_or(7)
            .max(1);
        let (low, high) = (self.rungs[upper - 1], self.rungs[upper]);
        let span = f64::from((high.elo - low.elo).max(1));
        let t = (f64::from(elo - low.elo) / span).clamp(0.0, 1.0);
        let near = if t < 0.5 { low } else { high };
        let low_nodes = low.nodes.unwrap_or(1) as f64;
        let high_nodes = high
            .nodes
            .map_or(low_nodes * FULL_NODES_FACTOR, |nodes| nodes as f64);
        let nodes = (low_nodes * (high_nodes / low_nodes).powf(t)).round() as u64;
        let linear = |a: i32, b: i32| (f64::from(a) + f64::from(b - a) * t).round() as i32;
        RungParams {
            nodes: Some(nodes.max(1)),
            depth: near.depth.or(low.depth.filter(|_| high.is_full())),
            noise: linear(low.noise, high.noise),
            margin: linear(low.margin, high.margin),
            lines: near.lines.max(1),
            elo,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ladder() -> Ladder {
        let weak = |nodes: u64, noise: i32, elo: i32| RungParams {
            nodes: Some(nodes),
            depth: None,
            noise,
            margin: noise,
            lines: 3,
            elo,
        };
        Ladder {
            rungs: [
                weak(100, 80, 1000),
                weak(200, 70, 1100),
                weak(400, 60, 1200),
                weak(800, 50, 1300),
                weak(1600, 40, 1400),
                weak(3200, 30, 1500),
                weak(6400, 20, 1600),
                RungParams::full(1800),
            ],
        }
    }

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Rung::new(0), None);
        assert_eq!(Rung::new(9), None);
        assert_eq!(Rung::new(3).map(Rung::number), Some(3));
        assert_eq!(Rung::all().count(), 8);
    }

    #[test]
    fn a_rating_interpolates_between_the_levels_around_it() {
        let ladder = ladder();
        assert_eq!(ladder.params(Strength::Elo(500)), ladder.rungs[0]);
        assert!(ladder.params(Strength::Elo(1800)).is_full());
        assert!(ladder.params(Strength::Elo(3000)).is_full());
        assert_eq!(ladder.params(Strength::Elo(1300)).nodes, Some(800));
        let between = ladder.params(Strength::Elo(1350));
        assert_eq!(between.nodes, Some(1131)); // 800 · √2
        assert_eq!(between.noise, 45);
        let near_full = ladder.params(Strength::Elo(1700));
        assert_eq!(near_full.nodes, Some(12_800));
        assert_eq!(near_full.noise, 10);
        assert!(!near_full.is_full());
        assert_eq!(
            ladder.params(Strength::Level(Rung::new(2).expect("level"))),
            ladder.rungs[1]
        );
    }
}
