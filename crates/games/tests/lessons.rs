//! The lab's lessons: every figure a lesson's text quotes is computed by the experiment,
//! and each is checked here against the teaching algorithms or against the claim the text
//! makes about it (fewer, the same value, re-searched, a blunder, a forced win).

use ply_games::caro::{Caro, CaroConfig, Rule};
use ply_games::tictactoe::TicTacToe;
use ply_games::{Experiment, Figure, Lesson, LessonReport, Rules, ScoreView, run_lesson};
use ply_search::Game;
use ply_search::teaching::{TeachingSettings, alphabeta, minimax};

fn lesson(lesson: Lesson) -> LessonReport {
    run_lesson(lesson).unwrap_or_else(|error| panic!("{lesson}: {error}"))
}

fn experiment<'a>(report: &'a LessonReport, key: &str) -> &'a Experiment {
    report
        .experiments
        .iter()
        .find(|experiment| experiment.key == key)
        .unwrap_or_else(|| panic!("{}: no experiment {key}", report.lesson))
}

fn number(experiment: &Experiment, name: &str) -> u64 {
    let value = experiment
        .number(name)
        .unwrap_or_else(|| panic!("{}: no figure {name}", experiment.key));
    u64::try_from(value).expect("a count")
}

fn text(experiment: &Experiment, name: &str) -> String {
    match experiment.figure(name) {
        Some(Figure::Text(text)) => text.clone(),
        other => panic!("{}: {name} is {other:?}", experiment.key),
    }
}

fn score(experiment: &Experiment, name: &str) -> ScoreView {
    match experiment.figure(name) {
        Some(Figure::Score(score)) => *score,
        other => panic!("{}: {name} is {other:?}", experiment.key),
    }
}

/// The numbers in one column of a lesson's table.
fn column(experiment: &Experiment, table: &str, name: &str) -> Vec<u64> {
    let table = experiment
        .tables
        .iter()
        .find(|t| t.key == table)
        .expect("the table");
    let index = table
        .columns
        .iter()
        .position(|c| *c == name)
        .expect("the column");
    table
        .rows
        .iter()
        .map(|row| row[index].number().expect("a number") as u64)
        .collect()
}

/// Plain minimax and alpha-beta of the tutorial's position, by the teaching algorithms.
fn teaching(position: Option<&str>, depth: u32) -> (u64, u64, i32) {
    let game = position
        .map(|text| TicTacToe::from_position(&(), text).expect("position"))
        .unwrap_or_default();
    let settings = TeachingSettings {
        depth,
        ..game.teaching_settings(ply_games::Level::Classic)
    };
    let full = minimax(&mut game.clone(), &game.classic(), settings, &mut ());
    let cut = alphabeta(&mut game.clone(), &game.classic(), settings, &mut ());
    assert_eq!(full.value, cut.value);
    (full.nodes, cut.nodes, full.value)
}

#[test]
fn the_seed_counts_stay_exact() {
    for name in [Lesson::Minimax, Lesson::Alphabeta] {
        let report = lesson(name);
        let empty = experiment(&report, "empty");
        assert_eq!(number(empty, "minimax_nodes"), 549_946);
        assert_eq!(number(empty, "alphabeta_nodes"), 18_297);
        assert_eq!(empty.number("value"), Some(0));
        assert_eq!(number(empty, "ratio"), 549_946 / 18_297);
    }
}

#[test]
fn the_tree_lessons_agree_with_the_teaching_algorithms_and_their_trees() {
    let (minimax_nodes, alphabeta_nodes, value) = teaching(Some("x2/1o1/2x o"), 6);
    for name in [Lesson::Minimax, Lesson::Alphabeta] {
        let report = lesson(name);
        let tutorial = experiment(&report, "tutorial");
        assert_eq!(number(tutorial, "minimax_nodes"), minimax_nodes);
        assert_eq!(number(tutorial, "alphabeta_nodes"), alphabeta_nodes);
        assert_eq!(tutorial.number("value"), Some(i64::from(value)));
        let lab = tutorial.lab.as_ref().expect("the trees");
        assert_eq!(lab.minimax.nodes_list.len() as u64, minimax_nodes);
        assert_eq!(lab.alphabeta.nodes_list.len() as u64, alphabeta_nodes);
        // The line is written as players write it: cells, as the engine rows do.
        assert_eq!(text(tutorial, "line"), lab.minimax.pv.join(" "));
        if name == Lesson::Minimax {
            let leaves = lab
                .minimax
                .nodes_list
                .iter()
                .filter(|node| node.kind != Some("interior"))
                .count();
            assert_eq!(number(tutorial, "leaves"), leaves as u64);
        } else {
            let cutoffs = lab
                .alphabeta
                .nodes_list
                .iter()
                .filter(|node| node.cutoff.is_some())
                .count();
            assert!(cutoffs > 0);
            assert_eq!(number(tutorial, "cutoffs"), cutoffs as u64);
            assert_eq!(
                number(tutorial, "saved_pct"),
                100 - alphabeta_nodes * 100 / minimax_nodes
            );
        }
    }
}

#[test]
fn ordering_counts_every_iteration_and_wins_at_the_last_one() {
    let report = lesson(Lesson::Ordering);
    for key in ["tutorial", "opera"] {
        let found = experiment(&report, key);
        let depth = number(found, "depth");
        let alone = column(found, "iterations", "iteration");
        let cumulative = column(found, "iterations", "cumulative");
        assert_eq!(alone.len() as u64, depth, "{key}: one row per iteration");
        assert_eq!(
            alone.iter().sum::<u64>(),
            number(found, "engine_nodes"),
            "{key}"
        );
        assert_eq!(
            cumulative.last().copied(),
            Some(number(found, "engine_nodes"))
        );
        assert_eq!(
            number(found, "earlier_iterations") + number(found, "last_iteration"),
            number(found, "engine_nodes")
        );
        // The text's claim: the last iteration alone beats plain alpha-beta at its depth.
        assert!(
            number(found, "last_iteration") < number(found, "plain_nodes"),
            "{key}: {} vs {}",
            number(found, "last_iteration"),
            number(found, "plain_nodes")
        );
    }
    let tutorial = experiment(&report, "tutorial");
    // The figures: the engine's 779 (every iteration) against plain alpha-beta's 318.
    let (_, plain, _) = teaching(Some("x2/1o1/2x o"), 6);
    assert_eq!(number(tutorial, "plain_nodes"), plain);
    assert_eq!(plain, 318);
    assert!(
        number(tutorial, "engine_nodes") > plain,
        "the total looks worse"
    );
    let plain_by_depth = column(tutorial, "iterations", "plain");
    for (depth, nodes) in plain_by_depth.iter().enumerate() {
        let (_, expected, _) = teaching(Some("x2/1o1/2x o"), depth as u32 + 1);
        assert_eq!(*nodes, expected, "plain alpha-beta at depth {}", depth + 1);
    }
    let opera = experiment(&report, "opera");
    assert!(number(opera, "engine_nodes") < number(opera, "plain_nodes"));
}

#[test]
fn the_table_saves_positions_and_keeps_the_value() {
    let report = lesson(Lesson::Table);
    for key in ["empty", "opera"] {
        let found = experiment(&report, key);
        assert!(
            number(found, "with_nodes") < number(found, "without_nodes"),
            "{key}"
        );
        assert!(number(found, "table_cutoffs") > 0, "{key}");
        assert_eq!(
            score(found, "with_score"),
            score(found, "without_score"),
            "{key}"
        );
        let with = column(found, "table", "with");
        assert_eq!(with.last().copied(), Some(number(found, "with_nodes")));
    }
    // The empty board searched to the end: the value is minimax's.
    let empty = experiment(&report, "empty");
    assert_eq!(score(empty, "with_score"), ScoreView::Value(0));
}

#[test]
fn aspiration_windows_fail_and_are_searched_again() {
    let report = lesson(Lesson::Deepening);
    let opera = experiment(&report, "opera");
    let iterations = number(opera, "iterations");
    let fails = number(opera, "fail_high") + number(opera, "fail_low");
    assert!(fails > 0, "the lesson shows re-searches");
    // Every fail is one more try of the same iteration.
    assert_eq!(number(opera, "tries"), iterations + fails);
    assert_eq!(iterations, number(opera, "depth"));
    let table = opera
        .tables
        .iter()
        .find(|t| t.key == "windows")
        .expect("windows");
    for row in &table.rows {
        let [
            _,
            Figure::Score(alpha),
            Figure::Score(beta),
            Figure::Score(score),
            Figure::Word { word },
        ] = row.as_slice()
        else {
            panic!("a window row: {row:?}");
        };
        let (alpha, beta, score) = (
            alpha.ordering_value(),
            beta.ordering_value(),
            score.ordering_value(),
        );
        let expected = if score <= alpha {
            "fail_low"
        } else if score >= beta {
            "fail_high"
        } else {
            "inside"
        };
        assert_eq!(*word, expected, "{alpha} {beta} {score}");
    }
}

#[test]
fn principal_variation_search_rarely_searches_again() {
    let report = lesson(Lesson::Pvs);
    let opera = experiment(&report, "opera");
    let scouts = number(opera, "scouts");
    let researches = number(opera, "researches");
    assert!(scouts > 0 && researches > 0);
    assert!(researches * 10 < scouts, "{researches} of {scouts}");
    assert_eq!(
        column(opera, "scouts", "scouts").iter().sum::<u64>(),
        scouts
    );
    assert_eq!(
        number(opera, "research_permille"),
        researches * 1000 / scouts
    );
}

#[test]
fn without_quiescence_the_engine_blunders_at_its_horizon() {
    let report = lesson(Lesson::Quiescence);
    let opera = experiment(&report, "opera");
    assert_ne!(text(opera, "blind_best"), text(opera, "seeing_best"));
    let loss = opera.number("loss").expect("the loss");
    assert!(loss >= 100, "a blunder costs at least a pawn: {loss}");
    assert!(
        score(opera, "seeing_checked").ordering_value()
            > score(opera, "blind_checked").ordering_value()
    );
    assert!(number(opera, "quiescence_nodes") > 0);
}

#[test]
fn null_move_and_reductions_skip_work_and_buy_depth() {
    let report = lesson(Lesson::Pruning);
    let opera = experiment(&report, "opera");
    assert!(number(opera, "null_cutoffs") > 0);
    assert!(number(opera, "null_cutoffs") <= number(opera, "null_tries"));
    assert!(number(opera, "reductions") > number(opera, "reduction_researches"));
    assert!(number(opera, "budget_full_depth") > number(opera, "budget_plain_depth"));
    let depths = column(opera, "depth", "depth");
    assert!(depths.iter().all(|&d| d == number(opera, "depth")));
}

/// Plays `line` (cells as the page writes them) from `position` and says who won.
fn play_out(rule: &str, position: &str, line: &str) -> Option<ply_search::Outcome> {
    let rule: Rule = rule.parse().expect("rule");
    let mut game = Caro::from_position(&CaroConfig { size: 15, rule }, position).expect("position");
    for cell in line.split_whitespace() {
        let mv = game.parse_move(cell).expect("a legal cell");
        game.make_move(mv);
    }
    game.outcome()
}

#[test]
fn the_threat_solvers_prove_the_wins_they_claim() {
    let report = lesson(Lesson::Threats);
    for key in ["vcf", "vct"] {
        let found = experiment(&report, key);
        let line = text(found, "line");
        assert_eq!(
            line.split_whitespace().count() as u64,
            number(found, "plies")
        );
        let outcome = play_out(&text(found, "rule"), &found.position, &line);
        assert!(
            matches!(outcome, Some(ply_search::Outcome::Win(_))),
            "{key}: the line ends in five: {line}"
        );
    }
    assert_eq!(number(experiment(&report, "vcf"), "has_vcf"), 1);
    assert_eq!(number(experiment(&report, "vct"), "has_vcf"), 0);
}

#[test]
fn lessons_are_named_as_their_urls() {
    for lesson in Lesson::ALL {
        assert_eq!(lesson.name().parse::<Lesson>(), Ok(lesson));
    }
    assert!("quiz".parse::<Lesson>().is_err());
}

#[test]
fn with_the_same_budget_pruning_buys_depth_and_no_worse_a_move() {
    // Since quiet moves that lose material by exchange are pruned (with null move and
    // reductions off too), the shallower search also finds 11... Nbd7 here: the budget
    // buys depth, and the move is at least as good.
    let report = lesson(Lesson::Pruning);
    let opera = experiment(&report, "opera");
    assert!(number(opera, "budget_full_depth") > number(opera, "budget_plain_depth"));
    assert!(
        score(opera, "budget_full_checked").ordering_value()
            >= score(opera, "budget_plain_checked").ordering_value()
    );
}
