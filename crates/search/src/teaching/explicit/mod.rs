//! A game tree written out node by node (a student's, a generated one, or a real position's
//! tree copied out), with the [`Game`] and [`Evaluator`] that let the very same teaching
//! minimax and alpha-beta walk it.
//!
//! The root is a MAX node and the levels alternate. The teaching walk evaluates a leaf only
//! where the depth runs out, so a leaf above the deepest level is reached through a chain of
//! forced passes (each with one child, so nothing can be cut there); the traces hide them.

mod grade;
mod parse;
mod random;
mod solve;

pub use grade::{CutsGrade, grade_cuts};
pub use parse::{TreeProblem, TreeTextError, parse_tree};
pub use random::{Difficulty, random_tree};
pub use solve::{TreeCut, TreeRun, TreeSolution, TreeStep, solve};

use std::sync::Arc;

use crate::evaluator::Evaluator;
use crate::game::{Game, Outcome, Side};

/// Most nodes in a tree, the root included.
pub const MAX_TREE_NODES: usize = 150;
/// Most levels below the root.
pub const MAX_TREE_DEPTH: usize = 6;
/// Most branches of one node.
pub const MAX_BRANCHES: usize = 8;
/// Largest leaf value, either way.
pub const MAX_LEAF_VALUE: i32 = 9_999;

/// One node of an [`ExplicitTree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Its parent; `None` for the root.
    pub parent: Option<usize>,
    /// Its branches, left to right (the order the search tries them).
    pub children: Vec<usize>,
    /// Levels below the root.
    pub depth: usize,
    /// A leaf's value from the root player's (MAX's) view; `None` for an inner node.
    pub value: Option<i32>,
    /// What the node is called: a letter for written trees, the move for a position's.
    pub label: String,
}

impl TreeNode {
    /// True at a MAX node (the root player to move).
    pub fn maximizing(&self) -> bool {
        self.depth.is_multiple_of(2)
    }
}

/// A game tree whose nodes are numbered in the order a search visits them (the root is 0,
/// then each branch's subtree before the next branch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplicitTree {
    nodes: Vec<TreeNode>,
}

/// A tree too big to walk, or a node without value or branches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeShapeError {
    /// More than [`MAX_TREE_NODES`] nodes.
    TooManyNodes,
    /// Deeper than [`MAX_TREE_DEPTH`].
    TooDeep,
    /// A node with more than [`MAX_BRANCHES`] branches.
    TooManyBranches,
    /// A leaf value beyond [`MAX_LEAF_VALUE`].
    ValueTooLarge,
    /// A branch added under a node whose subtree is already closed.
    OutOfOrder,
}

impl ExplicitTree {
    /// A tree of only a root, which is given branches with [`ExplicitTree::add`].
    pub fn root(label: impl Into<String>) -> ExplicitTree {
        ExplicitTree {
            nodes: vec![TreeNode {
                parent: None,
                children: Vec::new(),
                depth: 0,
                value: None,
                label: label.into(),
            }],
        }
    }

    /// Adds a branch under `parent` (which must be the last node added or one of its
    /// ancestors, so that the numbering stays the search's order) and returns its number.
    /// A leaf is an added node that is given a value with [`ExplicitTree::set_value`] (a leaf
    /// without one counts 0).
    pub fn add(
        &mut self,
        parent: usize,
        label: impl Into<String>,
    ) -> Result<usize, TreeShapeError> {
        let Some(depth) = self.nodes.get(parent).map(|node| node.depth + 1) else {
            return Err(TreeShapeError::OutOfOrder);
        };
        if self.nodes.len() >= MAX_TREE_NODES {
            return Err(TreeShapeError::TooManyNodes);
        }
        if depth > MAX_TREE_DEPTH {
            return Err(TreeShapeError::TooDeep);
        }
        if self.nodes[parent].children.len() >= MAX_BRANCHES {
            return Err(TreeShapeError::TooManyBranches);
        }
        let mut open = Some(self.nodes.len() - 1);
        while let Some(node) = open.filter(|&node| node != parent) {
            open = self.nodes[node].parent;
        }
        if open.is_none() {
            return Err(TreeShapeError::OutOfOrder);
        }
        let index = self.nodes.len();
        self.nodes.push(TreeNode {
            parent: Some(parent),
            children: Vec::new(),
            depth,
            value: None,
            label: label.into(),
        });
        self.nodes[parent].children.push(index);
        Ok(index)
    }

    /// Gives the leaf `node` its value.
    pub fn set_value(&mut self, node: usize, value: i32) -> Result<(), TreeShapeError> {
        if value.abs() > MAX_LEAF_VALUE {
            return Err(TreeShapeError::ValueTooLarge);
        }
        self.nodes[node].value = Some(value);
        Ok(())
    }

    /// Names every node by a letter in search order: A (the root), B, … Z, then AA, AB…
    pub fn name_by_letters(&mut self) {
        for (index, node) in self.nodes.iter_mut().enumerate() {
            node.label = letters(index);
        }
    }

    /// The nodes, the root first, in search order.
    pub fn nodes(&self) -> &[TreeNode] {
        &self.nodes
    }

    /// The levels below the root of the deepest node.
    pub fn height(&self) -> usize {
        self.nodes.iter().map(|node| node.depth).max().unwrap_or(0)
    }

    /// The leaves (nodes without branches), in search order.
    pub fn leaves(&self) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&index| self.nodes[index].children.is_empty())
            .collect()
    }

    /// The leaves at or under `node`.
    pub fn leaves_under(&self, node: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let mut stack = vec![node];
        while let Some(next) = stack.pop() {
            let children = &self.nodes[next].children;
            if children.is_empty() {
                found.push(next);
            }
            stack.extend(children.iter().rev());
        }
        found.sort_unstable();
        found
    }

    /// The tree in the text syntax [`parse_tree`] reads, leaves without value written `0`.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        self.write(0, &mut text);
        text
    }

    fn write(&self, node: usize, text: &mut String) {
        let children = &self.nodes[node].children;
        if children.is_empty() {
            text.push_str(&self.nodes[node].value.unwrap_or(0).to_string());
            return;
        }
        text.push('[');
        for (index, &child) in children.iter().enumerate() {
            if index > 0 {
                text.push(' ');
            }
            self.write(child, text);
        }
        text.push(']');
    }

    /// A position at the root of this tree, for the teaching search.
    pub fn walk(self: &Arc<Self>) -> TreeWalk {
        TreeWalk {
            tree: Arc::clone(self),
            path: Vec::new(),
        }
    }
}

/// A spreadsheet-style name for the `index`-th node: A…Z, AA…ZZ, …
pub fn letters(index: usize) -> String {
    let mut name = Vec::new();
    let mut rest = index + 1;
    while rest > 0 {
        rest -= 1;
        name.push(b'A' + (rest % 26) as u8);
        rest /= 26;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// The move that passes at a leaf above the deepest level.
pub const PASS: u16 = u16::MAX;

/// A position in an [`ExplicitTree`]: the path from the root. Moves are node numbers
/// (or [`PASS`]).
#[derive(Clone, Debug)]
pub struct TreeWalk {
    tree: Arc<ExplicitTree>,
    path: Vec<u16>,
}

impl TreeWalk {
    /// The node the walk stands on.
    pub fn node(&self) -> usize {
        self.path.last().map_or(0, |&node| node as usize)
    }
}

impl Game for TreeWalk {
    type Move = u16;

    fn side_to_move(&self) -> Side {
        if self.path.len().is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    fn generate_moves(&self, moves: &mut Vec<u16>) {
        let children = &self.tree.nodes[self.node()].children;
        if children.is_empty() {
            if self.path.len() < self.tree.height() {
                moves.push(PASS);
            }
        } else {
            moves.extend(children.iter().map(|&child| child as u16));
        }
    }

    fn make_move(&mut self, mv: u16) {
        let next = if mv == PASS { self.node() as u16 } else { mv };
        self.path.push(next);
    }

    fn unmake_move(&mut self, _mv: u16) {
        self.path.pop();
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn outcome_when_stuck(&self) -> Outcome {
        Outcome::Draw
    }

    fn hash(&self) -> u64 {
        self.path.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &step| {
            (hash ^ u64::from(step)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    fn move_index(&self, mv: u16) -> usize {
        if mv == PASS {
            self.tree.nodes.len()
        } else {
            mv as usize
        }
    }

    fn move_index_bound(&self) -> usize {
        self.tree.nodes.len() + 1
    }

    fn pack_move(mv: u16) -> u16 {
        mv
    }

    fn remaining_plies_bound(&self) -> Option<u32> {
        Some(self.tree.height().saturating_sub(self.path.len()) as u32)
    }
}

/// Judges a leaf of an [`ExplicitTree`] by the value written on it.
#[derive(Clone, Copy, Debug, Default)]
pub struct WrittenValues;

impl Evaluator<TreeWalk> for WrittenValues {
    fn evaluate(&self, walk: &TreeWalk) -> i32 {
        let value = walk.tree.nodes[walk.node()].value.unwrap_or(0);
        match walk.side_to_move() {
            Side::First => value,
            Side::Second => -value,
        }
    }
}
