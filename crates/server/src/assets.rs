//! The browser UI (`web/`), embedded in the binary in release builds (read from disk in debug
//! builds, so that the pages can be edited while the server runs).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::RustEmbed)]
#[folder = "../../web/"]
#[exclude = "tests/*"]
#[exclude = "tests/**"]
#[exclude = "*.md"]
struct Web;

/// The asset at `path` (relative to `web/`), or 404.
pub(crate) fn asset(path: &str) -> Response {
    let path = path.trim_start_matches('/');
    match Web::get(path) {
        Some(file) => {
            let mime = file.metadata.mimetype().to_string();
            let mut r = (StatusCode::OK, file.data.into_owned()).into_response();
            if let Ok(v) = HeaderValue::from_str(&mime) {
                r.headers_mut().insert(header::CONTENT_TYPE, v);
            }
            r.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            r.headers_mut().insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            r
        }
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
