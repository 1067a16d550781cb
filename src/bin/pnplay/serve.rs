//! `pnplay serve`: a small static file server for the playground page.
//!
//! Serves `www/` at `/`, the wasm-bindgen output `pkg/` at `/pkg/` and the repository's
//! `results/` at `/results/` (with the list of its JSON Lines files, plain or gzipped, and of
//! its folders' `cards.json` at `/results.json`, for the page's results viewer and Papers
//! view), bound to 127.0.0.1 by default, with axum and tower-http's `ServeDir` (content types
//! such as `application/wasm`, ranges, gzip).
//!
//! * **Only its own files.** Every request path is percent-decoded first, then refused (404)
//!   if it has a dot segment (`.env`, `..`), an empty segment, a backslash or NUL, a segment
//!   over 255 bytes, or if what it names resolves (symlinks followed) outside its root. The
//!   results listing leaves out hidden entries and anything that resolves outside the
//!   results folder. Only GET and HEAD are answered (405 otherwise); an unsatisfiable range
//!   gets 416.
//! * **Cannot be starved.** Its own connection loop: a client must send a request's headers
//!   within `--header-timeout` (10 s; also how long an idle kept-alive connection stays
//!   open), no connection lasts beyond [`CONNECTION_LIFETIME`], and at most
//!   `--max-connections` are open at once (more wait to be accepted).
//! * **Headers.** A Content-Security-Policy that allows only the page's own origin plus
//!   `'wasm-unsafe-eval'` (to compile the wasm module), `X-Content-Type-Options: nosniff`,
//!   and, unless `--no-isolation`, cross-origin isolation (`Cross-Origin-Opener-Policy:
//!   same-origin`, `Cross-Origin-Embedder-Policy: require-corp`,
//!   `Cross-Origin-Resource-Policy: same-origin`), which the page's threads need.
//! * **Precompressed package.** A file of `pkg/` with a gzipped twin beside it
//!   (`games-a/pnplay_bg.wasm.gz`, written by `scripts/build`) is sent as that twin to a client that
//!   accepts gzip, instead of being compressed on every request (4.6 MB of wasm took
//!   0.5–1.5 s to gzip on the fly on a loaded 2-core machine, most of the time to
//!   "engine ready"). A twin older than its file, or resolving outside the folder, is not
//!   used: the file is compressed on the fly as any other.
//! * **Caching.** Every file has an ETag and `Cache-Control: no-cache`, so a reload
//!   revalidates and gets 304 (the wasm is not fetched again); a file whose name carries a
//!   content hash (`name.0123abcd.ext`, 8 or more hex digits) is `immutable` for a year.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy sent with every response.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     worker-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The longest any one connection stays open.
pub const CONNECTION_LIFETIME: Duration = Duration::from_secs(120);

/// The longest path segment (a file name) served.
const MAX_SEGMENT: usize = 255;

/// The longest request path served.
const MAX_PATH: usize = 2048;

/// How long to wait before accepting again when accepting fails (out of file descriptors).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// `Cache-Control` of ordinary files: keep, but ask (ETag) before reusing.
const REVALIDATE: &str = "no-cache";

/// `Cache-Control` of files whose name carries a content hash.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Where the served files come from.
#[derive(Clone, Debug)]
pub struct Roots {
    /// The page: index.html, scripts, styles.
    pub www: PathBuf,
    /// The wasm-bindgen package, served under `/pkg/`.
    pub pkg: PathBuf,
    /// Experiment results, served under `/results/`.
    pub results: PathBuf,
}

/// How the server behaves.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Send the cross-origin isolation headers (COOP, COEP, CORP).
    pub isolation: bool,
    /// Most connections open at once.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers (and a kept-alive connection
    /// may sit idle).
    pub header_timeout: Duration,
}

/// Whether `path` (a canonical path) is inside `root`, resolved.
fn inside(path: &Path, root: &Path) -> bool {
    root.canonicalize().is_ok_and(|root| path.starts_with(root))
}

/// Whether a results file is a records file: JSON Lines, plain or gzipped (`.jsonl.gz`,
/// which the page unpacks).
fn is_records(name: &str) -> bool {
    name.ends_with(".jsonl") || name.ends_with(".jsonl.gz")
}

/// Whether a results file is a folder's cards of the Papers view.
fn is_cards(name: &str) -> bool {
    name == "cards.json"
}

/// The files under `root` (and its folders, one level down) whose name is `wanted`, as paths
/// relative to it with `/`, sorted; hidden entries and anything resolving outside `root` (a
/// symlink out of it) are left out.
fn results_files(root: &Path, wanted: fn(&str) -> bool) -> Vec<String> {
    let mut files = Vec::new();
    let list = |dir: &Path| {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| {
                !path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                    && path
                        .canonicalize()
                        .is_ok_and(|resolved| inside(&resolved, root))
            })
            .collect::<Vec<_>>()
    };
    for path in list(root) {
        let inner = if path.is_dir() {
            list(&path)
        } else {
            vec![path]
        };
        for file in inner {
            let name = file.file_name().unwrap_or_default().to_string_lossy();
            if wanted(name.as_ref()) {
                if let Ok(relative) = file.strip_prefix(root) {
                    let parts: Vec<String> = relative
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    files.push(parts.join("/"));
                }
            }
        }
    }
    files.sort();
    files
}

/// Binds `host:port` and serves until the process ends. Prints the URL once listening.
pub fn run(host: &str, port: u16, roots: Roots, options: Options) -> Result<(), String> {
    if !roots.www.join("index.html").is_file() {
        return Err(format!("{} has no index.html", roots.www.display()));
    }
    // The engine's first module (www/engine/wasm-source.js), which every page loads.
    if !roots.pkg.join("games-a/pnplay_bg.wasm").is_file() {
        eprintln!(
            "warning: {} has no games-a/pnplay_bg.wasm; build it first with scripts/build",
            roots.pkg.display()
        );
    }
    if options.max_connections == 0 {
        return Err("max-connections must be at least 1".to_string());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        outln!("pnplay serving on http://{address}/");
        serve(listener, router(roots, options.isolation), options).await;
        Ok(())
    })
}

/// Accepts connections, at most `options.max_connections` at once, each served with the
/// header-read timeout and within [`CONNECTION_LIFETIME`].
async fn serve(listener: tokio::net::TcpListener, app: Router, options: Options) {
    let slots = Arc::new(tokio::sync::Semaphore::new(options.max_connections));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => {
                // Each response goes out at once: with Nagle's algorithm a response's last
                // small write waited for the client's delayed acknowledgement, 40 ms a request
                // on a kept-alive connection (the page's 60 files over six connections: about
                // 0.4 s of its start).
                let _ = stream.set_nodelay(true);
                stream
            }
            Err(_) => {
                // Out of file descriptors, say: wait for connections to close.
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _slot = slot;
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(options.header_timeout)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            // A client gone quiet is dropped at the timeout, whatever it was doing.
            let _ = tokio::time::timeout(CONNECTION_LIFETIME, connection).await;
        });
    }
}

fn router(roots: Roots, isolation: bool) -> Router {
    let header_layer = |name, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    let results = roots.results.clone();
    let mut app = Router::new()
        .route(
            "/results.json",
            axum::routing::get(move || {
                let files = results_files(&results, is_records);
                let cards = results_files(&results, is_cards);
                let body = serde_json::json!({ "files": files, "cards": cards }).to_string();
                async move { ([(header::CONTENT_TYPE, "application/json")], body) }
            }),
        )
        .nest_service("/results", ServeDir::new(&roots.results))
        .nest_service("/pkg", ServeDir::new(&roots.pkg).precompressed_gzip())
        .fallback_service(ServeDir::new(&roots.www))
        .layer(middleware::from_fn_with_state(Arc::new(roots), guard))
        .layer(header_layer(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header_layer(header::REFERRER_POLICY, "no-referrer"));
    if isolation {
        app = app
            .layer(header_layer(
                header::HeaderName::from_static("cross-origin-opener-policy"),
                "same-origin",
            ))
            .layer(header_layer(
                header::HeaderName::from_static("cross-origin-embedder-policy"),
                "require-corp",
            ))
            .layer(header_layer(
                header::HeaderName::from_static("cross-origin-resource-policy"),
                "same-origin",
            ));
    }
    app.layer(CompressionLayer::new())
}

/// The file a request path names, resolved (symlinks followed) and checked to be inside
/// its root, or `None` for anything that must not be served: see the module's
/// documentation. `/results.json` names no file (`Some(None)`).
fn resolve(roots: &Roots, raw: &str) -> Option<Option<PathBuf>> {
    if raw.len() > MAX_PATH || !raw.starts_with('/') {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .ok()?;
    if decoded == "/results.json" {
        return Some(None);
    }
    let segments: Vec<&str> = decoded[1..].split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        let bad = (segment.is_empty() && i != last)
            || segment.starts_with('.')
            || segment.contains(['\\', '\0'])
            || segment.len() > MAX_SEGMENT;
        if bad {
            return None;
        }
    }
    let (root, rest) = match segments[0] {
        "pkg" => (&roots.pkg, &segments[1..]),
        "results" => (&roots.results, &segments[1..]),
        _ => (&roots.www, &segments[..]),
    };
    let mut path = root.clone();
    for segment in rest.iter().filter(|s| !s.is_empty()) {
        path.push(segment);
    }
    // Only plain names were pushed: nothing can climb out but a symlink.
    if path.components().any(|c| matches!(c, Component::ParentDir)) {
        return None;
    }
    let mut resolved = path.canonicalize().ok()?;
    if resolved.is_dir() {
        resolved = resolved.join("index.html").canonicalize().ok()?;
    }
    inside(&resolved, root).then_some(Some(resolved))
}

/// Whether the package file `file`, asked for as `raw`, has a gzipped twin (`raw.gz`) that
/// ServeDir may send in its place: inside the folder (as [`resolve`] checks any path) and not
/// older than `file`.
fn fresh_twin(roots: &Roots, raw: &str, file: &Path) -> bool {
    let modified = |path: &Path| {
        std::fs::metadata(path)
            .and_then(|meta| meta.modified())
            .ok()
    };
    let Some(Some(twin)) = resolve(roots, &format!("{raw}.gz")) else {
        return false;
    };
    matches!((modified(&twin), modified(file)), (Some(twin), Some(file)) if twin >= file)
}

/// A weak ETag of a file from its size and modification time.
fn etag(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!("W/\"{:x}-{:x}\"", meta.len(), modified.as_nanos()))
}

/// Whether the request's `If-None-Match` names `tag` (or `*`).
fn matches(headers: &HeaderMap, tag: &str) -> bool {
    let bare = tag.trim_start_matches("W/");
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|candidate| candidate.trim().trim_start_matches("W/"))
        .any(|candidate| candidate == "*" || candidate == bare)
}

/// Whether the last segment of `path` carries a content hash: `name.0123abcd.ext`.
fn hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let parts: Vec<&str> = name.split('.').collect();
    parts.len() >= 3
        && parts[1..parts.len() - 1]
            .iter()
            .any(|p| p.len() >= 8 && p.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Refuses what must never be served and methods other than GET and HEAD; answers
/// revalidations (304) and sets the ETag and caching of what it serves.
async fn guard(State(roots): State<Arc<Roots>>, mut request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "method not allowed\n",
        )
            .into_response();
    }
    let path = request.uri().path().to_string();
    let Some(file) = resolve(&roots, &path) else {
        return not_found();
    };
    let cache = if hashed(&path) { IMMUTABLE } else { REVALIDATE };
    let tag = file.as_deref().and_then(etag);
    if let Some(tag) = &tag {
        if matches(request.headers(), tag) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            set_caching(response.headers_mut(), Some(tag), cache);
            return response;
        }
    }
    if path.starts_with("/pkg/")
        && !file
            .as_deref()
            .is_some_and(|file| fresh_twin(&roots, &path, file))
    {
        // ServeDir would send a twin it finds: ask it for the file itself (compressed on
        // the fly by the outer layer, which has read what the client accepts).
        request.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    let mut response = next.run(request).await;
    let status = response.status();
    if status.is_client_error() && status != StatusCode::RANGE_NOT_SATISFIABLE {
        return not_found();
    }
    let tag = tag.filter(|_| status.is_success());
    set_caching(response.headers_mut(), tag.as_deref(), cache);
    response
}

/// Sets `Cache-Control` and, if given, the ETag.
fn set_caching(headers: &mut HeaderMap, tag: Option<&str>, cache: &'static str) {
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Some(value) = tag.and_then(|tag| HeaderValue::from_str(tag).ok()) {
        headers.insert(header::ETAG, value);
    }
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, REVALIDATE),
        ],
        Body::from("not found\n"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_have_eight_or_more_hex_digits_between_dots() {
        assert!(hashed("/pkg/pnplay_bg.0123abcd.wasm"));
        assert!(hashed("/app.0123456789abcdef.min.js"));
        assert!(!hashed("/pkg/pnplay_bg.wasm"));
        assert!(!hashed("/app.0123abc.js"));
        assert!(!hashed("/0123abcd.js"));
    }
}
