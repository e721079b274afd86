//! Xiangqi through the record and thinker interface and the typed game: notation in all three forms,
//! every rule that ends a game (checkmate, stalemate, perpetual check and chase,
//! repetition, the 60-move rule), FEN reading and its errors, the board view, and the
//! players.

use ply_games::xiangqi::{START, Xiangqi, parse_iccs};
mod common;

use common::{Played, at, read, start, think_fully};
use ply_games::{BoardKind, Level, MoveError, Record, ScoreView, Status, ThinkRequest, new_game};
use ply_search::{Game, Limits, Outcome, Side};

fn session(fen: Option<&str>) -> Played {
    start("xiangqi", &at(fen))
}

fn play_all(game: &mut dyn Record, moves: &str) {
    for mv in moves.split_whitespace() {
        game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn winner(status: &Status) -> Option<Option<Side>> {
    match status {
        Status::Finished { winner, .. } => Some(*winner),
        Status::Ongoing { .. } => None,
    }
}

fn reason(status: &Status) -> String {
    match status {
        Status::Finished { reason, .. } => reason.clone(),
        Status::Ongoing { .. } => String::new(),
    }
}

#[test]
fn one_move_in_every_notation() {
    let game = session(None);
    for text in ["h2e2", "H2-E2", "C2=5", "c2.5", "炮二平五", "炮2平5"] {
        let view = read(&*game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            (view.name.as_str(), view.display.as_str()),
            ("h2e2", "C2=5")
        );
    }
    let black = session(Some(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    ));
    for text in ["h9g7", "H8+7", "馬８進７", "马8进7"] {
        let view = read(&*black, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(view.name, "h9g7");
    }
}

#[test]
fn bad_moves_say_why() {
    let game = session(None);
    let error = |text: &str| game.parse_move(text).expect_err(text);
    assert!(matches!(error("nonsense"), MoveError::Unreadable { .. }));
    assert!(error("e5e6").to_string().contains("no piece on e5"));
    assert!(error("h7h6").to_string().contains("not red's"));
    assert!(error("b0b2").to_string().contains("cannot move to b2"));
    assert!(matches!(error("R1+9"), MoveError::Illegal { .. }));
    // The general may not step onto the open d-file facing the other general.
    let facing = session(Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    let message = facing.parse_move("e0d0").expect_err("facing").to_string();
    assert!(message.contains("facing the other general"), "{message}");
    assert_eq!(facing.legal_moves().len(), 2);
}

#[test]
fn tandem_pieces_must_be_told_apart_when_both_fit() {
    // Two red chariots on the a-file (Red's file 9) can both go sideways to file 8.
    let game = session(Some("3k5/9/9/9/9/R8/9/R8/9/5K3 w - - 0 1"));
    assert_eq!(read(&*game, "R+=8").map(|m| m.name), Ok("a4b4".into()));
    assert_eq!(read(&*game, "R-=8").map(|m| m.name), Ok("a2b2".into()));
    assert!(matches!(
        game.parse_move("R9=8"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert_eq!(read(&*game, "前俥平八").map(|m| m.name), Ok("a4b4".into()));
    assert_eq!(read(&*game, "a2b2").map(|m| m.display), Ok("R-=8".into()));
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mut mate = session(Some("4k4/3P1P3/4P4/p8/9/9/9/9/9/3K5 w - - 0 1"));
    play_all(&mut *mate, "e7e8");
    let status = mate.status();
    assert_eq!(winner(status), Some(Some(Side::First)));
    assert_eq!(reason(status), "checkmate");
    let stalemate = session(Some("4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1"));
    let status = stalemate.status();
    assert_eq!(winner(status), Some(Some(Side::First)));
    assert!(reason(status).starts_with("stalemate"), "{status:?}");
}

#[test]
fn perpetual_check_loses() {
    let mut game = session(Some("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1"));
    play_all(&mut *game, "a7a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
    assert!(!game.status().is_finished(), "second occurrence: play on");
    play_all(&mut *game, "a8a9");
    let status = game.status();
    assert_eq!(winner(status), Some(Some(Side::Second)), "{status:?}");
    assert_eq!(reason(status), "perpetual check");
}

#[test]
fn perpetual_chase_of_an_unprotected_piece_loses() {
    let mut game = session(Some("4k4/9/2n6/9/9/9/9/1R7/9/3K5 w - - 0 1"));
    play_all(&mut *game, "b2c2 c7b5 c2b2 b5c7 b2c2 c7b5 c2b2");
    assert!(!game.status().is_finished());
    // The start comes back a third time: Red has chased the horse with every move.
    play_all(&mut *game, "b5c7");
    let status = game.status();
    assert_eq!(winner(status), Some(Some(Side::Second)), "{status:?}");
    assert_eq!(reason(status), "perpetual chase");
}

#[test]
fn other_repetitions_draw() {
    let mut game = session(Some("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"));
    play_all(&mut *game, "d0d1 e9e8 d1d0 e8e9 d0d1 e9e8 d1d0 e8e9");
    let status = game.status();
    assert_eq!(winner(status), Some(None), "{status:?}");
    assert_eq!(reason(status), "repetition");
}

#[test]
fn sixty_moves_without_a_capture_draw() {
    let mut game = session(Some("4k4/9/9/9/9/9/9/9/9/3K5 w - - 119 80"));
    assert!(!game.status().is_finished());
    play_all(&mut *game, "d0d1");
    let status = game.status();
    assert_eq!(winner(status), Some(None));
    assert!(reason(status).contains("60 moves"), "{status:?}");
}

#[test]
fn inside_the_search_a_repetition_is_judged_at_once() {
    let mut game = Xiangqi::from_fen("4k4/9/R8/9/9/9/9/9/9/3K5 w - - 0 1").expect("valid");
    for name in ["a7a9", "e9e8", "a9a8", "e8e9", "a8a9"] {
        game.make_move(parse_iccs(name).expect("coordinates"));
    }
    assert_eq!(game.outcome(), None);
    assert_eq!(game.search_outcome(4), Some(Outcome::Win(Side::Second)));
    assert_eq!(game.search_outcome(2), None);
}

#[test]
fn fen_reads_aliases_and_refuses_impossible_boards() {
    let aliased = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1";
    assert_eq!(session(Some(aliased)).position(), START);
    assert_eq!(session(None).position(), START);
    for (fen, why) in [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            "ranks",
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
            "not a piece letter",
        ),
        ("3k5/9/9/9/9/9/9/9/9/4K4 x", "side to move"),
        ("3k5/9/9/9/9/9/9/9/9/3KK4 w", "generals"),
        ("3k5/9/9/9/9/9/9/9/9/K8 w", "outside its palace"),
        ("3k5/9/9/9/9/9/9/9/9/3K1B3 w", "can never stand"),
        ("3k5/9/9/9/9/9/9/9/P8/3K5 w", "can never stand"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "face each other"),
        ("4k4/9/9/9/9/9/9/9/4R4/3K5 w", "in check"),
        ("3k5/9/9/9/9/9/9/9/9/3K4 w", "has 8 squares"),
        ("", "empty"),
    ] {
        let error = new_game("xiangqi", &at(Some(fen)))
            .err()
            .unwrap_or_else(|| panic!("{fen} should be refused"))
            .to_string();
        assert!(error.contains(why), "{fen}: {error}");
    }
}

#[test]
fn fen_counters_follow_the_game() {
    let mut game = session(None);
    play_all(&mut *game, "h2e2 h9g7 e2e6");
    assert_eq!(
        game.position(),
        "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    );
}

#[test]
fn the_board_has_a_river_palaces_and_glyphs() {
    let mut game = session(None);
    play_all(&mut *game, "h2e2");
    let board = game.board();
    assert_eq!((board.files, board.ranks), (9, 10));
    assert_eq!(board.kind, BoardKind::RiverAndPalaces);
    let top_left = board.cells[0].as_ref().expect("a piece");
    assert_eq!(
        (top_left.kind.as_str(), top_left.symbol.as_str()),
        ("r", "車")
    );
    let red_general = board.cells[9 * 9 + 4].as_ref().expect("the general");
    assert_eq!(red_general.symbol, "帥");
    assert_eq!(board.last_move, vec![7 * 9 + 7, 7 * 9 + 4]);
    assert_eq!(board.rank_labels.first().map(String::as_str), Some("9"));
}

#[test]
fn the_strong_player_mates_in_one_and_the_classic_player_sees_it_too() {
    for level in [Level::Strong, Level::Classic] {
        let mut game = session(Some("4k4/3P1P3/4P4/p8/9/9/9/9/9/3K5 w - - 0 1"));
        let request = ThinkRequest::new(level, Limits::depth(3));
        let result = think_fully(&mut game, &request);
        let best = result.best_move.expect("a move").name;
        assert!(best == "e7e8" || best == "d8d9", "{level}: {best}");
        if level == Level::Strong {
            assert_eq!(result.score, ScoreView::WinIn(1));
        }
    }
}

#[test]
fn the_strong_player_wins_the_loose_chariot() {
    // Red takes the black chariot at once, or checks on the d-file first and takes it then.
    let mut game = session(Some("3k5/9/9/r8/9/9/9/R8/9/4K4 w - - 0 1"));
    let request = ThinkRequest::new(Level::Strong, Limits::depth(6));
    let result = think_fully(&mut game, &request);
    assert!(result.score.ordering_value() > 500, "{:?}", result.score);
}
