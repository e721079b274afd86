//! The ladder of levels through the session interface: a level's move is the same for the
//! same seed, another seed may change it, its choice stays within its margin of the best
//! exact score, level 8 is exactly the full engine, and level 1 loses to level 8.

mod common;

use common::{at, start, think_fully};
use ply_games::tictactoe::TicTacToe;
use ply_games::{
    GameOptions, Level, PlayerLevel, Rules, ScoreView, Status, ThinkRequest, ThinkResult,
};
use ply_search::skill::{Rung, Skill, Strength};
use ply_search::{Limits, Side};

const MIDDLEGAME: &str = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7";

fn level(number: u8) -> Rung {
    Rung::new(number).expect("a level")
}

fn level_request(number: u8, seed: u64) -> ThinkRequest {
    PlayerLevel::Ladder(level(number)).request(Limits::default(), seed)
}

#[test]
fn a_level_plays_the_same_move_for_the_same_seed() {
    for number in [1, 3, 5] {
        let first = think_fully(
            &mut start("chess", &at(Some(MIDDLEGAME))),
            &level_request(number, 11),
        );
        let again = think_fully(
            &mut start("chess", &at(Some(MIDDLEGAME))),
            &level_request(number, 11),
        );
        assert_eq!(first.best_move, again.best_move, "level {number}");
        assert_eq!(first.nodes, again.nodes, "level {number}");
        assert!(first.best_move.is_some());
    }
}

#[test]
fn seeds_change_a_weak_levels_judgement_but_not_its_node_limit() {
    let mut moves = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let result = think_fully(
            &mut start("chess", &at(Some(MIDDLEGAME))),
            &level_request(1, seed),
        );
        assert!(
            result.nodes <= 400 + 64,
            "level 1 searched {}",
            result.nodes
        );
        moves.insert(result.best_move.expect("a move").name);
    }
    assert!(
        moves.len() > 1,
        "level 1 plays more than one move over 12 seeds: {moves:?}"
    );
}

#[test]
fn the_choice_stays_within_the_levels_margin_of_the_best_exact_score() {
    // Tic-tac-toe's weak levels are bounded by depth: every iteration finishes, so with
    // every move scored the best exact score is known.
    let positions = [
        None,
        Some("x2/3/3 o"),
        Some("x2/1o1/3 x"),
        Some("xo1/1x1/3 o"),
    ];
    let margin = |number: u8| TicTacToe::ladder().rung(level(number)).margin;
    for position in positions {
        for number in [1, 2, 4] {
            for seed in 0..20 {
                let request = ThinkRequest {
                    all_moves: true,
                    ..level_request(number, seed)
                };
                let result = think_fully(&mut start("tictactoe", &at(position)), &request);
                let chosen = result.best_move.expect("a move");
                let value = |score: &ScoreView| match *score {
                    ScoreView::Value(value) => value,
                    ScoreView::WinIn(_) => 1_000_000,
                    ScoreView::LossIn(_) => -1_000_000,
                };
                let best = result
                    .moves
                    .iter()
                    .map(|scored| value(&scored.score))
                    .max()
                    .expect("scored moves");
                let own = result
                    .moves
                    .iter()
                    .find(|scored| scored.name == chosen.name)
                    .map(|scored| value(&scored.score))
                    .expect("the chosen move is scored");
                assert!(
                    own >= best - margin(number),
                    "level {number} seed {seed} at {position:?}: {} scores {own}, best {best}",
                    chosen.name
                );
            }
        }
    }
}

#[test]
fn level_eight_is_the_full_engine() {
    let limits = Limits::nodes(30_000);
    let full = think_fully(
        &mut start("chess", &at(Some(MIDDLEGAME))),
        &ThinkRequest::new(Level::Strong, limits.clone()),
    );
    for skill in [
        Skill::level(Rung::FULL, 3),
        Skill {
            strength: Strength::Elo(5_000),
            seed: 9,
        },
    ] {
        let request = ThinkRequest {
            skill: Some(skill),
            ..ThinkRequest::new(Level::Strong, limits.clone())
        };
        let eight = think_fully(&mut start("chess", &at(Some(MIDDLEGAME))), &request);
        assert_eq!(untimed(eight), untimed(full.clone()));
    }
}

/// A result without its time, which no two runs share.
fn untimed(result: ThinkResult) -> ThinkResult {
    ThinkResult {
        time_ms: 0,
        nps: 0,
        ..result
    }
}

#[test]
fn level_one_loses_to_level_eight() {
    // Caro 10×10: two games, colours swapped; level 8 on 20,000 nodes a move.
    let mut eight_points = 0.0;
    for eight_side in [Side::First, Side::Second] {
        let mut game = start("caro", &GameOptions::default());
        let mut seed = 0;
        while let Status::Ongoing { .. } = game.status() {
            let request = if game.side_to_move() == eight_side {
                ThinkRequest::new(Level::Strong, Limits::nodes(20_000))
            } else {
                level_request(1, seed)
            };
            seed += 1;
            let result = think_fully(&mut game, &request);
            let mv = result.best_move.expect("a move while the game goes on");
            game.play(mv.id).expect("a legal move");
        }
        eight_points += match game.status() {
            Status::Finished {
                winner: Some(side), ..
            } if *side == eight_side => 1.0,
            Status::Finished { winner: None, .. } => 0.5,
            _ => 0.0,
        };
    }
    assert!(eight_points >= 1.5, "level 8 scored {eight_points} of 2");
}
