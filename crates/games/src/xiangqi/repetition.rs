//! Judging a repeated position. ply follows a subset of the Asian rules that computer
//! xiangqi uses (Pikafish and the computer tournaments judge the same cases):
//!
//! 1. A side all of whose moves in the cycle give check (perpetual check) loses, unless the
//!    other side's moves all give check too (then the game is drawn).
//! 2. Otherwise a side all of whose moves in the cycle chase one and the same enemy piece
//!    (perpetual chase) loses, unless the other side chases perpetually too (a draw).
//!    A move *chases* a piece when, after it, the mover could legally capture that piece and
//!    could not before, where the piece is not the general, not a soldier still on its own
//!    half, the attacker is neither a general nor a soldier, and the piece is unprotected
//!    (the owner could not legally take back on its point) — or it is a chariot attacked by
//!    a horse or a cannon, which counts as a chase even when protected. The chased piece is
//!    followed as it flees.
//! 3. Every other repetition is a draw.
//!
//! Not judged: "one check, one chase" mixtures (they draw here), chases by several pieces in
//! turn, and the finer cases of the Asian rules (sacrifices offered, pinned protectors).

use ply_search::{Outcome, Side};

use super::game::Record;
use super::movegen::{self, Wanted};
use super::piece::{Kind, kind_of};
use super::position::{Move, Position};
use super::square::{index90, on_home_half};

/// The judgement of the cycle `cycle` (the moves from an earlier occurrence of `now` up to
/// `now`, oldest first, none of them a capture).
pub fn judge(now: &Position, cycle: &[Record]) -> (Outcome, &'static str) {
    // The side to move now moved first in the cycle.
    let first = now.side_to_move();
    let checks = [0usize, 1].map(|parity| {
        cycle
            .iter()
            .skip(parity)
            .step_by(2)
            .all(|record| record.gave_check)
    });
    let side_of_parity = |parity: usize| if parity == 0 { first } else { first.opponent() };
    match checks {
        [true, false] => return (Outcome::Win(side_of_parity(1)), "perpetual check"),
        [false, true] => return (Outcome::Win(side_of_parity(0)), "perpetual check"),
        [true, true] => return (Outcome::Draw, "repetition, both sides checking"),
        _ => {}
    }
    let chases = perpetual_chases(now, cycle);
    match chases {
        [true, false] => (Outcome::Win(side_of_parity(1)), "perpetual chase"),
        [false, true] => (Outcome::Win(side_of_parity(0)), "perpetual chase"),
        [true, true] => (Outcome::Draw, "repetition, both sides chasing"),
        _ => (Outcome::Draw, "repetition"),
    }
}

/// Whether each side (by parity in the cycle) chases one piece with every move.
fn perpetual_chases(now: &Position, cycle: &[Record]) -> [bool; 2] {
    let mut position = *now;
    for record in cycle.iter().rev() {
        position.take_back(record.mv, record.taken);
    }
    let mut tracked: [Option<u128>; 2] = [None, None];
    let mut buffers = (Vec::with_capacity(64), Vec::with_capacity(64));
    for (index, record) in cycle.iter().enumerate() {
        let parity = index % 2;
        let before = capturable(&position, &mut buffers.0);
        position.play(record.mv);
        let chased = chased_after(&position, before, &mut buffers);
        tracked[parity] = Some(tracked[parity].map_or(chased, |set| set & chased));
        // The other side's tracked pieces follow this move.
        let other = 1 - parity;
        if let Some(set) = tracked[other] {
            let from = 1u128 << index90(record.mv.from);
            if set & from != 0 {
                tracked[other] = Some((set & !from) | 1u128 << index90(record.mv.to));
            }
        }
    }
    tracked.map(|set| set.is_some_and(|set| set != 0))
}

/// The points of enemy pieces the side to move of `position` can legally capture.
fn capturable(position: &Position, buffer: &mut Vec<Move>) -> u128 {
    buffer.clear();
    let in_check = position.general_attacked(position.side_to_move());
    movegen::generate(position, in_check, Wanted::Captures, buffer);
    buffer
        .iter()
        .fold(0u128, |set, mv| set | 1u128 << index90(mv.to))
}

/// The pieces the side that just moved in `after` chases (see the module's rule 2), given
/// what it could capture before its move.
fn chased_after(after: &Position, before: u128, buffers: &mut (Vec<Move>, Vec<Move>)) -> u128 {
    let mut mover_view = *after;
    mover_view.pass();
    let mover = mover_view.side_to_move();
    let (captures, replies) = buffers;
    captures.clear();
    let in_check = mover_view.general_attacked(mover);
    movegen::generate(&mover_view, in_check, Wanted::Captures, captures);
    let mut chased = 0u128;
    for &capture in captures.iter() {
        let bit = 1u128 << index90(capture.to);
        if before & bit != 0 || chased & bit != 0 {
            continue;
        }
        let attacker = kind_of(mover_view.at(capture.from));
        let target = kind_of(mover_view.at(capture.to));
        if matches!(attacker, Kind::General | Kind::Soldier) || target == Kind::General {
            continue;
        }
        if target == Kind::Soldier && on_home_half(mover.opponent(), capture.to) {
            continue;
        }
        let always = target == Kind::Chariot && matches!(attacker, Kind::Horse | Kind::Cannon);
        if always || !protected(&mover_view, capture, replies) {
            chased |= bit;
        }
    }
    chased
}

/// Whether the owner of the piece `capture` takes could legally take back on its point.
fn protected(position: &Position, capture: Move, replies: &mut Vec<Move>) -> bool {
    let mut taken = *position;
    taken.play(capture);
    replies.clear();
    let owner: Side = taken.side_to_move();
    let in_check = taken.general_attacked(owner);
    movegen::generate(&taken, in_check, Wanted::Captures, replies);
    replies.iter().any(|reply| reply.to == capture.to)
}
