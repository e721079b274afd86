//! JSON of an explicit tree and of the teaching searches' steps on it, for the lab's own
//! tree and its quiz.

use ply_search::teaching::explicit::{ExplicitTree, TreeCut, TreeRun, TreeSolution, TreeStep};
use serde_json::{Value, json};

/// The tree's nodes (label, parent, depth, MAX or MIN, a leaf's value) and its text.
pub fn tree_json(tree: &ExplicitTree) -> Value {
    let nodes: Vec<Value> = tree
        .nodes()
        .iter()
        .map(|node| {
            json!({
                "label": node.label,
                "parent": node.parent,
                "depth": node.depth,
                "maximizing": node.maximizing(),
                "value": node.value,
                "leaf": node.children.is_empty(),
            })
        })
        .collect();
    json!({ "nodes": nodes, "text": tree.to_text(), "height": tree.height() })
}

/// A cut-off: where, after which branch, the window, the bound's origin, what it skipped.
pub fn cut_json(cut: &TreeCut) -> Value {
    json!({
        "node": cut.node,
        "after": cut.after,
        "alpha": cut.alpha,
        "beta": cut.beta,
        "bound_from": cut.bound_from.map(|(ancestor, branch)| [ancestor, branch]),
        "pruned": cut.pruned,
    })
}

fn step_json(step: &TreeStep) -> Value {
    match step {
        TreeStep::Enter { node, alpha, beta } => {
            json!({ "kind": "enter", "node": node, "alpha": alpha, "beta": beta })
        }
        TreeStep::Leave { node, value } => json!({ "kind": "leave", "node": node, "value": value }),
        TreeStep::Cut(cut) => {
            let mut value = cut_json(cut);
            value["kind"] = json!("cut");
            value
        }
    }
}

/// One search: its root value, the nodes it visited and every step.
pub fn run_json(run: &TreeRun) -> Value {
    json!({
        "value": run.value,
        "visited": run.visited_count(),
        "steps": run.steps.iter().map(step_json).collect::<Vec<_>>(),
    })
}

/// Both searches, the steps paired for one stepper, each node's minimax value.
pub fn solution_json(solution: &TreeSolution) -> Value {
    json!({
        "minimax": run_json(&solution.minimax),
        "alphabeta": run_json(&solution.alphabeta),
        "timeline": solution.timeline,
        "values": solution.values,
    })
}
