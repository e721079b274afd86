//! Games in play, in memory: each stored game that a page has opened, rebuilt by replaying
//! its moves through a game record, with its redo list, its players, the thinker that
//! keeps the engines' memory, the search running for it (if any) and the channel its page
//! listens on. Idle games are dropped from memory when there are too many; the store keeps
//! them. A game is behind an async lock, so a handler may hold it while its change is
//! committed on the store's thread.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use ply_games::session::side_key;
use ply_games::{GameSpec, Record, Status, Thinker, find_game};
use ply_search::{SearchControl, Side};
use serde::Serialize;
use tokio::sync::broadcast;

use crate::clock::{GameClock, now_ms};
use crate::error::{ApiError, ApiResult};
use crate::events::{CellMark, Event, GameState, NotationView, Published, ThinkDone, ThinkingView};
use crate::flag::FlagTimer;
use crate::public_id::PublicId;
use crate::store::{GameChange, Players, Seat, StoredGame, StoredResult};
use crate::writer::{Pending, StoreThread};

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// The computer chooses its move.
    Move,
    /// A hint for the person to move.
    Hint,
    /// Every legal move scored, for the log.
    Analysis,
}

/// A search in progress.
#[derive(Debug)]
pub struct Thinking {
    /// Its number (searches that were cancelled report under an old number and are ignored).
    pub id: u64,
    /// Why.
    pub purpose: Purpose,
    /// Stops it ("move now").
    pub control: Arc<SearchControl>,
    /// For whom.
    pub side: Side,
    /// When it began.
    pub started: Instant,
}

/// Most progress events kept of the latest search, for pages that join late.
const LOG_KEPT: usize = 400;

/// The latest search's events (JSON) for pages that join late: its start, always kept,
/// then its latest progress events (the oldest dropped past [`LOG_KEPT`]) and its end.
#[derive(Default)]
pub struct SearchLog {
    start: Option<Arc<str>>,
    events: VecDeque<Arc<str>>,
}

impl SearchLog {
    /// Forgets the previous search and keeps the start of a new one.
    pub fn begin(&mut self, start: Arc<str>) {
        self.events.clear();
        self.start = Some(start);
    }

    /// Keeps a progress or end event, dropping the oldest progress past the limit.
    pub fn push(&mut self, event: Arc<str>) {
        if self.events.len() >= LOG_KEPT {
            self.events.pop_front();
        }
        self.events.push_back(event);
    }

    /// The events in the order a late page must get them: the start first.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<str>> {
        self.start.iter().chain(self.events.iter())
    }
}

/// One game in play.
pub struct LiveGame {
    /// Its number in the store.
    pub id: i64,
    /// Its name in links and answers.
    pub public_id: PublicId,
    /// Its registry entry.
    pub spec: &'static GameSpec,
    /// The game: position, history, status and legal moves (computed once per position).
    pub record: Box<dyn Record>,
    /// The engines and what they learnt, kept from move to move; `None` while they are lent
    /// to a search (or before the first one).
    pub thinker: Option<Box<dyn Thinker>>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<String>,
    /// Who plays.
    pub players: Players,
    /// A result the rules did not give (resignation), and the status it makes.
    result: Option<(StoredResult, Status)>,
    /// The search running for this game.
    pub thinking: Option<Thinking>,
    /// The latest search's events (JSON), for pages that join late.
    pub log: SearchLog,
    /// The latest hint or analysis result.
    pub last_think: Option<ThinkDone>,
    /// Where the page listens.
    pub events: broadcast::Sender<Arc<str>>,
    /// Last touched.
    pub last_used: Instant,
    /// The clocks of a timed game (none when untimed).
    pub clock: Option<GameClock>,
    /// Wakes when the side to move's flag falls.
    pub flag: FlagTimer,
    /// Grows with every change the page is told of (seeded from the clock, so it grows
    /// across restarts too): a page keeps the newest state whatever order answers and
    /// events arrive in.
    pub version: u64,
    /// The stored revision this game is at: a save is for this revision only, so a change
    /// made meanwhile through another server is never overwritten.
    pub revision: i64,
    /// The secret of the browser that owns it; none for games from before owners.
    pub owner: Option<String>,
}

/// The status a stored result (resignation) gives.
fn result_status(result: &StoredResult) -> Status {
    Status::Finished {
        winner: match result.winner.as_deref() {
            Some("first") => Some(Side::First),
            Some("second") => Some(Side::Second),
            _ => None,
        },
        reason: result.reason.clone(),
    }
}

impl LiveGame {
    /// A game in play.
    pub fn new(
        id: i64,
        public_id: PublicId,
        record: Box<dyn Record>,
        redo: Vec<String>,
        players: Players,
        result: Option<StoredResult>,
    ) -> LiveGame {
        let (events, _) = broadcast::channel(512);
        LiveGame {
            id,
            public_id,
            spec: record.spec(),
            record,
            thinker: None,
            redo,
            players,
            result: result.map(|result| {
                let status = result_status(&result);
                (result, status)
            }),
            thinking: None,
            log: SearchLog::default(),
            last_think: None,
            events,
            last_used: Instant::now(),
            clock: None,
            flag: FlagTimer::default(),
            version: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.as_micros() as u64),
            revision: 0,
            owner: None,
        }
    }

    /// Rebuilds a stored game: its start position and options, then its moves replayed
    /// by their stored names.
    pub fn from_stored(stored: &StoredGame) -> ApiResult<LiveGame> {
        let record = replay(stored)?;
        let mut live = LiveGame::new(
            stored.id,
            stored.public_id.clone(),
            record,
            stored.redo.clone(),
            stored.players.clone(),
            stored.result.clone(),
        )
        .with_clock(stored.clock.clone());
        live.revision = stored.revision;
        live.owner = stored.owner.clone();
        Ok(live)
    }

    /// Takes the stored game as it is now (changed through another server): its moves,
    /// redo list, players, result and revision; the search running here for the old
    /// position is stopped and forgotten; the engines' memory is kept. The caller publishes.
    pub fn refresh(&mut self, stored: &StoredGame) -> ApiResult<()> {
        let record = replay(stored)?;
        self.cancel_thinking();
        self.record = record;
        self.redo = stored.redo.clone();
        self.players = stored.players.clone();
        self.result = stored.result.clone().map(|result| {
            let status = result_status(&result);
            (result, status)
        });
        self.clock = stored.clock.clone();
        self.flag.set(self.flag_at());
        self.revision = stored.revision;
        self.owner = stored.owner.clone();
        self.last_think = None;
        self.last_used = Instant::now();
        Ok(())
    }

    /// The game with its clocks (a timed game); its flag's time is set from them.
    pub fn with_clock(mut self, clock: Option<GameClock>) -> LiveGame {
        self.clock = clock;
        self.flag.set(self.flag_at());
        self
    }

    /// When the side to move's flag falls (epoch ms), if a clock runs in a game going on.
    fn flag_at(&self) -> Option<i64> {
        if self.status().is_finished() {
            return None;
        }
        self.clock.as_ref()?.flag_at(self.record.side_to_move())
    }

    /// True while the game goes on and its clocks run.
    pub fn clock_running(&self) -> bool {
        self.flag_at().is_some()
    }

    /// `mover` has just moved at `now`: its clock is charged and given the increment, and
    /// the clocks stop if the move ended the game.
    pub fn clock_moved(&mut self, mover: Side, now: i64) {
        let finished = self.status().is_finished();
        let to_move = self.record.side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(mover, now);
            if finished {
                clock.stop(to_move, now);
            }
        }
    }

    /// A result the rules did not give (resignation).
    pub fn result(&self) -> Option<&StoredResult> {
        self.result.as_ref().map(|(result, _)| result)
    }

    /// Ends the game with `loser` resigning (the clocks stop).
    pub fn resign(&mut self, loser: Side) {
        let to_move = self.record.side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            clock.stop(to_move, now_ms());
        }
        self.conclude(StoredResult {
            winner: Some(side_key(loser.opponent()).to_string()),
            reason: "resignation".to_string(),
        });
    }

    /// Ends the game with a result the rules did not give (resignation, a fallen flag).
    pub fn conclude(&mut self, result: StoredResult) {
        let status = result_status(&result);
        self.result = Some((result, status));
    }

    /// Where the game stands, a resignation included (kept, never recomputed).
    pub fn status(&self) -> &Status {
        match &self.result {
            Some((_, status)) => status,
            None => self.record.status(),
        }
    }

    /// Who sits on `side`.
    pub fn seat(&self, side: Side) -> Seat {
        match side {
            Side::First => self.players.first,
            Side::Second => self.players.second,
        }
    }

    /// True when the game goes on and a person is to move.
    pub fn human_to_move(&self) -> bool {
        !self.status().is_finished() && self.seat(self.record.side_to_move()) == Seat::Human
    }

    /// True when the game goes on and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        !self.status().is_finished() && self.seat(self.record.side_to_move()) == Seat::Computer
    }

    /// The page's view, borrowed.
    fn state(&self) -> GameState<'_> {
        let status = self.status();
        let history = self.record.history();
        let board = self.record.board();
        GameState {
            id: &self.public_id,
            version: self.version,
            game: self.spec.name,
            score_style: self.spec.score_style,
            title: self.record.title(),
            names: self.spec.title,
            options: self.record.options(),
            side_names: self.record.side_names(),
            legal: if status.is_finished() {
                &[]
            } else {
                self.record.legal_moves()
            },
            history,
            status,
            players: &self.players,
            human_to_move: self.human_to_move(),
            thinking: self.thinking.as_ref().map(|thinking| ThinkingView {
                id: thinking.id,
                purpose: thinking.purpose,
                side: thinking.side,
                elapsed_ms: thinking.started.elapsed().as_millis() as u64,
            }),
            can_undo: !history.is_empty() && self.result.is_none() && self.clock.is_none(),
            can_redo: !self.redo.is_empty() && self.result.is_none() && self.clock.is_none(),
            clock: self
                .clock
                .as_ref()
                .map(|clock| clock.view(self.record.side_to_move(), now_ms())),
            position: self.record.position(),
            start_position: self.record.start_position(),
            last_think: self.last_think.as_ref().map(Event::ThinkDone),
            marks: if status.is_finished() {
                Vec::new()
            } else {
                self.record
                    .forbidden_cells()
                    .into_iter()
                    .map(|(cell, reason)| CellMark {
                        cell,
                        kind: "forbidden",
                        reason,
                    })
                    .collect()
            },
            notations: NotationView::all(self.record.as_ref()),
            board,
        }
    }

    /// The state as it is, serialised (for a page that asks or joins).
    pub fn current(&self) -> Published {
        Published::new(&self.state())
    }

    /// The state after a change: a new version, serialised once and told to the page; the
    /// caller answers with the same text.
    pub fn publish(&mut self) -> Published {
        self.version += 1;
        self.flag.set(self.flag_at());
        let published = Published::new(&self.state());
        let _ = self.events.send(published.event());
        published
    }

    /// Queues the game's moves and result on the store's thread, for the revision it is
    /// at; the answer (its new revision, or none when another server changed it first)
    /// comes once they are committed.
    pub fn save(&self, store: &StoreThread) -> Pending<Option<i64>> {
        let id = self.id;
        let revision = self.revision;
        let computer_to_move = self.computer_to_move();
        let moves: Vec<String> = self
            .record
            .history()
            .iter()
            .map(|mv| mv.name.clone())
            .collect();
        let redo = self.redo.clone();
        let result = self.result().cloned();
        let status = self.status();
        let finished = status.is_finished();
        let summary = summary(status, self.record.side_names());
        let clock = self.clock.clone();
        store.submit(move |store| {
            store.update_at(
                id,
                revision,
                &GameChange {
                    moves: &moves,
                    redo: &redo,
                    result: result.as_ref(),
                    status: if finished { "finished" } else { "ongoing" },
                    summary: &summary,
                    clock: clock.as_ref(),
                    computer_to_move,
                },
            )
        })
    }

    /// Saves the game and waits until it is committed. When another server changed it
    /// first, this change is dropped: the game is reloaded as stored, the page told, and
    /// the answer is a conflict.
    pub async fn commit(&mut self, store: &StoreThread) -> ApiResult<()> {
        match self.save(store).wait().await? {
            Some(revision) => {
                self.revision = revision;
                Ok(())
            }
            None => {
                let id = self.id;
                match store.run(move |store| store.load(id)).await? {
                    Some(stored) => {
                        self.refresh(&stored)?;
                        self.publish();
                        Err(ApiError::conflict(
                            "the game was changed meanwhile (through another server): here it is as it stands",
                        ))
                    }
                    None => Err(ApiError::not_found(format!("game {id} has been deleted"))),
                }
            }
        }
    }

    /// Stops the search in progress, whose result will then be ignored.
    pub fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.control.stop();
        }
    }

    /// Tells the page a search event, keeping it for pages that join late when `keep`
    /// (a search's start begins a new log); returns the event's text.
    pub fn send(&mut self, event: &Event<'_>, keep: bool) -> Arc<str> {
        let text = event.text();
        if keep {
            if matches!(event, Event::ThinkStart(_)) {
                self.log.begin(text.clone());
            } else {
                self.log.push(text.clone());
            }
        }
        let _ = self.events.send(text.clone());
        text
    }
}

/// A stored game's record: its start position and options, then its moves replayed by
/// their stored names.
fn replay(stored: &StoredGame) -> ApiResult<Box<dyn Record>> {
    let spec = find_game(&stored.game)?;
    let mut options = stored.options.clone();
    options.position = Some(stored.start_position.clone());
    let mut record = spec.new_game(&options)?;
    for (ply, name) in stored.moves.iter().enumerate() {
        record.play_text(name).map_err(|error| {
            ApiError::internal(format!(
                "stored game {} cannot be replayed at ply {}: {error}",
                stored.id,
                ply + 1
            ))
        })?;
    }
    Ok(record)
}

/// The result in words, for the list of games.
pub fn summary(status: &Status, side_names: [&str; 2]) -> String {
    match status {
        Status::Ongoing { .. } => String::new(),
        Status::Finished { winner, reason } => match winner {
            Some(Side::First) => format!("{} wins ({reason})", side_names[0]),
            Some(Side::Second) => format!("{} wins ({reason})", side_names[1]),
            None => format!("draw ({reason})"),
        },
    }
}

/// The result a [`summary`] gives in words, read back typed for the list of games (where
/// the page says it in the reader's language): the winner (`None` for a draw) and the
/// reason; `None` for a game in progress or a text `summary` did not write.
pub fn read_summary(text: &str, side_names: [&str; 2]) -> Option<(Option<Side>, String)> {
    let inner = |rest: &str| {
        rest.strip_prefix('(')
            .and_then(|rest| rest.strip_suffix(')'))
            .map(str::to_string)
    };
    if let Some(rest) = text.strip_prefix("draw ") {
        return Some((None, inner(rest)?));
    }
    for (name, side) in side_names.iter().zip([Side::First, Side::Second]) {
        if let Some(rest) = text
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix(" wins "))
        {
            return Some((Some(side), inner(rest)?));
        }
    }
    None
}

/// A game shared between requests and its search (an async lock: a handler may hold it
/// while it awaits the store; the search thread takes it with `blocking_lock`).
pub type SharedGame = Arc<tokio::sync::Mutex<LiveGame>>;

/// The games in memory.
pub struct LiveGames {
    games: Mutex<HashMap<i64, SharedGame>>,
    capacity: usize,
    /// Where a flag's timer commits the result.
    store: StoreThread,
}

impl LiveGames {
    /// Room for `capacity` games in memory; flags that fall are committed to `store`.
    pub fn new(capacity: usize, store: StoreThread) -> LiveGames {
        LiveGames {
            games: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
            store,
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<i64, SharedGame>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game numbered `id`, loading it from `store` if it is not in memory.
    pub async fn get(&self, id: i64, store: &StoreThread) -> ApiResult<SharedGame> {
        let found = self.map().get(&id).cloned();
        if let Some(game) = found {
            return Ok(game);
        }
        let stored = store
            .run(move |store| store.load(id))
            .await?
            .ok_or_else(|| ApiError::no_game(id))?;
        let live = LiveGame::from_stored(&stored)?;
        Ok(self.insert(live))
    }

    /// Puts a game in memory (or returns the one already there).
    pub fn insert(&self, live: LiveGame) -> SharedGame {
        let mut map = self.map();
        let id = live.id;
        if let Some(existing) = map.get(&id) {
            return existing.clone();
        }
        if map.len() >= self.capacity {
            evict_idle(&mut map, self.capacity);
        }
        let timed = live.clock.is_some();
        let game = Arc::new(tokio::sync::Mutex::new(live));
        if timed && let Ok(live) = game.try_lock() {
            live.flag.spawn(Arc::downgrade(&game), self.store.clone());
        }
        map.insert(id, game.clone());
        game
    }

    /// The game numbered `id` if it is in memory.
    pub fn peek(&self, id: i64) -> Option<SharedGame> {
        self.map().get(&id).cloned()
    }

    /// Every game in memory.
    pub fn all(&self) -> Vec<SharedGame> {
        self.map().values().cloned().collect()
    }

    /// Forgets a game held in memory.
    pub fn remove(&self, id: i64) -> Option<SharedGame> {
        self.map().remove(&id)
    }

    /// Games in memory.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// True when no game is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Drops the least recently used games that nobody watches, nothing searches and no clock
/// runs in (their flags must fall on time), until there is room for one more.
fn evict_idle(map: &mut HashMap<i64, SharedGame>, capacity: usize) {
    let mut idle: Vec<(Instant, i64)> = map
        .iter()
        .filter_map(|(&id, game)| {
            let live = game.try_lock().ok()?;
            let idle = live.thinking.is_none()
                && live.events.receiver_count() == 0
                && !live.clock_running();
            idle.then_some((live.last_used, id))
        })
        .collect();
    idle.sort();
    let excess = (map.len() + 1).saturating_sub(capacity);
    for (_, id) in idle.into_iter().take(excess) {
        map.remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_page_gets_the_start_first_however_long_the_search() {
        let mut log = SearchLog::default();
        log.push(Arc::from("old"));
        log.begin(Arc::from("start"));
        for index in 0..LOG_KEPT + 100 {
            log.push(Arc::from(format!("event {index}").as_str()));
        }
        let kept: Vec<&str> = log.iter().map(|text| &**text).collect();
        assert_eq!(kept.len(), LOG_KEPT + 1);
        assert_eq!(kept[0], "start");
        assert_eq!(kept[1], "event 100");
        assert_eq!(kept[LOG_KEPT], format!("event {}", LOG_KEPT + 99));
    }
}
