//! Where the games of a match start: random plies from the start (seeded, each pair's
//! opening different while the game allows), a walk through an opening book (the built-in
//! one, or a file: ply's own format or Polyglot) choosing moves by their weights, or the
//! lines of a file, each a position (FEN, EPD, board string) or a list of moves. Not who
//! plays them (the schedule).

use std::collections::HashSet;

use anyhow::{Context, anyhow, bail};
use ply_games::book::{BookChoice, BookMove, OpeningBook, builtin, choose};
use ply_games::{GameOptions, GameSpec, Record};
use ply_search::SplitMix64;

use super::{Match, new_game};

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// A start position other than the game's own.
    pub position: Option<String>,
    /// Moves played from it, by name.
    pub moves: Vec<String>,
}

impl Opening {
    /// The opening for people: position, moves or both.
    pub fn describe(&self) -> String {
        match &self.position {
            Some(position) if self.moves.is_empty() => position.clone(),
            Some(position) => format!("{position} + {}", self.moves.join(" ")),
            None => self.moves.join(" "),
        }
    }
}

/// The openings of every pair.
pub fn openings(plan: &Match, pairs: usize) -> anyhow::Result<Vec<Opening>> {
    let (spec, options) = (plan.spec, &plan.options);
    let source = plan.openings.trim();
    let plies = if source == "random" {
        Some(spec.opening_plies)
    } else if let Some(count) = source.strip_prefix("random:") {
        Some(
            count
                .parse::<u32>()
                .map_err(|_| anyhow!("--openings random:N needs a whole number, not '{count}'"))?,
        )
    } else {
        None
    };
    if let Some(plies) = plies {
        return random_openings(spec, options, pairs, plies, plan.seed);
    }
    if source == "book" {
        return book_openings(spec, options, pairs, &BookSource::BuiltIn, plan.seed);
    }
    if let Some(path) = source.strip_prefix("book:") {
        let book = OpeningBook::open(std::path::Path::new(path))?;
        return book_openings(spec, options, pairs, &BookSource::File(book), plan.seed);
    }
    let text = std::fs::read_to_string(source).with_context(|| {
        format!("--openings: cannot read '{source}' (or say random or random:N)")
    })?;
    let mut book = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        book.push(
            read_opening(spec, options, line)
                .with_context(|| format!("{source}:{}", number + 1))?,
        );
    }
    if book.is_empty() {
        bail!("{source} holds no openings");
    }
    Ok((0..pairs)
        .map(|pair| book[pair % book.len()].clone())
        .collect())
}

fn read_opening(spec: &GameSpec, options: &GameOptions, line: &str) -> anyhow::Result<Opening> {
    let mut game = new_game(spec, options)?;
    let position_error = match game.set_position(line) {
        Ok(()) => {
            return Ok(Opening {
                position: Some(line.to_string()),
                moves: Vec::new(),
            });
        }
        Err(error) => error,
    };
    let mut game = new_game(spec, options)?;
    let mut moves = Vec::new();
    for text in line.split_whitespace() {
        match game.play_text(text) {
            Ok(mv) => moves.push(mv.name.clone()),
            Err(move_error) => {
                bail!("neither a position ({position_error}) nor a list of moves ({move_error})")
            }
        }
    }
    Ok(Opening {
        position: None,
        moves,
    })
}

fn random_openings(
    spec: &GameSpec,
    options: &GameOptions,
    pairs: usize,
    plies: u32,
    seed: u64,
) -> anyhow::Result<Vec<Opening>> {
    let mut random = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let mut chosen = None;
        for _attempt in 0..50 {
            let mut game = new_game(spec, options)?;
            let mut moves = Vec::new();
            for _ in 0..plies {
                let candidates = game.opening_candidates();
                if candidates.is_empty() {
                    break;
                }
                let pick = candidates[random.below(candidates.len())];
                moves.push(game.play(pick)?.name.clone());
            }
            if game.status().is_finished() {
                continue;
            }
            let opening = Opening {
                position: options.position.clone(),
                moves,
            };
            let fresh = seen.insert(opening.clone());
            chosen = Some(opening);
            if fresh {
                break;
            }
        }
        openings.push(
            chosen.ok_or_else(|| anyhow!("could not find an opening that leaves the game open"))?,
        );
    }
    Ok(openings)
}

/// Most plies a book opening plays (books built by ply are shallower).
const MAX_BOOK_PLIES: usize = 24;

/// Which book a match's openings come from.
enum BookSource {
    /// The game's built-in book.
    BuiltIn,
    /// A book file.
    File(OpeningBook),
}

impl BookSource {
    fn moves(&self, record: &dyn Record) -> anyhow::Result<Vec<BookMove>> {
        Ok(match self {
            BookSource::BuiltIn => builtin::moves(record),
            BookSource::File(book) => book.moves(record)?,
        })
    }
}

/// Each pair's opening: book moves from the start, chosen by weight, until the book has
/// none (each pair's line different while the book allows).
fn book_openings(
    spec: &GameSpec,
    options: &GameOptions,
    pairs: usize,
    book: &BookSource,
    seed: u64,
) -> anyhow::Result<Vec<Opening>> {
    let mut random = SplitMix64::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let mut chosen = None;
        for _attempt in 0..50 {
            let mut game = new_game(spec, options)?;
            let mut moves = Vec::new();
            while moves.len() < MAX_BOOK_PLIES {
                let book_moves = book.moves(game.as_ref())?;
                let Some(pick) = choose(&book_moves, BookChoice::Weighted(random.next_u64()))
                else {
                    break;
                };
                moves.push(game.play(pick.id)?.name.clone());
            }
            if moves.is_empty() {
                bail!(
                    "the book has no move in {}'s start position{}",
                    game.title(),
                    match book {
                        BookSource::BuiltIn =>
                            " (ply has no built-in book for it: try --openings random)",
                        BookSource::File(_) => "",
                    }
                );
            }
            let opening = Opening {
                position: options.position.clone(),
                moves,
            };
            let fresh = seen.insert(opening.clone());
            chosen = Some(opening);
            if fresh {
                break;
            }
        }
        openings.extend(chosen);
    }
    Ok(openings)
}
