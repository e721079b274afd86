//! Minimax and alpha-beta in MAX/MIN form, one routine with a switch for the cut-off, so the
//! only difference between the two is the line that prunes.

use super::{LeafValues, NodeKind, TeachingResult, TeachingSettings, Tracer};
use crate::evaluator::Evaluator;
use crate::game::{Game, Side};

/// Plain minimax to `settings.depth` plies: every candidate move of every node is searched.
pub fn minimax<G, E, T>(
    game: &mut G,
    evaluator: &E,
    settings: TeachingSettings,
    tracer: &mut T,
) -> TeachingResult<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Tracer<G::Move>,
{
    Walk::<G, E, T, false>::new(game, evaluator, settings, tracer).run()
}

/// Alpha-beta to `settings.depth` plies: as minimax, but a node stops searching its moves as
/// soon as alpha >= beta. Same value, fewer positions.
pub fn alphabeta<G, E, T>(
    game: &mut G,
    evaluator: &E,
    settings: TeachingSettings,
    tracer: &mut T,
) -> TeachingResult<G::Move>
where
    G: Game,
    E: Evaluator<G>,
    T: Tracer<G::Move>,
{
    Walk::<G, E, T, true>::new(game, evaluator, settings, tracer).run()
}

/// Scores every candidate root move with its own full-window search (the seed's per-move
/// table), with alpha-beta when `prune` is true, else minimax. Returns the moves with their
/// values from the root player's view, in candidate order, and the positions visited
/// (the root itself is not searched, so not counted).
pub fn score_root_moves<G, E, T>(
    game: &mut G,
    evaluator: &E,
    settings: TeachingSettings,
    prune: bool,
    tracer: &mut T,
) -> (Vec<(G::Move, i32)>, u64)
where
    G: Game,
    E: Evaluator<G>,
    T: Tracer<G::Move>,
{
    let mut roots = Vec::new();
    if game.outcome().is_none() {
        evaluator.candidate_moves(game, &mut roots);
    }
    let child_depth = settings.depth.saturating_sub(1);
    let child_settings = TeachingSettings {
        depth: child_depth,
        ..settings
    };
    let root_side = game.side_to_move();
    let mut scored = Vec::with_capacity(roots.len());
    let mut nodes = 0;
    for mv in roots {
        game.make_move(mv);
        let (value, visited) = if prune {
            let mut walk = Walk::<G, E, T, true>::new(game, evaluator, child_settings, tracer);
            walk.root_side = root_side;
            walk.search_child(mv, settings.depth)
        } else {
            let mut walk = Walk::<G, E, T, false>::new(game, evaluator, child_settings, tracer);
            walk.root_side = root_side;
            walk.search_child(mv, settings.depth)
        };
        game.unmake_move(mv);
        nodes += visited;
        scored.push((mv, value));
    }
    (scored, nodes)
}

/// One walk of the tree.
struct Walk<'a, G: Game, E, T, const PRUNE: bool> {
    game: &'a mut G,
    evaluator: &'a E,
    tracer: &'a mut T,
    leaves: LeafValues,
    depth: u32,
    root_side: Side,
    nodes: u64,
    /// The tracer asked to give up.
    stopped: bool,
    /// Candidate moves, one buffer per ply.
    moves: Vec<Vec<G::Move>>,
    /// Triangular principal-variation table: row `ply` holds the line from `ply`.
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G, E, T, const PRUNE: bool> Walk<'a, G, E, T, PRUNE>
where
    G: Game,
    E: Evaluator<G>,
    T: Tracer<G::Move>,
{
    fn new(
        game: &'a mut G,
        evaluator: &'a E,
        settings: TeachingSettings,
        tracer: &'a mut T,
    ) -> Self {
        let plies = settings.depth as usize + 2;
        let root_side = game.side_to_move();
        Walk {
            game,
            evaluator,
            tracer,
            leaves: settings.leaves,
            depth: settings.depth,
            root_side,
            nodes: 0,
            stopped: false,
            moves: (0..plies).map(|_| Vec::new()).collect(),
            pv: (0..plies).map(|_| Vec::new()).collect(),
        }
    }

    fn run(mut self) -> TeachingResult<G::Move> {
        let value = self.search(None, self.depth, 0, i32::MIN + 1, i32::MAX);
        let pv = std::mem::take(&mut self.pv[0]);
        TeachingResult {
            value,
            best_move: pv.first().copied(),
            pv,
            nodes: self.nodes,
        }
    }

    /// Searches the current position as the child reached by `mv` from a root searched to
    /// `root_depth`; returns its value and the positions visited.
    fn search_child(&mut self, mv: G::Move, root_depth: u32) -> (i32, u64) {
        let value = self.search(
            Some(mv),
            root_depth.saturating_sub(1),
            1,
            i32::MIN + 1,
            i32::MAX,
        );
        (value, self.nodes)
    }

    fn search(
        &mut self,
        reached_by: Option<G::Move>,
        depth_left: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        let row = ply.min(self.pv.len() - 1);
        self.pv[row].clear();
        if PRUNE {
            self.tracer.enter(ply, reached_by, alpha, beta);
        } else {
            self.tracer.enter(ply, reached_by, i32::MIN + 1, i32::MAX);
        }

        if let Some(outcome) = self.game.outcome() {
            let value = self.leaves.terminal(outcome, self.root_side, depth_left);
            self.tracer.leave(ply, value, NodeKind::Terminal);
            return value;
        }
        let maximizing = self.game.side_to_move() == self.root_side;
        if depth_left == 0 {
            let own = self.evaluator.evaluate(self.game);
            let value = if maximizing { own } else { -own };
            self.tracer.leave(ply, value, NodeKind::Horizon);
            return value;
        }

        let mut moves = std::mem::take(&mut self.moves[row]);
        moves.clear();
        self.evaluator.candidate_moves(self.game, &mut moves);
        if moves.is_empty() {
            self.moves[row] = moves;
            let outcome = self.game.outcome_when_stuck();
            let value = self.leaves.terminal(outcome, self.root_side, depth_left);
            self.tracer.leave(ply, value, NodeKind::Terminal);
            return value;
        }

        let mut best = if maximizing { i32::MIN + 1 } else { i32::MAX };
        for (index, &mv) in moves.iter().enumerate() {
            if self.stopped || self.tracer.should_stop() {
                self.stopped = true;
                self.moves[row] = moves;
                return best;
            }
            self.game.make_move(mv);
            let value = self.search(Some(mv), depth_left - 1, ply + 1, alpha, beta);
            self.game.unmake_move(mv);
            if self.stopped {
                self.moves[row] = moves;
                return best;
            }

            let improves = if maximizing {
                value > best
            } else {
                value < best
            };
            if improves {
                best = value;
                self.adopt_child_line(row, mv);
            }
            if maximizing {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if PRUNE && alpha >= beta {
                self.tracer.cutoff(ply, alpha, beta, &moves[index + 1..]);
                break;
            }
        }
        self.moves[row] = moves;
        self.tracer.leave(ply, best, NodeKind::Interior);
        best
    }

    /// The principal variation at `row` becomes `mv` followed by the child's.
    fn adopt_child_line(&mut self, row: usize, mv: G::Move) {
        let (upper, lower) = self.pv.split_at_mut(row + 1);
        let line = &mut upper[row];
        line.clear();
        line.push(mv);
        if let Some(child) = lower.first() {
            line.extend_from_slice(child);
        }
    }
}
