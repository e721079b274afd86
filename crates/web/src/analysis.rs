//! Analyses of whole games, off the request path: a task per game goes over its positions
//! one by one, each search on a blocking thread holding one of the server's search slots
//! (taken and given back per position, so the computer's moves and hints wait at most one
//! position's search), under its owner's admission ticket (a client's searches at once
//! and the server's queue, as a hint is admitted). Every position done is written to the
//! store, so progress survives a reload and shows on every server; the owner may stop it
//! (the positions done are kept, and starting again goes on from them). Shutdown stops it
//! like any search. What is graded and how is `ply_games::session::analysis`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use ply_games::Record;
use ply_games::session::analysis::{GameReview, PositionEval};
use ply_search::{Limits, SearchControl};

use crate::limits::ClientSearch;
use crate::state::AppState;
use crate::store::{AnalysisState, StoredAnalysis};

/// Deepest search a client may ask for each position.
pub const MAX_DEPTH: u32 = 24;

/// The analyses running on this server, by game row number.
#[derive(Default)]
pub struct Running {
    jobs: Mutex<HashMap<i64, Arc<SearchControl>>>,
}

impl Running {
    fn jobs(&self) -> MutexGuard<'_, HashMap<i64, Arc<SearchControl>>> {
        self.jobs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// True when game `id`'s analysis runs here.
    pub fn is_running(&self, id: i64) -> bool {
        self.jobs().contains_key(&id)
    }

    /// Stops game `id`'s analysis if it runs here; true when it did.
    pub fn stop(&self, id: i64) -> bool {
        match self.jobs().get(&id) {
            Some(control) => {
                control.stop();
                true
            }
            None => false,
        }
    }

    /// Counts game `id`'s analysis as running; false if one already runs.
    fn claim(&self, id: i64, control: Arc<SearchControl>) -> bool {
        let mut jobs = self.jobs();
        if jobs.contains_key(&id) {
            return false;
        }
        jobs.insert(id, control);
        true
    }

    fn release(&self, id: i64) {
        self.jobs().remove(&id);
    }
}

/// The limits as stored with an analysis.
pub fn limits_json(limits: &Limits) -> serde_json::Value {
    serde_json::json!({
        "depth": limits.depth,
        "nodes": limits.nodes,
        "movetime_ms": limits.movetime.map(|time| time.as_millis() as u64),
    })
}

/// What a new analysis of `record` starts from: the positions of an earlier one of the
/// same moves within the same limits that was stopped (it goes on from them), else none.
pub fn resumed(
    earlier: Option<StoredAnalysis>,
    moves: usize,
    limits: &serde_json::Value,
) -> Vec<PositionEval> {
    match earlier {
        Some(earlier)
            if earlier.moves == moves
                && &earlier.limits == limits
                && earlier.state != AnalysisState::Failed =>
        {
            earlier.positions
        }
        _ => Vec::new(),
    }
}

/// Starts analysing game `id` (`record`, a copy of the game) within `limits` a position,
/// from `analysis` (already stored as running, perhaps with positions done). False when
/// an analysis of this game already runs here.
pub fn start(
    state: &AppState,
    id: i64,
    record: Box<dyn Record>,
    limits: Limits,
    analysis: StoredAnalysis,
    ticket: ClientSearch,
) -> bool {
    let control = Arc::new(SearchControl::default());
    if !state.0.analyses.claim(id, control.clone()) {
        return false;
    }
    let think_id = state.next_think_id();
    state.started(think_id, control.clone());
    let state = state.clone();
    tokio::spawn(async move {
        let _ticket = ticket;
        run(&state, id, record, limits, analysis, control).await;
        state.0.analyses.release(id);
        state.ended(think_id);
    });
    true
}

async fn run(
    state: &AppState,
    id: i64,
    record: Box<dyn Record>,
    limits: Limits,
    mut analysis: StoredAnalysis,
    control: Arc<SearchControl>,
) {
    let review = Arc::new(GameReview::new(record.as_ref()));
    let mut thinker = Some(record.thinker());
    let total = review.positions();
    while analysis.positions.len() < total {
        let index = analysis.positions.len();
        if control.is_stopped() {
            analysis.state = AnalysisState::Stopped;
            break;
        }
        // Waits its turn; the slots close when shutdown begins.
        let Ok(permit) = state.0.search_slots.clone().acquire_owned().await else {
            analysis.state = AnalysisState::Stopped;
            break;
        };
        state.running(true);
        let Some(mut engines) = thinker.take() else {
            break;
        };
        let (review_here, control_here, limits_here) =
            (review.clone(), control.clone(), limits.clone());
        let searched = tokio::task::spawn_blocking(move || {
            let eval = review_here.evaluate(index, engines.as_mut(), &limits_here, &control_here);
            (engines, eval)
        })
        .await;
        state.running(false);
        drop(permit);
        match searched {
            Ok((engines, Ok(Some(eval)))) => {
                state.searched(eval.nodes, eval.nodes * 1000 / eval.time_ms.max(1));
                thinker = Some(engines);
                analysis.positions.push(eval);
            }
            Ok((_, Ok(None))) => {
                analysis.state = AnalysisState::Stopped;
                break;
            }
            Ok((_, Err(error))) => {
                analysis.state = AnalysisState::Failed;
                analysis.error = Some(error.to_string());
                break;
            }
            Err(error) => {
                tracing::error!(game = id, "the analysis failed: {error}");
                analysis.state = AnalysisState::Failed;
                analysis.error = Some("the search failed".to_string());
                break;
            }
        }
        if analysis.positions.len() < total {
            save(state, id, &analysis).await;
        }
    }
    if analysis.positions.len() == total {
        analysis.state = AnalysisState::Done;
    }
    save(state, id, &analysis).await;
    tracing::info!(
        game = id,
        state = analysis.state.name(),
        positions = analysis.positions.len(),
        "analysis ended"
    );
}

async fn save(state: &AppState, id: i64, analysis: &StoredAnalysis) {
    let copy = analysis.clone();
    if let Err(error) = state
        .0
        .store
        .run(move |store| store.save_analysis(id, &copy))
        .await
    {
        tracing::error!(game = id, "cannot store the analysis: {error}");
    }
}
