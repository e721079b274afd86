//! The root's threat-space verdict for the engine: a forced win for the side to move (VCF,
//! then VCT while time allows), or, when the opponent threatens one, the moves that stop it.

use std::time::Instant;

use ply_search::{Evaluator, Game, RootAdvice};

use super::board::{Caro, Cell};
use super::strong::Strong;
use super::threat::Threat;
use super::vcf::Solver;
use super::vct::VctCache;

use super::params::SAFETY_THREATS;

impl Solver {
    /// What the threat-space search says about the root.
    pub fn advise(&mut self, game: &Caro) -> RootAdvice<Cell> {
        let mut advice = RootAdvice::default();
        if game.outcome().is_none() {
            self.look(game, &mut advice);
        }
        advice.nodes = self.nodes;
        advice
    }

    fn look(&mut self, game: &Caro, advice: &mut RootAdvice<Cell>) {
        let me = game.side_to_move();
        let them = me.opponent();
        if let Some(line) = self.find_vcf(game) {
            advice.win = Some(line);
            return;
        }
        if self.aborted || game.count(them, Threat::Five) > 0 {
            return;
        }
        let mut passed = game.clone();
        passed.make_null_move();
        if self.find_vcf(&passed).is_some() && !self.aborted {
            advice.only = self.defences(game, false);
            return;
        }
        if self.aborted {
            return;
        }
        // Threats (open threes) too, with what time is left: half for our own win, half
        // to drop the root moves the opponent would answer with a win by threats.
        let full = self.limits;
        let mut cache = VctCache::default();
        self.limits.deadline = full.deadline.map(|end| midpoint(Instant::now(), end));
        if let Some(line) = self.find_vct(game, &mut cache) {
            advice.win = Some(line);
            return;
        }
        self.limits = full;
        self.aborted = false;
        advice.only = self.safe_moves(game);
    }

    /// The strong player's root candidates after which the opponent has no win by threats
    /// (VCT of up to four threats); unchecked ones when time runs out are kept. `None` when
    /// every move is safe or none is.
    fn safe_moves(&mut self, game: &Caro) -> Option<Vec<Cell>> {
        let me = game.side_to_move();
        let mut candidates = Vec::new();
        Strong.candidate_moves(game, &mut candidates);
        let mut work = game.clone();
        let mut cache = VctCache::default();
        let mut safe = Vec::with_capacity(candidates.len());
        let mut dropped = 0;
        for &cell in &candidates {
            if self.aborted {
                safe.push(cell);
                continue;
            }
            work.make_move(cell);
            self.line.clear();
            let holds = work.winner() == Some(me)
                || !self.vct(&mut work, SAFETY_THREATS, &mut cache)
                || self.aborted;
            work.unmake_move(cell);
            if holds {
                safe.push(cell);
            } else {
                dropped += 1;
            }
        }
        (dropped > 0 && !safe.is_empty()).then_some(safe)
    }

    /// The root moves after which the opponent has no VCF (or, with `threats`, no VCT);
    /// `None` if there are none or time ran out before all were checked.
    fn defences(&mut self, game: &Caro, threats: bool) -> Option<Vec<Cell>> {
        let me = game.side_to_move();
        let them = me.opponent();
        let mut work = game.clone();
        let mut legal = Vec::new();
        work.generate_moves(&mut legal);
        let mut cache = VctCache::default();
        let mut defences = Vec::new();
        for cell in legal {
            if work.stones_near(cell) == 0 && work.threat(cell, them) < Threat::Block3 {
                continue;
            }
            work.make_move(cell);
            self.line.clear();
            let holds = work.winner() == Some(me) || {
                if threats {
                    !self.vct(&mut work, super::vct::MAX_THREATS.min(4), &mut cache)
                } else {
                    !self.vcf(&mut work, 0)
                }
            };
            work.unmake_move(cell);
            if self.aborted {
                return None;
            }
            if holds {
                defences.push(cell);
            }
        }
        (!defences.is_empty()).then_some(defences)
    }
}

fn midpoint(start: Instant, end: Instant) -> Instant {
    start + end.saturating_duration_since(start) / 2
}
