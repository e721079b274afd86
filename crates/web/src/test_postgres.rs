//! Finding a PostgreSQL server for tests: `PLY_TEST_POSTGRES` holds its URL. Without it a
//! PostgreSQL test says loudly that it was skipped, unless `PLY_REQUIRE_POSTGRES=1` (as CI
//! sets), when it fails: a run that was meant to cover both backends cannot pass on one.
//! Each test gets a schema of its own, dropped when it ends.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::store::{Database, postgres_connect};

/// The variable that holds the test server's URL.
pub const URL_VARIABLE: &str = "PLY_TEST_POSTGRES";
/// The variable that makes a missing server a failure.
pub const REQUIRE_VARIABLE: &str = "PLY_REQUIRE_POSTGRES";

/// The test server's URL; none (after saying so on stderr) when there is none and none is
/// required. Panics when one is required and missing: that is the test failing.
pub fn url(test: &str) -> Option<String> {
    match std::env::var(URL_VARIABLE) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => {
            let required = std::env::var(REQUIRE_VARIABLE).is_ok_and(|value| value == "1");
            assert!(
                !required,
                "{test}: {REQUIRE_VARIABLE}=1 but {URL_VARIABLE} is unset: the PostgreSQL tests cannot run"
            );
            // Straight to stderr, past the test harness's capture, so it is seen.
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED {test} on PostgreSQL: set {URL_VARIABLE}=postgres://user@host:port/db to run it"
            );
            None
        }
    }
}

/// A schema of its own on the test server, dropped with it.
pub struct Scratch {
    url: String,
    schema: String,
}

static NEXT: AtomicU64 = AtomicU64::new(0);

impl Scratch {
    /// Creates a fresh schema on the server at `url`.
    pub fn new(url: &str) -> Scratch {
        let schema = format!(
            "ply_test_{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.subsec_nanos())
        );
        let create = format!("CREATE SCHEMA {schema}");
        apart(|| {
            let mut client = postgres_connect(url).expect("the test PostgreSQL server answers");
            client.batch_execute(&create).expect("a test schema");
        });
        Scratch {
            url: url.to_string(),
            schema,
        }
    }

    /// The database with this schema first on the search path.
    pub fn database(&self) -> Database {
        let options = format!("options=-csearch_path%3D{}", self.schema);
        let separator = if self.url.contains('?') { '&' } else { '?' };
        if self.url.contains("://") {
            Database::Postgres(format!("{}{separator}{options}", self.url))
        } else {
            Database::Postgres(format!(
                "{} options='-csearch_path={}'",
                self.url, self.schema
            ))
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let drop = format!("DROP SCHEMA {} CASCADE", self.schema);
        let url = &self.url;
        apart(|| {
            if let Ok(mut client) = postgres_connect(url) {
                let _ = client.batch_execute(&drop);
            }
        });
    }
}

/// Runs `work` on a thread of its own: the blocking client cannot run inside an async
/// test's runtime.
fn apart(work: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let _ = scope.spawn(work).join();
    });
}
