//! The text a student types for a tree: a node's branches in square brackets, a leaf as its
//! value, separated by spaces or commas: `[[3 5] [2 [9 1]]]`. Mistakes are reported with the
//! position (1-based, in characters) where reading stopped.

use std::fmt;

use super::{
    ExplicitTree, MAX_BRANCHES, MAX_LEAF_VALUE, MAX_TREE_DEPTH, MAX_TREE_NODES, TreeShapeError,
};

/// What is wrong with a tree's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeProblem {
    /// Nothing but spaces.
    Empty,
    /// A character that is neither a bracket, a separator nor part of a number.
    Unexpected(char),
    /// The text ended with a bracket still open (the position is the open bracket's).
    Unclosed,
    /// A `]` that closes nothing.
    UnmatchedClose,
    /// `[]`: a node with no branch.
    EmptyBranch,
    /// A `-` not followed by a digit.
    BadNumber,
    /// A value beyond ±[`MAX_LEAF_VALUE`].
    ValueTooLarge,
    /// Text after the root's closing bracket.
    Trailing,
    /// A lone number: the root needs branches.
    NoBranches,
    /// More than [`MAX_TREE_NODES`] nodes.
    TooManyNodes,
    /// More than [`MAX_TREE_DEPTH`] levels below the root.
    TooDeep,
    /// More than [`MAX_BRANCHES`] branches at one node.
    TooManyBranches,
}

/// A mistake in a tree's text and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeTextError {
    /// 1-based character position of the mistake.
    pub at: usize,
    /// What is wrong there.
    pub problem: TreeProblem,
}

impl fmt::Display for TreeTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.at;
        match &self.problem {
            TreeProblem::Empty => write!(f, "the tree is empty: write it like [[3 5] [2 9]]"),
            TreeProblem::Unexpected(found) => write!(
                f,
                "at position {at}: '{found}' cannot be read; a tree has only [ ], numbers, spaces and commas"
            ),
            TreeProblem::Unclosed => {
                write!(f, "the [ at position {at} is never closed: add a ]")
            }
            TreeProblem::UnmatchedClose => {
                write!(f, "at position {at}: this ] closes nothing")
            }
            TreeProblem::EmptyBranch => write!(
                f,
                "at position {at}: [] is a node without branches; a leaf is written as its value"
            ),
            TreeProblem::BadNumber => write!(f, "at position {at}: '-' must start a number"),
            TreeProblem::ValueTooLarge => write!(
                f,
                "at position {at}: leaf values go from -{MAX_LEAF_VALUE} to {MAX_LEAF_VALUE}"
            ),
            TreeProblem::Trailing => write!(
                f,
                "at position {at}: text after the end of the tree (the root's ] is before it)"
            ),
            TreeProblem::NoBranches => write!(
                f,
                "a tree needs branches: put the root's branches in brackets, like [3 5]"
            ),
            TreeProblem::TooManyNodes => write!(
                f,
                "at position {at}: the tree has more than {MAX_TREE_NODES} nodes"
            ),
            TreeProblem::TooDeep => write!(
                f,
                "at position {at}: the tree is more than {MAX_TREE_DEPTH} levels deep"
            ),
            TreeProblem::TooManyBranches => write!(
                f,
                "at position {at}: a node has more than {MAX_BRANCHES} branches"
            ),
        }
    }
}

impl std::error::Error for TreeTextError {}

/// Reads a tree from its text; nodes are named by letters (A is the root).
pub fn parse_tree(text: &str) -> Result<ExplicitTree, TreeTextError> {
    let chars: Vec<char> = text.chars().collect();
    let error = |at: usize, problem| TreeTextError {
        at: at + 1,
        problem,
    };
    let skip = |mut at: usize| {
        while at < chars.len() && (chars[at].is_whitespace() || chars[at] == ',') {
            at += 1;
        }
        at
    };
    let start = skip(0);
    match chars.get(start) {
        None => return Err(error(start, TreeProblem::Empty)),
        Some('[') => {}
        Some(c) if c.is_ascii_digit() || *c == '-' => {
            return Err(error(start, TreeProblem::NoBranches));
        }
        Some(']') => return Err(error(start, TreeProblem::UnmatchedClose)),
        Some(&c) => return Err(error(start, TreeProblem::Unexpected(c))),
    }
    let mut tree = ExplicitTree::root("");
    // The open nodes and where their brackets are.
    let mut open: Vec<(usize, usize)> = vec![(0, start)];
    let mut at = start + 1;
    let shape = |at: usize, problem: TreeShapeError| {
        error(
            at,
            match problem {
                TreeShapeError::TooManyNodes => TreeProblem::TooManyNodes,
                TreeShapeError::TooDeep => TreeProblem::TooDeep,
                TreeShapeError::TooManyBranches => TreeProblem::TooManyBranches,
                TreeShapeError::ValueTooLarge => TreeProblem::ValueTooLarge,
                TreeShapeError::OutOfOrder => TreeProblem::Unexpected('['),
            },
        )
    };
    while let Some(&(parent, bracket)) = open.last() {
        at = skip(at);
        let Some(&c) = chars.get(at) else {
            return Err(error(bracket, TreeProblem::Unclosed));
        };
        match c {
            '[' => {
                let node = tree.add(parent, "").map_err(|problem| shape(at, problem))?;
                open.push((node, at));
                at += 1;
            }
            ']' => {
                if tree.nodes()[parent].children.is_empty() {
                    return Err(error(bracket, TreeProblem::EmptyBranch));
                }
                open.pop();
                at += 1;
            }
            c if c.is_ascii_digit() || c == '-' => {
                let begin = at;
                if c == '-' {
                    at += 1;
                }
                let digits = at;
                while at < chars.len() && chars[at].is_ascii_digit() {
                    at += 1;
                }
                if at == digits {
                    return Err(error(begin, TreeProblem::BadNumber));
                }
                let written: String = chars[begin..at].iter().collect();
                let value = written
                    .parse::<i32>()
                    .ok()
                    .filter(|value| value.abs() <= MAX_LEAF_VALUE)
                    .ok_or_else(|| error(begin, TreeProblem::ValueTooLarge))?;
                let leaf = tree
                    .add(parent, "")
                    .map_err(|problem| shape(begin, problem))?;
                tree.set_value(leaf, value)
                    .map_err(|problem| shape(begin, problem))?;
                if let Some(&next) = chars.get(at)
                    && !(next.is_whitespace() || next == ',' || next == '[' || next == ']')
                {
                    return Err(error(at, TreeProblem::Unexpected(next)));
                }
            }
            c => return Err(error(at, TreeProblem::Unexpected(c))),
        }
    }
    let end = skip(at);
    if let Some(&c) = chars.get(end) {
        return Err(error(
            end,
            if c == ']' {
                TreeProblem::UnmatchedClose
            } else {
                TreeProblem::Trailing
            },
        ));
    }
    tree.name_by_letters();
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> (usize, TreeProblem) {
        let error = parse_tree(text).expect_err(text);
        (error.at, error.problem)
    }

    #[test]
    fn reads_nested_brackets_in_search_order() {
        let tree = parse_tree(" [[3, 5] [2 [9 -1]]] ").expect("tree");
        let labels: Vec<&str> = tree.nodes().iter().map(|n| n.label.as_str()).collect();
        assert_eq!(labels, ["A", "B", "C", "D", "E", "F", "G", "H", "I"]);
        let values: Vec<Option<i32>> = tree.nodes().iter().map(|n| n.value).collect();
        assert_eq!(
            values,
            [
                None,
                None,
                Some(3),
                Some(5),
                None,
                Some(2),
                None,
                Some(9),
                Some(-1)
            ]
        );
        assert_eq!(tree.height(), 3);
        assert_eq!(tree.to_text(), "[[3 5] [2 [9 -1]]]");
    }

    #[test]
    fn mistakes_point_at_their_position() {
        assert_eq!(problem("   "), (4, TreeProblem::Empty));
        assert_eq!(problem("[[3 5] [2 x]]"), (11, TreeProblem::Unexpected('x')));
        assert_eq!(problem("[[3 5] [2 9]"), (1, TreeProblem::Unclosed));
        assert_eq!(problem("[[3 5]] ]"), (9, TreeProblem::UnmatchedClose));
        assert_eq!(problem("[[3 5] []]"), (8, TreeProblem::EmptyBranch));
        assert_eq!(problem("[3 - 5]"), (4, TreeProblem::BadNumber));
        assert_eq!(problem("[3 10000]"), (4, TreeProblem::ValueTooLarge));
        assert_eq!(problem("[3 5] 7"), (7, TreeProblem::Trailing));
        assert_eq!(problem("7"), (1, TreeProblem::NoBranches));
        assert_eq!(problem("[3 5a]"), (5, TreeProblem::Unexpected('a')));
        assert_eq!(
            problem("[1 2 3 4 5 6 7 8 9]"),
            (18, TreeProblem::TooManyBranches)
        );
        assert_eq!(problem("[[[[[[[1]]]]]]]"), (8, TreeProblem::TooDeep));
        let eight = format!("[{}]", ["[1 2 3 4 5 6 7 8]"; 8].join(" "));
        let wide = format!("[{}]", [eight.as_str(); 3].join(" "));
        assert_eq!(
            parse_tree(&wide).expect_err("big").problem,
            TreeProblem::TooManyNodes
        );
        assert!(problem("[3 10000]").1 == TreeProblem::ValueTooLarge);
        let message = parse_tree("[[3 5] [2 x]]").expect_err("x").to_string();
        assert!(message.contains("position 11"), "{message}");
    }
}
