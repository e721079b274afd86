//! The terms of the strong xiangqi evaluation, written once over a [`Sink`]: the engine's
//! sink adds each term's weights (`weights.rs`), the Texel tuner's counts how often each
//! parameter occurs. Counts are Red's minus Black's; the caller tapers the midgame and
//! endgame sums by [`Summary::phase`].

use ply_search::Side;

use super::params::*;
use super::piece::{Code, EMPTY, Kind, OFF, TARGET, kind_of, side_of};
use super::position::{HORSE_JUMPS, Position};
use super::square::{
    DIAGONAL, EAST, NORTH, ORTHOGONAL, RANKS, SOUTH, Square, WEST, file_of, forward, offset,
    on_home_half, rank_of, square,
};

/// Where the terms go: `count` more of parameter `index`.
pub trait Sink {
    /// Adds `count` occurrences of parameter `index` (negative for Black's).
    fn add(&mut self, index: usize, count: i32);
}

/// What the caller needs beside the terms.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    /// Attacking material left, 0 (none) to [`FULL_PHASE`].
    pub phase: i32,
    /// By side: no chariot, horse, cannon or soldier left, so that side cannot win.
    pub harmless: [bool; 2],
}

/// What the terms learn about one side while walking its pieces.
#[derive(Clone, Copy, Default)]
struct SideFacts {
    advisors: i32,
    elephants: i32,
    /// Chariots, horses, cannons and soldiers across the river.
    attackers: i32,
    chariots: i32,
    phase: i32,
    soldiers: i32,
    /// Soldiers across the river, not yet on the enemy's back rank.
    crossed_soldiers: i32,
    /// Where the first two elephants stand.
    elephant_squares: [Square; 2],
    /// An advisor on the palace centre.
    centred_advisor: bool,
}

/// Row (0 = the enemy's back rank) and column (0–8) of `sq` seen from `side`.
#[inline]
fn cell(side: Side, sq: Square) -> (usize, usize) {
    let (file, rank) = (usize::from(file_of(sq)), usize::from(rank_of(sq)));
    match side {
        Side::First => (9 - rank, file),
        Side::Second => (rank, 8 - file),
    }
}

/// Sends every term of `position` to `sink` and returns what the caller needs to finish.
pub fn trace<S: Sink>(position: &Position, sink: &mut S) -> Summary {
    let mut facts = [SideFacts::default(); 2];
    for side in [Side::First, Side::Second] {
        pieces(position, side, sign(side), &mut facts[side.index()], sink);
    }
    for side in [Side::First, Side::Second] {
        let own = facts[side.index()];
        let enemy = facts[side.opponent().index()];
        safety(position, side, own, enemy, sink);
        linked_defenders(position, side, own, sink);
        let missing_advisors = (2 - enemy.advisors).max(0);
        sink.add(
            SOLDIER_PER_MISSING_ADVISOR,
            sign(side) * own.crossed_soldiers * missing_advisors,
        );
        sink.add(
            DEFENDER,
            sign(side) * (own.advisors.min(2) + own.elephants.min(2)),
        );
    }
    sink.add(TEMPO, sign(position.side_to_move()));
    let harmless = |facts: SideFacts| facts.phase == 0 && facts.soldiers == 0;
    Summary {
        phase: (facts[0].phase + facts[1].phase).min(FULL_PHASE),
        harmless: [harmless(facts[0]), harmless(facts[1])],
    }
}

/// +1 for Red's terms, −1 for Black's.
#[inline]
fn sign(side: Side) -> i32 {
    match side {
        Side::First => 1,
        Side::Second => -1,
    }
}

/// Material, placement, mobility and the attacks on the enemy general of `side`'s pieces.
fn pieces<S: Sink>(position: &Position, side: Side, sign: i32, own: &mut SideFacts, sink: &mut S) {
    let enemy_general = position.general(side.opponent());
    for &sq in position.pieces(side) {
        let kind = kind_of(position.at(sq));
        let index = kind as usize;
        sink.add(MATERIAL + index, sign);
        let (row, column) = cell(side, sq);
        sink.add(
            PLACEMENT + index * 50 + row * 5 + column.min(8 - column),
            sign,
        );
        own.phase += PHASE[index];
        match kind {
            Kind::Advisor => {
                own.advisors += 1;
                own.centred_advisor |= (row, column) == (8, 4);
            }
            Kind::Elephant => {
                if let Some(slot) = own.elephant_squares.get_mut(own.elephants as usize) {
                    *slot = sq;
                }
                own.elephants += 1;
            }
            Kind::Chariot => {
                own.chariots += 1;
                sink.add(CHARIOT_MOBILITY + line_mobility(position, sq), sign);
                match soldiers_on_file(position, side, sq) {
                    (0, 0) => sink.add(CHARIOT_OPEN_FILE, sign),
                    (0, _) => sink.add(CHARIOT_HALF_OPEN_FILE, sign),
                    _ => {}
                }
                match between(position, sq, enemy_general) {
                    Some((0, _)) if file_of(sq) == file_of(enemy_general) => {
                        sink.add(CHARIOT_FACING_GENERAL, sign)
                    }
                    Some((1, screen)) if side_of(screen) == side => {
                        sink.add(CHARIOT_DISCOVERY, sign)
                    }
                    Some((1, screen)) => sink.add(CHARIOT_PIN + kind_of(screen) as usize, sign),
                    _ => {}
                }
            }
            Kind::Horse => sink.add(HORSE_MOBILITY + horse_mobility(position, side, sq), sign),
            Kind::Cannon => {
                sink.add(CANNON_MOBILITY + line_mobility(position, sq), sign);
                let on_file = file_of(sq) == file_of(enemy_general);
                match between(position, sq, enemy_general) {
                    Some((0, _)) if on_file => sink.add(HOLLOW_CANNON, sign),
                    Some((1, _)) if on_file => sink.add(CANNON_ONE_SCREEN, sign),
                    Some((2, nearer)) => sink.add(
                        CANNON_TWO_SCREENS + usize::from(side_of(nearer) != side),
                        sign,
                    ),
                    _ => {}
                }
                if column == 4 && central_horse_ahead(position, side, sq) {
                    sink.add(CENTRAL_HORSE_CANNON, sign);
                }
                if row == 0 {
                    sink.add(BOTTOM_CANNON, sign);
                }
            }
            Kind::Soldier => {
                own.soldiers += 1;
                if (1..=4).contains(&row) {
                    own.crossed_soldiers += 1;
                }
            }
            Kind::General => {}
        }
        if matches!(
            kind,
            Kind::Chariot | Kind::Horse | Kind::Cannon | Kind::Soldier
        ) && !on_home_half(side, sq)
        {
            own.attackers += 1;
        }
    }
}

/// The safety of `side`'s general: missing defenders weighed by the enemy's attackers,
/// attackers near the general, enemy pieces at the palace.
fn safety<S: Sink>(
    position: &Position,
    side: Side,
    own: SideFacts,
    enemy: SideFacts,
    sink: &mut S,
) {
    let sign = sign(side);
    let missing =
        (2 - own.advisors).max(0) * MISSING_ADVISOR + (2 - own.elephants).max(0) * MISSING_ELEPHANT;
    sink.add(MISSING_DEFENDERS, sign * missing);
    sink.add(MISSING_PER_CHARIOT, sign * missing * enemy.chariots);
    sink.add(MISSING_PER_ATTACKER, sign * missing * enemy.attackers);
    let general = position.general(side);
    for &sq in position.pieces(side.opponent()) {
        if !on_home_half(side, sq) {
            continue;
        }
        let slot = match kind_of(position.at(sq)) {
            Kind::Chariot => 0,
            Kind::Horse => 1,
            Kind::Cannon => 2,
            Kind::Soldier => 3,
            _ => continue,
        };
        let distance = i32::from(file_of(sq).abs_diff(file_of(general)))
            + i32::from(rank_of(sq).abs_diff(rank_of(general)));
        let closeness = (PRESSURE_REACH - distance).max(0);
        if closeness > 0 {
            sink.add(PRESSURE + slot, sign * closeness);
            sink.add(PRESSURE_MISSING + slot, sign * closeness * missing);
        }
    }
    for step in DIAGONAL.iter().chain(ORTHOGONAL.iter()) {
        let sq = offset(general, *step);
        let code = position.at(sq);
        if sq != OFF
            && code != EMPTY
            && code != OFF
            && side_of(code) != side
            && kind_of(code) != Kind::Soldier
        {
            sink.add(PALACE_INTRUDER, sign);
        }
    }
}

/// Empty points a chariot or cannon on `sq` reaches along its file and rank (0–17).
#[inline]
fn line_mobility(position: &Position, sq: Square) -> usize {
    let mut count = 0;
    for step in ORTHOGONAL {
        let mut to = offset(sq, step);
        while position.at(to) == EMPTY {
            count += 1;
            to = offset(to, step);
        }
    }
    count
}

/// Horse jumps with a free leg onto a point not held by its own side (0–8).
#[inline]
fn horse_mobility(position: &Position, side: Side, sq: Square) -> usize {
    let mut count = 0;
    for (leg, targets) in HORSE_JUMPS {
        if position.at(offset(sq, leg)) == EMPTY {
            for target in targets {
                if TARGET[side.index()][usize::from(position.at(offset(sq, target)))] {
                    count += 1;
                }
            }
        }
    }
    count
}

/// When `from` and `to` share a file or rank: how many pieces stand strictly between them
/// and the one nearest `from` (`EMPTY` when none).
fn between(position: &Position, from: Square, to: Square) -> Option<(i32, Code)> {
    let step = if file_of(from) == file_of(to) {
        if rank_of(to) > rank_of(from) {
            NORTH
        } else {
            SOUTH
        }
    } else if rank_of(from) == rank_of(to) {
        if file_of(to) > file_of(from) {
            EAST
        } else {
            WEST
        }
    } else {
        return None;
    };
    let (mut count, mut nearest) = (0, EMPTY);
    let mut sq = offset(from, step);
    while sq != to && position.at(sq) != OFF {
        let code = position.at(sq);
        if code != EMPTY {
            if count == 0 {
                nearest = code;
            }
            count += 1;
        }
        sq = offset(sq, step);
    }
    Some((count, nearest))
}

/// Soldiers of `side` and of its enemy on the file of `sq`.
fn soldiers_on_file(position: &Position, side: Side, sq: Square) -> (i32, i32) {
    let (mut own, mut enemy) = (0, 0);
    for rank in 0..RANKS {
        let code = position.at(square(file_of(sq), rank));
        if code != EMPTY && kind_of(code) == Kind::Soldier {
            if side_of(code) == side {
                own += 1;
            } else {
                enemy += 1;
            }
        }
    }
    (own, enemy)
}

/// Whether the first piece ahead of `side`'s cannon on `sq` (the centre file) is its own
/// horse, standing on its own river bank or beyond.
fn central_horse_ahead(position: &Position, side: Side, sq: Square) -> bool {
    let mut to = offset(sq, forward(side));
    while position.at(to) == EMPTY {
        to = offset(to, forward(side));
    }
    let code = position.at(to);
    code != OFF && kind_of(code) == Kind::Horse && side_of(code) == side && cell(side, to).0 <= 5
}

/// Elephants that guard each other (two diagonal steps apart, the eye between them empty)
/// and advisors that do (one on the palace centre).
fn linked_defenders<S: Sink>(position: &Position, side: Side, own: SideFacts, sink: &mut S) {
    let [first, second] = own.elephant_squares;
    if own.elephants >= 2
        && DIAGONAL.iter().any(|&step| {
            offset(first, 2 * step) == second && position.at(offset(first, step)) == EMPTY
        })
    {
        sink.add(ELEPHANTS_LINKED, sign(side));
    }
    if own.advisors >= 2 && own.centred_advisor {
        sink.add(ADVISORS_LINKED, sign(side));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Xiangqi;

    /// Every parameter's count (Red's minus Black's) in the position of `fen`.
    fn counts(fen: &str) -> Vec<i32> {
        struct Counts(Vec<i32>);
        impl Sink for Counts {
            fn add(&mut self, index: usize, count: i32) {
                self.0[index] += count;
            }
        }
        let game = Xiangqi::from_fen(fen).expect("valid");
        let mut sink = Counts(vec![0; COUNT]);
        trace(game.position(), &mut sink);
        sink.0
    }

    #[test]
    fn the_start_has_no_pin_link_or_open_file() {
        let start = counts("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        for (index, count) in start.iter().enumerate().skip(CHARIOT_OPEN_FILE) {
            assert_eq!(*count, 0, "{}", name(index));
        }
    }

    #[test]
    fn a_chariot_pins_a_horse_to_its_general_on_an_open_file() {
        let pin = counts("4k4/9/4n4/9/9/9/9/9/4R4/3K5 w - - 0 1");
        assert_eq!(pin[CHARIOT_PIN + Kind::Horse as usize], 1);
        assert_eq!(pin[CHARIOT_OPEN_FILE], 1);
        assert_eq!(pin[CHARIOT_DISCOVERY], 0);
        // Along a rank too, and for Black.
        let rank = counts("3k5/9/9/9/9/9/9/9/9/r2N1K3 w - - 0 1");
        assert_eq!(rank[CHARIOT_DISCOVERY], 0);
        assert_eq!(rank[CHARIOT_PIN + Kind::Horse as usize], -1);
    }

    #[test]
    fn linked_elephants_and_advisors_are_seen() {
        let linked = counts("4k4/9/9/9/9/9/9/4B4/4A4/2BAK4 w - - 0 1");
        assert_eq!(linked[ELEPHANTS_LINKED], 1);
        assert_eq!(linked[ADVISORS_LINKED], 1);
        // An elephant's eye blocked breaks the link.
        let blocked = counts("4k4/9/9/9/9/9/9/4B4/3NA4/2BAK4 w - - 0 1");
        assert_eq!(blocked[ELEPHANTS_LINKED], 0);
    }

    #[test]
    fn the_central_cannon_behind_its_horse_with_two_screens() {
        let attack = counts("4k4/4a4/9/9/9/4N4/9/9/4C4/3K5 w - - 0 1");
        assert_eq!(attack[CENTRAL_HORSE_CANNON], 1);
        assert_eq!(attack[CANNON_TWO_SCREENS], 1);
        assert_eq!(attack[CANNON_TWO_SCREENS + 1], 0);
    }
}
