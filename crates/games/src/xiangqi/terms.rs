//! The terms of the strong xiangqi evaluation, written once over a [`Sink`]: the engine's
//! sink adds each term's weights (`weights.rs`), the Texel tuner's counts how often each
//! parameter occurs. Counts are Red's minus Black's; the caller tapers the midgame and
//! endgame sums by [`Summary::phase`].

use ply_search::Side;

use super::params::*;
use super::piece::{EMPTY, Kind, OFF, TARGET, kind_of, side_of};
use super::position::{HORSE_JUMPS, Position};
use super::square::{
    DIAGONAL, NORTH, ORTHOGONAL, SOUTH, Square, file_of, offset, on_home_half, rank_of,
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
            Kind::Advisor => own.advisors += 1,
            Kind::Elephant => own.elephants += 1,
            Kind::Chariot => {
                own.chariots += 1;
                sink.add(CHARIOT_MOBILITY + line_mobility(position, sq), sign);
                if file_of(sq) == file_of(enemy_general)
                    && screens_between(position, sq, enemy_general) == 0
                {
                    sink.add(CHARIOT_FACING_GENERAL, sign);
                }
            }
            Kind::Horse => sink.add(HORSE_MOBILITY + horse_mobility(position, side, sq), sign),
            Kind::Cannon => {
                sink.add(CANNON_MOBILITY + line_mobility(position, sq), sign);
                if file_of(sq) == file_of(enemy_general) {
                    match screens_between(position, sq, enemy_general) {
                        0 => sink.add(HOLLOW_CANNON, sign),
                        1 => sink.add(CANNON_ONE_SCREEN, sign),
                        _ => {}
                    }
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

/// Pieces strictly between two points of one file.
fn screens_between(position: &Position, from: Square, to: Square) -> i32 {
    let step = if rank_of(to) > rank_of(from) {
        NORTH
    } else {
        SOUTH
    };
    let mut count = 0;
    let mut sq = offset(from, step);
    while sq != to && position.at(sq) != OFF {
        if position.at(sq) != EMPTY {
            count += 1;
        }
        sq = offset(sq, step);
    }
    count
}
