//! One search thread for the protocols (UCI, UCCI) and the match contestants: it owns the
//! game's [`Thinker`] while idle, hands it to a worker thread with a [`Snapshot`] of the
//! position (never the game itself) and a request, holds the answer in `go infinite` and
//! while pondering until `stop` or `ponderhit`, answers with the first legal move when the
//! search finds none or fails, sends the answer line through the shared [`Output`] (or
//! keeps the result for the caller), and takes the thinker back when joined, saying when
//! the answer went out (for the lag meter). It does not parse commands or own the game.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use ply_games::{
    MoveView, Record, Snapshot, ThinkError, ThinkEvent, ThinkRequest, ThinkResult, Thinker,
};
use ply_search::{EngineOptions, SearchControl};

use crate::output::Output;

/// How long a held answer sleeps between looks at `stop` and `ponderhit`.
const HOLD_POLL: Duration = Duration::from_millis(2);

/// How a protocol writes what a search reports.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// The line for an event, if the protocol shows it; `elapsed` since the search began.
    pub event: fn(&ThinkEvent, Duration) -> Option<String>,
    /// The answer: the move to play and the expected reply, or no move at all.
    pub answer: fn(Option<&MoveView>, Option<&str>) -> String,
}

/// Where the answer of a search goes.
#[derive(Clone, Debug)]
pub enum Reply {
    /// Events and the answer are written to the output in the protocol's dialect.
    Send(Output, Dialect),
    /// Nothing is written: the result waits for whoever joins the search.
    Keep,
}

/// When the answer may go out, as the protocols ask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hold {
    /// A ponder search: no answer before `ponderhit` (then the search's limits apply) or
    /// `stop`.
    pub ponder: bool,
    /// `go infinite`: no answer before `stop`, even when the search ends sooner.
    pub until_stopped: bool,
}

/// A search that ended.
#[derive(Debug)]
pub struct Finished {
    /// When it ended and its answer, if sent, went out.
    pub answered: Instant,
    /// The move answered: the search's, or the first legal move (among the search moves)
    /// when the search found none or failed; `None` when there is no legal move.
    pub best_move: Option<MoveView>,
    /// What the search returned.
    pub result: Result<ThinkResult, ThinkError>,
}

/// A search running on its own thread.
struct Running {
    control: Arc<SearchControl>,
    handle: JoinHandle<(Box<dyn Thinker>, Finished)>,
}

/// The thinker of one game, idle or searching on its own thread.
pub struct SearchThread {
    /// The thinker while no search runs; `None` only if a search thread died with it (a
    /// new one is made at the next search).
    idle: Option<Box<dyn Thinker>>,
    engine: EngineOptions,
    running: Option<Running>,
}

impl SearchThread {
    /// Searches with `thinker` (from [`Record::thinker`]), default engine options.
    pub fn new(thinker: Box<dyn Thinker>) -> SearchThread {
        SearchThread {
            idle: Some(thinker),
            engine: EngineOptions::default(),
            running: None,
        }
    }

    /// Whether a search runs (its answer may not be out yet).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the running search has ended and answered (joining it will not wait); false
    /// when idle.
    pub fn has_answered(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| running.handle.is_finished())
    }

    /// The running search's switches (to stop it from elsewhere); `None` when idle.
    pub fn control(&self) -> Option<Arc<SearchControl>> {
        self.running
            .as_ref()
            .map(|running| Arc::clone(&running.control))
    }

    /// The pondered move was played: the running search's limits apply from now on.
    pub fn ponderhit(&self) {
        if let Some(running) = &self.running {
            running.control.ponderhit();
        }
    }

    /// Stops the running search, if any, and waits for it (its answer is out then).
    pub fn stop(&mut self) -> Option<Finished> {
        if let Some(running) = &self.running {
            running.control.stop();
        }
        self.join()
    }

    /// Waits for the running search, if any, to end by its own limits.
    pub fn wait(&mut self) -> Option<Finished> {
        self.join()
    }

    /// Sets the engines' table size and threads, now and for thinkers made later (stops
    /// a running search first).
    pub fn set_engine_options(&mut self, options: EngineOptions) {
        self.stop();
        self.engine = options;
        if let Some(thinker) = self.idle.as_mut() {
            thinker.set_engine_options(options);
        }
    }

    /// Forgets what the engines learnt (stops a running search first).
    pub fn clear(&mut self) {
        self.stop();
        if let Some(thinker) = self.idle.as_mut() {
            thinker.clear();
        }
    }

    /// Searches with `thinker` from now on, with the engine options set so far: for a new
    /// game of another kind (stops a running search first).
    pub fn replace(&mut self, mut thinker: Box<dyn Thinker>) {
        self.stop();
        thinker.set_engine_options(self.engine);
        self.idle = Some(thinker);
    }

    /// Starts searching `record`'s current position on a new thread: only a snapshot of
    /// the position goes there. A running search is stopped first. The answer goes where
    /// `reply` says once `hold` lets it; [`SearchThread::stop`] or
    /// [`SearchThread::wait`] takes the thinker back. An error only when no thread starts
    /// (the answer, the fallback move, is sent at once then).
    pub fn start(
        &mut self,
        record: &dyn Record,
        request: ThinkRequest,
        hold: Hold,
        reply: Reply,
    ) -> std::io::Result<()> {
        self.stop();
        let thinker = self.take_thinker(record);
        let job = Job::new(record, request);
        let control = SearchControl::new();
        if hold.ponder {
            control.start_pondering();
        }
        let worker_control = Arc::clone(&control);
        let worker_reply = reply.clone();
        let fallback = job.fallback.clone();
        let spawned = std::thread::Builder::new()
            .name("ply-search".into())
            .spawn(move || {
                let mut thinker = thinker;
                let finished = job.run(thinker.as_mut(), &worker_control, hold, &worker_reply);
                (thinker, finished)
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running { control, handle });
                Ok(())
            }
            Err(error) => {
                // The thinker went with the closure; a fresh one serves the next search.
                if let Reply::Send(output, dialect) = &reply {
                    output.error(format!("cannot start the search thread: {error}"));
                    output.line(&(dialect.answer)(fallback.as_ref(), None));
                }
                Err(error)
            }
        }
    }

    /// Searches `record`'s current position on the calling thread and returns what was
    /// found, the fallback move filled in; nothing is written. For callers that wait for
    /// the move anyway (a match contestant); `control` may stop it from another thread.
    pub fn think(
        &mut self,
        record: &dyn Record,
        request: ThinkRequest,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Finished {
        self.stop();
        let mut thinker = self.take_thinker(record);
        let job = Job::new(record, request);
        let finished = job.think(thinker.as_mut(), control, on_event);
        self.idle = Some(thinker);
        finished
    }

    fn take_thinker(&mut self, record: &dyn Record) -> Box<dyn Thinker> {
        self.idle.take().unwrap_or_else(|| {
            let mut thinker = record.thinker();
            thinker.set_engine_options(self.engine);
            thinker
        })
    }

    fn join(&mut self) -> Option<Finished> {
        let running = self.running.take()?;
        match running.handle.join() {
            Ok((thinker, finished)) => {
                self.idle = Some(thinker);
                Some(finished)
            }
            // Every search is run under `catch_unwind`: this is not expected. The thinker
            // is lost; the next search makes a new one.
            Err(_) => Some(Finished {
                answered: Instant::now(),
                best_move: None,
                result: Err(ThinkError::Refused("the search thread died".into())),
            }),
        }
    }
}

/// What one search is about: the position, the request, and the move to fall back on.
struct Job {
    position: Snapshot,
    request: ThinkRequest,
    fallback: Option<MoveView>,
}

impl Job {
    fn new(record: &dyn Record, request: ThinkRequest) -> Job {
        let legal = record.legal_moves();
        let fallback = legal
            .iter()
            .find(|mv| request.search_moves.is_empty() || request.search_moves.contains(&mv.id))
            .or_else(|| legal.first())
            .cloned();
        Job {
            position: record.snapshot(),
            request,
            fallback,
        }
    }

    /// Thinks, catching a panic in the engine as an error so the thinker comes back.
    fn think(
        &self,
        thinker: &mut dyn Thinker,
        control: &SearchControl,
        on_event: &mut dyn FnMut(&ThinkEvent),
    ) -> Finished {
        let result = catch_unwind(AssertUnwindSafe(|| {
            thinker.think(&self.position, &self.request, control, on_event)
        }))
        .unwrap_or_else(|_| Err(ThinkError::Refused("the search failed".into())));
        let best_move = match &result {
            Ok(found) => found.best_move.clone().or_else(|| self.fallback.clone()),
            Err(_) => self.fallback.clone(),
        };
        Finished {
            answered: Instant::now(),
            best_move,
            result,
        }
    }

    /// The worker's whole job: think, hold the answer as asked, send it.
    fn run(
        &self,
        thinker: &mut dyn Thinker,
        control: &SearchControl,
        hold: Hold,
        reply: &Reply,
    ) -> Finished {
        let start = Instant::now();
        let mut finished = match reply {
            Reply::Send(output, dialect) => {
                let mut on_event = |event: &ThinkEvent| {
                    if let Some(line) = (dialect.event)(event, start.elapsed()) {
                        output.line(&line);
                    }
                };
                self.think(thinker, control, &mut on_event)
            }
            Reply::Keep => self.think(thinker, control, &mut |_| {}),
        };
        while !control.is_stopped() && (hold.until_stopped || control.is_pondering()) {
            std::thread::sleep(HOLD_POLL);
        }
        if let Reply::Send(output, dialect) = reply {
            if let Err(error) = &finished.result {
                output.error(error);
            }
            // The expected reply only with the search's own move.
            let ponder = match &finished.result {
                Ok(found) if found.best_move.is_some() => found.ponder.as_deref(),
                _ => None,
            };
            output.line(&(dialect.answer)(finished.best_move.as_ref(), ponder));
        }
        finished.answered = Instant::now();
        finished
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_games::{GameOptions, Level, MoveId, new_game};
    use ply_search::Limits;

    fn depth(plies: u32) -> ThinkRequest {
        ThinkRequest::new(
            Level::Strong,
            Limits {
                depth: Some(plies),
                ..Limits::default()
            },
        )
    }

    #[test]
    fn a_search_on_the_callers_thread_returns_a_legal_move() {
        let record = new_game("chess", &GameOptions::default()).expect("chess");
        let mut search = SearchThread::new(record.thinker());
        let finished = search.think(
            record.as_ref(),
            depth(3),
            &SearchControl::default(),
            &mut |_| {},
        );
        let best = finished.best_move.expect("a move");
        assert!(record.legal_moves().contains(&best));
        assert_eq!(finished.result.map(|found| found.best_move), Ok(Some(best)));
    }

    #[test]
    fn a_failed_search_falls_back_to_the_first_legal_move() {
        let record = new_game("tictactoe", &GameOptions::default()).expect("tic-tac-toe");
        let mut search = SearchThread::new(record.thinker());
        let mut request = depth(2);
        request.search_moves = vec![MoveId(u16::MAX)];
        search
            .start(record.as_ref(), request, Hold::default(), Reply::Keep)
            .expect("a thread starts");
        let finished = search.wait().expect("it ran");
        assert!(finished.result.is_err());
        assert_eq!(finished.best_move.as_ref(), record.legal_moves().first());
        assert!(!search.is_running() && search.wait().is_none());
    }

    #[test]
    fn an_infinite_search_answers_only_when_stopped() {
        let record = new_game("tictactoe", &GameOptions::default()).expect("tic-tac-toe");
        let mut search = SearchThread::new(record.thinker());
        let hold = Hold {
            until_stopped: true,
            ..Hold::default()
        };
        search
            .start(record.as_ref(), depth(2), hold, Reply::Keep)
            .expect("a thread starts");
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            search.is_running() && !search.has_answered(),
            "held until stop"
        );
        let finished = search.stop().expect("it ran");
        assert!(finished.best_move.is_some() && !search.is_running());
    }
}
