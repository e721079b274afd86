//! Several servers on one PostgreSQL database. Each server listens (`LISTEN`) on its own
//! connection, on a thread of its own, for what the others tell (`NOTIFY`): a game changed
//! (it reloads its copy, if it holds one, and tells its pages), "move now" for a game whose
//! lease it holds (it stops that search), and the searches' events (it passes them to its
//! pages). Every change is told in the transaction that makes it, so a listener hears only
//! what is committed. Each server also looks, twice per lease, for games that wait for the
//! computer with no live lease (their server died) and takes them over. Nothing here runs
//! on SQLite, where one server is alone.

use std::sync::{Arc, Weak};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use tokio::sync::mpsc;

use crate::live::SharedGame;
use crate::state::{AppState, Inner};
use crate::store::{
    CONTROL_CHANNEL, Changed, GAME_CHANNEL, StoreError, StoreResult, postgres_connect,
};
use crate::think;

/// The channel the searches' events go on: `<game> <server>\n<event JSON>`.
pub const THINK_CHANNEL: &str = "ply_think";

/// Longest payload PostgreSQL carries (8000 bytes), less room for the header.
const MAX_EVENT_BYTES: usize = 7_900;

/// How long a lost listening connection waits before it tries again.
const RECONNECT: Duration = Duration::from_secs(1);

/// What the listening thread heard.
#[derive(Debug)]
enum Heard {
    /// A notification on `channel`.
    Notice { channel: String, payload: String },
    /// The connection was (re)made: notifications may have been missed before it.
    Connected,
}

/// Starts listening to the other servers on `url`, and looking for orphaned games.
/// Needs the async runtime (it spawns tasks on it).
pub fn start(state: &AppState, url: &str) -> StoreResult<()> {
    let runtime = tokio::runtime::Handle::try_current().map_err(|_| {
        StoreError::Setup("several servers on PostgreSQL need the async runtime".to_string())
    })?;
    // The first connection is made here, so a wrong URL fails the start, not later.
    let client = postgres_connect(url)?;
    let (sender, heard) = mpsc::unbounded_channel();
    let url = url.to_string();
    std::thread::Builder::new()
        .name("ply-listen".to_string())
        .spawn(move || listen(client, &url, &sender))
        .map_err(|error| StoreError::Setup(format!("cannot start the listener: {error}")))?;
    let weak = Arc::downgrade(&state.0);
    runtime.spawn(follow(weak.clone(), heard));
    runtime.spawn(take_over(weak));
    Ok(())
}

/// The listening thread: LISTEN on the three channels and pass on what is heard; on a lost
/// connection, connect again (and say so). Ends when nobody follows any more.
fn listen(first: postgres::Client, url: &str, sender: &mpsc::UnboundedSender<Heard>) {
    let mut client = Some(first);
    loop {
        let mut connected = match client.take() {
            Some(connected) => connected,
            None => match postgres_connect(url) {
                Ok(connected) => connected,
                Err(error) => {
                    tracing::warn!("listener: cannot connect: {error}");
                    std::thread::sleep(RECONNECT);
                    if sender.is_closed() {
                        return;
                    }
                    continue;
                }
            },
        };
        let channels =
            format!("LISTEN {GAME_CHANNEL}; LISTEN {CONTROL_CHANNEL}; LISTEN {THINK_CHANNEL};");
        if let Err(error) = connected.batch_execute(&channels) {
            tracing::warn!("listener: LISTEN failed: {error}");
            std::thread::sleep(RECONNECT);
            continue;
        }
        if sender.send(Heard::Connected).is_err() {
            return;
        }
        let mut notifications = connected.notifications();
        loop {
            match notifications.timeout_iter(Duration::from_secs(1)).next() {
                Ok(Some(notice)) => {
                    let heard = Heard::Notice {
                        channel: notice.channel().to_string(),
                        payload: notice.payload().to_string(),
                    };
                    if sender.send(heard).is_err() {
                        return;
                    }
                }
                Err(error) => {
                    tracing::warn!("listener: connection lost: {error}");
                    std::thread::sleep(RECONNECT);
                    break;
                }
                Ok(None) if sender.is_closed() => return,
                Ok(None) => {}
            }
        }
    }
}

/// Acts on what the listener heard, one notice after another, while the server lives.
/// Once the server is gone (checked every second) it ends, and so does the listener.
async fn follow(weak: Weak<Inner>, mut heard: mpsc::UnboundedReceiver<Heard>) {
    loop {
        let notice = match tokio::time::timeout(Duration::from_secs(1), heard.recv()).await {
            Ok(Some(notice)) => notice,
            Ok(None) => return,
            Err(_) if weak.strong_count() == 0 => return,
            Err(_) => continue,
        };
        let Some(inner) = weak.upgrade() else { return };
        let state = AppState(inner);
        match notice {
            Heard::Connected => {
                for shared in state.0.games.all() {
                    catch_up(&state, &shared, None).await;
                }
            }
            Heard::Notice { channel, payload } => {
                hear(&state, &channel, &payload).await;
            }
        }
    }
}

async fn hear(state: &AppState, channel: &str, payload: &str) {
    if channel == GAME_CHANNEL {
        let Some(changed) = Changed::parse(payload) else {
            return;
        };
        if changed.server == state.0.server {
            return;
        }
        let Some(shared) = state.0.games.peek(changed.id) else {
            return;
        };
        match changed.revision {
            Some(revision) => catch_up(state, &shared, Some(revision)).await,
            None => {
                state.0.games.remove(changed.id);
                shared.lock().await.cancel_thinking();
            }
        }
    } else if channel == CONTROL_CHANNEL {
        if let Some(id) = payload.strip_prefix("stop ").and_then(|id| id.parse().ok())
            && let Some(shared) = state.0.games.peek(id)
            && let Some(thinking) = &shared.lock().await.thinking
        {
            thinking.control.stop();
        }
    } else if channel == THINK_CHANNEL {
        let Some((head, event)) = payload.split_once('\n') else {
            return;
        };
        let Some((id, server)) = head.split_once(' ') else {
            return;
        };
        if server == state.0.server {
            return;
        }
        if let Ok(id) = id.parse::<i64>()
            && let Some(shared) = state.0.games.peek(id)
        {
            let _ = shared.lock().await.events.send(Arc::from(event));
        }
    }
}

/// Reloads a game held here if the store has a newer revision (than `revision` when given,
/// else than the copy's), and tells its pages.
async fn catch_up(state: &AppState, shared: &SharedGame, revision: Option<i64>) {
    let mut live = shared.lock().await;
    if revision.is_some_and(|revision| revision <= live.revision) {
        return;
    }
    let id = live.id;
    match state.0.store.run(move |store| store.load(id)).await {
        Ok(Some(stored)) if stored.revision > live.revision => match live.refresh(&stored) {
            Ok(()) => {
                live.publish();
            }
            Err(error) => tracing::error!(game = id, "cannot reload: {error}"),
        },
        Ok(_) => {}
        Err(error) => tracing::warn!(game = id, "cannot reload: {error}"),
    }
}

/// Twice per lease: takes over games that wait for the computer with no live lease.
async fn take_over(weak: Weak<Inner>) {
    let period = match weak.upgrade() {
        Some(inner) => Duration::from_millis((inner.lease_ms / 2).max(100) as u64),
        None => return,
    };
    loop {
        tokio::time::sleep(period).await;
        let Some(inner) = weak.upgrade() else { return };
        let state = AppState(inner);
        if state.is_shutting_down() {
            return;
        }
        let orphans = match state.0.store.run(|store| store.orphans(8)).await {
            Ok(orphans) => orphans,
            Err(error) => {
                tracing::warn!("cannot look for games to take over: {error}");
                continue;
            }
        };
        for id in orphans {
            let shared = match state.0.games.get(id, &state.0.store).await {
                Ok(shared) => shared,
                Err(error) => {
                    tracing::warn!(game = id, "cannot take over: {}", error.message);
                    continue;
                }
            };
            catch_up(&state, &shared, None).await;
            let mut live = shared.lock().await;
            if think::continue_game(&state, &shared, &mut live) {
                tracing::info!(game = id, server = %state.0.server, "took the game over");
                live.publish();
            }
        }
    }
}

/// Tells the other servers a search event of game `id` (PostgreSQL only; an event too
/// long for a notification stays here). Queued, not awaited.
pub fn tell_event(state: &AppState, id: i64, text: &str) {
    if !state.0.shared || text.len() > MAX_EVENT_BYTES {
        return;
    }
    let payload = format!("{id} {}\n{text}", state.0.server);
    drop(
        state
            .0
            .store
            .submit(move |store| store.notify(THINK_CHANNEL, &payload)),
    );
}

/// Asks whichever server holds game `id`'s lease to stop its search ("move now"); true
/// when a server holds one.
pub async fn ask_to_stop(state: &AppState, id: i64) -> crate::error::ApiResult<bool> {
    if !state.0.shared {
        return Ok(false);
    }
    state
        .0
        .store
        .run(move |store| {
            if store.lease_holder(id)?.is_none() {
                return Ok(false);
            }
            store.notify(CONTROL_CHANNEL, &format!("stop {id}"))?;
            Ok(true)
        })
        .await
}
