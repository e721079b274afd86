//! The referee of one game: it sets up the opening, asks the player to move for each
//! move, runs the clocks, and judges by the game's own rules; a player that breaks one (an
//! illegal move, a fallen flag, no answer) loses, and a game past the ply limit is a draw.
//! A game in which a program lost one of our lines (it answered `ERROR Unknown command` and
//! no move) is nobody's loss: it is played again from its opening, and void if that keeps
//! happening. Not the order of games (the schedule) nor the sum of them (the report).

use std::str::FromStr;
use std::time::{Duration, Instant};

use anyhow::Context;
use ply_games::Status;
use ply_search::Side;

use super::contestants::{Clocks, Contestant, ContestantError, MoveRequest, Proposal};
use super::openings::Opening;
use super::report::{Figures, Record};
use super::{Match, new_game};

/// A clock: base time and increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the clock at the start.
    pub base: Duration,
    /// Time added after every move.
    pub increment: Duration,
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str| {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e6)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    format!(
                        "'{text}' is not a time control: expected seconds+increment, e.g. 10+0.1"
                    )
                })
        };
        let control = TimeControl {
            base: seconds(base)?,
            increment: seconds(increment)?,
        };
        if control.base.is_zero() && control.increment.is_zero() {
            return Err("a time control needs some time".to_string());
        }
        Ok(control)
    }
}

/// Times a game whose dialogue lost a line is played again before it is void.
const REPLAYS: usize = 2;

/// Plays one game from `opening` with player A (`players[0]`) on `a_side`; a game that a
/// lost line cut short is replayed up to [`REPLAYS`] times, then recorded as void.
pub fn play_game(
    plan: &Match,
    players: &mut [Box<dyn Contestant>; 2],
    opening: &Opening,
    a_side: Side,
) -> anyhow::Result<Record> {
    let mut replays = 0;
    loop {
        let mut record = play_once(plan, players, opening, a_side)?;
        if !record.void || replays == REPLAYS {
            if replays > 0 {
                record.reason = format!("{} (played {} times)", record.reason, replays + 1);
            }
            return Ok(record);
        }
        replays += 1;
    }
}

/// Plays the game once.
fn play_once(
    plan: &Match,
    players: &mut [Box<dyn Contestant>; 2],
    opening: &Opening,
    a_side: Side,
) -> anyhow::Result<Record> {
    let mut referee = new_game(plan.spec, &plan.options)?;
    if let Some(position) = &opening.position {
        referee.set_position(position)?;
    }
    for mv in &opening.moves {
        referee
            .play_text(mv)
            .with_context(|| format!("opening {}", opening.describe()))?;
    }
    for player in players.iter_mut() {
        player
            .new_game(referee.as_ref())
            .with_context(|| "a player could not start the game")?;
    }
    // Player index (0 = A, 1 = B) of each side.
    let seat_of = |side: Side| usize::from(side != a_side);
    let labels = [&plan.a, &plan.b];
    let mut figures = Figures::default();
    let mut clocks = plan.tc.map(|tc| [tc.base, tc.base]);
    let margin = Duration::from_millis(plan.timemargin);
    let mut plies = 0;
    let mut void = false;
    let (winner, reason) = loop {
        if let Status::Finished { winner, reason } = referee.status() {
            break (*winner, reason.clone());
        }
        if super::interrupt::requested() {
            return Err(super::interrupt::Interrupted.into());
        }
        if plies >= plan.max_plies {
            break (None, format!("adjudicated a draw after {plies} plies"));
        }
        let side = referee.side_to_move();
        let seat = seat_of(side);
        let request = MoveRequest {
            referee: referee.as_ref(),
            limits: &plan.limits,
            clocks: match (clocks, plan.tc) {
                (Some(times), Some(tc)) => Some(Clocks {
                    own: times[side.index()],
                    opponent: times[side.opponent().index()],
                    increment: tc.increment,
                }),
                _ => None,
            },
        };
        let start = Instant::now();
        let proposal = players[seat].propose(&request);
        let elapsed = start.elapsed();
        let elapsed_ms = elapsed.as_millis() as u64;
        figures.moves[seat] += 1;
        figures.think_ms[seat] += elapsed_ms;
        figures.longest_ms[seat] = figures.longest_ms[seat].max(elapsed_ms);
        let proposal = match proposal {
            Ok(proposal) => proposal,
            Err(ContestantError::Timeout(who)) => {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{who} lost on time (no answer)"),
                );
            }
            Err(error @ ContestantError::Dropped(..)) => {
                void = true;
                break (None, format!("void: {error}"));
            }
            Err(error) => {
                figures.failures[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{} failed: {error}", labels[seat]),
                );
            }
        };
        if let (Some(times), Some(tc)) = (clocks.as_mut(), plan.tc) {
            let left = &mut times[side.index()];
            if elapsed > *left + margin {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!(
                        "{} lost on time ({} ms over)",
                        labels[seat],
                        (elapsed - *left).as_millis()
                    ),
                );
            }
            *left = left.saturating_sub(elapsed) + tc.increment;
        } else if let Some(movetime) = plan.limits.movetime {
            let over = elapsed.saturating_sub(movetime).as_millis() as u64;
            figures.overshoot_ms[seat] = figures.overshoot_ms[seat].max(over);
            if plan.turnmargin.is_some_and(|margin| over > margin) {
                figures.time_losses[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!(
                        "{} lost on time ({over} ms over the move time)",
                        labels[seat]
                    ),
                );
            }
        }
        let played = match proposal {
            Proposal::Move(mv) => referee.play(mv),
            Proposal::Text(text) => referee.play_text(&text),
        };
        let played = match played {
            Ok(played) => played.clone(),
            Err(error) => {
                figures.illegal_moves[seat] += 1;
                break (
                    Some(side.opponent()),
                    format!("{} played an illegal move: {error}", labels[seat]),
                );
            }
        };
        for player in players.iter_mut() {
            player
                .observe(&played)
                .with_context(|| format!("a player could not follow {}", played.name))?;
        }
        plies += 1;
    };
    let a_halves = match winner {
        Some(side) if side == a_side => 2,
        Some(_) => 0,
        None => 1,
    };
    Ok(Record {
        a_halves,
        void,
        a_side,
        reason,
        export: referee.export(),
        figures,
    })
}
