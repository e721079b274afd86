//! The teaching minimax and alpha-beta on written trees: hand-checked textbook trees, and
//! random trees where the cuts reported are exactly the leaves alpha-beta never visits,
//! checked against a separate alpha-beta written here from the textbook.

use ply_search::teaching::explicit::{
    Difficulty, ExplicitTree, TreeStep, grade_cuts, parse_tree, random_tree, solve,
};

fn labels(tree: &ExplicitTree, nodes: &[usize]) -> Vec<String> {
    nodes
        .iter()
        .map(|&n| tree.nodes()[n].label.clone())
        .collect()
}

fn node(tree: &ExplicitTree, label: &str) -> usize {
    tree.nodes()
        .iter()
        .position(|n| n.label == label)
        .expect("label")
}

#[test]
fn russell_and_norvig_figure_5_5() {
    // A = max(B, F, J); B = min(3, 12, 8) = 3; at F the first leaf 2 is below alpha = 3,
    // so 4 and 6 are never looked at; J = min(14, 5, 2) = 2 needs all three.
    let tree = parse_tree("[[3 12 8] [2 4 6] [14 5 2]]").expect("tree");
    let solution = solve(&tree);
    assert_eq!(solution.minimax.value, 3);
    assert_eq!(solution.alphabeta.value, 3);
    assert_eq!(labels(&tree, &solution.pruned_leaves(&tree)), ["H", "I"]);
    assert_eq!(solution.alphabeta.cuts.len(), 1);
    let cut = &solution.alphabeta.cuts[0];
    assert_eq!(tree.nodes()[cut.node].label, "F");
    assert_eq!(tree.nodes()[cut.after].label, "G");
    assert_eq!((cut.alpha, cut.beta), (3, 2));
    assert_eq!(cut.bound_from, Some((node(&tree, "A"), node(&tree, "B"))));
    assert_eq!(solution.minimax.visited_count(), 13);
    assert_eq!(solution.alphabeta.visited_count(), 11);
    let values: Vec<i32> = ["B", "F", "J"]
        .iter()
        .map(|l| solution.values[node(&tree, l)])
        .collect();
    assert_eq!(values, [3, 2, 2]);
}

#[test]
fn a_deep_cut_takes_its_bound_from_the_grandparent_level() {
    // B = min(max(3,17), max(2,12)) = 12, so alpha = 12 at A. Under I, J = 15 sets
    // beta = 15; L's first leaf 25 meets it, and L's last leaf 0 is never visited.
    let tree = parse_tree("[[[3 17] [2 12]] [[15] [25 0]]]").expect("tree");
    let solution = solve(&tree);
    assert_eq!((solution.minimax.value, solution.alphabeta.value), (15, 15));
    assert_eq!(labels(&tree, &solution.pruned_leaves(&tree)), ["N"]);
    let cut = &solution.alphabeta.cuts[0];
    assert_eq!(labels(&tree, &[cut.node, cut.after]), ["L", "M"]);
    assert_eq!((cut.alpha, cut.beta), (25, 15));
    assert_eq!(cut.bound_from, Some((node(&tree, "I"), node(&tree, "J"))));
    // The window L was entered with.
    let entered = solution.alphabeta.steps.iter().find_map(|step| match step {
        TreeStep::Enter {
            node: n,
            alpha,
            beta,
        } if *n == node(&tree, "L") => Some((*alpha, *beta)),
        _ => None,
    });
    assert_eq!(entered, Some((Some(12), Some(15))));
}

#[test]
fn leaves_above_the_deepest_level_keep_their_value_and_cut_nothing_alone() {
    // A shallow leaf (5) beside a deep branch: the walk's passes are hidden from the steps.
    let tree = parse_tree("[5 [[1 2] [7 [3 9]]]]").expect("tree");
    let solution = solve(&tree);
    assert_eq!(solution.minimax.value, 5);
    assert_eq!(solution.alphabeta.value, 5);
    for step in &solution.minimax.steps {
        if let TreeStep::Enter { node, .. } = step {
            assert!(*node < tree.nodes().len());
        }
    }
    let entered = solution
        .minimax
        .steps
        .iter()
        .filter(|s| matches!(s, TreeStep::Enter { .. }))
        .count();
    assert_eq!(
        entered,
        tree.nodes().len(),
        "each node entered once, no pass shown"
    );
    // C = min(max(1,2), …): after D = 2 <= alpha 5, the rest of C is cut.
    assert_eq!(labels(&tree, &solution.pruned_branches()), ["G"]);
}

#[test]
fn grading_takes_branches_down_to_their_leaves() {
    let tree = parse_tree("[[3 12 8] [2 4 6] [14 5 2]]").expect("tree");
    let solution = solve(&tree);
    let grade = |chosen: &[&str]| {
        let ids: Vec<usize> = chosen.iter().map(|l| node(&tree, l)).collect();
        grade_cuts(&tree, &solution.pruned_branches(), &ids).expect("nodes")
    };
    assert!(grade(&["H", "I"]).right);
    let wrong = grade(&["F"]);
    assert!(!wrong.right);
    assert_eq!(labels(&tree, &wrong.wrong), ["G"]);
    let short = grade(&["H"]);
    assert_eq!(
        (short.right, labels(&tree, &short.missed)),
        (false, vec!["I".to_string()])
    );
    assert!(!grade(&[]).right);
    assert!(grade_cuts(&tree, &solution.pruned_branches(), &[99]).is_none());
}

/// Alpha-beta as the textbook writes it, on the tree directly: the leaves it reads.
fn textbook(
    tree: &ExplicitTree,
    node: usize,
    mut alpha: i32,
    mut beta: i32,
    read: &mut Vec<usize>,
) -> i32 {
    let n = &tree.nodes()[node];
    if n.children.is_empty() {
        read.push(node);
        return n.value.unwrap_or(0);
    }
    if n.maximizing() {
        let mut best = i32::MIN;
        for &child in &n.children {
            best = best.max(textbook(tree, child, alpha, beta, read));
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    } else {
        let mut best = i32::MAX;
        for &child in &n.children {
            best = best.min(textbook(tree, child, alpha, beta, read));
            beta = beta.min(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn plain(tree: &ExplicitTree, node: usize) -> i32 {
    let n = &tree.nodes()[node];
    let values = n.children.iter().map(|&c| plain(tree, c));
    match (n.children.is_empty(), n.maximizing()) {
        (true, _) => n.value.unwrap_or(0),
        (false, true) => values.max().unwrap_or(0),
        (false, false) => values.min().unwrap_or(0),
    }
}

#[test]
fn on_random_trees_the_cuts_are_exactly_the_leaves_never_visited() {
    let mut with_cuts = 0;
    for difficulty in Difficulty::ALL {
        for seed in 0..200u64 {
            let tree = random_tree(seed, difficulty);
            assert_eq!(random_tree(seed, difficulty), tree, "reproducible");
            let solution = solve(&tree);
            let value = plain(&tree, 0);
            assert_eq!(solution.minimax.value, value, "{}", tree.to_text());
            assert_eq!(solution.alphabeta.value, value, "{}", tree.to_text());
            assert_eq!(solution.values[0], value);
            assert_eq!(solution.minimax.visited_count(), tree.nodes().len());
            let mut read = Vec::new();
            assert_eq!(textbook(&tree, 0, i32::MIN, i32::MAX, &mut read), value);
            let never: Vec<usize> = tree
                .leaves()
                .into_iter()
                .filter(|l| !read.contains(l))
                .collect();
            assert_eq!(solution.pruned_leaves(&tree), never, "{}", tree.to_text());
            let mut under_cuts: Vec<usize> = solution
                .pruned_branches()
                .iter()
                .flat_map(|&b| tree.leaves_under(b))
                .collect();
            under_cuts.sort_unstable();
            assert_eq!(
                under_cuts, never,
                "cut branches cover exactly the skipped leaves"
            );
            assert!(
                grade_cuts(
                    &tree,
                    &solution.pruned_branches(),
                    &solution.pruned_branches()
                )
                .expect("ids")
                .right
            );
            // The shared timeline shows every alpha-beta step once, in order.
            let shown: Vec<usize> = solution.timeline.iter().filter_map(|(_, ab)| *ab).collect();
            assert_eq!(
                shown,
                (0..solution.alphabeta.steps.len()).collect::<Vec<_>>()
            );
            assert_eq!(solution.timeline.len(), solution.minimax.steps.len());
            with_cuts += usize::from(!never.is_empty());
        }
    }
    assert!(with_cuts > 550, "only {with_cuts} of 600 trees had a cut");
}
