//! The five rules of caro: which lines of stones win. Freestyle (five or more), standard
//! (exactly five), caro (five or more, not closed at both ends by the opponent), caro5
//! (exactly five, not closed at both ends) and renju (Black exactly five and no three-three,
//! four-four or overline; White five or more). The board edge never closes a line.

use std::fmt;
use std::str::FromStr;

use ply_search::Side;

/// A rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins (the seed's rule).
    #[default]
    Freestyle,
    /// Exactly five wins; six or more does not.
    Standard,
    /// Five or more wins unless both ends are closed by opponent stones (Gomocup rule 8).
    Caro,
    /// Exactly five, not closed at both ends by opponent stones (Gomocup rule 9).
    Caro5,
    /// Black (the first player) wins with exactly five and may not make three-three,
    /// four-four or an overline; White wins with five or more.
    Renju,
}

/// How one player's line of five is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FiveRule {
    /// Five or more.
    AtLeast,
    /// Exactly five.
    Exactly,
    /// Five or more, not closed at both ends by the opponent.
    AtLeastOpen,
    /// Exactly five, not closed at both ends by the opponent.
    ExactlyOpen,
}

impl FiveRule {
    /// Whether a run of `length` stones whose ends hold an opponent stone (`closed`) wins.
    #[inline]
    pub fn wins(self, length: usize, closed: [bool; 2]) -> bool {
        let both_closed = closed[0] && closed[1];
        match self {
            FiveRule::AtLeast => length >= 5,
            FiveRule::Exactly => length == 5,
            FiveRule::AtLeastOpen => length >= 5 && !both_closed,
            FiveRule::ExactlyOpen => length == 5 && !both_closed,
        }
    }

    /// Whether six or more in a row is not a win (so a line must stay exactly five).
    pub fn forbids_overline(self) -> bool {
        matches!(self, FiveRule::Exactly | FiveRule::ExactlyOpen)
    }
}

impl Rule {
    /// Every rule, the default first.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Caro,
        Rule::Caro5,
        Rule::Renju,
    ];

    /// Every rule's name, the default first.
    pub const NAMES: [&'static str; 5] = ["freestyle", "standard", "caro", "caro5", "renju"];

    /// The name as typed on the command line.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// How `side`'s fives are judged.
    pub fn five_rule(self, side: Side) -> FiveRule {
        match (self, side) {
            (Rule::Freestyle, _) | (Rule::Renju, Side::Second) => FiveRule::AtLeast,
            (Rule::Standard, _) | (Rule::Renju, Side::First) => FiveRule::Exactly,
            (Rule::Caro, _) => FiveRule::AtLeastOpen,
            (Rule::Caro5, _) => FiveRule::ExactlyOpen,
        }
    }

    /// Whether `side` has forbidden moves (Black in renju).
    pub fn has_forbidden_moves(self, side: Side) -> bool {
        self == Rule::Renju && side == Side::First
    }

    /// The Gomocup `INFO rule` bitmask: 1 exact five, 4 renju, 8 caro.
    pub fn gomocup_bits(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Caro => 8,
            Rule::Caro5 => 9,
            Rule::Renju => 4,
        }
    }

    /// The rule for a Gomocup `INFO rule` bitmask (bit 2 continuous game and bit 4 swap2
    /// are about the match, not the rule, and are ignored).
    pub fn from_gomocup_bits(bits: u32) -> Rule {
        if bits & 4 != 0 {
            Rule::Renju
        } else if bits & 8 != 0 {
            if bits & 1 != 0 {
                Rule::Caro5
            } else {
                Rule::Caro
            }
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }
}

/// A rule name that is not one of the five.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}': expected freestyle, standard, caro, caro5 or renju")]
pub struct UnknownRule(pub String);

impl FromStr for Rule {
    type Err = UnknownRule;
    fn from_str(text: &str) -> Result<Rule, UnknownRule> {
        let wanted = text.trim().to_ascii_lowercase();
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name() == wanted)
            .ok_or(UnknownRule(text.to_string()))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_gomocup_bits_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(rule.name().parse::<Rule>(), Ok(rule));
            assert_eq!(Rule::from_gomocup_bits(rule.gomocup_bits()), rule);
        }
        assert!("gomoku".parse::<Rule>().is_err());
        assert_eq!(Rule::from_gomocup_bits(2 | 1), Rule::Standard);
    }

    #[test]
    fn fives_are_judged_by_length_and_closed_ends() {
        let open = [false, false];
        let closed = [true, true];
        assert!(FiveRule::AtLeast.wins(6, closed));
        assert!(!FiveRule::Exactly.wins(6, open));
        assert!(FiveRule::Exactly.wins(5, closed));
        assert!(!FiveRule::AtLeastOpen.wins(5, closed));
        assert!(FiveRule::AtLeastOpen.wins(7, [true, false]));
        assert!(!FiveRule::ExactlyOpen.wins(6, open));
        assert!(!FiveRule::ExactlyOpen.wins(5, closed));
    }
}
