//! Xiangqi (Chinese chess, cờ tướng): rules, FEN, notation (ICCS `h2e2`, WXF `C2=5`,
//! Chinese 炮二平五), the seed's classic player and ply's strong one.
//!
//! Rules as the Asian and computer tournaments play them: a side with no legal move loses
//! (checkmate and stalemate alike); generals may not face each other on an open file;
//! perpetual check loses, perpetual chase loses (see [`repetition`] for the exact rule),
//! other repetitions draw on the third occurrence; 60 moves (120 plies) without a capture
//! draw.

mod classic;
mod fen;
mod game;
pub mod levels;
mod material;
mod movegen;
mod notation;
pub mod params;
mod piece;
mod position;
pub mod repetition;
mod see;
pub mod spec;
mod square;
mod strong;
pub mod terms;
mod view;
mod weights;
mod zobrist;

pub use classic::{CANNON, CHARIOT, Classic, HORSE, SEED_VALUES, SOLDIER, seed_value};
pub use fen::START;
pub use game::{NO_CAPTURE_PLIES, Record, Xiangqi};
pub use notation::{chinese, iccs, parse_iccs, vietnamese, wxf};
pub use params::EXCHANGE;
pub use piece::Kind;
pub use position::{Move, Position};
pub use see::see;
pub use strong::{Strong, harmless_divisor, red_view};
pub use weights::WEIGHTS;

use ply_search::teaching::{LeafValues, TeachingSettings};
use ply_search::{Game, Outcome};

use crate::session::{
    BoardLabels, BoardView, Level, MoveError, MoveId, MoveView, Notation, PositionError, Rules,
};
use movegen::Wanted;

const ACCEPTED: &str = "expected coordinates like h2e2 (files a-i from Red's left, ranks 0-9 from Red's side), WXF like C2=5 or H8+7, Chinese like 炮二平五, or Vietnamese like P2-5 or M8.7";

/// The notations xiangqi players choose between, WXF (the usual one) first.
const NOTATIONS: [Notation; 4] = [
    Notation::Wxf,
    Notation::Chinese,
    Notation::Vietnamese,
    Notation::Coordinates,
];

/// The value of a win in the teaching searches: above any sum of the seed's values.
const TEACHING_WIN: i32 = 1_000_000;

impl Xiangqi {
    /// The Chinese name of `mv` here (炮二平五).
    pub fn chinese_name(&self, mv: Move) -> String {
        chinese(self.position(), mv)
    }

    fn explain_illegal(&self, text: &str, mv: Move) -> MoveError {
        let position = self.position();
        let side = position.side_to_move();
        let Some((owner, kind)) = position.piece(mv.from) else {
            return MoveError::illegal(
                text,
                format!("there is no piece on {}", square::name(mv.from)),
            );
        };
        if owner != side {
            return MoveError::illegal(
                text,
                format!(
                    "the {} on {} is not {}'s",
                    kind.name(),
                    square::name(mv.from),
                    Self::side_names()[side.index()]
                ),
            );
        }
        let mut pseudo = Vec::new();
        movegen::generate(position, self.in_check(), Wanted::Pseudo, &mut pseudo);
        if pseudo.contains(&mv) {
            MoveError::illegal(
                text,
                "it would leave the general in check or facing the other general",
            )
        } else {
            MoveError::illegal(
                text,
                format!(
                    "the {} on {} cannot move to {}",
                    kind.name(),
                    square::name(mv.from),
                    square::name(mv.to)
                ),
            )
        }
    }
}

impl Rules for Xiangqi {
    type Config = ();
    type Classic = Classic;
    type Strong = Strong;

    const NAME: &'static str = "xiangqi";

    fn spec() -> &'static crate::spec::GameSpec {
        &spec::SPEC
    }

    fn title(_config: &()) -> String {
        "Xiangqi (cờ tướng)".to_string()
    }

    fn side_names() -> [&'static str; 2] {
        ["red", "black"]
    }

    fn new_game(_config: &()) -> Self {
        Xiangqi::start()
    }

    fn from_position(_config: &(), text: &str) -> Result<Self, PositionError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("startpos") || text.eq_ignore_ascii_case("start") {
            return Ok(Xiangqi::start());
        }
        Xiangqi::from_fen(text)
    }

    fn position_text(&self) -> String {
        self.fen()
    }

    fn classic(&self) -> Classic {
        Classic
    }

    fn strong(&self) -> Strong {
        Strong
    }

    fn ladder() -> &'static ply_search::skill::Ladder {
        &levels::LADDER
    }

    fn teaching_settings(&self, _level: Level) -> TeachingSettings {
        TeachingSettings {
            depth: 4,
            leaves: LeafValues {
                win: TEACHING_WIN,
                depth_bonus: true,
            },
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_move_in(text, Notation::Wxf)
    }

    fn parse_move_in(&self, text: &str, notation: Notation) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveError::unreadable(text, ACCEPTED));
        }
        let mut legal = Vec::new();
        self.generate_moves(&mut legal);
        if let Some(mv) = parse_iccs(trimmed) {
            return if legal.contains(&mv) {
                Ok(mv)
            } else {
                Err(self.explain_illegal(trimmed, mv))
            };
        }
        let position = self.position();
        // The chosen notation first: `P3.4` is a soldier in WXF and a cannon in Vietnamese.
        let chosen = match notation {
            Notation::Wxf => Some(notation::Written::Wxf),
            Notation::Chinese => Some(notation::Written::Chinese),
            Notation::Vietnamese => Some(notation::Written::Vietnamese),
            Notation::Coordinates | Notation::San => None,
        };
        if let Some(written) = chosen {
            let read: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&mv| notation::matches_in(position, mv, trimmed, written) == Some(true))
                .collect();
            if let [mv] = read.as_slice() {
                return Ok(*mv);
            }
        }
        let mut exact = Vec::new();
        let mut loose = Vec::new();
        for &mv in &legal {
            match notation::matches(position, mv, trimmed) {
                Some(true) => exact.push(mv),
                Some(false) => loose.push(mv),
                None => {}
            }
        }
        let found = if exact.is_empty() { loose } else { exact };
        match found.as_slice() {
            [mv] => Ok(*mv),
            [] => {
                let first = trimmed.chars().next().unwrap_or(' ');
                let looks_like_a_move = (Kind::from_wxf_letter(first).is_some()
                    && trimmed.chars().count() <= 5)
                    || "XTB".contains(first.to_ascii_uppercase())
                    || Kind::from_glyph(first).is_some()
                    || "+-前後后中一二三四五".contains(first);
                if looks_like_a_move {
                    Err(MoveError::illegal(
                        trimmed,
                        "no legal move is written that way here",
                    ))
                } else {
                    Err(MoveError::unreadable(text, ACCEPTED))
                }
            }
            several => Err(MoveError::Ambiguous {
                text: trimmed.to_string(),
                candidates: several
                    .iter()
                    .map(|&mv| format!("{} ({})", self.move_in(mv, notation), iccs(mv)))
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    fn move_name(&self, mv: Move) -> String {
        iccs(mv)
    }

    fn move_display(&self, mv: Move) -> String {
        wxf(self.position(), mv)
    }

    fn notations() -> &'static [Notation] {
        &NOTATIONS
    }

    fn move_in(&self, mv: Move, notation: Notation) -> String {
        match notation {
            Notation::Coordinates => iccs(mv),
            Notation::Chinese => chinese(self.position(), mv),
            Notation::Vietnamese => vietnamese(self.position(), mv),
            Notation::Wxf | Notation::San => wxf(self.position(), mv),
        }
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let (from, to) = view::cells(mv);
        MoveView {
            id: MoveId(Self::pack_move(mv)),
            name: iccs(mv),
            display: wxf(self.position(), mv),
            names: self.move_names(mv),
            from: Some(from),
            to,
            promotion: None,
        }
    }

    fn board_view(&self) -> BoardView {
        view::board_view(self)
    }

    fn can_win(&self, side: ply_search::Side) -> bool {
        self.has_attacking_piece(side)
    }

    fn board_labels(&self, notation: Notation) -> BoardLabels {
        view::board_labels(notation)
    }

    fn outcome_reason(&self, outcome: Outcome) -> String {
        if let Some((_, reason)) = self.ending() {
            return reason.to_string();
        }
        match outcome {
            Outcome::Win(_) if self.in_check() => "checkmate".to_string(),
            Outcome::Win(_) => "stalemate: no legal move, which loses in xiangqi".to_string(),
            Outcome::Draw => "draw".to_string(),
        }
    }
}
