//! VCF (victory by continuous fours): the attacker plays only fours, the defender only the
//! moves that stop them (the five's cell, and under the caro rules the cell that closes the
//! five's far end), so the search is narrow and reaches wins of many moves. The defender's
//! replies ignore renju's forbidden points, so a win found is always a win.

use std::time::Instant;

use ply_search::{AdviceBudget, Game, Side};

use super::board::{Caro, Cell};
use super::fail_cache::FailCache;
use super::move_lists::MoveLists;
use super::role::Role;
use super::threat::Threat;

pub use super::params::MAX_FOURS;
/// Positions a solver visits when no time is given (keeps fixed-depth searches deterministic).
pub const DEFAULT_NODES: u64 = super::params::SOLVER_DEFAULT_NODES;
const FAIL_CACHE_BITS: u32 = 16;
/// The budget of a failure that the length limit did not cut: it holds for any length.
const ANY_LENGTH: u32 = u32::MAX;

/// How much a solver may do.
#[derive(Clone, Copy, Debug)]
pub struct SolverLimits {
    /// Most positions visited.
    pub nodes: u64,
    /// Stop by this time.
    pub deadline: Option<Instant>,
}

impl SolverLimits {
    /// Limits for a root look within `budget`; a fixed node budget when it has no bound
    /// (keeps depth-limited searches deterministic).
    pub fn for_budget(budget: AdviceBudget) -> SolverLimits {
        let unbounded = budget.time.is_none() && budget.nodes.is_none();
        SolverLimits {
            nodes: budget
                .nodes
                .unwrap_or(if unbounded { DEFAULT_NODES } else { u64::MAX }),
            deadline: budget.time.map(|time| Instant::now() + time),
        }
    }
}

/// The threat-space solver.
pub struct Solver {
    pub(super) limits: SolverLimits,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    /// Hashes of positions (attacker to move) known to have no VCF.
    fails: FailCache,
    /// Whether the length limit ([`MAX_FOURS`]) cut the search since this was last cleared:
    /// only such a failure depends on how many fours were left.
    cut_by_length: bool,
    /// The move lists of the search's plies (VCF and VCT alike).
    pub(super) lists: MoveLists,
    /// The line being proved: the moves from the search's root to the node searched, with
    /// the winning lines of the nodes below it proved so far.
    pub(super) line: Vec<Cell>,
}

impl Solver {
    /// A solver within `limits`.
    pub fn new(limits: SolverLimits) -> Solver {
        Solver {
            limits,
            nodes: 0,
            aborted: false,
            fails: FailCache::new(FAIL_CACHE_BITS),
            cut_by_length: false,
            lists: MoveLists::default(),
            line: Vec::new(),
        }
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether a limit stopped the last search.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// A VCF for the side to move: the whole line (attacker, defender, …, the five), or
    /// `None` if there is none within the limits.
    pub fn find_vcf(&mut self, game: &Caro) -> Option<Vec<Cell>> {
        let mut work = game.clone();
        self.line.clear();
        self.vcf(&mut work, 0).then(|| self.line.clone())
    }

    /// Counts a position visited; false when a limit says to stop.
    pub(super) fn visit(&mut self) -> bool {
        self.nodes += 1;
        !self.out_of_budget()
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.limits.nodes {
            self.aborted = true;
        } else if self.nodes & 1023 == 0
            && let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Attacker (the side to move) looks for a VCF; the solver's line gets the winning line.
    pub(super) fn vcf(&mut self, game: &mut Caro, fours: u32) -> bool {
        if !self.visit() {
            return false;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        if let Some(cell) = game.five_cell(me) {
            game.make_move(cell);
            let won = game.winner() == Some(me);
            game.unmake_move(cell);
            if won {
                self.line.push(cell);
                return true;
            }
        }
        if fours >= MAX_FOURS {
            self.cut_by_length = true;
            return false;
        }
        // A position can come back with more fours left (from another root): a failure
        // that the length limit cut holds only for as many fours as it had.
        let hash = game.hash();
        let fours_left = MAX_FOURS - fours;
        if let Some(searched) = self.fails.covering(hash, fours_left) {
            // A failure the limit cut makes this one depend on the limit as well.
            self.cut_by_length |= searched != ANY_LENGTH;
            return false;
        }
        let cut_above = std::mem::replace(&mut self.cut_by_length, false);
        let mut candidates = self.lists.take();
        match game.count(them, Threat::Five) {
            0 => attacking_fours(game, me, &mut candidates),
            1 => {
                // The defender's last block made a four: the attacker must stop it, and only
                // goes on if the stopping move is a four of its own.
                game.five_defences(them, &mut candidates);
                candidates.retain(|&cell| {
                    game.is_allowed(cell, me) && game.threat(cell, me).is_four_or_better()
                });
            }
            _ => {}
        }
        let found = self.try_each(Role::Attacker, game, &candidates, |solver, game| {
            if game.winner() == Some(me) {
                true
            } else if game.count(them, Threat::Five) == 0 && game.count(me, Threat::Five) > 0 {
                solver.every_defence_loses(game, fours)
            } else {
                false
            }
        });
        self.lists.give_back(candidates);
        if !found && !self.aborted {
            let budget = if self.cut_by_length {
                fours_left
            } else {
                ANY_LENGTH
            };
            self.fails.remember(hash, budget);
        }
        self.cut_by_length |= cut_above;
        found
    }

    /// After an attacking four: whether every defence still loses to a VCF. The line gets
    /// the first defence and the rest of its winning line.
    fn every_defence_loses(&mut self, game: &mut Caro, fours: u32) -> bool {
        let me = game.side_to_move().opponent();
        let mut defences = self.lists.take();
        game.five_defences(me, &mut defences);
        let lost = !defences.is_empty()
            && self.try_each(Role::Defender, game, &defences, |solver, game| {
                game.winner().is_none()
                    && match game.five_cell(me) {
                        // The defence did not stop a five: the attacker, to move, makes it.
                        Some(five) => {
                            solver.line.push(five);
                            true
                        }
                        None => solver.vcf(game, fours + 1),
                    }
            });
        self.lists.give_back(defences);
        lost
    }
}

/// The attacker's four-making cells, best first: open fours, four-threes, then fours.
fn attacking_fours(game: &Caro, me: Side, out: &mut Vec<Cell>) {
    for kind in [Threat::Flex4, Threat::FourThree, Threat::Four] {
        let start = out.len();
        game.cells_with(me, kind, out);
        // Cells come in reading order, the cells' own order, so ties broken by cell keep it
        // as a stable sort would, and an unstable sort never allocates.
        out[start..]
            .sort_unstable_by_key(|&cell| (std::cmp::Reverse(game.order_value(cell, me)), cell));
    }
}
