//! The verdict's thresholds and known blunders found in real games.

use super::*;
use crate::spec::GameOptions;

fn played(game: &str, moves: &str) -> Box<dyn Record> {
    let mut record = crate::registry::new_game(game, &GameOptions::default()).expect("a game");
    for mv in moves.split_whitespace() {
        record.play_text(mv).expect("a legal move");
    }
    record
}

fn analysed(record: &dyn Record, limits: &Limits) -> GameAnalysis {
    let mut thinker = record.thinker();
    let mut heard = Vec::new();
    let analysis = analyse_game(
        record,
        thinker.as_mut(),
        limits,
        &SearchControl::default(),
        &mut |index, total, _| heard.push((index, total)),
    )
    .expect("searched")
    .expect("not stopped");
    let total = record.history().len() + 1;
    assert_eq!(
        heard,
        (0..total).map(|index| (index, total)).collect::<Vec<_>>()
    );
    assert_eq!(analysis.positions.len(), total);
    assert_eq!(analysis.moves.len(), total - 1);
    analysis
}

#[test]
fn verdicts_start_at_ten_twenty_and_thirty_points() {
    assert_eq!(Verdict::from_loss(0.0), None);
    assert_eq!(Verdict::from_loss(9.99), None);
    assert_eq!(Verdict::from_loss(10.0), Some(Verdict::Inaccuracy));
    assert_eq!(Verdict::from_loss(19.99), Some(Verdict::Inaccuracy));
    assert_eq!(Verdict::from_loss(20.0), Some(Verdict::Mistake));
    assert_eq!(Verdict::from_loss(29.99), Some(Verdict::Mistake));
    assert_eq!(Verdict::from_loss(30.0), Some(Verdict::Blunder));
    assert_eq!(Verdict::from_loss(100.0), Some(Verdict::Blunder));
    assert_eq!(Verdict::Blunder.symbol(), "??");
    assert_eq!(Verdict::Mistake.symbol(), "?");
    assert_eq!(Verdict::Inaccuracy.symbol(), "?!");
}

#[test]
fn expected_scores_follow_lichess_and_the_games_own_scales() {
    let pawns = |cp| expected_score(ScoreStyle::Pawns, ScoreView::Value(cp));
    assert!((pawns(0) - 50.0).abs() < 1e-9);
    // lichess: +100 cp is a 59.1% expectation, +300 cp 75.1%.
    assert!((pawns(100) - 59.10).abs() < 0.01, "{}", pawns(100));
    assert!((pawns(300) - 75.11).abs() < 0.01, "{}", pawns(300));
    assert!((pawns(-300) + pawns(300) - 100.0).abs() < 1e-9);
    assert_eq!(
        expected_score(ScoreStyle::Pawns, ScoreView::WinIn(7)),
        100.0
    );
    assert_eq!(expected_score(ScoreStyle::Plain, ScoreView::LossIn(1)), 0.0);
    let caro = ScoreStyle::Threats { decided: 20_000 };
    let decided = expected_score(caro, ScoreView::Value(20_000));
    assert!((decided - 95.0).abs() < 1e-6, "{decided}");
    assert!(expected_score(caro, ScoreView::Value(2_000)) < 60.0);
    let lean = expected_score(ScoreStyle::Plain, ScoreView::Value(8));
    assert!((lean - 95.0).abs() < 1e-6, "{lean}");
}

#[test]
fn a_queen_given_away_is_a_blunder() {
    // 3...Qxa2?? gives the queen to the rook on a1.
    let record = played("chess", "e4 d5 exd5 Qxd5 Nc3 Qxa2 Rxa2");
    let analysis = analysed(record.as_ref(), &Limits::depth(5));
    let queen = &analysis.moves[5];
    assert_eq!((queen.ply, queen.display.as_str()), (6, "Qxa2"));
    assert_eq!(queen.side, "second");
    assert_eq!(queen.verdict, Some(Verdict::Blunder), "{queen:?}");
    let better = queen.better.as_ref().expect("a better move");
    assert_ne!(better.name, "d5a2");
    assert_eq!(
        better.from,
        record.history()[5].from,
        "the queen on d5 moves away: {better:?}"
    );
    assert!(!queen.line.is_empty());
    // The capture that punishes it is the engine's own move: never graded.
    assert_eq!(analysis.moves[6].verdict, None, "{:?}", analysis.moves[6]);
    // White is far ahead after it, from White's view.
    assert!(analysis.positions[6].expected > 90.0);
    assert!(analysis.nodes > 0);
}

#[test]
fn a_missed_block_in_tic_tac_toe_is_a_blunder() {
    // X threatens a3 along the diagonal c1-b2-a3; O plays c3 instead of blocking.
    let record = played("tictactoe", "b2 a1 c1 c3 a3");
    let analysis = analysed(record.as_ref(), &default_limits(record.as_ref()));
    let missed = &analysis.moves[3];
    assert_eq!(missed.display, "c3");
    assert_eq!(missed.verdict, Some(Verdict::Blunder), "{missed:?}");
    assert_eq!((missed.expected_before, missed.expected_after), (50.0, 0.0));
    assert_eq!(
        missed.better.as_ref().map(|mv| mv.name.as_str()),
        Some("a3")
    );
    for (index, review) in analysis.moves.iter().enumerate() {
        if index != 3 {
            assert_eq!(review.verdict, None, "{review:?}");
        }
    }
    // The game is over: X won, scored without a search.
    let last = analysis.positions.last().expect("the final position");
    assert_eq!(
        (last.expected, last.nodes, last.best.is_none()),
        (100.0, 0, true)
    );
    assert_eq!(analysis.positions[0].expected, 50.0, "the start is a draw");
}

#[test]
fn a_stopped_analysis_reports_nothing() {
    let record = played("chess", "e4 e5");
    let control = SearchControl::default();
    control.stop();
    let mut thinker = record.thinker();
    let outcome = analyse_game(
        record.as_ref(),
        thinker.as_mut(),
        &Limits::depth(4),
        &control,
        &mut |_, _, _| {},
    )
    .expect("no error");
    assert!(outcome.is_none());
}
