//! Line patterns: what a stone on a cell would make along one direction (five, open four,
//! four, open three, three, open two, two), read from a table indexed by the ten cells around
//! it (five on each side: empty, black, white or wall). One table per rule and player, built
//! once from the rule's definition of a five, so every rule's patterns are exact.

use std::sync::OnceLock;

use ply_search::Side;

use super::board::key_shift;
use super::rule::{FiveRule, Rule};

/// The state of a cell in a line key.
pub const EMPTY: u8 = 0;
/// A black (first player) stone.
pub const BLACK: u8 = 1;
/// A white (second player) stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

/// Cells looked at on each side of the centre.
pub const HALF: usize = 5;
/// Bits of a line key: two per cell, ten cells.
pub const KEY_BITS: u32 = 20;

/// A line pattern for the stone that would stand on the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Line {
    /// Nothing that can become a five, or nothing yet.
    None = 0,
    /// Two stones that can become a four but not an open four.
    Block2 = 1,
    /// Two stones that can become an open three.
    Flex2 = 2,
    /// Three stones that can become a four but not an open four.
    Block3 = 3,
    /// An open three: one more stone makes an open four.
    Flex3 = 4,
    /// A four: one cell makes five.
    Block4 = 5,
    /// An open four (two cells make five), or two fours on one line.
    Flex4 = 6,
    /// Five: this stone wins.
    Five = 7,
    /// Six or more for renju Black: forbidden.
    Overline = 8,
    /// Two fours on one line for renju Black: forbidden (four-four).
    DoubleFour = 9,
}

impl Line {
    const ALL: [Line; 10] = [
        Line::None,
        Line::Block2,
        Line::Flex2,
        Line::Block3,
        Line::Flex3,
        Line::Block4,
        Line::Flex4,
        Line::Five,
        Line::Overline,
        Line::DoubleFour,
    ];

    /// The pattern stored as `code`.
    #[inline]
    pub fn from_code(code: u8) -> Line {
        Line::ALL
            .get(usize::from(code))
            .copied()
            .unwrap_or(Line::None)
    }

    /// Whether this line is a four of any kind (one more stone makes five).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(self, Line::Block4 | Line::Flex4 | Line::DoubleFour)
    }
}

/// The patterns of one rule for both players, indexed by a key: Black's in the low four
/// bits of each entry, White's in the high four (one read serves both). Where the fifth cell
/// on either side never matters (see [`LineTables::reach`]) the table leaves those cells out
/// of its index: 64 KiB instead of 1 MiB, which stays in the processor's nearest caches.
pub struct LineTables {
    table: Vec<u8>,
    reach: usize,
    /// The index of a key is `(key >> shift) & mask`.
    shift: u32,
    mask: u32,
}

impl LineTables {
    /// How far from a cell a stone can change its patterns: four cells when a five is five
    /// or more for both players (a run through the centre that reaches the fifth cell is a
    /// five already), else [`HALF`] (an overline or a blocked end is seen there).
    #[inline]
    pub fn reach(&self) -> usize {
        self.reach
    }

    /// The pattern `side` would make on the centre of `key`.
    #[inline]
    pub fn pattern(&self, side: Side, key: u32) -> Line {
        self.patterns(key)[side.index()]
    }

    /// The patterns Black and White would make on the centre of `key`.
    #[inline]
    pub fn patterns(&self, key: u32) -> [Line; 2] {
        let index = (key >> self.shift) & self.mask;
        let both = self.table.get(index as usize).copied().unwrap_or(0);
        [Line::from_code(both & 0xf), Line::from_code(both >> 4)]
    }
}

impl std::fmt::Debug for LineTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LineTables")
    }
}

/// The tables of `rule`, built on first use.
pub fn tables(rule: Rule) -> &'static LineTables {
    static BUILT: [OnceLock<LineTables>; 5] = [const { OnceLock::new() }; 5];
    let index = Rule::ALL.iter().position(|r| *r == rule).unwrap_or(0);
    BUILT[index].get_or_init(|| build(rule))
}

/// Swaps black and white in a key (walls and empty cells stay).
#[inline]
pub fn swap_colours(key: u32) -> u32 {
    let low = key & 0x55555;
    let high = (key >> 1) & 0x55555;
    let wall = low & high;
    let black = low & !wall;
    let white = high & !wall;
    (black << 1) | white | (wall | (wall << 1))
}

fn build(rule: Rule) -> LineTables {
    let black = build_for(
        rule.five_rule(Side::First),
        rule.has_forbidden_moves(Side::First),
    );
    // White's pattern of a key is the pattern its own rule gives the colour-swapped key.
    let white_rule = if rule == Rule::Renju {
        Some(build_for(rule.five_rule(Side::Second), false))
    } else {
        None
    };
    let white = white_rule.as_ref().unwrap_or(&black);
    let table: Vec<u8> = (0..1u32 << KEY_BITS)
        .map(|key| black[key as usize] | white[swap_colours(key) as usize] << 4)
        .collect();
    if [Side::First, Side::Second]
        .iter()
        .all(|&side| rule.five_rule(side) == FiveRule::AtLeast)
    {
        return LineTables {
            table: without_the_far_cells(&table),
            reach: HALF - 1,
            shift: 2,
            mask: (1 << (KEY_BITS - 4)) - 1,
        };
    }
    LineTables {
        table,
        reach: HALF,
        shift: 0,
        mask: (1 << KEY_BITS) - 1,
    }
}

/// The table indexed by the eight nearer cells of a key only, for a rule under which the
/// fifth cell on either side changes no pattern: each entry is the full table's for the key
/// whose far cells are empty, or walls where the wall runs up to them.
fn without_the_far_cells(table: &[u8]) -> Vec<u8> {
    let wall = u32::from(WALL);
    let far_left = key_shift(-(HALF as isize));
    let far_right = key_shift(HALF as isize);
    let near_left = key_shift(1 - HALF as isize);
    let near_right = key_shift(HALF as isize - 1);
    (0..1u32 << (KEY_BITS - 4))
        .map(|index| {
            let mut key = index << 2;
            for (near, far) in [(near_left, far_left), (near_right, far_right)] {
                if (key >> near) & 3 == wall {
                    key |= wall << far;
                }
            }
            table[key as usize]
        })
        .collect()
}

/// A line of eleven cells as bit masks, the centre at bit 5.
#[derive(Clone, Copy)]
struct Masks {
    own: u16,
    opponent: u16,
    empty: u16,
}

const CENTRE: u32 = 5;
/// Cells from which a five through the centre can be made (within four of it).
const REACH: u16 = 0b011_1101_1110;

/// Decodes a key seen by the black player; `None` if walls are not at the far ends.
fn decode(key: u32) -> Option<Masks> {
    let mut masks = Masks {
        own: 1 << CENTRE,
        opponent: 0,
        empty: 0,
    };
    let mut walls = 0u16;
    for position in 0..2 * HALF as u32 {
        let code = (key >> (2 * position)) & 3;
        let bit = if position < HALF as u32 {
            position
        } else {
            position + 1
        };
        match code as u8 {
            EMPTY => masks.empty |= 1 << bit,
            BLACK => masks.own |= 1 << bit,
            WHITE => masks.opponent |= 1 << bit,
            _ => walls |= 1 << bit,
        }
    }
    // Walls must run from the ends inwards.
    let left = walls & 0b11111;
    let right = walls >> 6;
    let left_ok = left & (left + 1) == 0;
    let right_ok = {
        let reversed = (right as u8).reverse_bits() >> 3;
        reversed & reversed.wrapping_add(1) == 0
    };
    (left_ok && right_ok).then_some(masks)
}

/// The run of own stones through the centre: (first bit, last bit).
#[inline]
fn run(own: u16) -> (u32, u32) {
    let mut low = CENTRE;
    while low > 0 && own & (1 << (low - 1)) != 0 {
        low -= 1;
    }
    let mut high = CENTRE;
    while high < 10 && own & (1 << (high + 1)) != 0 {
        high += 1;
    }
    (low, high)
}

#[inline]
fn is_five(five: FiveRule, own: u16, opponent: u16) -> bool {
    let (low, high) = run(own);
    let length = (high - low + 1) as usize;
    // A run that reaches the edge of the window is longer than we see; its far end is
    // unknown and counted as open.
    let closed_low = low > 0 && opponent & (1 << (low - 1)) != 0;
    let closed_high = high < 10 && opponent & (1 << (high + 1)) != 0;
    five.wins(length, [closed_low, closed_high])
}

#[inline]
fn is_overline(own: u16) -> bool {
    let (low, high) = run(own);
    high - low + 1 >= 6
}

/// Cells (bits) that would complete a five through the centre.
#[inline]
fn five_cells(five: FiveRule, masks: Masks) -> u16 {
    let mut cells = 0;
    let mut empties = masks.empty & REACH;
    while empties != 0 {
        let bit = empties & empties.wrapping_neg();
        empties &= empties - 1;
        if is_five(five, masks.own | bit, masks.opponent) {
            cells |= bit;
        }
    }
    cells
}

/// An open four's two cells stand five apart, either side of four stones.
#[inline]
fn is_straight(cells: u16) -> bool {
    cells.count_ones() == 2 && (cells.trailing_zeros() + 5 == 15 - cells.leading_zeros())
}

fn place(masks: Masks, bit: u16) -> Masks {
    Masks {
        own: masks.own | bit,
        opponent: masks.opponent,
        empty: masks.empty & !bit,
    }
}

/// Three-level pattern: a four, an open three, a three, or nothing.
fn classify_three(five: FiveRule, renju_black: bool, masks: Masks) -> Line {
    let fives = five_cells(five, masks);
    if fives != 0 {
        return if fives.count_ones() >= 2 {
            Line::Flex4
        } else {
            Line::Block4
        };
    }
    let mut best = Line::None;
    let mut empties = masks.empty & REACH;
    while empties != 0 {
        let bit = empties & empties.wrapping_neg();
        empties &= empties - 1;
        let next = place(masks, bit);
        if renju_black && is_overline(next.own) {
            continue;
        }
        let fives = five_cells(five, next);
        if fives.count_ones() >= 2 && (!renju_black || is_straight(fives)) {
            return Line::Flex3;
        }
        if fives != 0 {
            best = Line::Block3;
        }
    }
    best
}

fn classify(five: FiveRule, renju_black: bool, masks: Masks) -> Line {
    if is_five(five, masks.own, masks.opponent) {
        return Line::Five;
    }
    if renju_black && is_overline(masks.own) {
        return Line::Overline;
    }
    let fives = five_cells(five, masks);
    if fives.count_ones() >= 2 {
        return if renju_black && !is_straight(fives) {
            Line::DoubleFour
        } else {
            Line::Flex4
        };
    }
    if fives != 0 {
        return Line::Block4;
    }
    match classify_three(five, renju_black, masks) {
        Line::None => {}
        three => return three,
    }
    let mut best = Line::None;
    let mut empties = masks.empty & REACH;
    while empties != 0 {
        let bit = empties & empties.wrapping_neg();
        empties &= empties - 1;
        match classify_three(five, renju_black, place(masks, bit)) {
            Line::Flex3 => return Line::Flex2,
            Line::Block3 => best = Line::Block2,
            _ => {}
        }
    }
    best
}

fn build_for(five: FiveRule, renju_black: bool) -> Vec<u8> {
    (0..1u32 << KEY_BITS)
        .map(|key| match decode(key) {
            Some(masks) => classify(five, renju_black, masks) as u8,
            None => Line::None as u8,
        })
        .collect()
}

/// The key of a line given as text from the left end to the right end: `x` black, `o`
/// white, `.` empty, `#` wall, `*` the centre (for tests).
pub fn key_of(text: &str) -> u32 {
    let cells: Vec<u8> = text
        .bytes()
        .map(|b| match b {
            b'x' => BLACK,
            b'o' => WHITE,
            b'#' => WALL,
            _ => EMPTY,
        })
        .collect();
    let centre = text.find('*').unwrap_or(0);
    let mut key = 0;
    for offset in 1..=HALF {
        let left = centre
            .checked_sub(offset)
            .and_then(|i| cells.get(i))
            .copied()
            .unwrap_or(WALL);
        let right = cells.get(centre + offset).copied().unwrap_or(WALL);
        key |= u32::from(left) << (2 * (HALF - offset));
        key |= u32::from(right) << (2 * (HALF + offset - 1));
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn black(rule: Rule, text: &str) -> Line {
        tables(rule).pattern(Side::First, key_of(text))
    }

    fn white(rule: Rule, text: &str) -> Line {
        tables(rule).pattern(Side::Second, key_of(text))
    }

    #[test]
    fn freestyle_patterns() {
        let r = Rule::Freestyle;
        assert_eq!(black(r, "..xx*xx.."), Line::Five);
        assert_eq!(black(r, "..xx*xxx."), Line::Five);
        assert_eq!(black(r, "...x*xx...."), Line::Flex4);
        assert_eq!(black(r, "..ox*xx...."), Line::Block4);
        assert_eq!(black(r, "...x*.x...."), Line::Flex3);
        assert_eq!(black(r, "..xx*.x...."), Line::Block4);
        assert_eq!(black(r, "....*xx...."), Line::Flex3);
        assert_eq!(black(r, "...o*xx...."), Line::Block3);
        assert_eq!(black(r, "....*x....."), Line::Flex2);
        assert_eq!(black(r, "...o*x....."), Line::Block2);
        assert_eq!(black(r, "..o.*x.o..."), Line::None);
        assert_eq!(black(r, "#x*xx......"), Line::Block4);
        assert_eq!(white(r, "..oo*oo.."), Line::Five);
        assert_eq!(white(r, "..xo*oo.."), Line::Block4);
    }

    #[test]
    fn exact_five_rules_see_overlines() {
        assert_eq!(black(Rule::Standard, ".xx*xxx.."), Line::None);
        assert_eq!(black(Rule::Standard, "..x*xxx.."), Line::Five);
        assert_eq!(black(Rule::Renju, ".xx*xxx.."), Line::Overline);
        assert_eq!(white(Rule::Renju, ".oo*ooo.."), Line::Five);
        // x.xxx.: filling the left gap would make six, so only the right end makes five.
        assert_eq!(black(Rule::Standard, "x.xxx*...."), Line::Block4);
        assert_eq!(black(Rule::Freestyle, "x.xxx*...."), Line::Flex4);
    }

    #[test]
    fn caro_rule_needs_an_open_end() {
        assert_eq!(black(Rule::Caro, ".oxx*xxo.."), Line::None);
        assert_eq!(black(Rule::Caro, "..xx*xxo.."), Line::Five);
        assert_eq!(black(Rule::Caro, "#xx*xxo..."), Line::Five);
        assert_eq!(black(Rule::Caro5, ".oxx*xxo.."), Line::None);
        assert_eq!(black(Rule::Caro, ".ox*xx...."), Line::Block4);
        assert_eq!(black(Rule::Freestyle, ".oxx*xxo.."), Line::Five);
    }

    #[test]
    fn renju_black_double_four_on_one_line() {
        assert_eq!(black(Rule::Renju, "xxx.*.xxx.."), Line::DoubleFour);
        assert_eq!(black(Rule::Renju, "x.x*x.x...."), Line::DoubleFour);
        assert_eq!(black(Rule::Freestyle, "x.x*x.x...."), Line::Flex4);
        assert_eq!(white(Rule::Renju, "o.o*o.o...."), Line::Flex4);
    }

    #[test]
    fn no_pattern_changes_beyond_the_reach() {
        let far = [key_shift(-(HALF as isize)), key_shift(HALF as isize)];
        for rule in Rule::ALL {
            let tables = tables(rule);
            let changes = (0..1u32 << KEY_BITS).any(|key| {
                let near = far.iter().fold(key, |near, &shift| {
                    near & !(3 << shift) | u32::from(WALL) << shift
                });
                tables.patterns(key) != tables.patterns(near)
                    && decode(key).is_some()
                    && decode(near).is_some()
            });
            // Five or more: the fifth cell on either side never matters; exactly five and the
            // caro rules: it does (an overline, a blocked end).
            assert_eq!(changes, tables.reach() == HALF, "{rule:?}");
        }
    }

    #[test]
    fn the_short_table_reads_as_the_full_one() {
        let short = tables(Rule::Freestyle);
        assert_eq!(
            short.table.len(),
            1 << 16,
            "freestyle leaves the far cells out"
        );
        let black = build_for(FiveRule::AtLeast, false);
        let mut checked = 0;
        for key in (0..1u32 << KEY_BITS).filter(|&key| decode(key).is_some()) {
            let expected = [
                Line::from_code(black[key as usize]),
                Line::from_code(black[swap_colours(key) as usize]),
            ];
            assert_eq!(short.patterns(key), expected, "key {key:#x}");
            checked += 1;
        }
        assert!(checked > 100_000, "{checked} keys");
        for rule in [Rule::Standard, Rule::Caro, Rule::Caro5, Rule::Renju] {
            assert_eq!(tables(rule).table.len(), 1 << KEY_BITS, "{rule:?}");
        }
    }

    #[test]
    fn colour_swap_is_an_involution() {
        for key in [0u32, 0x12345, 0xfffff, key_of("#x.o*ox.x..")] {
            assert_eq!(swap_colours(swap_colours(key)), key);
        }
        assert_eq!(swap_colours(key_of("..x.*o...")), key_of("..o.*x..."));
    }
}
