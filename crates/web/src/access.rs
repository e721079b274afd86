//! Who may do what. A game belongs to the browser that started it: creating a game sets an
//! HTTP-only, SameSite=Strict cookie holding a random secret (unless the browser already
//! has one), and the game stores that secret's SHA-256. Anyone with a game's link may watch
//! it (its state, positions, export and event stream); every route that changes a game or
//! spends the server's time on it (move, undo, redo, resign, move now, hint, analysis,
//! delete) answers 403 to anyone else. Games stored before games had owners belong to
//! whoever runs the server: they may be changed from the machine itself (a loopback
//! address, not through a proxy: no forwarding header, and not `--behind-proxy`) and only
//! on the SQLite store, never on a shared database.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use sha2::{Digest, Sha256};

use crate::error::{ApiError, ApiResult};
use crate::state::{AppState, secret};

/// The cookie that holds a browser's secret.
pub const COOKIE: &str = "ply_owner";

/// How long the browser keeps the cookie: a year.
const COOKIE_MAX_AGE: u64 = 365 * 24 * 3600;

/// Who asks: the browser's secret (if it sent a well-formed one) and whether it asks from
/// the server's own machine.
#[derive(Clone, Debug)]
pub struct Caller {
    secret: Option<String>,
    local: bool,
}

/// A secret as the cookie holds it: 32 hex digits.
fn well_formed(secret: &str) -> bool {
    secret.len() == 32 && secret.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// The SHA-256 of a secret, in hex: what a game stores as its owner.
pub fn fingerprint(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

impl Caller {
    /// The caller's fingerprint (what its games store), if it has a secret.
    pub fn owner(&self) -> Option<String> {
        self.secret.as_deref().map(fingerprint)
    }

    /// True when the caller asks from the server's own machine, not through a proxy.
    pub fn is_local(&self) -> bool {
        self.local
    }

    /// The caller's secret, made now if it has none: the secret, and the cookie to set
    /// when it is new.
    pub fn secret_or_new(&self) -> (String, Option<HeaderValue>) {
        match &self.secret {
            Some(secret) => (secret.clone(), None),
            None => {
                let secret = secret();
                let cookie = format!(
                    "{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Strict; Max-Age={COOKIE_MAX_AGE}"
                );
                (secret, HeaderValue::from_str(&cookie).ok())
            }
        }
    }

    /// Ok when the caller may change a game whose owner is `owner` (a fingerprint; none
    /// for a game stored before owners), else 403 with the reason.
    pub fn may_change(&self, state: &AppState, owner: Option<&str>) -> ApiResult<()> {
        let allowed = match owner {
            Some(owner) => self.owner().is_some_and(|mine| mine == owner),
            None => self.local && !state.0.shared,
        };
        if allowed {
            Ok(())
        } else if owner.is_some() {
            Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "this game belongs to the browser that started it: you may watch it, not change it",
            )
            .coded("not_yours", None))
        } else {
            Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "this game was stored before games had owners: it can be changed only from the server's own machine",
            )
            .coded("ownerless", None))
        }
    }
}

/// The secret in a request's cookies, if well formed.
fn cookie_secret(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && well_formed(value))
        .map(|(_, value)| value.to_ascii_lowercase())
}

/// True when the request comes straight from a loopback address. A request with no peer
/// address (the router called in-process, as the tests do) counts as local; one that a
/// proxy forwarded does not, whatever address the proxy has.
fn from_loopback(parts: &Parts) -> bool {
    let forwarded = parts.headers.contains_key("x-forwarded-for")
        || parts.headers.contains_key(header::FORWARDED)
        || parts.headers.contains_key("x-real-ip");
    if forwarded {
        return false;
    }
    match parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        Some(ConnectInfo(peer)) => peer.ip().is_loopback(),
        None => true,
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    /// Behind a proxy (`--behind-proxy`) nobody is local: every request comes through it.
    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(Caller {
            secret: cookie_secret(parts),
            local: !state.0.behind_proxy && from_loopback(parts),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(cookie: Option<&str>, peer: Option<&str>, forwarded: bool) -> Parts {
        let mut request = axum::http::Request::builder().uri("/");
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        if forwarded {
            request = request.header("x-forwarded-for", "203.0.113.9");
        }
        let (mut parts, ()) = request.body(()).expect("a request").into_parts();
        if let Some(peer) = peer {
            let addr: SocketAddr = peer.parse().expect("an address");
            parts.extensions.insert(ConnectInfo(addr));
        }
        parts
    }

    #[test]
    fn the_secret_is_read_only_when_well_formed() {
        let secret = "0123456789abcdef0123456789ABCDEF";
        let found = cookie_secret(&parts(
            Some(&format!("a=b; {COOKIE}={secret}")),
            None,
            false,
        ));
        assert_eq!(found.as_deref(), Some("0123456789abcdef0123456789abcdef"));
        assert_eq!(
            cookie_secret(&parts(Some("ply_owner=short"), None, false)),
            None
        );
        assert_eq!(cookie_secret(&parts(None, None, false)), None);
        assert_eq!(fingerprint("x").len(), 64);
        assert_ne!(fingerprint("x"), fingerprint("y"));
    }

    #[test]
    fn only_the_loopback_without_a_proxy_is_local() {
        assert!(from_loopback(&parts(None, Some("127.0.0.1:5000"), false)));
        assert!(from_loopback(&parts(None, Some("[::1]:5000"), false)));
        assert!(!from_loopback(&parts(None, Some("192.0.2.4:5000"), false)));
        assert!(!from_loopback(&parts(None, Some("127.0.0.1:5000"), true)));
        assert!(from_loopback(&parts(None, None, false)));
    }
}
