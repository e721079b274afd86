//! Property tests for every game through the search's `Game` interface, each against a slow
//! reference written here from the rules alone (`reference/`): along seeded random playouts,
//! the generated moves are exactly the legal ones with no duplicate (by name and by packed
//! TT move), make/unmake of every move restores the position and its hash, the incremental
//! hash equals the hash of the same position read from scratch, and the game ends when and
//! how the rules say. Tic-tac-toe is checked over its whole tree.

#[path = "reference/chess.rs"]
mod chess_reference;
#[path = "reference/grid.rs"]
mod grid_reference;
#[path = "reference/xiangqi.rs"]
mod xiangqi_reference;

use std::collections::{HashMap, HashSet};

use grid_reference::Grid;
use ply_games::Rules;
use ply_games::caro::{Caro, CaroConfig, Rule};
use ply_games::chess::{Chess, ChessConfig};
use ply_games::tictactoe::TicTacToe;
use ply_games::xiangqi::Xiangqi;
use ply_search::{Game, Outcome, Side, SplitMix64};

/// What the rules say about a position, from the reference.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Ongoing,
    Over(Outcome),
    /// A rule the reference does not model (a repetition) may have ended the game.
    EitherWay,
}

/// The game's own verdict: `outcome()` first, then `outcome_when_stuck()` with no moves.
fn verdict<G: Game>(game: &G, moves: &[G::Move]) -> Option<Outcome> {
    game.outcome()
        .or_else(|| moves.is_empty().then(|| game.outcome_when_stuck()))
}

/// The same position read from its own text, from scratch.
fn reread<G: Rules>(config: &G::Config, game: &G) -> G {
    let text = game.position_text();
    G::from_position(config, &text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"))
}

/// Checks one position: moves against the reference, duplicates, the hash from scratch, and
/// make/unmake of every `child_every`th move (restoring position and hash; the child's hash
/// equal to its hash from scratch).
fn check_position<G: Rules>(
    config: &G::Config,
    game: &mut G,
    reference: &[String],
    child_every: usize,
    context: &str,
) -> Vec<G::Move> {
    let text = game.position_text();
    let hash = game.hash();
    assert_eq!(
        reread::<G>(config, game).hash(),
        hash,
        "{context}: hash of {text} from scratch"
    );
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&mv| game.move_name(mv)).collect();
    let unique: HashSet<&String> = names.iter().collect();
    assert_eq!(
        unique.len(),
        names.len(),
        "{context}: a move listed twice in {text}"
    );
    let packed: HashSet<u16> = moves.iter().map(|&mv| G::pack_move(mv)).collect();
    assert_eq!(
        packed.len(),
        moves.len(),
        "{context}: two moves pack alike in {text}"
    );
    let expected: HashSet<&String> = reference.iter().collect();
    let missing: Vec<&&String> = expected.difference(&unique).collect();
    let extra: Vec<&&String> = unique.difference(&expected).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{context}: in {text} the generator misses {missing:?} and adds {extra:?}"
    );
    for (index, &mv) in moves.iter().enumerate().step_by(child_every) {
        game.make_move(mv);
        let child = reread::<G>(config, game);
        assert_eq!(
            child.hash(),
            game.hash(),
            "{context}: hash after {} from {text}",
            names[index]
        );
        game.unmake_move(mv);
        assert_eq!(
            game.hash(),
            hash,
            "{context}: unmake {} restores the hash",
            names[index]
        );
        assert_eq!(
            game.position_text(),
            text,
            "{context}: unmake {} restores {text}",
            names[index]
        );
    }
    moves
}

/// A reference: the legal move names and the verdict for a game, given the position keys
/// seen earlier in the playout.
type Reference<'a, G> = dyn Fn(&G, &[String]) -> (Vec<String>, Verdict) + 'a;

/// Plays seeded random games from `start`, checking every position, until the game ends or
/// `max_plies`; the game's verdict must match the reference's at every ply.
fn playouts<G: Rules>(
    config: &G::Config,
    start: &G,
    games: usize,
    max_plies: usize,
    seed: u64,
    child_every: usize,
    reference: &Reference<'_, G>,
) -> (usize, usize) {
    let mut random = SplitMix64::new(seed);
    let (mut plies, mut finished) = (0, 0);
    for playout in 0..games {
        let mut game = start.clone();
        let mut seen: Vec<String> = Vec::new();
        let mut played = Vec::new();
        for ply in 0..max_plies {
            let context = format!("{} seed {seed} game {playout} ply {ply}", G::NAME);
            let (legal, expected) = reference(&game, &seen);
            let moves = check_position(config, &mut game, &legal, child_every, &context);
            let actual = verdict(&game, &moves);
            match expected {
                Verdict::Ongoing => assert_eq!(actual, None, "{context}: {}", game.position_text()),
                Verdict::Over(outcome) => {
                    assert_eq!(actual, Some(outcome), "{context}: {}", game.position_text())
                }
                Verdict::EitherWay => {}
            }
            if actual.is_some() || moves.is_empty() {
                finished += 1;
                break;
            }
            seen.push(key(&game.position_text()));
            let mv = moves[random.below(moves.len())];
            game.make_move(mv);
            played.push(mv);
            plies += 1;
        }
        let end = game.position_text();
        for &mv in played.iter().rev() {
            game.unmake_move(mv);
        }
        assert_eq!(
            game.position_text(),
            start.position_text(),
            "{} after {end}",
            G::NAME
        );
        assert_eq!(game.hash(), start.hash());
    }
    (plies, finished)
}

/// A position without its move counters (what repetition compares).
fn key(text: &str) -> String {
    text.split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

fn side_that_moved(grid: &Grid) -> u8 {
    3 - grid.to_move
}

fn winner(stone: u8) -> Outcome {
    Outcome::Win(if stone == 1 {
        Side::First
    } else {
        Side::Second
    })
}

fn grid_reference(rule: Option<Rule>) -> impl Fn(&String) -> (Vec<String>, Verdict) {
    move |text: &String| {
        let grid = Grid::parse(text);
        let legal = grid.legal_moves(rule);
        let mover = side_that_moved(&grid);
        let verdict = if grid.has_win(mover, rule) {
            Verdict::Over(winner(mover))
        } else if grid.has_win(grid.to_move, rule) {
            Verdict::Over(winner(grid.to_move))
        } else if legal.is_empty() {
            Verdict::Over(Outcome::Draw)
        } else {
            Verdict::Ongoing
        };
        (legal, verdict)
    }
}

#[test]
fn tictactoe_every_position_of_the_whole_tree() {
    fn walk(game: &mut TicTacToe, seen: &mut HashMap<String, ()>) {
        let text = game.position_text();
        if seen.insert(text.clone(), ()).is_some() {
            return;
        }
        let (legal, expected) = grid_reference(None)(&text);
        let moves = check_position::<TicTacToe>(&(), game, &legal, 1, "tictactoe");
        let actual = verdict(game, &moves);
        let judged = actual.map_or(Verdict::Ongoing, Verdict::Over);
        assert_eq!(judged, expected, "tictactoe: {text}");
        for mv in moves {
            game.make_move(mv);
            walk(game, seen);
            game.unmake_move(mv);
        }
    }
    let mut seen = HashMap::new();
    walk(&mut TicTacToe::new_game(&()), &mut seen);
    assert_eq!(seen.len(), 5_478, "positions reachable in tic-tac-toe");
}

#[test]
fn caro_under_every_rule_against_the_reference() {
    for (index, rule) in Rule::ALL.into_iter().enumerate() {
        for size in [7, 11] {
            let config = CaroConfig { size, rule };
            let start = Caro::new_game(&config);
            let reference = grid_reference(Some(rule));
            let (plies, finished) = playouts(
                &config,
                &start,
                if size == 7 { 4 } else { 1 },
                size * size,
                100 + index as u64,
                if size == 7 { 1 } else { 23 },
                &|game: &Caro, _| reference(&game.position_text()),
            );
            assert!(
                plies > 0 && finished > 0,
                "{rule:?} {size}: {plies} plies, {finished} ended"
            );
        }
    }
}

#[test]
fn renju_forbidden_points_match_the_reference_in_crowded_positions() {
    // Dense random boards (Black to move) where three-threes, four-fours and overlines
    // are common; every empty point is judged by both.
    let mut random = SplitMix64::new(7);
    let config = CaroConfig {
        size: 9,
        rule: Rule::Renju,
    };
    let mut forbidden = 0;
    for board in 0..150 {
        let pairs = 8 + random.below(14);
        let mut cells = vec!['.'; 81];
        for stone in ['x', 'o'].repeat(pairs) {
            loop {
                let cell = random.below(81);
                if cells[cell] == '.' {
                    cells[cell] = stone;
                    break;
                }
            }
        }
        let rows: Vec<String> = cells.chunks(9).map(|row| row.iter().collect()).collect();
        let text = format!("{} x", rows.join("/"));
        let Ok(mut game) = Caro::from_position(&config, &text) else {
            continue;
        };
        let grid = Grid::parse(&game.position_text());
        let legal = grid.legal_moves(Some(Rule::Renju));
        if grid.has_win(1, Some(Rule::Renju)) || grid.has_win(2, Some(Rule::Renju)) {
            continue;
        }
        forbidden += grid.cells.iter().filter(|&&c| c == 0).count() - legal.len();
        check_position::<Caro>(
            &config,
            &mut game,
            &legal,
            1,
            &format!("renju board {board}"),
        );
    }
    assert!(forbidden > 30, "only {forbidden} forbidden points seen");
}

fn xiangqi_reference(game: &Xiangqi, seen: &[String]) -> (Vec<String>, Verdict) {
    let text = game.position_text();
    let board = xiangqi_reference::Board::from_fen(&text);
    let legal = board.legal_moves();
    let repeated = seen.contains(&key(&text));
    let verdict = if legal.is_empty() {
        let loser = game.side_to_move();
        Verdict::Over(Outcome::Win(loser.opponent()))
    } else if repeated {
        Verdict::EitherWay
    } else if board.clock >= 120 {
        Verdict::Over(Outcome::Draw)
    } else {
        Verdict::Ongoing
    };
    (legal, verdict)
}

#[test]
fn xiangqi_against_the_reference() {
    let starts = [
        ply_games::xiangqi::START,
        "rn1akabnr/7C1/c3b4/p1p1p1p1p/4c4/1C2P4/P1P3P1P/2N1B4/9/R1BAKA1NR w - - 12 7",
        "r3kab2/4a4/1C6C/2p5p/p4np2/2c1p4/2P3PrP/6NR1/3N1K3/3A1AB1R w - - 8 31",
        "3k5/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
        "4k4/4a4/9/9/9/9/9/9/9/3K5 w - - 100 60",
        "3ak4/4a4/4b4/9/2c6/9/9/4C4/9/4K4 w - - 0 1",
    ];
    let mut total = 0;
    for (index, start) in starts.iter().enumerate() {
        let game = Xiangqi::from_position(&(), start).expect("a valid FEN");
        let (plies, _) = playouts(
            &(),
            &game,
            3,
            150,
            300 + index as u64,
            1,
            &xiangqi_reference,
        );
        total += plies;
    }
    assert!(total > 1_000, "{total} plies");
}

fn chess_reference(chess960: bool) -> impl Fn(&Chess, &[String]) -> (Vec<String>, Verdict) {
    move |game: &Chess, seen: &[String]| {
        let text = game.position_text();
        let board = chess_reference::Board::from_fen(&text);
        let legal = board.legal_moves(chess960);
        let current = key(&text);
        let repetitions = 1 + seen.iter().filter(|&k| *k == current).count();
        let verdict = if legal.is_empty() && board.in_check() {
            Verdict::Over(Outcome::Win(game.side_to_move().opponent()))
        } else if legal.is_empty()
            || board.halfmove >= 100
            || board.insufficient_material()
            || repetitions >= 3
        {
            Verdict::Over(Outcome::Draw)
        } else {
            Verdict::Ongoing
        };
        (legal, verdict)
    }
}

#[test]
fn chess_and_chess960_against_the_reference() {
    let standard = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/8/8/4K2R w K - 95 80",
    ];
    let chess960 = [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
        "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1",
        "rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1",
        "2r1k1r1/8/8/8/8/8/8/2R1K1R1 w GCgc - 0 1",
    ];
    let mut total = 0;
    for (variant, starts) in [(false, &standard[..]), (true, &chess960[..])] {
        let config = ChessConfig { chess960: variant };
        let reference = chess_reference(variant);
        for (index, start) in starts.iter().enumerate() {
            let game = Chess::from_position(&config, start).expect("a valid FEN");
            let (plies, _) = playouts(&config, &game, 4, 200, 500 + index as u64, 3, &reference);
            total += plies;
        }
    }
    assert!(total > 3_000, "{total} plies");
}
