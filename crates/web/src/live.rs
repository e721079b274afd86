//! Games in play, in memory: each stored game that a page has opened, rebuilt by replaying
//! its moves through a session, with its redo list, its players, the search running for it
//! (if any) and the channel its page listens on. Idle games are dropped from memory when
//! there are too many; the store keeps them.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use ply_games::{BoardView, GameOptions, GameSpec, MoveView, Session, Status, find_game};
use ply_search::{SearchControl, Side};
use serde::Serialize;
use tokio::sync::broadcast;

use crate::error::{ApiError, ApiResult};
use crate::store::{GameChange, GameRecord, Players, Seat, Store, StoredOptions, StoredResult};

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

/// Most events kept of the latest search, for pages that join late.
const LOG_KEPT: usize = 400;

/// One game in play.
pub struct LiveGame {
    /// Its number in the store.
    pub id: i64,
    /// Its registry entry.
    pub spec: &'static GameSpec,
    /// Settings.
    pub options: StoredOptions,
    /// The game.
    pub session: Box<dyn Session>,
    /// A copy that thinks, keeping the engines' memory from move to move; `None` while it is
    /// lent to a search.
    pub thinker: Option<Box<dyn Session>>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<String>,
    /// Who plays.
    pub players: Players,
    /// A result the rules did not give (resignation).
    pub result: Option<StoredResult>,
    /// The search running for this game.
    pub thinking: Option<Thinking>,
    /// The latest search's events (JSON), for pages that join late.
    pub log: VecDeque<Arc<str>>,
    /// The latest hint or analysis result (JSON).
    pub last_think: Option<serde_json::Value>,
    /// Where the page listens.
    pub events: broadcast::Sender<Arc<str>>,
    /// Last touched.
    pub last_used: Instant,
    /// Grows with every change the page is told of (seeded from the clock, so it grows
    /// across restarts too): a page keeps the newest state whatever order answers and
    /// events arrive in.
    pub version: u64,
}

/// What the page sees of a game.
#[derive(Serialize)]
pub struct GameState<'a> {
    id: i64,
    version: u64,
    game: &'static str,
    title: String,
    options: &'a StoredOptions,
    side_names: [&'static str; 2],
    board: BoardView,
    legal: Vec<MoveView>,
    history: Vec<MoveView>,
    status: Status,
    players: &'a Players,
    human_to_move: bool,
    thinking: Option<ThinkingView>,
    can_undo: bool,
    can_redo: bool,
    position: String,
    start_position: String,
    last_think: Option<&'a serde_json::Value>,
}

#[derive(Serialize)]
struct ThinkingView {
    id: u64,
    purpose: Purpose,
    #[serde(serialize_with = "ply_games::session::serialize_side")]
    side: Side,
    elapsed_ms: u64,
}

impl LiveGame {
    /// Rebuilds a stored game.
    pub fn from_record(record: &GameRecord) -> ApiResult<LiveGame> {
        let spec = find_game(&record.game)?;
        let options = GameOptions {
            size: record.options.size,
            rule: record.options.rule.clone(),
            position: None,
            chess960: false,
        };
        let mut session = spec.new_session(&options)?;
        if session.start_position() != record.start_position {
            session.set_position(&record.start_position)?;
        }
        for (ply, name) in record.moves.iter().enumerate() {
            session.play(name).map_err(|error| {
                ApiError::internal(format!(
                    "stored game {} cannot be replayed at ply {}: {error}",
                    record.id,
                    ply + 1
                ))
            })?;
        }
        let (events, _) = broadcast::channel(512);
        Ok(LiveGame {
            id: record.id,
            spec,
            options: record.options.clone(),
            session,
            thinker: None,
            redo: record.redo.clone(),
            players: record.players.clone(),
            result: record.result.clone(),
            thinking: None,
            log: VecDeque::new(),
            last_think: None,
            events,
            last_used: Instant::now(),
            version: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.as_micros() as u64),
        })
    }

    /// Where the game stands, a resignation included.
    pub fn status(&self) -> Status {
        match &self.result {
            Some(result) => Status::Finished {
                winner: match result.winner.as_deref() {
                    Some("first") => Some(Side::First),
                    Some("second") => Some(Side::Second),
                    _ => None,
                },
                reason: result.reason.clone(),
            },
            None => self.session.status(),
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
        !self.status().is_finished() && self.seat(self.session.side_to_move()) == Seat::Human
    }

    /// True when the game goes on and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        !self.status().is_finished() && self.seat(self.session.side_to_move()) == Seat::Computer
    }

    /// The page's view.
    pub fn state(&self) -> GameState<'_> {
        let status = self.status();
        let finished = status.is_finished();
        GameState {
            id: self.id,
            version: self.version,
            game: self.spec.name,
            title: self.session.title(),
            options: &self.options,
            side_names: self.session.side_names(),
            board: self.session.board(),
            legal: if finished {
                Vec::new()
            } else {
                self.session.legal_moves()
            },
            history: self.session.history(),
            human_to_move: self.human_to_move(),
            status,
            players: &self.players,
            thinking: self.thinking.as_ref().map(|thinking| ThinkingView {
                id: thinking.id,
                purpose: thinking.purpose,
                side: thinking.side,
                elapsed_ms: thinking.started.elapsed().as_millis() as u64,
            }),
            can_undo: !self.session.history().is_empty() && self.result.is_none(),
            can_redo: !self.redo.is_empty() && self.result.is_none(),
            position: self.session.position(),
            start_position: self.session.start_position(),
            last_think: self.last_think.as_ref(),
        }
    }

    /// Writes the game to the store.
    pub fn save(&self, store: &Store) -> ApiResult<()> {
        let moves: Vec<String> = self
            .session
            .history()
            .into_iter()
            .map(|mv| mv.name)
            .collect();
        let status = self.status();
        let summary = summary(&status, self.session.side_names());
        store.update(
            self.id,
            &GameChange {
                moves: &moves,
                redo: &self.redo,
                result: self.result.as_ref(),
                status: if status.is_finished() {
                    "finished"
                } else {
                    "ongoing"
                },
                summary: &summary,
            },
        )?;
        Ok(())
    }

    /// Stops the search in progress, whose result will then be ignored.
    pub fn cancel_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.control.stop();
        }
    }

    /// Tells the page something (a JSON object with a `type`).
    pub fn send(&mut self, event: serde_json::Value, keep: bool) {
        let text: Arc<str> = Arc::from(event.to_string());
        if keep {
            if self.log.len() >= LOG_KEPT {
                self.log.pop_front();
            }
            self.log.push_back(text.clone());
        }
        let _ = self.events.send(text);
    }

    /// Tells the page the game changed.
    pub fn send_state(&mut self) {
        self.version += 1;
        let state = serde_json::to_value(self.state()).unwrap_or_default();
        self.send(
            serde_json::json!({ "type": "state", "state": state }),
            false,
        );
    }
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

/// A game shared between requests and its search.
pub type SharedGame = Arc<Mutex<LiveGame>>;

/// Locks a game; a search that panicked while holding the lock does not poison the game
/// for everyone else.
pub fn lock(game: &SharedGame) -> MutexGuard<'_, LiveGame> {
    game.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The games in memory.
pub struct LiveGames {
    games: Mutex<HashMap<i64, SharedGame>>,
    capacity: usize,
}

impl LiveGames {
    /// Room for `capacity` games in memory.
    pub fn new(capacity: usize) -> LiveGames {
        LiveGames {
            games: Mutex::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<i64, SharedGame>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game numbered `id`, loading it from `store` if it is not in memory.
    pub fn get(&self, id: i64, store: &Mutex<Store>) -> ApiResult<SharedGame> {
        if let Some(game) = self.map().get(&id) {
            return Ok(game.clone());
        }
        let record = {
            let store = store.lock().unwrap_or_else(|p| p.into_inner());
            store.load(id)?
        }
        .ok_or_else(|| ApiError::not_found(format!("there is no game {id}")))?;
        let live = LiveGame::from_record(&record)?;
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
        let game = Arc::new(Mutex::new(live));
        map.insert(id, game.clone());
        game
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

/// Drops the least recently used games that nobody watches and nothing searches, until
/// there is room for one more.
fn evict_idle(map: &mut HashMap<i64, SharedGame>, capacity: usize) {
    let mut idle: Vec<(Instant, i64)> = map
        .iter()
        .filter_map(|(&id, game)| {
            let live = game.try_lock().ok()?;
            let idle = live.thinking.is_none() && live.events.receiver_count() == 0;
            idle.then_some((live.last_used, id))
        })
        .collect();
    idle.sort();
    let excess = (map.len() + 1).saturating_sub(capacity);
    for (_, id) in idle.into_iter().take(excess) {
        map.remove(&id);
    }
}
