//! The flag: each live timed game has a timer of its own that wakes when the side to move's
//! time runs out, ends the game (a loss for that side, or a draw when the other side could
//! not win by any sequence of legal moves, as the rules answer with `Record::can_win`),
//! commits it and tells the page at once, whether or not anyone is asking. A move that
//! arrives after the flag fell finds the same result first ([`fall_if_due`]).

use std::sync::Weak;
use std::time::Duration;

use ply_games::session::side_key;
use ply_search::Side;
use tokio::sync::watch;

use crate::clock::{flag_verdict, now_ms};
use crate::live::LiveGame;
use crate::store::StoredResult;
use crate::writer::StoreThread;

/// The instant (epoch ms) a game's flag falls, shared between the game and its timer.
pub struct FlagTimer {
    deadline: watch::Sender<Option<i64>>,
}

impl Default for FlagTimer {
    fn default() -> Self {
        FlagTimer {
            deadline: watch::Sender::new(None),
        }
    }
}

impl FlagTimer {
    /// Sets when the flag falls (`None`: no clock runs). The timer wakes for the new time.
    pub fn set(&self, at: Option<i64>) {
        self.deadline.send_if_modified(|deadline| {
            let changed = *deadline != at;
            *deadline = at;
            changed
        });
    }

    /// Starts the timer of `game` on the runtime: it lives as long as the game is in
    /// memory (it ends when the game is dropped).
    pub fn spawn(&self, game: Weak<tokio::sync::Mutex<LiveGame>>, store: StoreThread) {
        let deadline = self.deadline.subscribe();
        tokio::spawn(watch_flag(game, store, deadline));
    }
}

async fn watch_flag(
    game: Weak<tokio::sync::Mutex<LiveGame>>,
    store: StoreThread,
    mut deadline: watch::Receiver<Option<i64>>,
) {
    loop {
        let next = *deadline.borrow_and_update();
        let Some(at) = next else {
            if deadline.changed().await.is_err() {
                return;
            }
            continue;
        };
        let wait = Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0));
        tokio::select! {
            changed = deadline.changed() => {
                if changed.is_err() {
                    return;
                }
            }
            () = tokio::time::sleep(wait) => {
                let Some(shared) = game.upgrade() else { return };
                let mut live = shared.lock().await;
                if fall_if_due(&mut live, now_ms()) {
                    // Another server's timer may have written the same flag first: then
                    // this one reloads the game as stored (and tells its pages).
                    match live.commit(&store).await {
                        Ok(()) => {
                            live.publish();
                        }
                        Err(error) => tracing::info!(game = live.id, "flag: {error}"),
                    }
                } else if *deadline.borrow() == Some(at) {
                    // Woken a little early (the runtime's timer against the wall clock):
                    // look again shortly.
                    drop(live);
                    tokio::time::sleep(Duration::from_millis(5)).await;
                }
            }
        }
    }
}

/// The result of `loser`'s flag falling: a loss, or a draw when the other side cannot win.
pub fn flag_result(live: &LiveGame, loser: Side) -> StoredResult {
    let (winner, reason) = flag_verdict(live.record.as_ref(), loser);
    StoredResult {
        winner: winner.map(|side| side_key(side).to_string()),
        reason: reason.to_string(),
    }
}

/// Ends the game if the side to move's flag has fallen by `now`: the search running for it
/// is stopped, its clock stopped at zero and the result set. True when it did (the caller
/// commits and publishes).
pub fn fall_if_due(live: &mut LiveGame, now: i64) -> bool {
    if live.status().is_finished() {
        return false;
    }
    let to_move = live.record.side_to_move();
    let Some(clock) = live.clock.as_mut() else {
        return false;
    };
    if !clock.has_fallen(to_move, now) {
        return false;
    }
    clock.stop(to_move, now);
    let result = flag_result(live, to_move);
    live.cancel_thinking();
    live.conclude(result);
    true
}
