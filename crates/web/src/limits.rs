//! Limits that keep one visitor from taking the server: a request rate per client (a token
//! bucket per address: a burst, then a steady rate), and searches a client may ask for (a
//! hint or every move scored: a few at once per client, and none while the server's queue
//! of searches is full). Past a limit the answer is 429 with `Retry-After`. The computer's
//! own moves are never refused: they wait their turn in the queue (one per game at most).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use axum::response::{IntoResponse, Response};

/// Clients remembered at most; past this, the ones with a full bucket are forgotten.
const MAX_CLIENTS: usize = 10_000;

/// A refusal for now: 429 with the seconds to wait.
#[derive(Debug)]
pub struct TooMany {
    /// What is limited, in words.
    pub message: String,
    /// Seconds until a retry may succeed.
    pub retry_after: u64,
}

impl IntoResponse for TooMany {
    fn into_response(self) -> Response {
        crate::error::ApiError::from(self).into_response()
    }
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Requests per client address: `burst` at once, then `per_minute`.
pub struct RateLimit {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    per_second: f64,
    burst: f64,
}

impl RateLimit {
    /// A limit of `per_minute` requests with bursts of `burst` (0 per minute: no limit).
    pub fn new(per_minute: u32, burst: u32) -> RateLimit {
        RateLimit {
            buckets: Mutex::new(HashMap::new()),
            per_second: f64::from(per_minute) / 60.0,
            burst: f64::from(burst.max(1)),
        }
    }

    fn buckets(&self) -> MutexGuard<'_, HashMap<IpAddr, Bucket>> {
        self.buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes one request's token for `client` now, or says how long to wait.
    pub fn take(&self, client: IpAddr, now: Instant) -> Result<(), TooMany> {
        if self.per_second <= 0.0 {
            return Ok(());
        }
        let mut buckets = self.buckets();
        if buckets.len() >= MAX_CLIENTS {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, bucket| {
                bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * rate < burst
            });
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = now.saturating_duration_since(bucket.at).as_secs_f64() * self.per_second;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Ok(());
        }
        let wait = (1.0 - bucket.tokens) / self.per_second;
        Err(TooMany {
            message: format!(
                "too many requests from {client}: at most {:.0} a minute",
                self.per_second * 60.0
            ),
            retry_after: wait.ceil().max(1.0) as u64,
        })
    }
}

/// Searches that clients asked for (hints, analyses), per client.
#[derive(Debug, Default)]
pub struct ClientSearches {
    running: Mutex<HashMap<String, usize>>,
}

/// One client's search, counted until it is dropped.
#[derive(Debug)]
pub struct ClientSearch {
    searches: Arc<ClientSearches>,
    client: String,
}

impl ClientSearches {
    fn running(&self) -> MutexGuard<'_, HashMap<String, usize>> {
        self.running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a search for `client` if it has fewer than `most` running, else refuses.
    pub fn admit(self: &Arc<Self>, client: &str, most: usize) -> Result<ClientSearch, TooMany> {
        let mut running = self.running();
        let count = running.entry(client.to_string()).or_insert(0);
        if *count >= most {
            return Err(TooMany {
                message: format!(
                    "you have {count} searches running: at most {most} at once; wait for one to end"
                ),
                retry_after: 2,
            });
        }
        *count += 1;
        Ok(ClientSearch {
            searches: self.clone(),
            client: client.to_string(),
        })
    }
}

impl Drop for ClientSearch {
    fn drop(&mut self) {
        let mut running = self.searches.running();
        if let Some(count) = running.get_mut(&self.client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                running.remove(&self.client);
            }
        }
    }
}

/// The busy server's answer: its queue of searches is full.
pub fn queue_full(waiting: usize) -> TooMany {
    TooMany {
        message: format!(
            "the server is busy: {waiting} searches wait their turn; try again shortly"
        ),
        retry_after: 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{StatusCode, header};
    use std::time::Duration;

    fn retry_after(response: &Response) -> Option<Duration> {
        response
            .headers()
            .get(header::RETRY_AFTER)?
            .to_str()
            .ok()?
            .parse()
            .ok()
            .map(Duration::from_secs)
    }

    #[test]
    fn a_burst_then_the_steady_rate() {
        let limit = RateLimit::new(60, 3);
        let client: IpAddr = "192.0.2.1".parse().expect("an address");
        let other: IpAddr = "192.0.2.2".parse().expect("an address");
        let start = Instant::now();
        for _ in 0..3 {
            assert!(limit.take(client, start).is_ok());
        }
        let refused = limit.take(client, start).expect_err("refused");
        assert_eq!(refused.retry_after, 1);
        assert!(
            limit.take(other, start).is_ok(),
            "another client is not limited"
        );
        assert!(
            limit
                .take(client, start + Duration::from_millis(1_100))
                .is_ok()
        );
        assert!(
            limit
                .take(client, start + Duration::from_millis(1_200))
                .is_err()
        );
        let unlimited = RateLimit::new(0, 1);
        for _ in 0..100 {
            assert!(unlimited.take(client, start).is_ok());
        }
    }

    #[test]
    fn a_client_has_a_few_searches_at_once() {
        let searches = Arc::new(ClientSearches::default());
        let first = searches.admit("a", 2).expect("first");
        let _second = searches.admit("a", 2).expect("second");
        let refused = searches.admit("a", 2).expect_err("third refused");
        assert!(refused.message.contains("at most 2"), "{}", refused.message);
        assert!(searches.admit("b", 2).is_ok(), "another client");
        drop(first);
        assert!(searches.admit("a", 2).is_ok(), "one ended: room again");
        let response = queue_full(9).into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(retry_after(&response), Some(Duration::from_secs(5)));
    }
}
