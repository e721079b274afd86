//! Runs the teaching minimax and alpha-beta on an explicit tree and turns their traces into
//! steps on the tree's nodes: windows on entry, values on leaving, each cut with the bound
//! that caused it, and one timeline that steps both searches together.

use std::sync::Arc;

use super::{ExplicitTree, MAX_TREE_NODES, PASS, WrittenValues};
use crate::teaching::{LeafValues, TeachingSettings, TraceEvent, TraceLog, alphabeta, minimax};

/// One step of a search on an explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeStep {
    /// The search entered `node` with this window (`None`: infinite).
    Enter {
        /// The node.
        node: usize,
        /// Alpha on entry.
        alpha: Option<i32>,
        /// Beta on entry.
        beta: Option<i32>,
    },
    /// The search left `node` with `value`.
    Leave {
        /// The node.
        node: usize,
        /// Its value as the search returned it.
        value: i32,
    },
    /// Alpha met beta at a node: some branches are never searched.
    Cut(TreeCut),
}

/// A cut-off: where, why, and what it skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeCut {
    /// The node that stopped searching its branches.
    pub node: usize,
    /// Its branch whose value caused the cut.
    pub after: usize,
    /// Alpha at that moment.
    pub alpha: i32,
    /// Beta at that moment.
    pub beta: i32,
    /// The ancestor whose branch set the bound that was crossed (beta at a MAX node, alpha
    /// at a MIN node), and that branch: `(ancestor, branch)`.
    pub bound_from: Option<(usize, usize)>,
    /// The branches never searched.
    pub pruned: Vec<usize>,
}

/// One search of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeRun {
    /// The value that reaches the root.
    pub value: i32,
    /// Its steps in order.
    pub steps: Vec<TreeStep>,
    /// Whether the search visited each node.
    pub visited: Vec<bool>,
    /// The cut-offs, in order.
    pub cuts: Vec<TreeCut>,
}

impl TreeRun {
    /// Nodes visited, the root included.
    pub fn visited_count(&self) -> usize {
        self.visited.iter().filter(|&&seen| seen).count()
    }
}

/// Both searches of a tree and how their steps line up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeSolution {
    /// Plain minimax.
    pub minimax: TreeRun,
    /// Alpha-beta, same order.
    pub alphabeta: TreeRun,
    /// One entry per minimax step: that step and the alpha-beta step shown beside it (the
    /// same node's step, or the cut-off that skips the node minimax enters), `None` while
    /// minimax is in a branch alpha-beta cut.
    pub timeline: Vec<(usize, Option<usize>)>,
    /// Each node's minimax value.
    pub values: Vec<i32>,
}

impl TreeSolution {
    /// The leaves alpha-beta never visits, in search order.
    pub fn pruned_leaves(&self, tree: &ExplicitTree) -> Vec<usize> {
        tree.leaves()
            .into_iter()
            .filter(|&leaf| !self.alphabeta.visited[leaf])
            .collect()
    }

    /// The branches alpha-beta cut (the tops of the subtrees it never entered).
    pub fn pruned_branches(&self) -> Vec<usize> {
        let mut branches: Vec<usize> = self
            .alphabeta
            .cuts
            .iter()
            .flat_map(|cut| cut.pruned.iter().copied())
            .collect();
        branches.sort_unstable();
        branches
    }
}

/// Searches `tree` with the teaching minimax and alpha-beta.
pub fn solve(tree: &ExplicitTree) -> TreeSolution {
    let tree = Arc::new(tree.clone());
    let settings = TeachingSettings {
        depth: tree.height() as u32,
        leaves: LeafValues::TEXTBOOK,
    };
    // A tree of MAX_TREE_NODES nodes padded with passes stays far below this.
    let limit = 4 * MAX_TREE_NODES * (super::MAX_TREE_DEPTH + 1);
    let mut plain = TraceLog::new(limit);
    let plain_result = minimax(&mut tree.walk(), &WrittenValues, settings, &mut plain);
    let mut pruned = TraceLog::new(limit);
    let pruned_result = alphabeta(&mut tree.walk(), &WrittenValues, settings, &mut pruned);
    let minimax_run = steps_of(&tree, &plain.events, plain_result.value);
    let alphabeta_run = steps_of(&tree, &pruned.events, pruned_result.value);
    let mut values = vec![0; tree.nodes().len()];
    for step in &minimax_run.steps {
        if let TreeStep::Leave { node, value } = *step {
            values[node] = value;
        }
    }
    let timeline = line_up(&minimax_run.steps, &alphabeta_run.steps);
    TreeSolution {
        minimax: minimax_run,
        alphabeta: alphabeta_run,
        timeline,
        values,
    }
}

/// One node on the search's path, with its window and who set each bound.
struct Frame {
    node: usize,
    pass: bool,
    alpha: Option<i32>,
    beta: Option<i32>,
    alpha_from: Option<(usize, usize)>,
    beta_from: Option<(usize, usize)>,
}

fn steps_of(tree: &ExplicitTree, events: &[TraceEvent<u16>], value: i32) -> TreeRun {
    let nodes = tree.nodes();
    let mut run = TreeRun {
        value,
        steps: Vec::new(),
        visited: vec![false; nodes.len()],
        cuts: Vec::new(),
    };
    let mut path: Vec<Frame> = Vec::new();
    let mut last_left = 0;
    for event in events {
        match event {
            TraceEvent::Enter {
                mv, alpha, beta, ..
            } => {
                let parent = path.last();
                let (node, pass) = match (*mv, parent) {
                    (Some(PASS), Some(parent)) => (parent.node, true),
                    (Some(child), _) => (child as usize, false),
                    (None, _) => (0, false),
                };
                let (alpha_from, beta_from) =
                    parent.map_or((None, None), |p| (p.alpha_from, p.beta_from));
                path.push(Frame {
                    node,
                    pass,
                    alpha: *alpha,
                    beta: *beta,
                    alpha_from,
                    beta_from,
                });
                if !pass {
                    run.visited[node] = true;
                    run.steps.push(TreeStep::Enter {
                        node,
                        alpha: *alpha,
                        beta: *beta,
                    });
                }
            }
            TraceEvent::Leave { value, .. } => {
                let Some(frame) = path.pop() else { continue };
                if frame.pass {
                    continue;
                }
                run.steps.push(TreeStep::Leave {
                    node: frame.node,
                    value: *value,
                });
                last_left = frame.node;
                // The parent's window narrows as the search itself narrows it.
                if let Some(parent) = path.last_mut().filter(|p| !p.pass) {
                    if nodes[parent.node].maximizing() {
                        if parent.alpha.is_none_or(|alpha| *value > alpha) {
                            parent.alpha = Some(*value);
                            parent.alpha_from = Some((parent.node, frame.node));
                        }
                    } else if parent.beta.is_none_or(|beta| *value < beta) {
                        parent.beta = Some(*value);
                        parent.beta_from = Some((parent.node, frame.node));
                    }
                }
            }
            TraceEvent::Cutoff {
                alpha,
                beta,
                pruned,
                ..
            } => {
                let Some(frame) = path.last() else { continue };
                if pruned.is_empty() || frame.pass {
                    continue;
                }
                let bound_from = if nodes[frame.node].maximizing() {
                    frame.beta_from
                } else {
                    frame.alpha_from
                };
                let cut = TreeCut {
                    node: frame.node,
                    after: last_left,
                    alpha: *alpha,
                    beta: *beta,
                    bound_from,
                    pruned: pruned.iter().map(|&child| child as usize).collect(),
                };
                run.cuts.push(cut.clone());
                run.steps.push(TreeStep::Cut(cut));
            }
        }
    }
    run
}

/// Pairs every minimax step with the alpha-beta step that shows the same moment. Alpha-beta
/// walks the same tree in the same order and skips whole branches, so its steps are
/// minimax's with those branches taken out, plus a cut-off where the first skipped branch
/// would have been entered.
fn line_up(plain: &[TreeStep], pruned: &[TreeStep]) -> Vec<(usize, Option<usize>)> {
    let same = |a: &TreeStep, b: &TreeStep| match (a, b) {
        (TreeStep::Enter { node: x, .. }, TreeStep::Enter { node: y, .. }) => x == y,
        (TreeStep::Leave { node: x, .. }, TreeStep::Leave { node: y, .. }) => x == y,
        _ => false,
    };
    let mut next = 0;
    let mut timeline = Vec::with_capacity(plain.len());
    for (index, step) in plain.iter().enumerate() {
        match pruned.get(next) {
            Some(other) if same(step, other) || matches!(other, TreeStep::Cut(_)) => {
                timeline.push((index, Some(next)));
                next += 1;
            }
            _ => timeline.push((index, None)),
        }
    }
    timeline
}
