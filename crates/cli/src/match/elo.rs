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
    let paired_games: u32 = tally.pairs.iter().sum::<u32>() * 2;
    let (mean, spread, count) = if paired_games == tally.games() && paired_games > 0 {
        let outcomes: Vec<(f64, u32)> = tally
            .pairs
            .iter()
            .enumerate()
            .map(|(halves, &count)| (halves as f64 / 4.0, count))
            .collect();
        moments(&outcomes)
    } else {
        moments(&[(1.0, tally.wins), (0.5, tally.draws), (0.0, tally.losses)])
    };
    let error = if count > 0.0 {
        (spread / count).sqrt()
    } else {
        0.0
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

/// Mean and variance of weighted outcomes, and the number of samples.
fn moments(outcomes: &[(f64, u32)]) -> (f64, f64, f64) {
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
        // Ten pairs, each one win and one draw (1.5 points): no spread between pairs.
        let paired = Tally {
            wins: 10,
            draws: 10,
            losses: 0,
            pairs: [0, 0, 0, 10, 0],
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
    fn erf_is_accurate() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-6);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 1e-6);
    }
}

/// A sequential probability ratio test between Elo hypotheses elo0 (H0) and elo1 (H1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: A is at least elo1 stronger (roughly).
    AcceptH1,
    /// H0 accepted: A is not elo1 stronger.
    AcceptH0,
    /// Keep playing.
    Continue,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// Reads `elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default to 0.05).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not key=value (elo0, elo1, alpha, beta)"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("{key}={value}: expected a number"))?;
            match key.trim() {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                other => {
                    return Err(format!(
                        "unknown SPRT key '{other}': expected elo0, elo1, alpha, beta"
                    ));
                }
            }
        }
        if !sprt.elo0.is_finite() || !sprt.elo1.is_finite() || sprt.elo1 <= sprt.elo0 {
            return Err("an SPRT needs elo0 < elo1, e.g. elo0=0,elo1=10".to_string());
        }
        if !(0.0 < sprt.alpha && sprt.alpha < 0.5 && 0.0 < sprt.beta && sprt.beta < 0.5) {
            return Err("alpha and beta must lie between 0 and 0.5".to_string());
        }
        Ok(sprt)
    }
}

fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The log-likelihood-ratio bounds (lower accepts H0, upper accepts H1).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the results so far (the normal approximation of the
    /// generalised SPRT, over pairs when the games are paired, else over games).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let paired_games: u32 = tally.pairs.iter().sum::<u32>() * 2;
        let samples: Vec<(f64, u32)> = if paired_games == tally.games() && paired_games > 0 {
            tally
                .pairs
                .iter()
                .enumerate()
                .map(|(halves, &count)| (halves as f64 / 4.0, count))
                .collect()
        } else {
            vec![(1.0, tally.wins), (0.5, tally.draws), (0.0, tally.losses)]
        };
        let (mean, variance, count) = moments(&samples);
        if count == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        count * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance.max(1e-4))
    }

    /// The verdict for `tally`.
    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let (lower, upper) = self.bounds();
        let llr = self.llr(tally);
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod sprt_tests {
    use super::*;

    #[test]
    fn bounds_follow_alpha_and_beta() {
        let sprt: Sprt = "elo0=0,elo1=10".parse().expect("valid");
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 0.001 && (upper - 2.944).abs() < 0.001);
        assert!("elo0=5,elo1=0".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=5,alpha=0.7".parse::<Sprt>().is_err());
        assert!("elo0=0,elo1=5,gamma=1".parse::<Sprt>().is_err());
    }

    #[test]
    fn a_clear_winner_is_accepted_and_a_clear_loser_rejected() {
        let sprt: Sprt = "elo0=0,elo1=20".parse().expect("valid");
        let winning = Tally {
            wins: 300,
            draws: 100,
            losses: 100,
            pairs: [0; 5],
        };
        assert_eq!(sprt.verdict(&winning), Verdict::AcceptH1);
        let losing = Tally {
            wins: 100,
            draws: 100,
            losses: 300,
            pairs: [0; 5],
        };
        assert_eq!(sprt.verdict(&losing), Verdict::AcceptH0);
        let early = Tally {
            wins: 3,
            draws: 2,
            losses: 2,
            pairs: [0; 5],
        };
        assert_eq!(sprt.verdict(&early), Verdict::Continue);
    }
}
