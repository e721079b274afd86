//! Legal move generation: each piece's pseudo-legal moves, kept when they leave the own
//! general safe. Only moves that could expose the general are tested (the side is in check,
//! the general moves, or the move leaves or enters one of the general's lines or a horse-leg
//! point next to it); the test reads the board as if the move were made, without making it.

use ply_search::Side;

use super::piece::{EMPTY, Kind, TARGET, kind_of};
use super::position::{HORSE_JUMPS, Move, Position};
use super::square::{DIAGONAL, ORTHOGONAL, Square, forward, in_palace, offset, on_home_half};

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Every legal move.
    All,
    /// Captures only (quiescence).
    Captures,
    /// Every move the pieces can make, whether or not it leaves the general attacked
    /// (to explain why a typed move is illegal).
    Pseudo,
}

/// Whether a move from `from` to `to` might expose the general on `general`.
#[inline(always)]
fn may_expose(general: Square, from: Square, to: Square) -> bool {
    let across_from = from ^ general;
    let across_to = to ^ general;
    across_from & 0xF0 == 0
        || across_from & 0x0F == 0
        || across_to & 0xF0 == 0
        || across_to & 0x0F == 0
        || matches!(from.wrapping_sub(general), 15 | 17 | 239 | 241)
}

struct Sink<'a> {
    position: &'a Position,
    out: &'a mut Vec<Move>,
    side: Side,
    general: Square,
    in_check: bool,
    captures_only: bool,
    legal_only: bool,
}

impl Sink<'_> {
    #[inline(always)]
    fn push(&mut self, from: Square, to: Square) {
        let target = self.position.at(to);
        if !TARGET[self.side.index()][usize::from(target)] {
            return;
        }
        if self.captures_only && target == EMPTY {
            return;
        }
        self.push_reachable(from, to);
    }

    /// `to` is known to be empty or hold an enemy piece.
    #[inline(always)]
    fn push_reachable(&mut self, from: Square, to: Square) {
        let mv = Move::new(from, to);
        if self.legal_only
            && (self.in_check || from == self.general || may_expose(self.general, from, to))
            && self.position.exposes_general(mv)
        {
            return;
        }
        self.out.push(mv);
    }
}

/// Appends the legal moves of the side to move (`in_check` says whether its general is
/// attacked now).
pub fn generate(position: &Position, in_check: bool, wanted: Wanted, out: &mut Vec<Move>) {
    let side = position.side_to_move();
    let mut sink = Sink {
        position,
        out,
        side,
        general: position.general(side),
        in_check,
        captures_only: wanted == Wanted::Captures,
        legal_only: wanted != Wanted::Pseudo,
    };
    for &from in position.pieces(side) {
        match kind_of(position.at(from)) {
            Kind::General => {
                for step in ORTHOGONAL {
                    let to = offset(from, step);
                    if in_palace(side, to) {
                        sink.push(from, to);
                    }
                }
            }
            Kind::Advisor => {
                for step in DIAGONAL {
                    let to = offset(from, step);
                    if in_palace(side, to) {
                        sink.push(from, to);
                    }
                }
            }
            Kind::Elephant => {
                for step in DIAGONAL {
                    let eye = offset(from, step);
                    if position.at(eye) == EMPTY {
                        let to = offset(eye, step);
                        if on_home_half(side, to) {
                            sink.push(from, to);
                        }
                    }
                }
            }
            Kind::Horse => {
                for (leg, targets) in HORSE_JUMPS {
                    if position.at(offset(from, leg)) == EMPTY {
                        sink.push(from, offset(from, targets[0]));
                        sink.push(from, offset(from, targets[1]));
                    }
                }
            }
            Kind::Chariot => {
                for step in ORTHOGONAL {
                    let mut to = offset(from, step);
                    while position.at(to) == EMPTY {
                        if !sink.captures_only {
                            sink.push_reachable(from, to);
                        }
                        to = offset(to, step);
                    }
                    sink.push(from, to);
                }
            }
            Kind::Cannon => {
                for step in ORTHOGONAL {
                    let mut to = offset(from, step);
                    while position.at(to) == EMPTY {
                        if !sink.captures_only {
                            sink.push_reachable(from, to);
                        }
                        to = offset(to, step);
                    }
                    if !super::piece::is_piece(position.at(to)) {
                        continue;
                    }
                    to = offset(to, step);
                    while position.at(to) == EMPTY {
                        to = offset(to, step);
                    }
                    if position.at(to) != EMPTY {
                        sink.push(from, to);
                    }
                }
            }
            Kind::Soldier => {
                sink.push(from, offset(from, forward(side)));
                if !on_home_half(side, from) {
                    sink.push(from, offset(from, super::square::EAST));
                    sink.push(from, offset(from, super::square::WEST));
                }
            }
        }
    }
}
