//! Caro through the session interface and the typed API: the rules' wins, must-block and
//! VCF tables for every rule (the VCF positions are played out against the classic player),
//! the seed's classic player, notation and bad input.

use ply_games::caro::vcf::{Solver, SolverLimits};
use ply_games::caro::{Caro, CaroConfig, Rule};
mod common;

use common::{Played, at, int, start, text, think_fully};
use ply_games::{
    GameOptions, GameRecord, Level, MoveError, Record, Rules, ScoreView, Status, ThinkRequest,
    new_game,
};
use ply_search::{Game, Limits, Outcome, Side};

fn options(size: usize, rule: Rule, position: Option<&str>) -> GameOptions {
    let mut options = at(position);
    options
        .values
        .extend([int("size", size as i64), text("rule", rule.name())]);
    options
}

fn session(size: usize, rule: Rule, position: Option<&str>) -> Played {
    start("caro", &options(size, rule, position))
}

fn think(session: &mut Played, level: Level, limits: Limits) -> ply_games::ThinkResult {
    think_fully(session, &ThinkRequest::new(level, limits))
}

/// The board-view cell of a cell name on `game`'s board (top-left first).
fn read_cell(game: &Played, name: &str) -> usize {
    let board = game.board();
    let (file, rank) = name.split_at(1);
    let column = board
        .file_labels
        .iter()
        .position(|label| label == file)
        .expect("file");
    let row = board
        .rank_labels
        .iter()
        .position(|label| label == rank)
        .expect("rank");
    row * board.files + column
}

/// A board string from stone lists like `h8 i8`.
fn board(size: usize, x: &str, o: &str) -> String {
    let game = Caro::new(size, Rule::Freestyle);
    let mut cells = vec![None; size * size];
    for (stones, side) in [(x, Side::First), (o, Side::Second)] {
        for name in stones.split_whitespace() {
            let cell = game.parse_cell(name).expect("a cell on the board");
            cells[game.reading_index(cell)] = Some(side);
        }
    }
    let to_move = ply_games::grid::side_from_counts(
        cells.iter().filter(|c| **c == Some(Side::First)).count(),
        cells.iter().filter(|c| **c == Some(Side::Second)).count(),
    )
    .expect("possible counts");
    ply_games::grid::format_rows(&cells, size, to_move)
}

fn table(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| line.split('|').map(|f| f.trim().to_string()).collect())
        .collect()
}

#[test]
fn every_rule_judges_fives_as_it_should() {
    // x: a row of six with the move, o elsewhere.
    let six = board(15, "c8 d8 e8 g8 h8", "a1 c1 e1 g1 i1");
    // x: five closed at both ends by o after f8.
    let closed = board(15, "c8 d8 e8 g8", "b8 h8 a1 c1");
    let cases = [
        (&six, Rule::Freestyle, true),
        (&six, Rule::Standard, false),
        (&six, Rule::Caro, true),
        (&six, Rule::Caro5, false),
        (&six, Rule::Renju, false),
        (&closed, Rule::Freestyle, true),
        (&closed, Rule::Standard, true),
        (&closed, Rule::Caro, false),
        (&closed, Rule::Caro5, false),
        (&closed, Rule::Renju, true),
    ];
    for (position, rule, wins) in cases {
        let mut game = session(15, rule, Some(position));
        let played = game.play_text("f8");
        if rule == Rule::Renju && position == &six {
            // An overline is forbidden for black in renju.
            let error = played.expect_err("forbidden").to_string();
            assert!(error.contains("overline"), "{error}");
            continue;
        }
        played.expect("legal");
        let won = matches!(
            game.status(),
            Status::Finished {
                winner: Some(Side::First),
                ..
            }
        );
        assert_eq!(won, wins, "{rule}: {position}");
    }
}

#[test]
fn white_may_make_an_overline_in_renju() {
    let position = board(15, "a1 c1 e1 g1 i1 k1", "c8 d8 e8 g8 h8");
    let mut game = session(15, Rule::Renju, Some(&position));
    game.play_text("f8").expect("legal for white");
    assert!(matches!(
        game.status(),
        Status::Finished {
            winner: Some(Side::Second),
            ..
        }
    ));
}

#[test]
fn renju_forbids_black_three_three_and_four_four() {
    // Two open twos crossing at h8: black there makes three-three.
    let three_three = board(15, "g8 i8 h7 h9", "a1 c1 e1 g1");
    let mut game = session(15, Rule::Renju, Some(&three_three));
    // The record names the forbidden point and its reason for the board to mark.
    let h8 = read_cell(&game, "h8");
    let forbidden = game.forbidden_cells();
    assert!(
        forbidden
            .iter()
            .any(|(cell, reason)| *cell == h8 && reason.contains("three-three")),
        "{forbidden:?}"
    );
    let error = game.play_text("h8").expect_err("three-three").to_string();
    assert!(error.contains("three-three"), "{error}");
    let four_four = board(15, "e8 f8 g8 h5 h6 h7", "a1 c1 e1 g1 i1 k1");
    let mut game = session(15, Rule::Renju, Some(&four_four));
    let error = game.play_text("h8").expect_err("four-four").to_string();
    assert!(error.contains("four-four"), "{error}");
    // The same points are fine in freestyle.
    let mut game = session(15, Rule::Freestyle, Some(&four_four));
    assert!(game.forbidden_cells().is_empty());
    game.play_text("h8").expect("legal in freestyle");
}

#[test]
fn the_strong_player_answers_every_must_block_position() {
    for row in table(include_str!("data/caro/must_block.txt")) {
        let [rule, size, x, o, answers] = row.as_slice() else {
            panic!("bad row {row:?}");
        };
        let rule: Rule = rule.parse().expect("rule");
        let size: usize = size.parse().expect("size");
        let position = board(size, x, o);
        let mut game = session(size, rule, Some(&position));
        let result = think(&mut game, Level::Strong, Limits::depth(4));
        let played = result.best_move.expect("a move").name;
        let answers: Vec<&str> = answers.split_whitespace().collect();
        assert!(
            answers.contains(&played.as_str()),
            "{rule} {position}: played {played}, expected one of {answers:?}"
        );
    }
}

#[test]
fn the_classic_player_blocks_a_plain_four_too() {
    let position = board(10, "c3 d4 e5 f6", "b2 a10 j1");
    let mut game = session(10, Rule::Freestyle, Some(&position));
    let result = think(&mut game, Level::Classic, Limits::default());
    assert_eq!(result.best_move.map(|m| m.name), Some("g7".to_string()));
}

/// Replays `line` from `game`: every attacker move but the last makes a four, every
/// defender move is the only block, and the last move wins.
fn check_vcf_line(game: &Caro, line: &[ply_games::caro::Cell]) {
    let mut work = game.clone();
    let attacker = work.side_to_move();
    for (index, &cell) in line.iter().enumerate() {
        let mut legal = Vec::new();
        work.generate_moves(&mut legal);
        assert!(legal.contains(&cell), "move {index} is not legal");
        if work.side_to_move() != attacker {
            let mut defences = Vec::new();
            work.five_defences(attacker, &mut defences);
            assert!(
                defences.contains(&cell),
                "defender move {index} defends nothing"
            );
            let fives = legal
                .iter()
                .filter(|&&c| work.threat(c, attacker) == ply_games::caro::threat::Threat::Five)
                .count();
            // Under the caro rules a four may also be stopped by closing its far end; the
            // solver checks every such defence. Elsewhere only the last block has a choice.
            let closable = matches!(work.rule(), Rule::Caro | Rule::Caro5);
            assert!(
                closable || fives == 1 || index + 2 == line.len(),
                "defender move {index} had a choice"
            );
        }
        work.make_move(cell);
    }
    assert_eq!(work.outcome(), Some(Outcome::Win(attacker)));
}

#[test]
fn the_solver_finds_every_vcf_in_the_table_and_its_first_move_wins() {
    // Lines longer than the table's, gathered so that one run names every such row.
    let mut longer = Vec::new();
    for row in table(include_str!("data/caro/vcf.txt")) {
        let [rule, position, first, plies] = row.as_slice() else {
            panic!("bad row {row:?}");
        };
        let rule: Rule = rule.parse().expect("rule");
        let config = CaroConfig { size: 15, rule };
        let game = Caro::from_position(&config, position).expect("position");
        let mut solver = Solver::new(SolverLimits {
            nodes: 5_000_000,
            deadline: None,
        });
        let line = solver
            .find_vcf(&game)
            .unwrap_or_else(|| panic!("no VCF in {rule} {position}"));
        check_vcf_line(&game, &line);
        let plies: usize = plies.parse().expect("plies");
        if line.len() > plies {
            longer.push(format!("{position}: {} plies, not {plies}", line.len()));
        }
        // The recorded first move wins too: after it and the forced block a VCF remains.
        let mut after = game.clone();
        let first = after.parse_cell(first).expect("cell");
        after.make_move(first);
        let block = after
            .five_cell(game.side_to_move())
            .expect("the first move is a four");
        after.make_move(block);
        let rest = solver.find_vcf(&after).expect("the VCF goes on");
        check_vcf_line(&after, &rest);
    }
    assert!(longer.is_empty(), "{longer:#?}");
}

#[test]
fn long_vcfs_are_found() {
    let rows = table(include_str!("data/caro/vcf.txt"));
    let longest = rows
        .iter()
        .filter_map(|row| row.get(3)?.parse::<usize>().ok())
        .max()
        .unwrap_or(0);
    // 27 plies: fourteen fours in a row.
    assert!(longest >= 21, "{longest}");
}

#[test]
fn vcf_positions_are_converted_into_wins_against_the_classic_player() {
    for row in table(include_str!("data/caro/vcf.txt")) {
        let [rule, position, _, _] = row.as_slice() else {
            panic!("bad row {row:?}");
        };
        let rule: Rule = rule.parse().expect("rule");
        let mut game = session(15, rule, Some(position));
        let strong_side = game.side_to_move();
        for _ in 0..60 {
            if game.status().is_finished() {
                break;
            }
            let level = if game.side_to_move() == strong_side {
                Level::Strong
            } else {
                Level::Classic
            };
            let limits = if level == Level::Strong {
                Limits::depth(3)
            } else {
                Limits::default()
            };
            let result = think(&mut game, level, limits);
            let mv = result.best_move.expect("a move").name;
            game.play_text(&mv).expect("legal");
        }
        assert!(
            matches!(game.status(), Status::Finished { winner: Some(w), .. } if *w == strong_side),
            "{rule} {position}: {:?} after {:?}",
            game.status(),
            game.history()
                .iter()
                .map(|m| m.name.clone())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_engine_reports_a_vcf_as_a_win() {
    let row = &table(include_str!("data/caro/vcf.txt"))[1];
    let mut game = session(15, Rule::Freestyle, Some(&row[1]));
    let result = think(&mut game, Level::Strong, Limits::depth(2));
    assert!(
        matches!(result.score, ScoreView::WinIn(_)),
        "{:?}",
        result.score
    );
    assert!(result.proven);
}

#[test]
fn the_seed_player_plays_the_centre_and_examines_few_positions() {
    let mut game = session(10, Rule::Freestyle, None);
    let first = think(&mut game, Level::Classic, Limits::default());
    assert_eq!(first.best_move.map(|m| m.name), Some("f5".to_string()));
    game.play_text("f5").expect("legal");
    game.play_text("e6").expect("legal");
    let reply = think(&mut game, Level::Classic, Limits::default());
    // The seed: "about 100–200 positions a move".
    assert!(
        (20..=400).contains(&reply.nodes),
        "{} positions",
        reply.nodes
    );
    assert_eq!(reply.depth, 3);
}

#[test]
fn a_win_found_sooner_scores_higher_for_the_classic_player() {
    // x can win at once (g7) and also later; the seed's depth bonus makes it take g7 now.
    let position = board(10, "c3 d4 e5 f6", "b2 a10 j1 j3");
    let mut game = session(10, Rule::Freestyle, Some(&position));
    let result = think(&mut game, Level::Classic, Limits::default());
    assert_eq!(result.best_move.map(|m| m.name), Some("g7".to_string()));
    assert_eq!(result.score, ScoreView::Value(1_000_000 + 3));
}

#[test]
fn notation_and_bad_input() {
    let mut game = session(15, Rule::Freestyle, None);
    assert_eq!(game.play_text("h8").expect("h8").name, "h8");
    assert_eq!(game.play_text("7 8").expect("row col").name, "i8");
    let taken = game.play_text("h8").expect_err("taken");
    assert!(matches!(taken, MoveError::Illegal { .. }), "{taken}");
    for bad in ["", "p1", "a16", "z9", "15 0", "h", "8", "-1 2", "h8h8"] {
        let error = game.play_text(bad).expect_err(bad);
        assert!(
            matches!(error, MoveError::Unreadable { .. }),
            "{bad}: {error}"
        );
    }
    assert_eq!(game.history().len(), 2);
    assert!(game.undo().is_some());
    assert_eq!(game.side_to_move(), Side::Second);
    let view = game.board();
    assert_eq!((view.files, view.ranks), (15, 15));
    assert_eq!(view.file_labels.first().map(String::as_str), Some("a"));
    assert_eq!(view.rank_labels.first().map(String::as_str), Some("15"));
}

#[test]
fn positions_round_trip_and_bad_ones_say_why() {
    let text = board(10, "e5 f6", "e6");
    let game = session(10, Rule::Freestyle, Some(&text));
    assert_eq!(game.position(), text);
    let config = CaroConfig {
        size: 10,
        rule: Rule::Freestyle,
    };
    for (bad, why) in [
        ("10/10/10/10/10/10/10/10/10 x", "square"),
        ("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x", "15×15"),
        ("xx8/10/10/10/10/10/10/10/10/10 x", "x has 2 stones"),
        ("x9/10/10/10/10/10/10/10/10/10 x", "turn"),
        ("xxxxx5/ooooo5/10/10/10/10/10/10/10/10 x", "both"),
    ] {
        let error = Caro::from_position(&config, bad)
            .expect_err(bad)
            .to_string();
        assert!(error.contains(why), "{bad}: {error}");
    }
    for size in [4, 26] {
        let mut options = GameOptions::default();
        options.values.extend([int("size", size)]);
        assert!(new_game("caro", &options).is_err());
    }
    let mut bad_rule = GameOptions::default();
    bad_rule.values.extend([common::text("rule", "pente")]);
    assert!(new_game("caro", &bad_rule).is_err());
}

#[test]
fn a_full_board_is_a_draw() {
    // 5×5 with no five anywhere.
    let full = "xxoox/ooxxo/xxoox/ooxxo/xoxox o";
    let config = CaroConfig {
        size: 5,
        rule: Rule::Freestyle,
    };
    // 13 x and 12 o: x moved last, so the side string says o.
    let game = Caro::from_position(&config, full).expect("full board");
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    let session =
        GameRecord::<Caro>::new(config, GameOptions::default(), Some(full)).expect("session");
    assert!(matches!(
        session.status(),
        Status::Finished { winner: None, .. }
    ));
}

#[test]
fn the_strong_player_stops_a_threatened_vcf() {
    // From a game against the classic player: x (to move next) threatens a VCF; o has
    // one defence (f2). Whatever the strong player picks, x must have no VCF after it.
    let moves =
        "f5 e6 e4 g6 d3 f7 d5 e8 h5 e7 c2 b1 e5 g5 d4 d6 d2 d1 c5 b5 f6 d9 c10 e9 e10 c3 e2";
    let mut game = session(10, Rule::Freestyle, None);
    for mv in moves.split_whitespace() {
        game.play_text(mv).expect("legal");
    }
    let config = CaroConfig {
        size: 10,
        rule: Rule::Freestyle,
    };
    let mut position = Caro::from_position(&config, &game.position()).expect("position");
    let mut passed = position.clone();
    passed.make_null_move();
    let mut solver = Solver::new(SolverLimits {
        nodes: 2_000_000,
        deadline: None,
    });
    assert!(solver.find_vcf(&passed).is_some(), "x threatens a VCF");
    let result = think(&mut game, Level::Strong, Limits::depth(3));
    let reply = result.best_move.expect("a move").name;
    position.make_move(position.parse_cell(&reply).expect("cell"));
    assert!(
        solver.find_vcf(&position).is_none(),
        "{reply} leaves x a VCF"
    );
}

#[test]
fn perft_table_holds() {
    for row in table(include_str!("data/caro/perft.txt")) {
        let [rule, size, position, depth, leaves] = row.as_slice() else {
            panic!("bad row {row:?}");
        };
        let rule: Rule = rule.parse().expect("rule");
        let size: usize = size.parse().expect("size");
        let position = (!position.is_empty()).then_some(position.as_str());
        let game = session(size, rule, position);
        let depth: u32 = depth.parse().expect("depth");
        assert_eq!(
            game.perft(depth).to_string(),
            *leaves,
            "{rule} {size} {position:?} {depth}"
        );
    }
}

#[test]
fn the_strong_player_takes_a_five_before_blocking_one() {
    // Both sides have a four; the side to move (x) wins at g7 rather than blocking at b8.
    let position = board(10, "c3 d4 e5 f6 a1", "c8 d8 e8 f8 j1");
    let mut game = session(10, Rule::Freestyle, Some(&position));
    let result = think(&mut game, Level::Strong, Limits::depth(3));
    assert_eq!(result.best_move.map(|m| m.name), Some("g7".to_string()));
    assert_eq!(result.score, ScoreView::WinIn(1));
}

#[test]
fn perft_counts_empty_cells() {
    let game = session(5, Rule::Freestyle, None);
    assert_eq!(game.perft(1), 25);
    assert_eq!(game.perft(2), 25 * 24);
    assert_eq!(game.perft(3), 25 * 24 * 23);
}

#[test]
fn renju_forbidden_points_follow_the_rif_rules() {
    let config = CaroConfig {
        size: 15,
        rule: Rule::Renju,
    };
    let rows = table(include_str!("data/caro/renju_forbidden.txt"));
    assert!(rows.len() >= 9);
    for row in rows {
        let [name, x, o, mv, expected] = row.as_slice() else {
            panic!("bad row {row:?}");
        };
        let text = board(15, x, o);
        let game = <Caro as Rules>::from_position(&config, &text).expect(name);
        assert_eq!(game.side_to_move(), Side::First, "{name}");
        let played = game.parse_move(mv);
        match expected.as_str() {
            "allowed" | "five" => {
                let cell = played.unwrap_or_else(|error| panic!("{name}: {error}"));
                let mut after = game.clone();
                after.make_move(cell);
                let won = after.winner() == Some(Side::First);
                assert_eq!(won, expected == "five", "{name}");
                // The board's own legality check agrees.
                assert!(game.is_allowed(cell, Side::First), "{name}");
            }
            reason => {
                let error = played.expect_err(name).to_string();
                assert!(error.contains(reason), "{name}: {error}");
            }
        }
    }
}

#[test]
fn a_node_limit_bounds_the_threat_search_too() {
    // A middlegame where the root's VCT look alone used to take 400,000 positions whatever
    // the limit said (so `--nodes` matches crawled); now it spends a third of the limit and
    // the search proper the rest.
    let mut game = session(10, Rule::Freestyle, None);
    for mv in "f5 h4 g5 e5 g6 g3 e4 h7 g7 g8 h5 i5 f2 f4 d6 i6 f9 i4 i3 d3".split(' ') {
        game.play_text(mv).expect("legal");
    }
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let result = think(&mut game, Level::Strong, limits);
    assert!(
        (20_000..=30_000).contains(&result.nodes),
        "searched {} positions for a 30,000-node limit",
        result.nodes
    );
    assert!(result.best_move.is_some());
}
