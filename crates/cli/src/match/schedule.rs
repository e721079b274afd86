//! Who plays when: games come in colour-swapped pairs, both games of a pair from one opening
//! (A first, then B first); each of `concurrency` workers seats its own two players and
//! takes the next unplayed pair until every pair is played or the match is stopped (by the
//! SPRT's verdict, a failure, or Ctrl-C).
//! Finished games go back to the caller one by one, in the order they end.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Context;
use ply_search::Side;

use super::Match;
use super::contestants::{self, Contestant};
use super::interrupt;
use super::openings::Opening;
use super::players::PlayerSpec;
use super::referee::play_game;
use super::report::Record;

/// The pairs to play for `games` games: whole pairs, at least one.
pub fn pairs(games: u32) -> usize {
    games.div_ceil(2).max(1) as usize
}

/// Plays a pair from every opening and hands each finished game (its pair's index and its
/// record) or a worker's failure to `on_game`; `Break` from it stops handing out pairs,
/// while games already under way finish. A failure stops its worker.
pub fn play(
    plan: &Match,
    openings: &[Opening],
    mut on_game: impl FnMut(anyhow::Result<(usize, Record)>) -> ControlFlow<()>,
) {
    let pairs = openings.len();
    let next_pair = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<anyhow::Result<(usize, Record)>>();
    std::thread::scope(|scope| {
        for _ in 0..plan.concurrency.clamp(1, 64) {
            let sender = sender.clone();
            let next_pair = &next_pair;
            scope.spawn(move || {
                let players = match seat(plan) {
                    Ok(players) => players,
                    Err(error) => {
                        let _ = sender.send(Err(error));
                        next_pair.store(pairs, Ordering::Relaxed);
                        return;
                    }
                };
                let mut players = players;
                loop {
                    let pair = next_pair.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs || interrupt::requested() {
                        return;
                    }
                    for a_side in [Side::First, Side::Second] {
                        let record = play_game(plan, &mut players, &openings[pair], a_side);
                        if interrupt::requested() {
                            // Ctrl-C: a game cut short is dropped, not counted.
                            if let Ok(record) = record {
                                let _ = sender.send(Ok((pair, record)));
                            }
                            return;
                        }
                        let stop = record.is_err();
                        if sender.send(record.map(|r| (pair, r))).is_err() || stop {
                            next_pair.store(pairs, Ordering::Relaxed);
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        for message in receiver {
            if on_game(message).is_break() {
                next_pair.store(pairs, Ordering::Relaxed);
            }
        }
    });
}

/// Seats both players of one worker: [A, B].
fn seat(plan: &Match) -> anyhow::Result<[Box<dyn Contestant>; 2]> {
    let create = |spec: &PlayerSpec| {
        contestants::create(spec, plan.spec, &plan.options, plan.engine)
            .with_context(|| format!("cannot seat {spec}"))
    };
    Ok([create(&plan.a)?, create(&plan.b)?])
}
