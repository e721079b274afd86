//! Who moves at a node of the threat search (VCF and VCT alike), and the one loop both
//! roles walk their moves with: the attacker needs one move that wins, the defender loses
//! only if every reply does. The winning line is written in place: the attacker's winning
//! move and what follows it, or the defender's first reply and what follows that. Which
//! moves a node tries, and what a move leads to, is the caller's business.

use ply_search::Game;

use super::board::{Caro, Cell};
use super::vcf::Solver;

/// The side to move at a node of the threat search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// Wins if one of its moves wins; stops early when a limit is reached.
    Attacker,
    /// Loses only if every reply loses (so with no reply at all).
    Defender,
}

impl Solver {
    /// Plays each of `moves` in turn and asks `after` (the move on the board and at the end
    /// of the solver's line) whether the attacker still wins; true if the attacker wins
    /// this node. The line gets the winning line on success and is left as it was otherwise.
    pub(super) fn try_each(
        &mut self,
        role: Role,
        game: &mut Caro,
        moves: &[Cell],
        mut after: impl FnMut(&mut Solver, &mut Caro) -> bool,
    ) -> bool {
        let start = self.line.len();
        for &cell in moves {
            let mark = self.line.len();
            game.make_move(cell);
            self.line.push(cell);
            let wins = after(self, game);
            game.unmake_move(cell);
            match role {
                Role::Attacker if wins => return true,
                Role::Attacker => {
                    self.line.truncate(start);
                    if self.aborted {
                        return false;
                    }
                }
                Role::Defender if !wins => {
                    self.line.truncate(start);
                    return false;
                }
                // Only the first reply's line is kept.
                Role::Defender if mark > start => self.line.truncate(mark),
                Role::Defender => {}
            }
        }
        role == Role::Defender
    }
}
