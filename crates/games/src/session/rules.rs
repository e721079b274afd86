//! `Rules`: what a game adds to `search::Game` so that the generic session can serve it to
//! every front end — its notation, position strings, board view, players and result words.

use std::fmt::Debug;

use ply_search::skill::Ladder;
use ply_search::teaching::TeachingSettings;
use ply_search::{Evaluator, Game, Outcome, Side};

use super::error::{MoveError, PositionError};
use super::notation::{MoveNames, Notation};
use super::think::Level;
use super::view::{BoardLabels, BoardView, MoveView, Status};
use crate::spec::GameSpec;

/// A game as front ends need it. Implemented once per game; the generic
/// [`GameRecord`](super::GameRecord) and [`GameThinker`](super::GameThinker) serve it as a
/// [`Record`](super::Record) and a [`Thinker`](super::Thinker).
pub trait Rules: Game + Sized {
    /// Settings that shape a game (board size, rule variant); `()` when there are none.
    type Config: Clone + Debug + Send + Sync + 'static;
    /// The seed's evaluation: the teaching baseline.
    type Classic: Evaluator<Self>;
    /// ply's own evaluation.
    type Strong: Evaluator<Self>;

    /// The registry name (`tictactoe`, `caro`, `xiangqi`, `chess`).
    const NAME: &'static str;

    /// The game's spec: its options, bench workload and constructor.
    fn spec() -> &'static GameSpec;

    /// A title for this configuration: "Tic-tac-toe", "Caro 15×15, renju".
    fn title(config: &Self::Config) -> String;

    /// How players call the two sides: `["X", "O"]`, `["white", "black"]`, `["red", "black"]`.
    fn side_names() -> [&'static str; 2];

    /// The usual start position.
    fn new_game(config: &Self::Config) -> Self;

    /// A position from its string (FEN, board string).
    fn from_position(config: &Self::Config, text: &str) -> Result<Self, PositionError>;

    /// The position as a string that [`Rules::from_position`] reads back.
    fn position_text(&self) -> String;

    /// The classic evaluator for this game.
    fn classic(&self) -> Self::Classic;

    /// The strong evaluator for this game.
    fn strong(&self) -> Self::Strong;

    /// The game's levels 1 to 8 (node limits, noise and margins in the strong evaluator's
    /// units, calibrated ratings): see the game's `levels.rs`.
    fn ladder() -> &'static Ladder;

    /// Depth and leaf values of the teaching algorithms for `level` when the request gives
    /// no depth.
    fn teaching_settings(&self, level: Level) -> TeachingSettings;

    /// Reads a legal move in any notation the game accepts.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The move in canonical coordinate notation (what protocols send).
    fn move_name(&self, mv: Self::Move) -> String;

    /// The move in the notation players read (SAN, WXF…), in this position.
    fn move_display(&self, mv: Self::Move) -> String {
        self.move_name(mv)
    }

    /// The notations players may choose for this game, the usual one (what
    /// [`Rules::move_display`] writes) first.
    fn notations() -> &'static [Notation] {
        &[Notation::Coordinates]
    }

    /// The move written in `notation`, in this position; a notation the game does not offer
    /// gives the usual name.
    fn move_in(&self, mv: Self::Move, notation: Notation) -> String {
        if notation == Notation::Coordinates {
            self.move_name(mv)
        } else {
            self.move_display(mv)
        }
    }

    /// The move's names in every notation the game offers, the usual one first.
    fn move_names(&self, mv: Self::Move) -> MoveNames {
        let mut names = MoveNames::new();
        for &notation in Self::notations() {
            names.push(notation, self.move_in(mv, notation));
        }
        names
    }

    /// Reads a legal move typed by a player who chose `notation`: where the text names
    /// different moves in different notations (xiangqi's `P3.4` is a soldier in WXF and a
    /// cannon in Vietnamese), the chosen notation decides; any other notation is read too.
    fn parse_move_in(&self, text: &str, notation: Notation) -> Result<Self::Move, MoveError> {
        let _ = notation;
        self.parse_move(text)
    }

    /// The move for a front end: names and the board cells it touches.
    fn move_view(&self, mv: Self::Move) -> MoveView;

    /// The board to draw (the session fills in the last move).
    fn board_view(&self) -> BoardView;

    /// The board's edge labels as `notation` numbers files and ranks; by default the board
    /// view's coordinates whatever the notation.
    fn board_labels(&self, notation: Notation) -> BoardLabels {
        let _ = notation;
        let view = self.board_view();
        BoardLabels {
            near: view.file_labels,
            far: Vec::new(),
            ranks: view.rank_labels,
        }
    }

    /// Why a game ended with `outcome` here, in a few words ("three in a row", "checkmate").
    fn outcome_reason(&self, outcome: Outcome) -> String;

    /// Empty cells the side to move may not play on, by board-view cell, with the rules'
    /// reason (renju's forbidden points for Black); none in most games.
    fn forbidden_cells(&self) -> Vec<(usize, String)> {
        Vec::new()
    }

    /// Whether `side` could still win from here by some sequence of legal moves, however
    /// badly the other side played: what a fallen flag asks (the flag loses, unless the
    /// opponent cannot win, and then it draws). True unless the game says otherwise: in caro
    /// and tic-tac-toe a fallen flag always loses.
    fn can_win(&self, side: Side) -> bool {
        let _ = side;
        true
    }

    /// A whole game as text: the start position and the moves. Chess overrides this with PGN.
    fn export(start: &Self, moves: &[MoveView], status: &Status) -> String {
        let mut out = format!(
            "[Game \"{}\"]\n[Position \"{}\"]\n",
            Self::NAME,
            start.position_text()
        );
        if let Status::Finished { winner, reason } = status {
            let result = match winner {
                Some(Side::First) => format!("{} wins", Self::side_names()[0]),
                Some(Side::Second) => format!("{} wins", Self::side_names()[1]),
                None => "draw".to_string(),
            };
            out.push_str(&format!("[Result \"{result} ({reason})\"]\n"));
        }
        let names: Vec<&str> = moves.iter().map(|mv| mv.name.as_str()).collect();
        out.push_str(&names.join(" "));
        out.push('\n');
        out
    }

    /// Leaves of the legal-move tree `depth` plies deep, bulk-counted at the last ply. The
    /// default walks the tree through [`Game`]; a game may count faster on its own board.
    fn perft(&self, depth: u32) -> u64 {
        let mut game = self.clone();
        ply_search::perft(&mut game, depth)
    }

    /// Candidate moves for the opening of a match game: the strong player's candidates,
    /// so that random openings stay reasonable (caro stones near the centre).
    fn opening_candidates(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.strong().candidate_moves(self, &mut moves);
        moves
    }
}
