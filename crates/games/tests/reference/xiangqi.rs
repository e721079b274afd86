//! A slow xiangqi move generator written from the rules alone (a 90-point array): each
//! piece's moves (general and advisors in the palace, elephants blocked at the eye and kept
//! at home, horses blocked at the leg, cannons jumping one screen to take, soldiers sideways
//! after the river), then each move tried on a copy and kept when the mover's general is not
//! attacked and the two generals do not face each other on an open file. Moves in ICCS.

#[derive(Clone, Copy, PartialEq, Eq)]
struct Piece {
    red: bool,
    kind: u8,
}

#[derive(Clone)]
pub struct Board {
    points: [Option<Piece>; 90],
    red_to_move: bool,
    pub clock: u32,
}

fn point(file: i32, rank: i32) -> Option<usize> {
    ((0..9).contains(&file) && (0..10).contains(&rank)).then_some((rank * 9 + file) as usize)
}

fn name(p: usize) -> String {
    format!("{}{}", (b'a' + (p % 9) as u8) as char, p / 9)
}

fn in_palace(red: bool, p: usize) -> bool {
    let (file, rank) = (p % 9, p / 9);
    (3..=5).contains(&file) && if red { rank <= 2 } else { rank >= 7 }
}

impl Board {
    pub fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut points = [None; 90];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 9 - row as i32;
            let mut file = 0;
            for ch in text.chars() {
                if let Some(skip) = ch.to_digit(10) {
                    file += skip as i32;
                } else {
                    let kind = match ch.to_ascii_lowercase() {
                        'e' => b'b',
                        'h' => b'n',
                        other => other as u8,
                    };
                    points[point(file, rank).expect("on the board")] = Some(Piece {
                        red: ch.is_ascii_uppercase(),
                        kind,
                    });
                    file += 1;
                }
            }
        }
        Board {
            points,
            red_to_move: fields.get(1).is_none_or(|s| *s == "w" || *s == "r"),
            clock: fields.get(4).and_then(|c| c.parse().ok()).unwrap_or(0),
        }
    }

    /// Target points of the piece on `from`, ignoring checks.
    fn pseudo_targets(&self, from: usize) -> Vec<usize> {
        let Some(piece) = self.points[from] else {
            return Vec::new();
        };
        let us = piece.red;
        let (file, rank) = ((from % 9) as i32, (from / 9) as i32);
        let empty = |p: usize| self.points[p].is_none();
        let mut out = Vec::new();
        let add = |p: Option<usize>, out: &mut Vec<usize>| {
            if let Some(p) = p
                && self.points[p].is_none_or(|q| q.red != us)
            {
                out.push(p);
            }
        };
        match piece.kind {
            b'k' => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    add(
                        point(file + df, rank + dr).filter(|&p| in_palace(us, p)),
                        &mut out,
                    );
                }
            }
            b'a' => {
                for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                    add(
                        point(file + df, rank + dr).filter(|&p| in_palace(us, p)),
                        &mut out,
                    );
                }
            }
            b'b' => {
                for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                    let eye = point(file + df, rank + dr);
                    let to = point(file + 2 * df, rank + 2 * dr)
                        .filter(|&p| if us { p / 9 <= 4 } else { p / 9 >= 5 });
                    if eye.is_some_and(empty) {
                        add(to, &mut out);
                    }
                }
            }
            b'n' => {
                for (df, dr) in [
                    (1, 2),
                    (-1, 2),
                    (1, -2),
                    (-1, -2),
                    (2, 1),
                    (2, -1),
                    (-2, 1),
                    (-2, -1),
                ] {
                    let leg = if i32::abs(dr) == 2 {
                        point(file, rank + dr / 2)
                    } else {
                        point(file + df / 2, rank)
                    };
                    if leg.is_some_and(empty) {
                        add(point(file + df, rank + dr), &mut out);
                    }
                }
            }
            b'r' | b'c' => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let mut step = 1;
                    let mut screened = false;
                    while let Some(p) = point(file + df * step, rank + dr * step) {
                        match (self.points[p], piece.kind, screened) {
                            (None, b'r', _) | (None, b'c', false) => out.push(p),
                            (None, _, _) => {}
                            (Some(_), b'c', false) => screened = true,
                            (Some(q), _, _) => {
                                if q.red != us {
                                    out.push(p);
                                }
                                break;
                            }
                        }
                        step += 1;
                    }
                }
            }
            _ => {
                let forward = if us { 1 } else { -1 };
                add(point(file, rank + forward), &mut out);
                let crossed = if us { rank >= 5 } else { rank <= 4 };
                if crossed {
                    add(point(file - 1, rank), &mut out);
                    add(point(file + 1, rank), &mut out);
                }
            }
        }
        out
    }

    fn general(&self, red: bool) -> Option<usize> {
        (0..90).find(|&p| self.points[p] == Some(Piece { red, kind: b'k' }))
    }

    /// Whether `red`'s general is attacked or faces the other general on an open file.
    fn general_in_danger(&self, red: bool) -> bool {
        let Some(own) = self.general(red) else {
            return true;
        };
        if let Some(other) = self.general(!red)
            && own % 9 == other % 9
            && (own.min(other) + 9..own.max(other))
                .step_by(9)
                .all(|p| self.points[p].is_none())
        {
            return true;
        }
        (0..90)
            .filter(|&p| self.points[p].is_some_and(|q| q.red != red))
            .any(|p| self.pseudo_targets(p).contains(&own))
    }

    /// Every legal move in ICCS.
    pub fn legal_moves(&self) -> Vec<String> {
        let us = self.red_to_move;
        let mut names = Vec::new();
        for from in (0..90).filter(|&p| self.points[p].is_some_and(|q| q.red == us)) {
            for to in self.pseudo_targets(from) {
                let mut after = self.clone();
                after.points[to] = after.points[from].take();
                if !after.general_in_danger(us) {
                    names.push(format!("{}{}", name(from), name(to)));
                }
            }
        }
        names
    }
}
