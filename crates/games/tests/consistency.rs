//! One consistency test for every game in the registry, through the erased interface only:
//! moves are listed once each, read back from their own names, the position string round-trips,
//! and undo restores what was there. A new game is covered the day it is registered.

use std::collections::HashSet;

use ply_games::{GameOptions, Record, games};
use ply_search::SplitMix64;

fn check_position(session: &dyn Record, fresh: &mut dyn Record, context: &str) {
    let moves = session.legal_moves();
    let mut names = HashSet::new();
    let mut ids = HashSet::new();
    for mv in moves {
        assert!(ids.insert(mv.id), "{context}: {} shares its id", mv.name);
        assert!(
            names.insert(mv.name.clone()),
            "{context}: {} listed twice",
            mv.name
        );
        let by_name = session
            .parse_move(&mv.name)
            .unwrap_or_else(|e| panic!("{context}: {} does not read back: {e}", mv.name));
        assert_eq!(by_name, mv.id, "{context}: {}", mv.name);
        let by_display = session.parse_move(&mv.display).unwrap_or_else(|e| {
            panic!("{context}: display {} does not read back: {e}", mv.display)
        });
        assert_eq!(by_display, mv.id, "{context}: display {}", mv.display);
        let cells = session.board().cells.len();
        assert!(
            mv.to < cells && mv.from.is_none_or(|from| from < cells),
            "{context}: {} cells",
            mv.name
        );
    }
    let position = session.position();
    fresh
        .set_position(&position)
        .unwrap_or_else(|e| panic!("{context}: position {position} does not read back: {e}"));
    assert_eq!(fresh.position(), position, "{context}");
    let again: HashSet<String> = fresh.legal_moves().iter().map(|m| m.name.clone()).collect();
    // A position string cannot carry the history that repetition rules need; where those
    // rules end the game the moves may differ, so compare only games still going in both.
    if !session.status().is_finished() && !fresh.status().is_finished() {
        assert_eq!(
            again, names,
            "{context}: moves after reading {position} back"
        );
    }
}

#[test]
fn every_game_lists_reads_and_undoes_its_moves_consistently() {
    let mut random = SplitMix64::new(2026);
    for spec in games() {
        for playout in 0..4 {
            let options = GameOptions::default();
            let mut session = spec.new_game(&options).expect("the game starts");
            let mut fresh = spec.new_game(&options).expect("the game starts");
            let start = session.position();
            let mut played = 0;
            for ply in 0..60 {
                let context = format!("{} playout {playout} ply {ply}", spec.name);
                check_position(session.as_ref(), fresh.as_mut(), &context);
                let moves = session.legal_moves();
                if moves.is_empty() {
                    assert!(
                        session.status().is_finished(),
                        "{context}: no moves but not over"
                    );
                    break;
                }
                let pick = moves[random.below(moves.len())].clone();
                let before = session.position();
                session
                    .play(pick.id)
                    .unwrap_or_else(|e| panic!("{context}: {} refused: {e}", pick.name));
                played += 1;
                if ply % 7 == 3 {
                    let undone = session.undo().expect("a move to undo");
                    assert_eq!(undone.name, pick.name, "{context}");
                    assert_eq!(session.position(), before, "{context}: undo restores");
                    session.play(pick.id).expect("replays");
                }
                assert!(session.history().len() == played, "{context}");
            }
            while session.undo().is_some() {}
            assert_eq!(
                session.position(),
                start,
                "{}: undoing everything restores the start",
                spec.name
            );
        }
    }
}

#[test]
fn garbage_never_breaks_a_game() {
    let inputs = [
        "",
        " ",
        "\u{0}",
        "💥",
        "a",
        "zz99",
        "e2e4e5",
        "99 99",
        "-1,-1",
        "h2e2e2",
        "Qxx9#",
        "炮二平",
        "C2=",
        "O-O-O-O",
        "\n\n",
        "a1a1",
        "1 2 3",
        "x",
        "i10",
        "a0",
    ];
    for spec in games() {
        let mut session = spec.new_game(&GameOptions::default()).expect("starts");
        let position = session.position();
        for input in inputs {
            if session.parse_move(input).is_ok() {
                continue;
            }
            assert!(
                session.play_text(input).is_err(),
                "{}: {input:?}",
                spec.name
            );
            assert_eq!(
                session.position(),
                position,
                "{}: {input:?} changed nothing",
                spec.name
            );
            let long: String = input.repeat(1000);
            let _ = session.parse_move(&long);
            let _ = session.set_position(&long);
            assert_eq!(session.position(), position);
        }
    }
}
