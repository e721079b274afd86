//! Chess (and Chess960): cozy-chess's move generation wrapped into the search's `Game`,
//! FEN, UCI and SAN notation, PGN, the seed's material-only player and ply's strong one.

pub mod classic;
pub mod eval;
pub mod fen;
pub mod levels;
mod material;
pub mod notation;
pub mod pgn;
mod position;
mod setup;
pub mod spec;

pub use classic::Material;
pub use eval::Strong;
pub use position::{Chess, MoveKind, pack, position_key, side_of};

use cozy_chess::{Color, Move, Piece, Square};
use ply_search::teaching::{LeafValues, TeachingSettings};
use ply_search::{Game, Outcome};

use crate::session::{
    BoardKind, BoardView, Level, MoveError, MoveId, MoveNames, MoveView, Notation, PieceView,
    PositionError, Rules, Status,
};

/// The notations chess players choose between, SAN (the usual one) first.
const NOTATIONS: [Notation; 3] = [Notation::San, Notation::Vietnamese, Notation::Coordinates];

/// Chess settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChessConfig {
    /// Chess960 (Fischer random): castling written king-takes-rook, X-FEN castling rights.
    pub chess960: bool,
}

/// The seed's search depth for the classic player.
pub const SEED_DEPTH: u32 = 4;

/// Board-view cell of a square: rank 8 at the top, file a at the left.
pub fn cell(square: Square) -> usize {
    (7 - square.rank() as usize) * 8 + square.file() as usize
}

fn symbol(piece: Piece, color: Color) -> &'static str {
    match (color, piece) {
        (Color::White, Piece::King) => "♔",
        (Color::White, Piece::Queen) => "♕",
        (Color::White, Piece::Rook) => "♖",
        (Color::White, Piece::Bishop) => "♗",
        (Color::White, Piece::Knight) => "♘",
        (Color::White, Piece::Pawn) => "♙",
        (Color::Black, Piece::King) => "♚",
        (Color::Black, Piece::Queen) => "♛",
        (Color::Black, Piece::Rook) => "♜",
        (Color::Black, Piece::Bishop) => "♝",
        (Color::Black, Piece::Knight) => "♞",
        (Color::Black, Piece::Pawn) => "♟",
    }
}

impl Rules for Chess {
    type Config = ChessConfig;
    type Classic = Material;
    type Strong = Strong;

    const NAME: &'static str = "chess";

    fn spec() -> &'static crate::spec::GameSpec {
        &spec::SPEC
    }

    fn title(config: &ChessConfig) -> String {
        if config.chess960 {
            "Chess960".to_string()
        } else {
            "Chess".to_string()
        }
    }

    fn side_names() -> [&'static str; 2] {
        ["white", "black"]
    }

    fn new_game(config: &ChessConfig) -> Self {
        Chess::from_board(cozy_chess::Board::default(), config.chess960)
    }

    fn from_position(config: &ChessConfig, text: &str) -> Result<Self, PositionError> {
        fen::parse(text, config.chess960)
    }

    fn position_text(&self) -> String {
        fen::write(self)
    }

    fn classic(&self) -> Material {
        Material
    }

    fn strong(&self) -> Strong {
        Strong
    }

    /// The seed searches four plies; a mate is worth more than all the material on the
    /// board, sooner mates more.
    fn ladder() -> &'static ply_search::skill::Ladder {
        &levels::LADDER
    }

    fn teaching_settings(&self, _level: Level) -> TeachingSettings {
        TeachingSettings {
            depth: SEED_DEPTH,
            leaves: LeafValues {
                win: 100_000,
                depth_bonus: true,
            },
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_name(&self, mv: Move) -> String {
        notation::uci_name(self, mv)
    }

    fn move_display(&self, mv: Move) -> String {
        notation::san(self, mv)
    }

    fn notations() -> &'static [Notation] {
        &NOTATIONS
    }

    fn move_in(&self, mv: Move, chosen: Notation) -> String {
        match chosen {
            Notation::Coordinates => notation::uci_name(self, mv),
            Notation::Vietnamese => notation::vietnamese_san(&notation::san(self, mv)),
            _ => notation::san(self, mv),
        }
    }

    /// SAN is worked out once; the Vietnamese name is its letters changed.
    fn move_names(&self, mv: Move) -> MoveNames {
        let san = notation::san(self, mv);
        let mut names = MoveNames::new();
        names.push(Notation::Vietnamese, notation::vietnamese_san(&san));
        names.push(Notation::Coordinates, notation::uci_name(self, mv));
        names.push_front(Notation::San, san);
        names
    }

    fn parse_move_in(&self, text: &str, chosen: Notation) -> Result<Move, MoveError> {
        notation::parse_move_preferring(self, text, chosen == Notation::Vietnamese)
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let kind = self.move_kind(mv);
        // Castling moves the king to its castled square, whatever the encoding.
        let to = if kind.castles {
            let file = if mv.to.file() > mv.from.file() {
                cozy_chess::File::G
            } else {
                cozy_chess::File::C
            };
            Square::new(file, mv.from.rank())
        } else {
            mv.to
        };
        let names = self.move_names(mv);
        MoveView {
            id: MoveId(Self::pack_move(mv)),
            name: self.move_name(mv),
            display: names.in_notation(Notation::San).to_string(),
            names,
            from: Some(cell(mv.from)),
            to: cell(to),
            promotion: mv
                .promotion
                .map(|piece| notation::piece_name(piece).to_string()),
        }
    }

    fn board_view(&self) -> BoardView {
        let board = self.board();
        let cells = (0..64)
            .map(|index| {
                let square = Square::new(
                    cozy_chess::File::index(index % 8),
                    cozy_chess::Rank::index(7 - index / 8),
                );
                match (board.piece_on(square), board.color_on(square)) {
                    (Some(piece), Some(color)) => {
                        let letter = notation::piece_letter(piece);
                        Some(PieceView {
                            side: side_of(color),
                            kind: if color == Color::White {
                                letter.to_string()
                            } else {
                                letter.to_ascii_lowercase().to_string()
                            },
                            symbol: symbol(piece, color).to_string(),
                        })
                    }
                    _ => None,
                }
            })
            .collect();
        BoardView {
            files: 8,
            ranks: 8,
            kind: BoardKind::Checkered,
            cells,
            file_labels: "abcdefgh".chars().map(String::from).collect(),
            rank_labels: "87654321".chars().map(String::from).collect(),
            last_move: Vec::new(),
            check: self
                .in_check()
                .then(|| cell(board.king(board.side_to_move()))),
            to_move: self.side_to_move(),
        }
    }

    fn outcome_reason(&self, outcome: Outcome) -> String {
        match outcome {
            Outcome::Win(_) => "checkmate".to_string(),
            Outcome::Draw => self.draw_reason().unwrap_or("stalemate").to_string(),
        }
    }

    fn can_win(&self, side: ply_search::Side) -> bool {
        self.has_mating_material(side)
    }

    fn export(start: &Self, moves: &[MoveView], status: &Status) -> String {
        pgn::export(start, moves, status)
    }

    fn perft(&self, depth: u32) -> u64 {
        Chess::perft(self, depth)
    }
}
