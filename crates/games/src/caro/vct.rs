//! VCT (victory by continuous threats): like VCF, but the attacker may also make open
//! threes, which the defender must answer by blocking (any cell where the attacker would
//! make a four) or by fours of its own, each of which the attacker blocks. Every answer is
//! searched, so a win found is a win; the search deepens one attacking move at a time.

use ply_search::{Game, Side};

use super::board::{Caro, Cell};
use super::fail_cache::FailCache;
use super::role::Role;
use super::threat::Threat;
use super::vcf::Solver;

/// Most attacking moves in a VCT.
pub const MAX_THREATS: u32 = super::params::MAX_THREATS;
const FAIL_CACHE_BITS: u32 = 15;

/// Whether `side` has a threat the opponent must answer: a five to make or an open four.
fn threatens(game: &Caro, side: Side) -> bool {
    game.count(side, Threat::Five) > 0 || game.count(side, Threat::Flex4) > 0
}

/// The attacker's moves: when the defender has a four, the cells that stop it; else its
/// threes and fours, best first by what a cell is worth to the attacker and half what it
/// is worth to the defender.
fn attacks(game: &Caro, attacker: Side, out: &mut Vec<Cell>) {
    let defender = attacker.opponent();
    if game.count(defender, Threat::Five) > 0 {
        game.five_defences(defender, out);
        out.retain(|&cell| game.is_allowed(cell, attacker));
        return;
    }
    out.extend(game.board_cells().iter().copied().filter(|&cell| {
        matches!(
            game.threat(cell, attacker),
            Threat::Three | Threat::ThreeThree | Threat::Four | Threat::FourThree | Threat::Flex4
        )
    }));
    // Board cells come in reading order, the cells' own order, so ties broken by cell keep
    // it as a stable sort would, and an unstable sort never allocates.
    out.sort_unstable_by_key(|&cell| {
        let value = game.order_value(cell, attacker) + game.order_value(cell, defender) / 2;
        (std::cmp::Reverse(value), cell)
    });
}

/// The defender's answers to the attacker's threat: the cells that stop its five if it
/// has one, else every cell where the attacker would make a four or the defender makes
/// one; those the rule allows the defender.
fn defences(game: &Caro, attacker: Side, out: &mut Vec<Cell>) {
    let defender = attacker.opponent();
    if game.count(attacker, Threat::Five) > 0 {
        game.five_defences(attacker, out);
    } else {
        out.extend(game.board_cells().iter().copied().filter(|&cell| {
            game.is_empty(cell)
                && (makes_a_four(game, cell, attacker)
                    || game.threat(cell, defender).is_four_or_better())
        }));
    }
    out.retain(|&cell| game.is_allowed(cell, defender));
}

/// A cell where `side` would make any four (in some direction).
fn makes_a_four(game: &Caro, cell: Cell, side: Side) -> bool {
    game.threat(cell, side).is_four_or_better()
        || (0..4).any(|direction| game.line(cell, side, direction).is_four())
}

/// The VCT search's memory of positions without a VCT at some depth.
pub struct VctCache(FailCache);

impl Default for VctCache {
    fn default() -> Self {
        VctCache(FailCache::new(FAIL_CACHE_BITS))
    }
}

impl Solver {
    /// A VCT for the side to move of at most `MAX_THREATS` attacking moves, deepening
    /// until the limits stop it: the principal line (first answer at each step).
    pub fn find_vct(&mut self, game: &Caro, cache: &mut VctCache) -> Option<Vec<Cell>> {
        let mut work = game.clone();
        self.line.clear();
        for depth in 1..=MAX_THREATS {
            if self.vct(&mut work, depth, cache) {
                return Some(self.line.clone());
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// Whether the side to move wins by threats within `depth` attacking moves; the
    /// solver's line gets the winning line, and is left as it was if there is none.
    pub(super) fn vct(&mut self, game: &mut Caro, depth: u32, cache: &mut VctCache) -> bool {
        if !self.visit() {
            return false;
        }
        if self.vcf(game, 0) {
            return true;
        }
        if depth == 0 || self.aborted {
            return false;
        }
        let hash = game.hash();
        if cache.0.failed(hash, depth) {
            return false;
        }
        let wins = self.attack(game, depth, cache);
        if !wins && !self.aborted {
            cache.0.remember(hash, depth);
        }
        wins
    }

    /// The attacker (to move) tries each of its threats, or, when the defender has just
    /// made a four, each way to stop it; a move wins if the defender has no four after it,
    /// the attacker threatens, and every defence fails.
    fn attack(&mut self, game: &mut Caro, depth: u32, cache: &mut VctCache) -> bool {
        let attacker = game.side_to_move();
        let defender = attacker.opponent();
        let mut moves = self.lists.take();
        attacks(game, attacker, &mut moves);
        let wins = self.try_each(Role::Attacker, game, &moves, |solver, game| {
            game.count(defender, Threat::Five) == 0
                && threatens(game, attacker)
                && solver.defences_fail(game, depth, cache)
        });
        self.lists.give_back(moves);
        wins
    }

    /// The defender (to move) answers the attacker's threat; true if every answer loses:
    /// the attacker makes five, stops the defender's four and goes on, or wins by threats
    /// with one attacking move fewer.
    fn defences_fail(&mut self, game: &mut Caro, depth: u32, cache: &mut VctCache) -> bool {
        if !self.visit() {
            return false;
        }
        let defender = game.side_to_move();
        let attacker = defender.opponent();
        if game.count(defender, Threat::Five) > 0 {
            return false;
        }
        let mut replies = self.lists.take();
        defences(game, attacker, &mut replies);
        let lost = self.try_each(Role::Defender, game, &replies, |solver, game| {
            if game.winner() == Some(defender) {
                false
            } else if let Some(five) = game.five_cell(attacker) {
                solver.line.push(five);
                true
            } else if game.count(defender, Threat::Five) > 0 {
                solver.attack(game, depth, cache)
            } else {
                solver.vct(game, depth - 1, cache)
            }
        });
        self.lists.give_back(replies);
        lost
    }
}
