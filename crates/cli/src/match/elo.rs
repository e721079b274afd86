//! Match statistics: score, Elo difference with its 95% interval (pentanomial when games are
//! played in colour-swapped pairs, trinomial otherwise), and likelihood of superiority.

/// Results of a match from player A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// Finished pairs by A's points in the pair: 0, ½, 1, 1½, 2.
    pub pairs: [u32; 5],
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points per game, 0 to 1.
    pub fn score(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games)
    }

    /// Records a pair of games in which A scored `half_points` / 2 points (0 to 4 halves).
    pub fn add_pair(&mut self, half_points: usize) {
        if let Some(slot) = self.pairs.get_mut(half_points) {
            *slot += 1;
        }
    }
}

/// An Elo difference with its uncertainty.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// A's Elo advantage (infinite after a perfect score).
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Likelihood that A is stronger.
    pub los: f64,
}

/// The Elo difference that gives an expected score of `score`.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The estimate for `tally`: the interval comes from the spread of pair scores when every
/// game was part of a finished pair, else from the spread of single games.
pub fn estimate(tally: &Tally) -> Estimate {
    let (mean, spread, count) = moments(&samples(tally));
    // With no spread at all (no games, or every sample alike: two draws, ten won pairs) the
    // sample says nothing about its own error: the interval is unbounded, not zero-wide.
    let error = if count > 0.0 && spread > 0.0 {
        (spread / count).sqrt()
    } else {
        f64::INFINITY
    };
    let los = if tally.wins + tally.losses == 0 {
        0.5
    } else {
        let wins = f64::from(tally.wins);
        let losses = f64::from(tally.losses);
        0.5 * (1.0 + erf((wins - losses) / (2.0 * (wins + losses)).sqrt()))
    };
    Estimate {
        elo: elo_from_score(mean),
        low: elo_from_score(mean - 1.96 * error),
        high: elo_from_score(mean + 1.96 * error),
        los,
    }
}

/// The scores to average, each with its count: a pair's points per game (0, ¼, ½, ¾, 1)
/// when every game was part of a finished pair, else single games' points.
pub(super) fn samples(tally: &Tally) -> Vec<(f64, u32)> {
    let paired_games: u32 = tally.pairs.iter().sum::<u32>() * 2;
    if paired_games == tally.games() && paired_games > 0 {
        tally
            .pairs
            .iter()
            .enumerate()
            .map(|(halves, &count)| (halves as f64 / 4.0, count))
            .collect()
    } else {
        vec![(1.0, tally.wins), (0.5, tally.draws), (0.0, tally.losses)]
    }
}

/// Mean and variance of weighted outcomes, and the number of samples.
pub(super) fn moments(outcomes: &[(f64, u32)]) -> (f64, f64, f64) {
    let count: f64 = outcomes.iter().map(|&(_, n)| f64::from(n)).sum();
    if count == 0.0 {
        return (0.5, 0.0, 0.0);
    }
    let mean = outcomes.iter().map(|&(x, n)| x * f64::from(n)).sum::<f64>() / count;
    let variance = outcomes
        .iter()
        .map(|&(x, n)| (x - mean).powi(2) * f64::from(n))
        .sum::<f64>()
        / count;
    (mean, variance, count)
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// An Elo figure for people: `+123.4`, `-inf`.
pub fn format_elo(elo: f64) -> String {
    let elo = if elo == 0.0 { 0.0 } else { elo };
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    } else {
        format!("{elo:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_zero_elo() {
        let tally = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
            pairs: [0; 5],
        };
        let estimate = estimate(&tally);
        assert!(estimate.elo.abs() < 1e-9);
        assert!(estimate.low < 0.0 && estimate.high > 0.0);
        assert!((estimate.los - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_75_percent_score_is_about_191_elo() {
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn pairs_narrow_the_interval_when_they_are_consistent() {
        // Ten pairs, eight of one win and one draw (1.5 points) and two of two draws: less
        // spread between pairs than between games.
        let paired = Tally {
            wins: 8,
            draws: 12,
            losses: 0,
            pairs: [0, 0, 2, 8, 0],
        };
        let single = Tally {
            pairs: [0; 5],
            ..paired
        };
        let (p, s) = (estimate(&paired), estimate(&single));
        assert!((p.elo - s.elo).abs() < 1e-9, "same score, same Elo");
        assert!(p.high - p.low < s.high - s.low);
        assert!(s.los > 0.99);
    }

    #[test]
    fn samples_all_alike_leave_the_interval_unbounded() {
        let two_draws = Tally {
            wins: 0,
            draws: 2,
            losses: 0,
            pairs: [0, 0, 1, 0, 0],
        };
        let drawn = estimate(&two_draws);
        assert!(drawn.elo.abs() < 1e-9);
        assert_eq!((drawn.low, drawn.high), (f64::NEG_INFINITY, f64::INFINITY));
        let none = estimate(&Tally {
            wins: 0,
            draws: 0,
            losses: 0,
            pairs: [0; 5],
        });
        assert_eq!((none.low, none.high), (f64::NEG_INFINITY, f64::INFINITY));
    }

    #[test]
    fn erf_is_accurate() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-6);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 1e-6);
    }
}
