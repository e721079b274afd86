//! What one stone on an empty cell would do for a player, all four directions together:
//! the threat it makes (five, open four, four-three, four, three-three, open three…) and a
//! value used to order moves and to judge positions. Black's forbidden points in renju are
//! found here too, line by line (overline, four-four, three-three); a line-local three-three
//! is then judged on the board by [`super::renju`], which drops threes that cannot become a
//! straight four on a point that is not itself forbidden.

use std::sync::OnceLock;

use super::line::Line;

/// The strongest threat a stone on a cell makes, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(u8)]
pub enum Threat {
    /// Nothing of note.
    #[default]
    None = 0,
    /// A two (open or not): a line that can grow into a three.
    Two = 1,
    /// A three that can become a four but not an open four.
    Block3 = 2,
    /// An open three.
    Three = 3,
    /// Two open threes at once.
    ThreeThree = 4,
    /// A four (one cell to complete five).
    Four = 5,
    /// A four and an open three at once.
    FourThree = 6,
    /// An open four or two fours: five next move cannot be stopped.
    Flex4 = 7,
    /// Five: the stone wins.
    Five = 8,
    /// A move renju forbids Black (overline, four-four, three-three).
    Forbidden = 9,
}

/// Number of [`Threat`] kinds.
pub const THREAT_KINDS: usize = 10;

impl Threat {
    const ALL: [Threat; THREAT_KINDS] = [
        Threat::None,
        Threat::Two,
        Threat::Block3,
        Threat::Three,
        Threat::ThreeThree,
        Threat::Four,
        Threat::FourThree,
        Threat::Flex4,
        Threat::Five,
        Threat::Forbidden,
    ];

    /// The threat stored as `code` (None for a code out of range).
    #[inline]
    pub fn from_code(code: u32) -> Threat {
        Threat::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(Threat::None)
    }

    /// Whether playing here makes a four or better (forces a reply or wins).
    #[inline]
    pub fn is_four_or_better(self) -> bool {
        matches!(
            self,
            Threat::Four | Threat::FourThree | Threat::Flex4 | Threat::Five
        )
    }
}

use super::params::{
    BLOCK3_PAIR_BONUS, FLEX4_BONUS, FOUR_PLUS_BONUS, FOUR_THREE_BONUS, LINE_VALUE, ORDER_VALUE,
    SHAPE_VALUE, THREE_PLUS_BONUS, THREE_THREE_BONUS, TWO_PAIR_BONUS,
};

/// Line patterns on one cell: [`Line`] has this many kinds.
const LINE_KINDS: usize = 10;
/// Combinations of four line patterns, for one kind of player.
const COMBINATIONS: usize = LINE_KINDS * LINE_KINDS * LINE_KINDS * LINE_KINDS;

/// The threat and value of a cell from its four line patterns, read from a table of every
/// combination (built once from [`judge_lines`]): a cell's threat is refreshed for both
/// players on every change of any of its lines, so this is the board's hottest call.
#[inline]
pub fn combine(lines: [Line; 4], renju_black: bool) -> (Threat, i32) {
    let index = lines
        .iter()
        .fold(0, |index, &line| index * LINE_KINDS + line as usize)
        + if renju_black { COMBINATIONS } else { 0 };
    let packed = combinations().get(index).copied().unwrap_or(0);
    (Threat::from_code(packed & 0xf), (packed >> 4) as i32)
}

/// Every combination's threat (low four bits) and value (the rest): the plain player's
/// first, then renju Black's.
fn combinations() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(2 * COMBINATIONS);
        for renju_black in [false, true] {
            for index in 0..COMBINATIONS {
                let lines = lines_of(index);
                let (threat, value) = judge_lines(lines, renju_black);
                table.push(((value.max(0) as u32) << 4) | threat as u32);
            }
        }
        table
    })
}

/// The move-order value of a cell for a player without forbidden points, from its four
/// line patterns: its shape's [`ORDER_VALUE`], or its lines' values and bonus for a cell
/// with a five; read from a table of every combination, as [`combine`] is.
#[inline]
pub fn order_value(lines: [Line; 4]) -> i32 {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..COMBINATIONS)
            .map(|index| {
                let lines = lines_of(index);
                let value = match shape_index(lines) {
                    Some(shape) => ORDER_VALUE[shape],
                    None => summed_value(lines, judge(lines, false).1),
                };
                u16::try_from(value.max(0)).unwrap_or(u16::MAX)
            })
            .collect()
    });
    let index = lines
        .iter()
        .fold(0, |index, &line| index * LINE_KINDS + line as usize);
    table.get(index).map_or(0, |&value| i32::from(value))
}

/// The four line patterns of a combination's index (the first line in the highest digit).
fn lines_of(index: usize) -> [Line; 4] {
    let mut rest = index;
    let mut lines = [Line::None; 4];
    for slot in lines.iter_mut().rev() {
        *slot = Line::from_code((rest % LINE_KINDS) as u8);
        rest /= LINE_KINDS;
    }
    lines
}

/// A combination of line patterns on one cell worth more than the sum of its lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// An open four or two fours.
    Flex4,
    /// A four and an open three.
    FourThree,
    /// Two open threes.
    ThreeThree,
    /// A four with a three or two beside it.
    FourPlus,
    /// An open three with a closed three beside it.
    ThreePlus,
    /// Two closed threes.
    Block3Pair,
    /// Two twos.
    TwoPair,
}

impl Bonus {
    /// Every bonus, in declaration order.
    pub const ALL: [Bonus; 7] = [
        Bonus::Flex4,
        Bonus::FourThree,
        Bonus::ThreeThree,
        Bonus::FourPlus,
        Bonus::ThreePlus,
        Bonus::Block3Pair,
        Bonus::TwoPair,
    ];

    /// What the bonus adds to the cell's value ([`super::params`]).
    pub fn value(self) -> i32 {
        match self {
            Bonus::Flex4 => FLEX4_BONUS,
            Bonus::FourThree => FOUR_THREE_BONUS,
            Bonus::ThreeThree => THREE_THREE_BONUS,
            Bonus::FourPlus => FOUR_PLUS_BONUS,
            Bonus::ThreePlus => THREE_PLUS_BONUS,
            Bonus::Block3Pair => BLOCK3_PAIR_BONUS,
            Bonus::TwoPair => TWO_PAIR_BONUS,
        }
    }
}

/// The threat a stone on a cell makes from its four line patterns, and the bonus its
/// combination earns (none on a forbidden point, whose value is 0), worked out by counting:
/// the terms of a cell's value, which an evaluation tuner fits.
pub fn judge(lines: [Line; 4], renju_black: bool) -> (Threat, Option<Bonus>) {
    let mut fives = 0;
    let mut flex4 = 0;
    let mut fours = 0;
    let mut flex3 = 0;
    let mut block3 = 0;
    let mut twos = 0;
    let mut forbidden = false;
    for line in lines {
        match line {
            Line::Five => fives += 1,
            Line::Flex4 => {
                flex4 += 1;
                fours += 1;
            }
            Line::DoubleFour => {
                forbidden = true;
                fours += 2;
            }
            Line::Block4 => fours += 1,
            Line::Flex3 => flex3 += 1,
            Line::Block3 => block3 += 1,
            Line::Flex2 | Line::Block2 => twos += 1,
            Line::Overline => forbidden = true,
            Line::None => {}
        }
    }
    let threat = if fives > 0 {
        Threat::Five
    } else if renju_black && (forbidden || fours >= 2 || flex3 >= 2) {
        Threat::Forbidden
    } else if flex4 > 0 || fours >= 2 {
        Threat::Flex4
    } else if fours > 0 && flex3 > 0 {
        Threat::FourThree
    } else if fours > 0 {
        Threat::Four
    } else if flex3 >= 2 {
        Threat::ThreeThree
    } else if flex3 > 0 {
        Threat::Three
    } else if block3 > 0 {
        Threat::Block3
    } else if twos > 0 {
        Threat::Two
    } else {
        Threat::None
    };
    let bonus = match threat {
        Threat::Flex4 => Some(Bonus::Flex4),
        Threat::FourThree => Some(Bonus::FourThree),
        Threat::ThreeThree => Some(Bonus::ThreeThree),
        Threat::Four if block3 + twos > 0 => Some(Bonus::FourPlus),
        Threat::Three if block3 > 0 => Some(Bonus::ThreePlus),
        Threat::Block3 if block3 >= 2 => Some(Bonus::Block3Pair),
        Threat::Two if twos >= 2 => Some(Bonus::TwoPair),
        _ => None,
    };
    (threat, bonus)
}

/// Line kinds a cell's shape is made of: none, the twos, the threes and the fours (a five,
/// an overline or a double four decides the cell on its own).
const SHAPE_KINDS: usize = 7;
/// Cell shapes: the multisets of four line kinds below five.
pub const SHAPES: usize = 210;

/// The shape of a cell whose lines are all below five: the rank of its four line kinds,
/// strongest first, among every such multiset in that order (so `[None; 4]` is 0 and four
/// open fours are the last); `None` for a cell with a five, overline or double four.
pub fn shape_index(lines: [Line; 4]) -> Option<usize> {
    static RANKS: OnceLock<Vec<u16>> = OnceLock::new();
    let ranks = RANKS.get_or_init(|| {
        let mut ranks = vec![u16::MAX; SHAPE_KINDS.pow(4)];
        let mut next = 0;
        for a in 0..SHAPE_KINDS {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        ranks[((a * SHAPE_KINDS + b) * SHAPE_KINDS + c) * SHAPE_KINDS + d] = next;
                        next += 1;
                    }
                }
            }
        }
        ranks
    });
    let mut codes = lines.map(|line| line as usize);
    if codes.iter().any(|&code| code >= SHAPE_KINDS) {
        return None;
    }
    codes.sort_unstable_by(|x, y| y.cmp(x));
    let key = codes.iter().fold(0, |key, &code| key * SHAPE_KINDS + code);
    ranks.get(key).map(|&rank| usize::from(rank))
}

/// The value of a cell by its lines' values and its bonus alone (the hand-built model the
/// shape table started from).
pub fn summed_value(lines: [Line; 4], bonus: Option<Bonus>) -> i32 {
    let value: i32 = lines.iter().map(|&line| LINE_VALUE[line as usize]).sum();
    value + bonus.map_or(0, Bonus::value)
}

/// The threat and value of a cell from its four line patterns: its shape's value
/// ([`SHAPE_VALUE`]), or its lines' values and bonus for a cell with a five (a forbidden
/// point is worth 0).
fn judge_lines(lines: [Line; 4], renju_black: bool) -> (Threat, i32) {
    let (threat, bonus) = judge(lines, renju_black);
    if threat == Threat::Forbidden {
        return (threat, 0);
    }
    match shape_index(lines) {
        Some(shape) => (threat, SHAPE_VALUE[shape]),
        None => (threat, summed_value(lines, bonus)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_table_holds_each_shapes_order_value() {
        for index in 0..COMBINATIONS {
            let lines = lines_of(index);
            let expected = match shape_index(lines) {
                Some(shape) => ORDER_VALUE[shape],
                None => combine(lines, false).1,
            };
            assert_eq!(order_value(lines), expected, "{lines:?}");
        }
    }

    #[test]
    fn the_table_holds_what_counting_finds() {
        for renju_black in [false, true] {
            for index in 0..COMBINATIONS {
                let lines = [index / 1000, index / 100 % 10, index / 10 % 10, index % 10]
                    .map(|code| Line::from_code(code as u8));
                assert_eq!(
                    combine(lines, renju_black),
                    judge_lines(lines, renju_black),
                    "{lines:?}"
                );
            }
        }
    }

    #[test]
    fn every_shape_has_one_index_whatever_the_order_of_its_lines() {
        use Line::*;
        let mut seen = vec![false; SHAPES];
        for index in 0..7usize.pow(4) {
            let lines = [index / 343, index / 49 % 7, index / 7 % 7, index % 7]
                .map(|code| Line::from_code(code as u8));
            let shape = shape_index(lines).expect("every line below five has a shape");
            let mut turned = lines;
            turned.rotate_left(1);
            turned.swap(0, 2);
            assert_eq!(shape_index(turned), Some(shape), "{lines:?}");
            seen[shape] = true;
        }
        assert!(seen.iter().all(|&s| s), "some shape index is never reached");
        assert_eq!(shape_index([None; 4]), Some(0));
        assert_eq!(shape_index([Flex4; 4]), Some(SHAPES - 1));
        assert_eq!(shape_index([Five, Flex3, None, None]), Option::None);
        assert_eq!(shape_index([DoubleFour, None, None, None]), Option::None);
    }

    #[test]
    fn combinations_rank_as_players_rank_them() {
        use Line::*;
        let t = |lines, renju| combine(lines, renju).0;
        assert_eq!(t([Five, None, None, None], true), Threat::Five);
        assert_eq!(t([Five, Overline, None, None], true), Threat::Five);
        assert_eq!(t([Block4, Block4, None, None], false), Threat::Flex4);
        assert_eq!(t([Block4, Block4, None, None], true), Threat::Forbidden);
        assert_eq!(t([Block4, Flex3, None, None], true), Threat::FourThree);
        assert_eq!(t([Flex3, Flex3, None, None], false), Threat::ThreeThree);
        assert_eq!(t([Flex3, Flex3, None, None], true), Threat::Forbidden);
        assert_eq!(t([Overline, None, None, None], true), Threat::Forbidden);
        assert_eq!(t([DoubleFour, None, None, None], true), Threat::Forbidden);
        assert_eq!(t([Flex2, Block3, None, None], false), Threat::Block3);
        assert!(combine([Flex3, None, None, None], false).1 > combine([Flex2; 4], false).1 / 2);
    }
}
