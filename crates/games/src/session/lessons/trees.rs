//! The first two lessons: plain minimax and alpha-beta on the seed tutorial's position,
//! their trees recorded node by node for the stepper, and the seed's counts on the empty
//! board (549,946 positions for minimax, 18,297 for alpha-beta).

use ply_search::Game;
use ply_search::teaching::{
    TeachingSettings, alphabeta as teaching_alphabeta, minimax as teaching_minimax,
};

use super::figures::{Experiment, Figure};
use super::positions::{TUTORIAL, tictactoe};
use crate::session::error::ThinkError;
use crate::session::lab::{LabReport, LabRequest, run_lab};
use crate::session::rules::Rules;
use crate::session::think::Level;

/// The tutorial's depth: the whole rest of the game from its position.
pub const TUTORIAL_DEPTH: u32 = 6;

fn tutorial_lab() -> Result<(Experiment, LabReport), ThinkError> {
    let (game, source) = tictactoe(Some(TUTORIAL));
    let settings = game.teaching_settings(Level::Classic);
    let report = run_lab(
        &game,
        game.classic(),
        settings,
        &LabRequest::new(Level::Classic, TUTORIAL_DEPTH),
    )?;
    let mut experiment = Experiment::new("tutorial", "tictactoe", game.position_text(), source);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    experiment
        .count("depth", u64::from(TUTORIAL_DEPTH))
        .count("moves", moves.len() as u64)
        .count("minimax_nodes", report.minimax.nodes)
        .count("alphabeta_nodes", report.alphabeta.nodes)
        .set("value", Figure::Number(i64::from(report.minimax.value)))
        .set("line", Figure::Text(report.minimax.pv.join(" ")));
    Ok((experiment, report))
}

/// The seed's counts on the empty board, searched to the end of the game.
fn empty_board() -> Experiment {
    let (game, source) = tictactoe(None);
    let settings = TeachingSettings {
        depth: 9,
        ..game.teaching_settings(Level::Classic)
    };
    let evaluator = game.classic();
    let minimax = teaching_minimax(&mut game.clone(), &evaluator, settings, &mut ());
    let alphabeta = teaching_alphabeta(&mut game.clone(), &evaluator, settings, &mut ());
    let mut experiment = Experiment::new("empty", "tictactoe", game.position_text(), source);
    experiment
        .count("minimax_nodes", minimax.nodes)
        .count("alphabeta_nodes", alphabeta.nodes)
        .set("value", Figure::Number(i64::from(minimax.value)))
        .count("ratio", minimax.nodes / alphabeta.nodes.max(1));
    experiment
}

/// Minimax: the tutorial's tree, and the empty board's count.
pub fn minimax() -> Result<Vec<Experiment>, ThinkError> {
    let (mut tutorial, report) = tutorial_lab()?;
    let leaves = report
        .minimax
        .nodes_list
        .iter()
        .filter(|node| node.kind == Some("terminal") || node.kind == Some("horizon"))
        .count();
    tutorial.count("leaves", leaves as u64);
    tutorial.lab = Some(report);
    Ok(vec![tutorial, empty_board()])
}

/// Alpha-beta: the tutorial's tree with its cut-offs, and the empty board's counts.
pub fn alphabeta() -> Result<Vec<Experiment>, ThinkError> {
    let (mut tutorial, report) = tutorial_lab()?;
    let cutoffs = report
        .alphabeta
        .nodes_list
        .iter()
        .filter(|node| node.cutoff.is_some())
        .count();
    let saved = 100 - report.alphabeta.nodes * 100 / report.minimax.nodes.max(1);
    tutorial
        .count("cutoffs", cutoffs as u64)
        .count("saved_pct", saved)
        .set(
            "same_value",
            Figure::Number(i64::from(report.alphabeta.value)),
        );
    tutorial.lab = Some(report);
    Ok(vec![tutorial, empty_board()])
}
