//! `pnplay serve`: a small static file server for the playground page.
//!
//! Serves `www/` at `/` and the wasm-bindgen output `pkg/` at `/pkg/`, bound to 127.0.0.1 by
//! default. Only GET and HEAD are answered (other methods get 405). A request path is
//! percent-decoded and then checked segment by segment: any `..`, `.` , empty-after-decoding
//! separator tricks, backslash, NUL or drive prefix is refused with 404, and the resolved file
//! must still lie inside its served folder after symlinks are followed, so nothing outside the
//! two folders can be read. Every answer carries a Content-Security-Policy that allows only the
//! page's own origin plus `'wasm-unsafe-eval'` (needed to compile the wasm module), and
//! `X-Content-Type-Options: nosniff`; nothing is cached during development.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tiny_http::{Header, Method, Request, Response, Server};

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
}

/// Binds `host:port` and serves until the process ends. Prints the URL once listening.
pub fn run(host: &str, port: u16, roots: Roots) -> Result<(), String> {
    if !roots.www.join("index.html").is_file() {
        return Err(format!("{} has no index.html", roots.www.display()));
    }
    let server =
        Server::http((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let address = server
        .server_addr()
        .to_ip()
        .ok_or("server has no IP address")?;
    if !roots.pkg.join("pnplay_bg.wasm").is_file() {
        eprintln!(
            "warning: {} has no pnplay_bg.wasm; build it first with scripts/build",
            roots.pkg.display()
        );
    }
    println!("pnplay serving on http://{address}/");
    let server = Arc::new(server);
    let roots = Arc::new(roots);
    let workers: Vec<_> = (0..4)
        .map(|_| {
            let server = Arc::clone(&server);
            let roots = Arc::clone(&roots);
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    answer(request, &roots);
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
    Ok(())
}

fn answer(request: Request, roots: &Roots) {
    let response = match request.method() {
        Method::Get | Method::Head => match resolve(request.url(), roots) {
            Some(path) => match File::open(&path) {
                Ok(file) => with_security_headers(Response::from_file(file))
                    .with_header(header("Content-Type", content_type(&path)))
                    .with_header(header("Cache-Control", "no-store")),
                Err(_) => not_found(),
            },
            None => not_found(),
        },
        _ => with_security_headers(Response::from_data(b"method not allowed\n".to_vec()).boxed())
            .with_status_code(405)
            .with_header(header("Allow", "GET, HEAD"))
            .with_header(header("Content-Type", "text/plain; charset=utf-8")),
    };
    let _ = request.respond(response.boxed());
}

type AnyResponse = Response<Box<dyn std::io::Read + Send>>;

fn with_security_headers<R: std::io::Read + Send + 'static>(response: Response<R>) -> AnyResponse {
    response
        .boxed()
        .with_header(header("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
}

fn not_found() -> AnyResponse {
    with_security_headers(Response::from_data(b"not found\n".to_vec()))
        .with_status_code(404)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("static header is valid")
}

/// Maps a request target to a file inside the served folders, or `None` (→ 404).
fn resolve(url: &str, roots: &Roots) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path.strip_prefix('/')?)?;
    let segments: Vec<&str> = decoded.split('/').collect();
    let safe = |s: &&str| {
        !s.is_empty()
            && *s != "."
            && *s != ".."
            && !s.contains(['\\', '\0', ':'])
            && !s.starts_with('.')
    };
    let (root, rest): (&Path, &[&str]) = match segments.as_slice() {
        [""] => (&roots.www, &["index.html"]),
        ["pkg", rest @ ..] => (&roots.pkg, rest),
        all => (&roots.www, all),
    };
    if rest.is_empty() || !rest.iter().all(safe) {
        return None;
    }
    let root = root.canonicalize().ok()?;
    let candidate: PathBuf = rest.iter().fold(root.clone(), |p, s| p.join(s));
    let real = candidate.canonicalize().ok()?;
    (real.starts_with(&root) && real.is_file()).then_some(real)
}

/// Decodes `%XX` escapes; `None` for malformed escapes or text that is not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" | "ts" | "csv" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::percent_decode;

    #[test]
    fn decodes_escapes_and_rejects_bad_ones() {
        assert_eq!(percent_decode("a%2Fb").as_deref(), Some("a/b"));
        assert_eq!(percent_decode("%2e%2E").as_deref(), Some(".."));
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%4"), None);
        assert_eq!(percent_decode("%ff"), None);
    }
}
