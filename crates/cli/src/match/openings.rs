//! Where the games of a match start: random plies from the start (seeded, each pair's
//! opening different while the game allows), a walk through an opening book (the built-in
//! one, or a file: ply's own format or Polyglot) choosing moves by their weights, or the
//! lines of a file, each a position (FEN, EPD, board string) or a list of moves, dealt in
//! an order the seed shuffles. Not who plays them (the schedule).

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
    Ok(deal(&book, pairs, plan.seed))
}

/// The openings of `pairs` pairs from a file's `lines`, dealt in an order the seed shuffles:
/// every line once before any line again (a new shuffle for each pass through the file),
/// so that matches with different seeds start from different lines.
fn deal(lines: &[Opening], pairs: usize, seed: u64) -> Vec<Opening> {
    let mut random = SplitMix64::new(seed);
    let mut order: Vec<usize> = Vec::with_capacity(pairs + lines.len());
    while order.len() < pairs {
        let mut pass: Vec<usize> = (0..lines.len()).collect();
        for last in (1..pass.len()).rev() {
            pass.swap(last, random.below(last + 1));
        }
        order.extend(pass);
    }
    order.truncate(pairs);
    order.into_iter().map(|line| lines[line].clone()).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(count: usize) -> Vec<Opening> {
        (0..count)
            .map(|line| Opening {
                position: None,
                moves: vec![format!("m{line}")],
            })
            .collect()
    }

    #[test]
    fn a_file_is_dealt_whole_before_any_line_again_in_an_order_the_seed_picks() {
        let file = lines(7);
        let dealt = deal(&file, 17, 5);
        assert_eq!(dealt.len(), 17);
        for pass in dealt.chunks(7) {
            let distinct: HashSet<&Opening> = pass.iter().collect();
            assert_eq!(distinct.len(), pass.len(), "a line twice in one pass");
        }
        assert_eq!(deal(&file, 17, 5), dealt, "the same seed deals the same");
        let firsts: HashSet<Vec<Opening>> = (1..=6).map(|seed| deal(&file, 7, seed)).collect();
        assert!(firsts.len() > 1, "every seed dealt the same order");
    }
}
