//! `Score`: a search value from the side to move's view, where decided games are
//! "win in n plies" so that a sooner win always scores higher and a later loss higher still.

use std::fmt;
use std::ops::Neg;

/// A value from the point of view of the side to move.
///
/// Heuristic values lie strictly inside ±[`Score::MAX_EVAL`]; a win in `n` plies is
/// `MATE - n` and a loss in `n` plies is `-(MATE - n)`. Because the distance is part of the
/// value, "win now" (n = 1) beats "win next turn" (n = 3) everywhere, the root included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(i32);

impl Score {
    /// The value of a win at the current node (no plies to go).
    pub const MATE: i32 = 1_000_000_000;
    /// Longest win distance the type represents; beyond it a value is heuristic.
    pub const MAX_MATE_PLIES: i32 = 10_000;
    /// Heuristic values are clamped into ±`MAX_EVAL`.
    pub const MAX_EVAL: i32 = Self::MATE - Self::MAX_MATE_PLIES - 1;
    /// Above any value: the initial window bound.
    pub const INFINITE: Score = Score(Self::MATE + 1);
    /// A drawn position.
    pub const DRAW: Score = Score(0);

    /// A heuristic value, clamped so it can never be mistaken for a decided game.
    #[inline]
    pub fn eval(value: i32) -> Score {
        Score(value.clamp(-Self::MAX_EVAL, Self::MAX_EVAL))
    }

    /// The side to move wins in `plies` plies (1 = with the move it is about to make).
    #[inline]
    pub fn win_in(plies: u32) -> Score {
        Score(Self::MATE - (plies.min(Self::MAX_MATE_PLIES as u32) as i32))
    }

    /// The side to move loses in `plies` plies (0 = it has already lost).
    #[inline]
    pub fn loss_in(plies: u32) -> Score {
        -Score::win_in(plies)
    }

    /// Builds a score from its raw integer (as stored in a table). Not for heuristic values:
    /// use [`Score::eval`], which clamps.
    #[inline]
    pub const fn from_raw(raw: i32) -> Score {
        Score(raw)
    }

    /// The raw integer.
    #[inline]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// True when this is a decided game (win or loss at a known distance).
    #[inline]
    pub fn is_decisive(self) -> bool {
        self.0.abs() > Self::MAX_EVAL && self.0.abs() <= Self::MATE
    }

    /// Plies to the end of a decided game: positive when the side to move wins,
    /// negative when it loses; `None` for heuristic values.
    pub fn mate_plies(self) -> Option<i32> {
        if !self.is_decisive() {
            return None;
        }
        Some(if self.0 > 0 {
            Self::MATE - self.0
        } else {
            -(Self::MATE + self.0)
        })
    }

    /// Moves (not plies) to mate as UCI counts them: `mate 3` means the side to move
    /// mates with its third move; negative when it is mated.
    pub fn mate_moves(self) -> Option<i32> {
        self.mate_plies().map(|plies| {
            if plies > 0 {
                (plies + 1) / 2
            } else {
                plies / 2
            }
        })
    }

    /// Converts a score found `ply` plies below the root into one relative to that node, for
    /// storing in a table that other paths share.
    #[inline]
    pub fn to_table(self, ply: usize) -> Score {
        let ply = ply as i32;
        if self.0 > Self::MAX_EVAL {
            Score(self.0 + ply)
        } else if self.0 < -Self::MAX_EVAL {
            Score(self.0 - ply)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_table`].
    #[inline]
    pub fn from_table(self, ply: usize) -> Score {
        let ply = ply as i32;
        if self.0 > Self::MAX_EVAL {
            Score(self.0 - ply)
        } else if self.0 < -Self::MAX_EVAL {
            Score(self.0 + ply)
        } else {
            self
        }
    }

    /// Adds `delta` to the raw value, saturating (for margins around a heuristic value).
    #[inline]
    pub fn saturating_add(self, delta: i32) -> Score {
        Score(self.0.saturating_add(delta))
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_plies() {
            Some(plies) if plies > 0 => write!(f, "win in {plies}"),
            Some(plies) => write!(f, "loss in {}", -plies),
            None => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sooner_wins_score_higher_and_later_losses_too() {
        assert!(Score::win_in(1) > Score::win_in(3));
        assert!(Score::win_in(99) > Score::eval(i32::MAX));
        assert!(Score::loss_in(4) > Score::loss_in(2));
        assert!(Score::loss_in(100) < Score::eval(i32::MIN));
        assert!(Score::INFINITE > Score::win_in(0));
        assert!(-Score::INFINITE < Score::loss_in(0));
    }

    #[test]
    fn mate_distances_round_trip() {
        assert_eq!(Score::win_in(5).mate_plies(), Some(5));
        assert_eq!(Score::loss_in(4).mate_plies(), Some(-4));
        assert_eq!(Score::eval(120).mate_plies(), None);
        assert_eq!(Score::win_in(1).mate_moves(), Some(1));
        assert_eq!(Score::win_in(3).mate_moves(), Some(2));
        assert_eq!(Score::loss_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::loss_in(0).mate_moves(), Some(0));
    }

    #[test]
    fn table_conversion_is_relative_to_the_node() {
        let at_ply_3 = Score::win_in(7);
        let stored = at_ply_3.to_table(3);
        assert_eq!(stored, Score::win_in(4));
        assert_eq!(stored.from_table(3), at_ply_3);
        assert_eq!(stored.from_table(5), Score::win_in(9));
        assert_eq!(Score::eval(55).to_table(9), Score::eval(55));
    }

    #[test]
    fn display_says_who_wins() {
        assert_eq!(Score::win_in(3).to_string(), "win in 3");
        assert_eq!(Score::loss_in(2).to_string(), "loss in 2");
        assert_eq!(Score::eval(-17).to_string(), "-17");
    }
}
