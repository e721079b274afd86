//! A real position's search tree copied out as an explicit tree for the quiz: the teaching
//! minimax walks the position to a small depth (its leaves valued by the game's evaluator or
//! by the end of the game), and the teaching alpha-beta on the same position names the
//! branches it cuts — the answers come from the position itself, not from the copy.

use ply_search::Evaluator;
use ply_search::teaching::explicit::{ExplicitTree, MAX_TREE_NODES};
use ply_search::teaching::{TeachingSettings, TraceEvent, TraceLog, alphabeta, minimax};

use super::error::ThinkError;
use super::rules::Rules;

/// A position's tree and what alpha-beta on the position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionTree {
    /// The tree, nodes labelled by the move that reaches them (the root by nothing).
    pub tree: ExplicitTree,
    /// The value alpha-beta on the position gives its root (the root player's view).
    pub value: i32,
    /// The branches alpha-beta on the position never searched, as nodes of `tree`, in order.
    pub pruned: Vec<usize>,
}

/// Copies out the tree of `game` to `settings.depth` plies and cuts it with alpha-beta on
/// `game` itself. Refused when the tree would have more than [`MAX_TREE_NODES`] nodes.
pub fn position_tree<R: Rules, E: Evaluator<R>>(
    game: &R,
    evaluator: &E,
    settings: TeachingSettings,
) -> Result<PositionTree, ThinkError> {
    let too_big = || {
        ThinkError::Refused(format!(
            "the tree of this position at depth {} has more than {MAX_TREE_NODES} nodes",
            settings.depth
        ))
    };
    let mut plain = TraceLog::new(2 * MAX_TREE_NODES + 2);
    minimax(&mut game.clone(), evaluator, settings, &mut plain);
    if plain.overflowed {
        return Err(too_big());
    }
    let mut tree = ExplicitTree::root("");
    let mut moves: Vec<Option<R::Move>> = vec![None];
    let mut path = vec![0usize];
    let mut position = game.clone();
    for event in &plain.events {
        match event {
            TraceEvent::Enter { mv: Some(mv), .. } => {
                let parent = *path.last().ok_or_else(too_big)?;
                let node = tree
                    .add(parent, position.move_display(*mv))
                    .map_err(|_| too_big())?;
                position.make_move(*mv);
                moves.push(Some(*mv));
                path.push(node);
            }
            TraceEvent::Enter { mv: None, .. } | TraceEvent::Cutoff { .. } => {}
            TraceEvent::Leave { value, .. } => {
                let node = path.pop().ok_or_else(too_big)?;
                if tree.nodes()[node].children.is_empty() {
                    tree.set_value(node, *value).map_err(|_| too_big())?;
                }
                if let Some(mv) = moves[node] {
                    position.unmake_move(mv);
                }
            }
        }
    }
    let mut pruned_log = TraceLog::new(2 * MAX_TREE_NODES + 2);
    let result = alphabeta(&mut game.clone(), evaluator, settings, &mut pruned_log);
    let child_by_move = |node: usize, mv: R::Move| {
        tree.nodes()[node]
            .children
            .iter()
            .copied()
            .find(|&child| moves[child] == Some(mv))
    };
    let mut pruned = Vec::new();
    let mut path = Vec::new();
    for event in &pruned_log.events {
        match event {
            TraceEvent::Enter { mv: None, .. } => path.push(0),
            TraceEvent::Enter { mv: Some(mv), .. } => {
                let parent = *path.last().ok_or_else(too_big)?;
                path.push(child_by_move(parent, *mv).ok_or_else(too_big)?);
            }
            TraceEvent::Leave { .. } => {
                path.pop();
            }
            TraceEvent::Cutoff { pruned: moves, .. } => {
                let node = *path.last().ok_or_else(too_big)?;
                for &mv in moves {
                    pruned.push(child_by_move(node, mv).ok_or_else(too_big)?);
                }
            }
        }
    }
    pruned.sort_unstable();
    Ok(PositionTree {
        tree,
        value: result.value,
        pruned,
    })
}
