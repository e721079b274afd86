//! VCT (victory by continuous threats): like VCF, but the attacker may also make open
//! threes, which the defender must answer by blocking (any cell where the attacker would
//! make a four) or by fours of its own, each of which the attacker blocks. Every answer is
//! searched, so a win found is a win; the search deepens one attacking move at a time.

use ply_search::{Game, Side};

use super::board::{Caro, Cell};
use super::threat::Threat;
use super::vcf::Solver;

/// Most attacking moves in a VCT.
pub const MAX_THREATS: u32 = 12;
const FAIL_CACHE_BITS: u32 = 15;

/// Whether `side` has a threat the opponent must answer: a five to make or an open four.
fn threatens(game: &Caro, side: Side) -> bool {
    game.count(side, Threat::Five) > 0 || game.count(side, Threat::Flex4) > 0
}

/// A cell where `side` would make any four (in some direction).
fn makes_a_four(game: &Caro, cell: Cell, side: Side) -> bool {
    game.threat(cell, side).is_four_or_better()
        || (0..4).any(|direction| game.line(cell, side, direction).is_four())
}

/// The VCT search's memory of positions without a VCT at some depth.
pub struct VctCache {
    entries: Vec<(u64, u32)>,
}

impl Default for VctCache {
    fn default() -> Self {
        VctCache {
            entries: vec![(0, 0); 1 << FAIL_CACHE_BITS],
        }
    }
}

impl VctCache {
    fn slot(hash: u64) -> usize {
        (hash >> (64 - FAIL_CACHE_BITS)) as usize
    }

    fn failed(&self, hash: u64, depth: u32) -> bool {
        self.entries
            .get(Self::slot(hash))
            .is_some_and(|&(h, d)| h == hash && d >= depth)
    }

    fn remember(&mut self, hash: u64, depth: u32) {
        if let Some(entry) = self.entries.get_mut(Self::slot(hash)) {
            *entry = (hash, depth);
        }
    }
}

impl Solver {
    /// A VCT for the side to move of at most `MAX_THREATS` attacking moves, deepening
    /// until the limits stop it: the principal line (first answer at each step).
    pub fn find_vct(&mut self, game: &Caro, cache: &mut VctCache) -> Option<Vec<Cell>> {
        let mut work = game.clone();
        for depth in 1..=MAX_THREATS {
            let mut line = Vec::new();
            if self.vct(&mut work, depth, cache, &mut line) {
                return Some(line);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// Whether the side to move wins by threats within `depth` attacking moves.
    pub(super) fn vct(
        &mut self,
        game: &mut Caro,
        depth: u32,
        cache: &mut VctCache,
        line: &mut Vec<Cell>,
    ) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        let mut fours = Vec::new();
        if self.vcf(game, 0, &mut fours) {
            line.extend(fours);
            return true;
        }
        if depth == 0 || self.aborted {
            return false;
        }
        let hash = game.hash();
        if cache.failed(hash, depth) {
            return false;
        }
        let mut attacks: Vec<(i32, Cell)> = Vec::new();
        if game.count(them, Threat::Five) > 0 {
            // The defender has a four: stop it, and go on only if that is a threat too.
            let mut blocks = Vec::new();
            game.five_defences(them, &mut blocks);
            attacks.extend(
                blocks
                    .into_iter()
                    .filter(|&cell| game.is_allowed(cell, me))
                    .map(|cell| (0, cell)),
            );
        } else {
            attacks.extend(
                game.board_cells()
                    .iter()
                    .copied()
                    .filter(|&cell| {
                        matches!(
                            game.threat(cell, me),
                            Threat::Three
                                | Threat::ThreeThree
                                | Threat::Four
                                | Threat::FourThree
                                | Threat::Flex4
                        )
                    })
                    .map(|cell| (game.value(cell, me) + game.value(cell, them) / 2, cell)),
            );
        }
        attacks.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
        for (_, attack) in attacks {
            game.make_move(attack);
            line.push(attack);
            let wins = threatens(game, me)
                && game.count(them, Threat::Five) == 0
                && self.defences_fail(game, depth, cache, line);
            game.unmake_move(attack);
            if wins {
                return true;
            }
            line.pop();
            if self.aborted {
                return false;
            }
        }
        if !self.aborted {
            cache.remember(hash, depth);
        }
        false
    }

    /// The defender (to move) answers the attacker's threat; true if every answer loses.
    fn defences_fail(
        &mut self,
        game: &mut Caro,
        depth: u32,
        cache: &mut VctCache,
        line: &mut Vec<Cell>,
    ) -> bool {
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let defender = game.side_to_move();
        let attacker = defender.opponent();
        if game.count(defender, Threat::Five) > 0 {
            return false;
        }
        let mut replies = Vec::new();
        if game.count(attacker, Threat::Five) > 0 {
            game.five_defences(attacker, &mut replies);
        } else {
            for &cell in game.board_cells() {
                if game.is_empty(cell)
                    && (makes_a_four(game, cell, attacker)
                        || game.threat(cell, defender).is_four_or_better())
                {
                    replies.push(cell);
                }
            }
        }
        replies.retain(|&cell| game.is_allowed(cell, defender));
        let mut principal: Option<Vec<Cell>> = None;
        for reply in replies {
            game.make_move(reply);
            let mut rest = vec![reply];
            let wins = if game.winner() == Some(defender) {
                false
            } else if let Some(five) = game.five_cell(attacker) {
                rest.push(five);
                true
            } else if game.count(defender, Threat::Five) > 0 {
                self.block_and_go_on(game, depth, cache, &mut rest)
            } else {
                self.vct(game, depth - 1, cache, &mut rest)
            };
            game.unmake_move(reply);
            if !wins {
                return false;
            }
            principal.get_or_insert(rest);
        }
        if let Some(rest) = principal {
            line.extend(rest);
        }
        true
    }

    /// The defender made a four: the attacker stops it (trying each way) and the attack
    /// goes on if its threat still stands, or with a new threat if not.
    fn block_and_go_on(
        &mut self,
        game: &mut Caro,
        depth: u32,
        cache: &mut VctCache,
        line: &mut Vec<Cell>,
    ) -> bool {
        let attacker = game.side_to_move();
        let defender = attacker.opponent();
        let mut blocks = Vec::new();
        game.five_defences(defender, &mut blocks);
        blocks.retain(|&cell| game.is_allowed(cell, attacker));
        for block in blocks {
            game.make_move(block);
            let mut rest = vec![block];
            let wins = game.count(defender, Threat::Five) == 0
                && if threatens(game, attacker) {
                    self.defences_fail(game, depth, cache, &mut rest)
                } else {
                    false
                };
            game.unmake_move(block);
            if wins {
                line.extend(rest);
                return true;
            }
            if self.aborted {
                return false;
            }
        }
        false
    }
}
