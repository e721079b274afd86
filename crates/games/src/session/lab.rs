//! The lab: one small position searched by plain minimax and by alpha-beta, with each tree
//! recorded node by node for drawing and stepping, and the positions visited by the engine
//! with move ordering alone and with its transposition table, all at the same depth. Not a
//! player: nothing here chooses a move to play.

use std::time::Instant;

use ply_search::teaching::{NodeKind, TeachingSettings, Tracer, alphabeta, minimax};
use ply_search::{
    Engine, EngineOptions, Evaluator, Features, Limits, SearchControl, SearchRequest, Side,
};
use serde::Serialize;

use super::error::ThinkError;
use super::rules::Rules;
use super::think::Level;
use super::view::{ScoreView, serialize_side};
use crate::spec::GameSpec;

/// Deepest lab search.
pub const MAX_LAB_DEPTH: u32 = 12;
/// Most positions a lab search may visit before it is refused.
pub const MAX_LAB_NODES: u64 = 5_000_000;
/// Most nodes recorded for drawing, per tree.
pub const MAX_LAB_TREE: usize = 20_000;
/// Most pruned moves named at one cut-off.
const MAX_PRUNED_NAMES: usize = 40;

/// What to search in the lab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabRequest {
    /// Whose evaluation judges the horizon.
    pub level: Level,
    /// Plies, 1 to [`MAX_LAB_DEPTH`].
    pub depth: u32,
    /// Nodes recorded per tree, at most [`MAX_LAB_TREE`].
    pub tree_nodes: usize,
    /// Positions a search may visit before the request is refused, at most [`MAX_LAB_NODES`].
    pub max_nodes: u64,
}

impl LabRequest {
    /// This request within `spec`'s lab cap ([`GameSpec::lab_positions`]).
    pub fn within(&self, spec: &GameSpec) -> LabRequest {
        LabRequest {
            max_nodes: self.max_nodes.min(spec.lab_positions),
            ..self.clone()
        }
    }

    /// A request for `depth` plies with the usual caps.
    pub fn new(level: Level, depth: u32) -> LabRequest {
        LabRequest {
            level,
            depth,
            tree_nodes: 4_000,
            max_nodes: MAX_LAB_NODES,
        }
    }
}

/// Everything the lab shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabReport {
    /// Plies searched.
    pub depth: u32,
    /// The root player (MAX).
    #[serde(serialize_with = "serialize_side")]
    pub root_side: Side,
    /// Plain minimax.
    pub minimax: LabTree,
    /// Alpha-beta in the same natural move order.
    pub alphabeta: LabTree,
    /// The engine with exact features, move ordering and no transposition table.
    pub ordered: LabCount,
    /// The same engine with a transposition table.
    pub table: LabCount,
}

/// One teaching search and its recorded tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabTree {
    /// The root's value from the root player's view.
    pub value: i32,
    /// The principal variation in the game's own notation (SAN for chess, WXF for xiangqi).
    pub pv: Vec<String>,
    /// Positions visited, the root included.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// True when the tree has more nodes than were recorded.
    pub truncated: bool,
    /// Steps of the walk (each node entered once and left once).
    pub steps: u32,
    /// The recorded nodes, in the order the search entered them (the root first).
    pub nodes_list: Vec<LabNode>,
}

/// One node of a recorded tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabNode {
    /// Index of the parent in `nodes_list`; none for the root.
    pub parent: Option<u32>,
    /// Plies below the root.
    pub ply: u32,
    /// The move that reached it, in players' notation; none for the root.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// True when the root player is to move here (a MAX node).
    pub maximizing: bool,
    /// The window on entry (`None`: minus infinity).
    pub alpha: Option<i32>,
    /// The window on entry (`None`: plus infinity).
    pub beta: Option<i32>,
    /// Its value from the root player's view, once the search left it.
    pub value: Option<i32>,
    /// `terminal`, `horizon` or `interior`.
    pub kind: Option<&'static str>,
    /// The step at which the search entered it.
    pub entered: u32,
    /// The step at which the search left it.
    pub left: Option<u32>,
    /// Moves never searched because alpha met beta here, players' notation.
    pub pruned: Vec<String>,
    /// Pruned moves beyond those named.
    pub pruned_more: usize,
    /// The window when the cut-off happened.
    pub cutoff: Option<(i32, i32)>,
}

/// The engine's figures at the lab's depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabCount {
    /// Its value for the root player.
    pub score: ScoreView,
    /// Its best move, players' notation.
    pub best: Option<String>,
    /// Positions visited (every iteration of iterative deepening included).
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
}

/// Runs the lab on `game` with `evaluator`.
pub fn run_lab<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    settings: TeachingSettings,
    request: &LabRequest,
) -> Result<LabReport, ThinkError> {
    if request.depth == 0 || request.depth > MAX_LAB_DEPTH {
        return Err(ThinkError::Refused(format!(
            "the lab searches 1 to {MAX_LAB_DEPTH} plies, not {}",
            request.depth
        )));
    }
    if game.outcome().is_some() || game_is_stuck(game) {
        return Err(ThinkError::Refused(
            "the game is over in this position: there is nothing to search".to_string(),
        ));
    }
    let settings = TeachingSettings {
        depth: request.depth,
        ..settings
    };
    let max_nodes = request.max_nodes.min(MAX_LAB_NODES);
    if let Err(estimate) = minimax_positions(game, &evaluator, request.depth, max_nodes) {
        return Err(ThinkError::Refused(format!(
            "minimax would visit about {estimate} positions at depth {}, more than \
             {max_nodes}: choose a smaller depth",
            request.depth
        )));
    }
    let tree_nodes = request.tree_nodes.min(MAX_LAB_TREE);
    let minimax_tree = record(game, &evaluator, settings, false, tree_nodes, max_nodes)?;
    let alphabeta_tree = record(game, &evaluator, settings, true, tree_nodes, max_nodes)?;
    let exact = ExactFeatures(evaluator);
    let ordered = count(game, exact.clone(), 0, request.depth);
    let table = count(game, exact, 16, request.depth);
    Ok(LabReport {
        depth: request.depth,
        root_side: game.side_to_move(),
        minimax: minimax_tree,
        alphabeta: alphabeta_tree,
        ordered,
        table,
    })
}

/// The positions plain minimax visits to `depth`, counted before it runs: ply by ply, the
/// tree it walks is expanded the way it expands it (the evaluator's candidate moves, nothing
/// below a decided position) and bulk-counted at the last ply, with no evaluation. Before
/// each ply the plies counted so far project the whole search ([`projection`]); a
/// projection past twice the cap stops there, as does a counted ply past the cap, so a
/// refusal costs a little move generation and no search. `Ok(exact count)`, or
/// `Err(estimate)` past `cap`.
fn minimax_positions<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: &E,
    depth: u32,
    cap: u64,
) -> Result<u64, u64> {
    let mut work = game.clone();
    let mut buffers: Vec<Vec<R::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    let mut levels = vec![1u64];
    let mut positions = 1u64;
    for ply in 1..=depth {
        if let Some(projected) = projection(&levels, depth)
            && projected > cap.saturating_mul(2)
        {
            return Err(projected);
        }
        let level = positions_at(&mut work, evaluator, ply, 0, &mut buffers);
        levels.push(level);
        positions = positions.saturating_add(level);
        if positions > cap {
            return Err(positions);
        }
    }
    Ok(positions)
}

/// The whole search to `depth` projected from `levels`, the positions counted at each ply
/// (the root's 1 first). The plies still to count branch as the last one did, shrinking as
/// fast as it shrank from the ply before (each move fills a cell in tic-tac-toe) but never
/// assumed to grow. With only the root's moves counted there is no trend yet: only the next
/// ply is projected. `None` before anything below the root is counted.
fn projection(levels: &[u64], depth: u32) -> Option<u64> {
    let counted = levels.len().checked_sub(1).filter(|&plies| plies > 0)?;
    let ratio = |deeper: usize| {
        let upper = levels.get(deeper - 1).copied().unwrap_or(1).max(1) as f64;
        levels.get(deeper).copied().unwrap_or(0) as f64 / upper
    };
    let mut branching = ratio(counted);
    let shrink = if counted >= 2 {
        (branching / ratio(counted - 1).max(f64::MIN_POSITIVE)).min(1.0)
    } else {
        1.0
    };
    let plies_left = depth.saturating_sub(counted as u32);
    let plies = if counted >= 2 {
        plies_left
    } else {
        plies_left.min(1)
    };
    let mut total = levels.iter().sum::<u64>() as f64;
    let mut level = levels.last().copied().unwrap_or(1) as f64;
    for _ in 0..plies {
        branching *= shrink;
        level *= branching;
        total += level;
    }
    Some(total.min(u64::MAX as f64) as u64)
}

/// Positions the teaching walk reaches exactly `plies` below `game`.
fn positions_at<R: Rules, E: Evaluator<R>>(
    game: &mut R,
    evaluator: &E,
    plies: u32,
    ply: usize,
    buffers: &mut [Vec<R::Move>],
) -> u64 {
    if plies == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    let Some(buffer) = buffers.get_mut(ply) else {
        return 0;
    };
    let mut moves = std::mem::take(buffer);
    moves.clear();
    evaluator.candidate_moves(game, &mut moves);
    let count = if plies == 1 {
        moves.len() as u64
    } else {
        let mut sum = 0u64;
        for &mv in &moves {
            game.make_move(mv);
            sum = sum.saturating_add(positions_at(game, evaluator, plies - 1, ply + 1, buffers));
            game.unmake_move(mv);
        }
        sum
    };
    if let Some(buffer) = buffers.get_mut(ply) {
        *buffer = moves;
    }
    count
}

fn game_is_stuck<R: Rules>(game: &R) -> bool {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.is_empty()
}

fn record<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: &E,
    settings: TeachingSettings,
    prune: bool,
    tree_nodes: usize,
    max_nodes: u64,
) -> Result<LabTree, ThinkError> {
    let mut recorder = Recorder {
        position: game.clone(),
        root_side: game.side_to_move(),
        nodes: Vec::new(),
        stack: Vec::new(),
        made: Vec::new(),
        step: 0,
        entered: 0,
        tree_nodes,
        max_nodes,
        truncated: false,
        stopped: false,
    };
    let mut work = game.clone();
    let start = Instant::now();
    let result = if prune {
        alphabeta(&mut work, evaluator, settings, &mut recorder)
    } else {
        minimax(&mut work, evaluator, settings, &mut recorder)
    };
    if recorder.stopped {
        return Err(ThinkError::Refused(format!(
            "{} would visit more than {max_nodes} positions at depth {}: choose a smaller depth",
            if prune { "alpha-beta" } else { "minimax" },
            settings.depth
        )));
    }
    // The game's own notation (SAN, WXF, cells), as the engine's rows are written.
    let pv = super::lessons::line_display(game, &result.pv);
    Ok(LabTree {
        value: result.value,
        pv,
        nodes: result.nodes,
        time_ms: start.elapsed().as_millis() as u64,
        truncated: recorder.truncated,
        steps: recorder.step,
        nodes_list: recorder.nodes,
    })
}

/// Records the first nodes of a teaching walk and stops it past the node cap.
struct Recorder<R: Rules> {
    /// The position at the deepest recorded node.
    position: R,
    root_side: Side,
    nodes: Vec<LabNode>,
    /// One entry per node on the current path: its index if recorded.
    stack: Vec<Option<u32>>,
    /// Moves made on `position` along the recorded path.
    made: Vec<R::Move>,
    step: u32,
    entered: u64,
    tree_nodes: usize,
    max_nodes: u64,
    truncated: bool,
    stopped: bool,
}

impl<R: Rules> Tracer<R::Move> for Recorder<R> {
    fn enter(&mut self, ply: usize, mv: Option<R::Move>, alpha: i32, beta: i32) {
        self.entered += 1;
        let parent = self.stack.last().copied().flatten();
        // A node is recorded when its parent was (or it is the root) and there is room.
        let parent_recorded = ply == 0 || parent.is_some();
        if !parent_recorded || self.nodes.len() >= self.tree_nodes {
            self.truncated |= parent_recorded;
            self.stack.push(None);
            return;
        }
        let name = mv.map(|mv| self.position.move_display(mv));
        if let Some(mv) = mv {
            self.position.make_move(mv);
            self.made.push(mv);
        }
        let index = self.nodes.len() as u32;
        self.nodes.push(LabNode {
            parent,
            ply: ply as u32,
            mv: name,
            maximizing: self.position.side_to_move() == self.root_side,
            alpha: (alpha > i32::MIN + 1).then_some(alpha),
            beta: (beta < i32::MAX).then_some(beta),
            value: None,
            kind: None,
            entered: self.step,
            left: None,
            pruned: Vec::new(),
            pruned_more: 0,
            cutoff: None,
        });
        self.step += 1;
        self.stack.push(Some(index));
    }

    fn leave(&mut self, _ply: usize, value: i32, kind: NodeKind) {
        if self.stopped {
            return;
        }
        if let Some(Some(index)) = self.stack.pop()
            && let Some(node) = self.nodes.get_mut(index as usize)
        {
            node.value = Some(value);
            node.kind = Some(match kind {
                NodeKind::Terminal => "terminal",
                NodeKind::Horizon => "horizon",
                NodeKind::Interior => "interior",
            });
            node.left = Some(self.step);
            self.step += 1;
            if node.parent.is_some()
                && let Some(mv) = self.made.pop()
            {
                self.position.unmake_move(mv);
            }
        }
    }

    fn cutoff(&mut self, _ply: usize, alpha: i32, beta: i32, pruned: &[R::Move]) {
        if self.stopped {
            return;
        }
        let Some(Some(index)) = self.stack.last().copied() else {
            return;
        };
        let names: Vec<String> = pruned
            .iter()
            .take(MAX_PRUNED_NAMES)
            .map(|&mv| self.position.move_display(mv))
            .collect();
        if let Some(node) = self.nodes.get_mut(index as usize) {
            node.pruned_more = pruned.len() - names.len();
            node.pruned = names;
            node.cutoff = Some((alpha, beta));
        }
    }

    fn should_stop(&mut self) -> bool {
        self.stopped |= self.entered >= self.max_nodes;
        self.stopped
    }
}

fn count<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: E,
    hash_mib: usize,
    depth: u32,
) -> LabCount {
    let mut engine = Engine::new(
        evaluator,
        EngineOptions {
            hash_mib,
            threads: 1,
        },
    );
    let control = SearchControl::default();
    let request = SearchRequest::new(Limits::depth(depth));
    let result = engine.search(game, &request, &control, &mut |_| {});
    LabCount {
        score: ScoreView::from_score(result.score),
        best: result.best_move.map(|mv| game.move_display(mv)),
        nodes: result.nodes,
        time_ms: result.time.as_millis() as u64,
    }
}

/// An evaluator with every pruning hook switched off, so that the engine's value equals
/// minimax's at the same depth.
#[derive(Clone)]
struct ExactFeatures<E>(E);

impl<R: Rules, E: Evaluator<R>> Evaluator<R> for ExactFeatures<E> {
    fn evaluate(&self, game: &R) -> i32 {
        self.0.evaluate(game)
    }

    fn candidate_moves(&self, game: &R, moves: &mut Vec<R::Move>) {
        self.0.candidate_moves(game, moves);
    }

    fn noisy_moves(&self, game: &R, moves: &mut Vec<R::Move>) {
        self.0.noisy_moves(game, moves);
    }

    fn noisy_moves_below(&self, game: &R, below_horizon: u32, moves: &mut Vec<R::Move>) {
        self.0.noisy_moves_below(game, below_horizon, moves);
    }

    fn tactical_score(&self, game: &R, mv: R::Move) -> Option<i32> {
        self.0.tactical_score(game, mv)
    }

    fn features(&self) -> Features {
        Features::EXACT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caro::{Caro, Rule};
    use crate::tictactoe::TicTacToe;

    #[test]
    fn the_count_before_the_search_is_the_searchs_own() {
        let empty = TicTacToe::default();
        let classic = empty.classic();
        assert_eq!(
            minimax_positions(&empty, &classic, 9, MAX_LAB_NODES),
            Ok(549_946),
            "the seed's minimax count"
        );
        assert!(minimax_positions(&empty, &classic, 9, 100_000).is_err());
        // Projections: tic-tac-toe's shrinking branching keeps the empty board's depth 9
        // within twice the cap (it is admitted, then counted exactly); chess's first three
        // plies (20, 400, 8,902) put depth 6 far past it, refused before ply 4 is counted.
        let from_two_plies = projection(&[1, 9, 72], 9).expect("a projection");
        assert!(
            (549_946..=2 * MAX_LAB_NODES).contains(&from_two_plies),
            "{from_two_plies}"
        );
        let chess = projection(&[1, 20, 400, 8_902], 6).expect("a projection");
        assert!(chess > 10 * MAX_LAB_NODES, "{chess}");
        assert_eq!(projection(&[1], 6), None);
        assert_eq!(
            projection(&[1, 20], 6),
            Some(1 + 20 + 400),
            "the next ply only"
        );
        // Caro's teaching player searches near the stones only: far fewer positions than
        // the whole board's moves, and the count agrees with the recorded search.
        let caro = Caro::new(10, Rule::Freestyle);
        let report = run_lab(
            &caro,
            caro.classic(),
            caro.teaching_settings(Level::Classic),
            &LabRequest::new(Level::Classic, 4),
        )
        .expect("caro depth 4 fits");
        assert_eq!(
            minimax_positions(&caro, &caro.classic(), 4, MAX_LAB_NODES),
            Ok(report.minimax.nodes)
        );
    }
}
