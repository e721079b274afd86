//! The sequential probability ratio test that stops a match once it has shown that A is
//! elo1 stronger (H1) or is not (H0): the normal approximation of the generalised SPRT.

use std::str::FromStr;

use super::elo::{Tally, moments, samples};

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

impl FromStr for Sprt {
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
    ///
    /// The variance is estimated with one pseudo-sample at every possible outcome added to
    /// the results: a few identical pairs have no spread at all, and without the prior the
    /// first pair alone would decide (an LLR of ~35 from one pair). As results come in, the
    /// prior's weight fades; the mean is the results' own.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let outcomes = samples(tally);
        let (mean, _, count) = moments(&outcomes);
        if count == 0.0 {
            return 0.0;
        }
        let with_prior: Vec<(f64, u32)> = outcomes.iter().map(|&(x, n)| (x, n + 1)).collect();
        let (_, variance, _) = moments(&with_prior);
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
mod tests {
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
    fn a_few_identical_pairs_decide_nothing_but_a_run_of_them_does() {
        let sprt: Sprt = "elo0=0,elo1=10".parse().expect("valid");
        let pairs = |won: u32| Tally {
            wins: 2 * won,
            draws: 0,
            losses: 0,
            pairs: [0, 0, 0, 0, won],
        };
        assert_eq!(sprt.verdict(&pairs(1)), Verdict::Continue);
        assert_eq!(sprt.verdict(&pairs(3)), Verdict::Continue);
        assert_eq!(sprt.verdict(&pairs(200)), Verdict::AcceptH1);
        let one_good_pair = Tally {
            wins: 1,
            draws: 1,
            losses: 0,
            pairs: [0, 0, 0, 1, 0],
        };
        assert_eq!(sprt.verdict(&one_good_pair), Verdict::Continue);
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
