//! What the caro study examples (`caro_probe`, `caro_replay`, `caro_study`) share: the game
//! from the command line, a solver bounded by nodes alone, and a line's cell names.
#![allow(dead_code)] // each example uses its own part

use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::{Caro, Cell, Rule};
use ply_search::Game;

/// The rule from the `RULE` environment variable (freestyle when unset or unknown).
pub fn rule_from_env() -> Rule {
    std::env::var("RULE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rule::Freestyle)
}

/// `SIZE NODES "MOVES"` from the command line (size 10 and `default_nodes` when missing):
/// the empty board under `RULE`, the node budget and the moves.
pub fn board_nodes_moves(default_nodes: u64) -> (Caro, u64, String) {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let nodes: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_nodes);
    let moves = args.get(3).cloned().unwrap_or_default();
    (Caro::new(size, rule_from_env()), nodes, moves)
}

/// Plays `mv` (like `h8`) or says why it cannot.
pub fn play(game: &mut Caro, mv: &str) -> Result<(), String> {
    let cell = game
        .parse_cell(mv)
        .ok_or_else(|| format!("bad move {mv}"))?;
    game.make_move(cell);
    Ok(())
}

/// A solver that stops after `nodes` positions, never on time (repeatable).
pub fn solver(nodes: u64) -> Solver {
    Solver::new(SolverLimits {
        nodes,
        deadline: None,
    })
}

/// The cells of `line`, by name, separated by spaces.
pub fn names(game: &Caro, line: &[Cell]) -> String {
    line.iter()
        .map(|&c| game.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}
