//! `pnplay serve`: a small static file server for the playground page.
//!
//! Serves `www/` at `/`, the wasm-bindgen output `pkg/` at `/pkg/` and the repository's
//! `results/` at `/results/` (with the list of its JSON Lines files, plain or gzipped, at `/results.json`, for
//! the page's results viewer), bound to 127.0.0.1 by
//! default, with axum and tower-http's `ServeDir` (which percent-decodes paths, refuses any
//! `..` or absolute component, and picks content types: `application/wasm`,
//! `text/javascript`). On top of that, a request path with an encoded separator, a backslash,
//! a NUL or a hidden (dot) segment is refused with 404 before it reaches the file system, and
//! only GET and HEAD are answered (405 otherwise). Every answer carries a
//! Content-Security-Policy that allows only the page's own origin plus `'wasm-unsafe-eval'`
//! (needed to compile the wasm module) and `X-Content-Type-Options: nosniff`; nothing is
//! cached during development. Responses are gzipped for clients that accept it.

use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// The Content-Security-Policy sent with every response.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
     worker-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

/// The JSON Lines files under `root` (and its folders, one level down), plain or gzipped
/// (`.jsonl.gz`, which the page unpacks), as paths relative to it with `/`, sorted.
fn results_files(root: &std::path::Path) -> Vec<String> {
    let mut files = Vec::new();
    let list = |dir: &std::path::Path| {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| {
                !path
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
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
            if name.ends_with(".jsonl") || name.ends_with(".jsonl.gz") {
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
pub fn run(host: &str, port: u16, roots: Roots) -> Result<(), String> {
    if !roots.www.join("index.html").is_file() {
        return Err(format!("{} has no index.html", roots.www.display()));
    }
    if !roots.pkg.join("pnplay_bg.wasm").is_file() {
        eprintln!(
            "warning: {} has no pnplay_bg.wasm; build it first with scripts/build",
            roots.pkg.display()
        );
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
        println!("pnplay serving on http://{address}/");
        axum::serve(listener, router(&roots))
            .await
            .map_err(|e| format!("server stopped: {e}"))
    })
}

fn router(roots: &Roots) -> Router {
    let header_layer = |name, value: &'static str| {
        SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
    };
    let results = roots.results.clone();
    Router::new()
        .route(
            "/results.json",
            axum::routing::get(move || {
                let files = results_files(&results);
                let body = serde_json::json!({ "files": files }).to_string();
                async move { ([(header::CONTENT_TYPE, "application/json")], body) }
            }),
        )
        .nest_service("/results", ServeDir::new(&roots.results))
        .nest_service("/pkg", ServeDir::new(&roots.pkg))
        .fallback_service(ServeDir::new(&roots.www))
        .layer(middleware::from_fn(guard))
        .layer(header_layer(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header_layer(header::REFERRER_POLICY, "no-referrer"))
        .layer(header_layer(header::CACHE_CONTROL, "no-store"))
        .layer(CompressionLayer::new())
}

/// Refuses what must never reach the file system, and methods other than GET and HEAD.
async fn guard(request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "method not allowed\n",
        )
            .into_response();
    }
    let path = request.uri().path();
    let lower = path.to_ascii_lowercase();
    let suspicious = ["%2f", "%5c", "%00", "\\", "/.", "//"]
        .iter()
        .any(|bad| lower.contains(bad));
    if suspicious || !path.starts_with('/') {
        return not_found();
    }
    let response = next.run(request).await;
    if response.status().is_client_error() {
        return not_found();
    }
    response
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        Body::from("not found\n"),
    )
        .into_response()
}
