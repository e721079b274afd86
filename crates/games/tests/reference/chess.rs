//! A slow chess move generator written from the rules alone (a 64-square mailbox, no
//! bitboards, no cozy-chess): pseudo-legal moves of every piece, castling (standard and
//! Chess960, from the FEN's castling field), en passant and promotion, then each move tried
//! on a copy of the board and kept when the mover's king is not attacked. Moves are named in
//! UCI, castling as king-to-square or, for Chess960, king-takes-rook.

#[derive(Clone, Copy, PartialEq, Eq)]
struct Piece {
    white: bool,
    kind: u8,
}

#[derive(Clone)]
pub struct Board {
    squares: [Option<Piece>; 64],
    white_to_move: bool,
    /// (white, rook square) for every castling right.
    castling: Vec<(bool, usize)>,
    en_passant: Option<usize>,
    pub halfmove: u32,
}

fn square(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as usize)
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

impl Board {
    pub fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut squares = [None; 64];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 7 - row as i32;
            let mut file = 0;
            for ch in text.chars() {
                if let Some(skip) = ch.to_digit(10) {
                    file += skip as i32;
                } else {
                    let kind = ch.to_ascii_lowercase() as u8;
                    squares[square(file, rank).expect("on the board")] = Some(Piece {
                        white: ch.is_ascii_uppercase(),
                        kind,
                    });
                    file += 1;
                }
            }
        }
        let white_to_move = fields[1] == "w";
        let mut board = Board {
            squares,
            white_to_move,
            castling: Vec::new(),
            en_passant: None,
            halfmove: fields.get(4).and_then(|h| h.parse().ok()).unwrap_or(0),
        };
        for ch in fields[2].chars().filter(|&c| c != '-') {
            let white = ch.is_ascii_uppercase();
            let rank = if white { 0 } else { 7 };
            let Some(king) =
                (0..8).find(|&f| board.squares[rank * 8 + f] == Some(Piece { white, kind: b'k' }))
            else {
                continue;
            };
            let rook_files: Vec<usize> = (0..8)
                .filter(|&f| board.squares[rank * 8 + f] == Some(Piece { white, kind: b'r' }))
                .collect();
            let file = match ch.to_ascii_lowercase() {
                'k' => rook_files.iter().copied().filter(|&f| f > king).max(),
                'q' => rook_files.iter().copied().filter(|&f| f < king).min(),
                letter => Some(letter as usize - 'a' as usize),
            };
            if let Some(file) = file {
                board.castling.push((white, rank * 8 + file));
            }
        }
        if let Some(ep) = fields.get(3).filter(|&&e| e != "-") {
            let bytes = ep.as_bytes();
            board.en_passant = square(
                i32::from(bytes[0]) - i32::from(b'a'),
                i32::from(bytes[1]) - i32::from(b'1'),
            );
        }
        board
    }

    fn king(&self, white: bool) -> Option<usize> {
        (0..64).find(|&sq| self.squares[sq] == Some(Piece { white, kind: b'k' }))
    }

    /// Whether a piece of colour `by_white` attacks `target`.
    pub fn attacked(&self, target: usize, by_white: bool) -> bool {
        let (file, rank) = ((target % 8) as i32, (target / 8) as i32);
        let holds = |sq: Option<usize>, kinds: &[u8]| {
            sq.and_then(|sq| self.squares[sq])
                .is_some_and(|p| p.white == by_white && kinds.contains(&p.kind))
        };
        let forward = if by_white { -1 } else { 1 };
        if holds(square(file - 1, rank + forward), b"p")
            || holds(square(file + 1, rank + forward), b"p")
        {
            return true;
        }
        if KNIGHT
            .iter()
            .any(|(df, dr)| holds(square(file + df, rank + dr), b"n"))
            || KING
                .iter()
                .any(|(df, dr)| holds(square(file + df, rank + dr), b"k"))
        {
            return true;
        }
        for (directions, kinds) in [(ROOK, b"rq"), (BISHOP, b"bq")] {
            for (df, dr) in directions {
                let mut step = 1;
                while let Some(sq) = square(file + df * step, rank + dr * step) {
                    if let Some(piece) = self.squares[sq] {
                        if piece.white == by_white && kinds.contains(&piece.kind) {
                            return true;
                        }
                        break;
                    }
                    step += 1;
                }
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        self.king(self.white_to_move)
            .is_some_and(|king| self.attacked(king, !self.white_to_move))
    }

    /// Every legal move, named in UCI (`chess960`: castling as king takes rook).
    pub fn legal_moves(&self, chess960: bool) -> Vec<String> {
        let us = self.white_to_move;
        let mut names = Vec::new();
        let try_move = |from: usize, to: usize, promotion: Option<u8>, names: &mut Vec<String>| {
            let mut after = self.clone();
            let piece = after.squares[from].take();
            if piece.is_some_and(|p| p.kind == b'p')
                && Some(to) == self.en_passant
                && self.squares[to].is_none()
            {
                let behind = if us { to - 8 } else { to + 8 };
                after.squares[behind] = None;
            }
            after.squares[to] = match promotion {
                Some(kind) => Some(Piece { white: us, kind }),
                None => piece,
            };
            if after
                .king(us)
                .is_some_and(|king| !after.attacked(king, !us))
            {
                let suffix = promotion
                    .map(|k| (k as char).to_string())
                    .unwrap_or_default();
                names.push(format!("{}{}{suffix}", name(from), name(to)));
            }
        };
        for from in 0..64 {
            let Some(piece) = self.squares[from].filter(|p| p.white == us) else {
                continue;
            };
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            let free_or_enemy = |sq: usize| self.squares[sq].is_none_or(|p| p.white != us);
            match piece.kind {
                b'p' => {
                    let forward = if us { 1 } else { -1 };
                    let last = if us { 7 } else { 0 };
                    let mut targets = Vec::new();
                    if let Some(one) =
                        square(file, rank + forward).filter(|&sq| self.squares[sq].is_none())
                    {
                        targets.push(one);
                        let home = if us { 1 } else { 6 };
                        if rank == home
                            && let Some(two) = square(file, rank + 2 * forward)
                                .filter(|&sq| self.squares[sq].is_none())
                        {
                            targets.push(two);
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(sq) = square(file + df, rank + forward)
                            && (self.squares[sq].is_some_and(|p| p.white != us)
                                || Some(sq) == self.en_passant)
                        {
                            targets.push(sq);
                        }
                    }
                    for to in targets {
                        if (to / 8) as i32 == last {
                            for kind in [b'q', b'r', b'b', b'n'] {
                                try_move(from, to, Some(kind), &mut names);
                            }
                        } else {
                            try_move(from, to, None, &mut names);
                        }
                    }
                }
                b'n' | b'k' => {
                    let steps = if piece.kind == b'n' { KNIGHT } else { KING };
                    for (df, dr) in steps {
                        if let Some(to) =
                            square(file + df, rank + dr).filter(|&sq| free_or_enemy(sq))
                        {
                            try_move(from, to, None, &mut names);
                        }
                    }
                }
                kind => {
                    let directions: Vec<(i32, i32)> = match kind {
                        b'r' => ROOK.to_vec(),
                        b'b' => BISHOP.to_vec(),
                        _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                    };
                    for (df, dr) in directions {
                        let mut step = 1;
                        while let Some(to) = square(file + df * step, rank + dr * step) {
                            if free_or_enemy(to) {
                                try_move(from, to, None, &mut names);
                            }
                            if self.squares[to].is_some() {
                                break;
                            }
                            step += 1;
                        }
                    }
                }
            }
        }
        names.extend(self.castling_moves(chess960));
        names
    }

    fn castling_moves(&self, chess960: bool) -> Vec<String> {
        let us = self.white_to_move;
        let Some(king) = self.king(us) else {
            return Vec::new();
        };
        let mut names = Vec::new();
        for &(white, rook) in &self.castling {
            if white != us
                || self.squares[rook]
                    != Some(Piece {
                        white: us,
                        kind: b'r',
                    })
            {
                continue;
            }
            let base = rook - rook % 8;
            let king_side = rook > king;
            let king_to = base + if king_side { 6 } else { 2 };
            let rook_to = base + if king_side { 5 } else { 3 };
            let low = king.min(rook).min(king_to).min(rook_to);
            let high = king.max(rook).max(king_to).max(rook_to);
            let clear =
                (low..=high).all(|sq| sq == king || sq == rook || self.squares[sq].is_none());
            let safe = (king.min(king_to)..=king.max(king_to)).all(|sq| !self.attacked(sq, !us));
            if clear && safe {
                names.push(if chess960 {
                    format!("{}{}", name(king), name(rook))
                } else {
                    format!("{}{}", name(king), name(king_to))
                });
            }
        }
        names
    }

    /// No pawns, rooks or queens, and at most one minor piece, or only bishops on one colour.
    pub fn insufficient_material(&self) -> bool {
        let pieces: Vec<(usize, Piece)> = (0..64)
            .filter_map(|sq| self.squares[sq].map(|p| (sq, p)))
            .filter(|(_, p)| p.kind != b'k')
            .collect();
        if pieces
            .iter()
            .any(|(_, p)| matches!(p.kind, b'p' | b'r' | b'q'))
        {
            return false;
        }
        if pieces.len() <= 1 {
            return true;
        }
        pieces.iter().all(|(_, p)| p.kind == b'b')
            && pieces
                .iter()
                .all(|(sq, _)| (sq % 8 + sq / 8) % 2 == (pieces[0].0 % 8 + pieces[0].0 / 8) % 2)
    }
}
