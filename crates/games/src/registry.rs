//! The registry of games: names, aliases, options, defaults and the fixed bench workload of
//! each. Adding a game is one entry here; every front end then serves it.

use crate::caro::{Caro, CaroConfig, Rule};
use crate::chess::{Chess, ChessConfig};
use crate::session::{GameError, GameSession, PositionError, Session};
use crate::tictactoe::TicTacToe;
use crate::xiangqi::Xiangqi;

/// Settings a user may give when starting a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// Board size (caro).
    pub size: Option<usize>,
    /// Rule variant (caro: freestyle, standard, caro, caro5, renju).
    pub rule: Option<String>,
    /// Start position (FEN or board string) instead of the usual start.
    pub position: Option<String>,
    /// Chess960 (Fischer random) castling rules and notation (chess).
    pub chess960: bool,
}

/// Board sizes a game accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    /// Smallest.
    pub min: usize,
    /// Largest.
    pub max: usize,
    /// Used when none is given.
    pub default: usize,
}

/// A fixed, deterministic workload for `ply bench`: the strong engine, one thread, a fresh
/// 16 MiB table per position, to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSpec {
    /// Positions (empty string: the start position).
    pub positions: &'static [&'static str],
    /// Depth of each search.
    pub depth: u32,
}

type Create = fn(&GameOptions) -> Result<Box<dyn Session>, GameError>;

/// One game ply knows.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec {
    /// The name used on the command line and in URLs.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// A title for menus.
    pub title: &'static str,
    /// Accepted board sizes, if the size can change.
    pub sizes: Option<SizeRange>,
    /// Accepted rule variants, the default first; empty if there is one rule.
    pub rules: &'static [&'static str],
    /// Time per move the strong player takes when none is given; `None` when the engine
    /// proves the game at once and should search until it has.
    pub default_movetime_ms: Option<u64>,
    /// Random plies played from the start to vary match openings.
    pub opening_plies: u32,
    /// The `ply bench` workload.
    pub bench: BenchSpec,
    /// A published time-to-depth table to compare `ply bench --table` with:
    /// (depth, milliseconds, megabytes), e.g. the xiangqi seed's Java program.
    pub reference_table: &'static [(u32, u64, u64)],
    create: Option<Create>,
}

impl GameSpec {
    /// Whether this version of ply plays the game.
    pub fn is_available(&self) -> bool {
        self.create.is_some()
    }

    /// Starts a game with `options`.
    pub fn new_session(&self, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
        let create = self.create.ok_or_else(|| GameError::NotYetAvailable {
            name: self.name.to_string(),
        })?;
        if let Some(size) = options.size {
            match self.sizes {
                None => {
                    return Err(GameError::BadOption(format!(
                        "{} has a fixed board; --size is for caro",
                        self.name
                    )));
                }
                Some(range) if size < range.min || size > range.max => {
                    return Err(GameError::BadOption(format!(
                        "board size {size} is out of range: {} takes {} to {}",
                        self.name, range.min, range.max
                    )));
                }
                Some(_) => {}
            }
        }
        if let Some(rule) = &options.rule
            && !self
                .rules
                .iter()
                .any(|known| known.eq_ignore_ascii_case(rule))
        {
            return Err(GameError::BadOption(if self.rules.is_empty() {
                format!("{} has one set of rules; --rule is for caro", self.name)
            } else {
                format!(
                    "unknown rule '{rule}' for {}: expected one of {}",
                    self.name,
                    self.rules.join(", ")
                )
            }));
        }
        create(options)
    }

    /// The bench positions for a board of `size` (the default board when `None`). A game's
    /// positions are written for its default board; on another size they are re-centred,
    /// and those whose stones do not fit are left out (the start position always stays).
    pub fn bench_positions(&self, size: Option<usize>) -> Vec<String> {
        let positions = self.bench.positions.iter();
        match (self.sizes, size) {
            (Some(range), Some(size)) if size != range.default => positions
                .filter_map(|position| {
                    if position.is_empty() {
                        Some(String::new())
                    } else {
                        recentre(position, range.default, size)
                    }
                })
                .collect(),
            _ => positions.map(|position| position.to_string()).collect(),
        }
    }
}

/// A grid position written for a `from`×`from` board, moved onto a `to`×`to` board with
/// its stones as near the centre as the shift allows; `None` if they do not fit.
fn recentre(position: &str, from: usize, to: usize) -> Option<String> {
    let rows = crate::grid::parse_rows(position).ok()?;
    if rows.width != from || rows.height != from {
        return None;
    }
    let stones: Vec<(usize, usize)> = rows
        .cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.is_some())
        .map(|(index, _)| (index / from, index % from))
        .collect();
    let shift = (to as isize - from as isize) / 2;
    let axis = |coordinate: fn(&(usize, usize)) -> usize| -> Option<isize> {
        let low = stones.iter().map(coordinate).min().unwrap_or(0) as isize;
        let high = stones.iter().map(coordinate).max().unwrap_or(0) as isize;
        (high - low < to as isize).then(|| shift.clamp(-low, to as isize - 1 - high))
    };
    let (down, right) = (axis(|s| s.0)?, axis(|s| s.1)?);
    let mut cells = vec![None; to * to];
    for &(row, column) in &stones {
        let side = rows.cells.get(row * from + column).copied().flatten();
        let (row, column) = (row as isize + down, column as isize + right);
        if let Some(cell) = cells.get_mut(row as usize * to + column as usize) {
            *cell = side;
        }
    }
    let count = |side| cells.iter().filter(|cell| **cell == Some(side)).count();
    let to_move = match rows.to_move {
        Some(side) => side,
        None => crate::grid::side_from_counts(
            count(ply_search::Side::First),
            count(ply_search::Side::Second),
        )
        .ok()?,
    };
    Some(crate::grid::format_rows(&cells, to, to_move))
}

fn create_tictactoe(options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
    let session = match &options.position {
        Some(position) => GameSession::<TicTacToe>::from_position((), position)?,
        None => GameSession::<TicTacToe>::new(()),
    };
    Ok(Box::new(session))
}

fn create_caro(options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
    let rule = match &options.rule {
        Some(name) => name
            .parse::<Rule>()
            .map_err(|error| GameError::BadOption(error.to_string()))?,
        None => Rule::default(),
    };
    let size = match (options.size, &options.position) {
        (Some(size), _) => size,
        (None, Some(position)) => {
            crate::grid::parse_rows(position)
                .map_err(GameError::Position)?
                .width
        }
        (None, None) => CaroConfig::default().size,
    };
    if !(crate::caro::board::MIN_SIZE..=crate::caro::board::MAX_SIZE).contains(&size) {
        return Err(GameError::Position(PositionError::new(
            options.position.as_deref().unwrap_or(""),
            format!("a {size}×{size} board is out of range: caro takes 5 to 25"),
        )));
    }
    let config = CaroConfig { size, rule };
    let session = match &options.position {
        Some(position) => GameSession::<Caro>::from_position(config, position)?,
        None => GameSession::<Caro>::new(config),
    };
    Ok(Box::new(session))
}

fn create_chess(options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
    let config = ChessConfig {
        chess960: options.chess960,
    };
    let session = match &options.position {
        Some(position) => GameSession::<Chess>::from_position(config, position)?,
        None => GameSession::<Chess>::new(config),
    };
    Ok(Box::new(session))
}

fn create_xiangqi(options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
    let session = match &options.position {
        Some(position) => GameSession::<Xiangqi>::from_position((), position)?,
        None => GameSession::<Xiangqi>::new(()),
    };
    Ok(Box::new(session))
}

static GAMES: [GameSpec; 4] = [
    GameSpec {
        name: "tictactoe",
        aliases: &["ttt", "tic-tac-toe"],
        title: "Tic-tac-toe",
        sizes: None,
        rules: &[],
        default_movetime_ms: None,
        opening_plies: 1,
        bench: BenchSpec {
            positions: &[
                "",
                "x2/1o1/2x o",
                "1x1/3/3 o",
                "3/1x1/3 o",
                "x2/3/2o x",
                "o2/1x1/3 x",
                "2x/1o1/x2 o",
                "xo1/3/3 x",
            ],
            depth: 9,
        },
        reference_table: &[],
        create: Some(create_tictactoe),
    },
    GameSpec {
        name: "caro",
        aliases: &["gomoku"],
        title: "Caro (gomoku)",
        sizes: Some(SizeRange {
            min: 5,
            max: 25,
            default: 10,
        }),
        rules: &["freestyle", "standard", "caro", "caro5", "renju"],
        default_movetime_ms: Some(1_000),
        opening_plies: 3,
        bench: BenchSpec {
            positions: &[
                "",
                "10/10/10/4x5/3ox5/4xo4/10/10/10/10 o",
                "10/10/4o5/5o4/4o1o3/3x1x4/4x5/3x6/10/10 x",
                "10/10/4o5/4oo4/4o1o3/3xxxox2/4x5/3x6/2x7/1o8 x",
                "10/10/10/10/7ox1/5xxo2/5xoo2/4xo1x2/4o5/3x6 o",
            ],
            depth: 8,
        },
        reference_table: &[],
        create: Some(create_caro),
    },
    GameSpec {
        name: "xiangqi",
        aliases: &["cotuong", "chinese-chess"],
        title: "Xiangqi (cờ tướng)",
        sizes: None,
        rules: &[],
        default_movetime_ms: Some(1_000),
        opening_plies: 2,
        bench: BenchSpec {
            positions: &[
                "",
                "rn1akabnr/7C1/c3b4/p1p1p1p1p/4c4/1C2P4/P1P3P1P/2N1B4/9/R1BAKA1NR w - - 12 7",
                "2bak1b2/4a3r/2n5n/p1c1p1p1p/9/2P1P1P2/Pr6P/NC6N/4A2c1/R1B1KAB1R w - - 4 16",
                "r3kab2/4a4/1C6C/2p5p/p4np2/2c1p4/2P3PrP/6NR1/3N1K3/3A1AB1R w - - 8 31",
                "rn2k1b2/4a4/3a4b/7P1/p1p1p4/2P3r2/1R2P4/4B1N2/3K2CR1/2B2A3 w - - 13 51",
            ],
            depth: 8,
        },
        reference_table: &[
            (1, 5, 60),
            (2, 15, 75),
            (3, 16, 80),
            (4, 94, 85),
            (5, 229, 90),
            (6, 896, 450),
            (7, 4_260, 550),
        ],
        create: Some(create_xiangqi),
    },
    GameSpec {
        name: "chess",
        aliases: &["covua"],
        title: "Chess",
        sizes: None,
        rules: &[],
        default_movetime_ms: Some(1_000),
        opening_plies: 2,
        bench: BenchSpec {
            positions: &[
                "",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqkb1r/pp3ppp/4pn2/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
                "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 11",
                "2r2rk1/1bq1bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 14",
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                "3r1rk1/p4ppp/1p2p3/2q5/2P5/1P3Q2/P4PPP/3R1RK1 b - - 0 21",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "r1bq1rk1/pp3ppp/2n1pn2/2pp4/1bPP4/2NBPN2/PP3PPP/R1BQK2R w KQ - 0 8",
                "6k1/5pp1/7p/8/3P4/6P1/5PKP/2r5 w - - 0 40",
                "8/8/4kpp1/3p4/p2P1P2/P3K1P1/8/8 w - - 0 45",
                "2kr3r/ppp2ppp/2n5/2b1p3/4P1b1/2PP1N2/PP3PPP/RNB2RK1 w - - 0 12",
                "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 15",
            ],
            depth: 11,
        },
        reference_table: &[],
        create: Some(create_chess),
    },
];

/// Every game, available or planned.
pub fn games() -> &'static [GameSpec] {
    &GAMES
}

/// The game called `name` (or one of its aliases), whether available or not.
pub fn find_game(name: &str) -> Result<&'static GameSpec, GameError> {
    let wanted = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .find(|spec| spec.name == wanted || spec.aliases.contains(&wanted.as_str()))
        .ok_or_else(|| GameError::Unknown {
            given: name.to_string(),
            expected: GAMES
                .iter()
                .map(|spec| {
                    if spec.aliases.is_empty() {
                        spec.name.to_string()
                    } else {
                        format!("{} ({})", spec.name, spec.aliases.join(", "))
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Starts a game by name.
pub fn new_session(name: &str, options: &GameOptions) -> Result<Box<dyn Session>, GameError> {
    find_game(name)?.new_session(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caro_bench_positions_fit_every_board_size() {
        let caro = find_game("caro").expect("caro");
        let stones = |text: &str| text.chars().filter(|c| *c == 'x' || *c == 'o').count();
        let written = caro.bench_positions(None);
        assert_eq!(written, caro.bench_positions(Some(10)));
        for size in [5, 7, 15, 20, 25] {
            let positions = caro.bench_positions(Some(size));
            assert_eq!(positions.first().map(String::as_str), Some(""));
            if size >= 10 {
                assert_eq!(positions.len(), written.len(), "size {size}");
            }
            for position in positions.iter().filter(|p| !p.is_empty()) {
                let mut session = caro
                    .new_session(&GameOptions {
                        size: Some(size),
                        ..GameOptions::default()
                    })
                    .expect("session");
                session.set_position(position).expect(position);
                assert!(written.iter().any(|w| stones(w) == stones(position)));
            }
        }
        // 15×15: the 10×10 stones moved by (2, 2), side to move kept.
        let moved = &caro.bench_positions(Some(15))[1];
        assert!(moved.starts_with("15/15/15/15/15/6x8/"), "{moved}");
        assert!(moved.ends_with(" o"), "{moved}");
    }

    #[test]
    fn names_and_aliases_find_games() {
        assert_eq!(find_game("ttt").map(|g| g.name), Ok("tictactoe"));
        assert_eq!(find_game("Gomoku").map(|g| g.name), Ok("caro"));
        let unknown = find_game("go").expect_err("no such game").to_string();
        assert!(
            unknown.contains("tictactoe") && unknown.contains("chess"),
            "{unknown}"
        );
    }

    #[test]
    fn options_are_checked() {
        let spec = find_game("tictactoe").expect("exists");
        let sized = GameOptions {
            size: Some(4),
            ..GameOptions::default()
        };
        assert!(matches!(
            spec.new_session(&sized),
            Err(GameError::BadOption(_))
        ));
        let ruled = GameOptions {
            rule: Some("renju".into()),
            ..GameOptions::default()
        };
        assert!(matches!(
            spec.new_session(&ruled),
            Err(GameError::BadOption(_))
        ));
    }
}
