//! The store's own thread: every read and write of the store (SQLite or PostgreSQL) runs there, one after another in the
//! order they were queued, so the async executor never waits on the disk. A handler queues
//! its write while it holds its game (so a game's writes are queued in the order its changes
//! were made) and awaits the answer before it answers itself: a move is committed before
//! it is acknowledged, as before. It is not a cache and not a pool: one connection, one
//! queue.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;

use tokio::sync::oneshot;

use crate::error::{ApiError, ApiResult};
use crate::store::{Store, StoreError, StoreResult};

type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// A handle on the store's thread; cheap to clone. The thread ends when the last handle
/// is dropped.
#[derive(Clone)]
pub struct StoreThread {
    jobs: mpsc::Sender<Job>,
    errors: Arc<AtomicU64>,
}

/// A job queued on the store's thread: await [`Pending::wait`] for its answer.
pub struct Pending<T> {
    answer: oneshot::Receiver<StoreResult<T>>,
}

impl StoreThread {
    /// Moves `store` to a thread of its own.
    pub fn start(store: Store) -> StoreResult<StoreThread> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("ply-store".to_string())
            .spawn(move || {
                let mut store = store;
                for job in queue {
                    job(&mut store);
                }
            })
            .map_err(|error| {
                StoreError::Setup(format!("cannot start the store's thread: {error}"))
            })?;
        Ok(StoreThread {
            jobs,
            errors: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Queues `work` now (after everything queued before it); it runs on the store's thread.
    pub fn submit<T, F>(&self, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> StoreResult<T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let errors = self.errors.clone();
        // A stopped thread drops the job and its reply: `wait` then says so.
        let sent = self.jobs.send(Box::new(move |store: &mut Store| {
            let answer = work(store);
            if answer.is_err() {
                errors.fetch_add(1, Ordering::Relaxed);
            }
            let _ = reply.send(answer);
        }));
        if sent.is_err() {
            self.errors.fetch_add(1, Ordering::Relaxed);
        }
        Pending { answer }
    }

    /// Jobs that failed (a store error) or found the thread stopped, since it started.
    pub fn errors(&self) -> u64 {
        self.errors.load(Ordering::Relaxed)
    }

    /// Runs `work` on the store's thread and waits for its answer.
    pub async fn run<T, F>(&self, work: F) -> ApiResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> StoreResult<T> + Send + 'static,
    {
        self.submit(work).wait().await
    }
}

impl<T> Pending<T> {
    /// The job's answer, once it has run (for a write: once it is committed).
    pub async fn wait(self) -> ApiResult<T> {
        match self.answer.await {
            Ok(answer) => answer.map_err(ApiError::from),
            Err(_) => Err(ApiError::internal("the game store has stopped")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_in_order_off_the_caller() {
        let dir = tempfile::tempdir().expect("temp dir");
        let thread = StoreThread::start(Store::open(dir.path()).expect("opens")).expect("starts");
        let caller = std::thread::current().id();
        let first = thread.submit(move |_| Ok(std::thread::current().id() != caller));
        let second = thread.submit(|store| store.count());
        assert!(first.wait().await.expect("runs"));
        assert_eq!(second.wait().await.expect("counts"), 0);
        assert_eq!(thread.errors(), 0);
        let failed = thread.run(|_| Err::<(), _>(rusqlite::Error::InvalidQuery.into()));
        assert!(failed.await.is_err());
        assert_eq!(thread.errors(), 1);
    }
}
