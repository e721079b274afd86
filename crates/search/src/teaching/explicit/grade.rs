//! Grades a student's answer to "which branches will alpha-beta cut?": the branches they
//! chose, taken down to their leaves, against the leaves under the branches alpha-beta cut.

use super::ExplicitTree;

/// How a set of chosen branches compares with alpha-beta's cuts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutsGrade {
    /// The choice is exactly right.
    pub right: bool,
    /// Leaves alpha-beta skips that the choice left out.
    pub missed: Vec<usize>,
    /// Leaves the choice named that alpha-beta does visit.
    pub wrong: Vec<usize>,
}

/// Grades `chosen` against the branches alpha-beta cut, `pruned` (any nodes: a branch
/// stands for all its leaves); `None` when a number is not a node of `tree`.
pub fn grade_cuts(tree: &ExplicitTree, pruned: &[usize], chosen: &[usize]) -> Option<CutsGrade> {
    let leaves_of = |nodes: &[usize]| {
        let mut marked = vec![false; tree.nodes().len()];
        for &node in nodes {
            if node >= marked.len() {
                return None;
            }
            for leaf in tree.leaves_under(node) {
                marked[leaf] = true;
            }
        }
        Some(marked)
    };
    let named = leaves_of(chosen)?;
    let cut = leaves_of(pruned)?;
    let skipped: Vec<usize> = tree.leaves().into_iter().filter(|&l| cut[l]).collect();
    let missed: Vec<usize> = skipped.iter().copied().filter(|&l| !named[l]).collect();
    let wrong: Vec<usize> = tree
        .leaves()
        .into_iter()
        .filter(|&leaf| named[leaf] && !skipped.contains(&leaf))
        .collect();
    Some(CutsGrade {
        right: missed.is_empty() && wrong.is_empty(),
        missed,
        wrong,
    })
}
