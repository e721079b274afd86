//! Security headers on every response, pages, assets, API answers and errors alike. The
//! policy allows only this origin: the UI is ES modules and one stylesheet served from
//! here, with no inline script, no inline `<style>` and no `style=` attribute (the DOM
//! helper sets styles through the CSSOM, which a policy does not govern), so `style-src`
//! needs no `'unsafe-inline'`. It is not a place for CORS or caching rules.

use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;

/// The Content-Security-Policy: this origin only, nothing framed, no plugins.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Sets the security headers on `response` (replacing any a handler set).
pub async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
