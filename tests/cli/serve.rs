//! `pnplay serve` over real HTTP: content types, security headers, methods, and that no
//! request can reach a file outside the served folders.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A temporary pkg/ folder with a fake wasm module and a secret file beside it.
fn fixture() -> PathBuf {
    let base = std::env::temp_dir().join(format!("pnplay-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(base.join("pkg")).unwrap();
    std::fs::write(base.join("pkg/pnplay_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(base.join("pkg/pnplay.js"), b"export default 1;\n").unwrap();
    std::fs::write(base.join("secret.txt"), b"secret\n").unwrap();
    base
}

fn start() -> Server {
    let base = fixture();
    let www = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/www"));
    start_with(&[
        "--www".as_ref(),
        www.as_os_str(),
        "--pkg".as_ref(),
        base.join("pkg").as_os_str(),
    ])
}

/// `pnplay serve` on a free port with these arguments.
fn start_with(args: &[&std::ffi::OsStr]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .rsplit("http://")
        .next()
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    Server { child, address }
}

/// Sends one raw request (the target exactly as given) and returns (status, headers, body).
fn raw(server: &Server, method: &str, target: &str) -> (u16, String, Vec<u8>) {
    raw_with(server, method, target, "")
}

/// Asserts that every one of `targets` is answered 404 with the one short body.
fn not_found(server: &Server, targets: &[&str]) {
    for target in targets {
        let (status, _, body) = raw(server, "GET", target);
        assert_eq!(status, 404, "{target}");
        assert_eq!(body, b"not found\n", "{target}");
    }
}

/// [`raw`] with extra header lines (each ending in `\r\n`).
fn raw_with(server: &Server, method: &str, target: &str, headers: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {}\r\n{headers}Connection: close\r\n\r\n",
        server.address
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8_lossy(&response[..split]).to_string();
    let status = head[9..12].parse().unwrap();
    (status, head.to_lowercase(), response[split + 4..].to_vec())
}

#[test]
fn serves_page_and_package_with_the_right_types_and_headers() {
    let server = start();
    let (status, head, body) = raw(&server, "GET", "/");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"));
    assert!(String::from_utf8_lossy(&body).contains("<title>pnplay"));
    assert!(head.contains(
        "content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
    ));
    assert!(head.contains("x-content-type-options: nosniff"));

    let (status, head, body) = raw(&server, "GET", "/pkg/pnplay_bg.wasm");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"));
    assert!(head.contains("cache-control: no-cache"), "{head}");
    assert!(head.contains("etag: w/\""), "{head}");
    for isolation in [
        "cross-origin-opener-policy: same-origin",
        "cross-origin-embedder-policy: require-corp",
        "cross-origin-resource-policy: same-origin",
    ] {
        assert!(head.contains(isolation), "{isolation}: {head}");
    }
    assert_eq!(body, b"\0asm\x01\0\0\0");

    for js in ["/pkg/pnplay.js", "/app/main.js", "/engine/worker.js?v=2"] {
        let (status, head, _) = raw(&server, "GET", js);
        assert_eq!(status, 200, "{js}");
        assert!(
            head.contains("content-type: text/javascript"),
            "{js}: {head}"
        );
    }

    let (status, head, body) = raw(&server, "HEAD", "/index.html");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html"));
    assert!(body.is_empty());
}

#[test]
fn answers_are_gzipped_for_clients_that_accept_it() {
    let server = start();
    let (status, head, _) = raw_with(&server, "GET", "/index.html", "Accept-Encoding: gzip\r\n");
    assert_eq!(status, 200);
    assert!(head.contains("content-encoding: gzip"), "{head}");
}

#[test]
fn nothing_outside_the_served_folders_is_reachable() {
    let server = start();
    not_found(
        &server,
        &[
            "/../Cargo.toml",
            "/pkg/../secret.txt",
            "/pkg/../../Cargo.toml",
            "/%2e%2e/Cargo.toml",
            "/%2E%2E%2FCargo.toml",
            "/pkg/%2e%2e/secret.txt",
            "/pkg/..%2fsecret.txt",
            "/pkg/..%5csecret.txt",
            "/..\\Cargo.toml",
            "//etc/passwd",
            "/etc/passwd",
            "/%2fetc%2fpasswd",
            "/pkg//etc/passwd",
            "/./index.html",
            "/index.html%00.js",
            "/%zz",
            "/.gitignore",
            "/pkg/",
            "/nonexistent.js",
            "http://example.com/../../Cargo.toml",
        ],
    );
}

#[test]
fn only_get_and_head_are_answered() {
    let server = start();
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
        let (status, head, _) = raw(&server, method, "/index.html");
        assert_eq!(status, 405, "{method}");
        assert!(head.contains("allow: get, head"), "{method}");
    }
}

/// A site of its own, with what must not leak: dot files, and symlinks out of each root
/// (to a file and to a folder).
fn leaky_site(name: &str) -> (PathBuf, Vec<std::ffi::OsString>) {
    let base = std::env::temp_dir().join(format!("pnplay-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    for dir in ["www", "pkg", "results/run", "outside/dir"] {
        std::fs::create_dir_all(base.join(dir)).unwrap();
    }
    std::fs::write(base.join("www/index.html"), "<title>pnplay</title>\n").unwrap();
    std::fs::write(base.join("www/.env"), "SECRET=1\n").unwrap();
    std::fs::write(base.join("www/app.0123abcd.js"), "export {};\n").unwrap();
    std::fs::write(base.join("pkg/pnplay_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    std::fs::write(base.join("results/good.jsonl"), "{}\n").unwrap();
    std::fs::write(base.join("results/run/inner.jsonl"), "{}\n").unwrap();
    std::fs::write(base.join("results/run/cards.json"), "{\"cards\":[]}\n").unwrap();
    std::fs::write(base.join("results/.hidden.jsonl"), "{}\n").unwrap();
    std::fs::write(base.join("outside/secret.jsonl"), "secret\n").unwrap();
    std::fs::write(base.join("outside/dir/secret.jsonl"), "secret\n").unwrap();
    for root in ["www", "pkg", "results", "results/run"] {
        std::os::unix::fs::symlink(
            base.join("outside/secret.jsonl"),
            base.join(root).join("leak.jsonl"),
        )
        .unwrap();
        std::os::unix::fs::symlink(base.join("outside/dir"), base.join(root).join("out")).unwrap();
    }
    let args = ["www", "pkg", "results"]
        .iter()
        .flat_map(|root| [format!("--{root}").into(), base.join(root).into_os_string()])
        .collect();
    (base, args)
}

fn start_site(args: &[std::ffi::OsString], more: &[&str]) -> Server {
    let mut all: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
    all.extend(more.iter().map(|a| std::ffi::OsStr::new(*a)));
    start_with(&all)
}

#[test]
fn encoded_dot_files_and_symlinks_out_of_the_roots_are_not_served_or_listed() {
    let (_base, args) = leaky_site("leaks");
    let server = start_site(&args, &[]);
    not_found(
        &server,
        &[
            "/%2eenv",
            "/%2Eenv",
            "/.env",
            "/results/%2ehidden.jsonl",
            "/results/%2Ehidden.jsonl",
            "/leak.jsonl",
            "/out/secret.jsonl",
            "/pkg/leak.jsonl",
            "/pkg/out/secret.jsonl",
            "/results/leak.jsonl",
            "/results/out/secret.jsonl",
            "/results/run/leak.jsonl",
            "/results/run/out/secret.jsonl",
            "/results/%6ceak.jsonl",
        ],
    );
    let (status, _, body) = raw(&server, "GET", "/results/good.jsonl");
    assert_eq!((status, body.as_slice()), (200, &b"{}\n"[..]));
    let (_, _, listing) = raw(&server, "GET", "/results.json");
    assert_eq!(
        String::from_utf8_lossy(&listing),
        r#"{"cards":["run/cards.json"],"files":["good.jsonl","run/inner.jsonl"]}"#
    );
}

#[test]
fn long_names_give_404_and_bad_ranges_416() {
    let (_base, args) = leaky_site("status");
    let server = start_site(&args, &[]);
    let long = format!("/{}.js", "a".repeat(300));
    let (status, _, body) = raw(&server, "GET", &long);
    assert_eq!((status, body.as_slice()), (404, &b"not found\n"[..]));
    let (status, _, body) = raw(&server, "GET", &format!("/pkg/{}", "b".repeat(5000)));
    assert_eq!((status, body.as_slice()), (404, &b"not found\n"[..]));
    let (status, head, _) = raw_with(
        &server,
        "GET",
        "/pkg/pnplay_bg.wasm",
        "Range: bytes=100-200\r\n",
    );
    assert_eq!(status, 416, "{head}");
    let (status, _, body) = raw_with(
        &server,
        "GET",
        "/pkg/pnplay_bg.wasm",
        "Range: bytes=1-3\r\n",
    );
    assert_eq!((status, body.as_slice()), (206, &b"asm"[..]));
}

#[test]
fn a_reload_revalidates_with_the_etag_and_hashed_names_are_immutable() {
    let (_base, args) = leaky_site("cache");
    let server = start_site(&args, &["--no-isolation"]);
    let (status, head, _) = raw(&server, "GET", "/pkg/pnplay_bg.wasm");
    assert_eq!(status, 200);
    assert!(!head.contains("cross-origin"), "--no-isolation: {head}");
    let tag = head
        .lines()
        .find_map(|line| line.strip_prefix("etag: "))
        .expect("an etag")
        .replace("w/", "W/"); // `raw` lowercases the head; the tag's digits are lowercase hex
    let (status, head, body) = raw_with(
        &server,
        "GET",
        "/pkg/pnplay_bg.wasm",
        &format!("If-None-Match: {tag}\r\n"),
    );
    assert_eq!(status, 304, "{head}");
    assert!(body.is_empty());
    let (status, _, _) = raw_with(
        &server,
        "GET",
        "/pkg/pnplay_bg.wasm",
        "If-None-Match: W/\"other\"\r\n",
    );
    assert_eq!(status, 200);
    let (status, head, _) = raw(&server, "GET", "/app.0123abcd.js");
    assert_eq!(status, 200);
    assert!(
        head.contains("cache-control: public, max-age=31536000, immutable"),
        "{head}"
    );
}

/// gzip of `bytes`.
fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// What a response carries: its body, unpacked if it is gzipped.
fn unpacked(head: &str, body: &[u8]) -> Vec<u8> {
    if !head.contains("content-encoding: gzip") {
        return body.to_vec();
    }
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(body)
        .read_to_end(&mut plain)
        .unwrap();
    plain
}

#[test]
fn the_package_is_sent_as_its_gzipped_twin_unless_the_twin_is_stale_or_outside() {
    let (base, args) = leaky_site("twin");
    let twin = base.join("pkg/pnplay_bg.wasm.gz");
    // The twin holds other bytes than the file, so the test sees which one was sent.
    std::fs::write(&twin, gzipped(b"\0asm twin")).unwrap();
    let server = start_site(&args, &[]);
    let accept = "Accept-Encoding: gzip\r\n";
    let (status, head, body) = raw_with(&server, "GET", "/pkg/pnplay_bg.wasm", accept);
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/wasm"), "{head}");
    assert!(head.contains("content-encoding: gzip"), "{head}");
    assert_eq!(unpacked(&head, &body), b"\0asm twin");
    let (_, head, body) = raw(&server, "GET", "/pkg/pnplay_bg.wasm");
    assert!(!head.contains("content-encoding"), "{head}");
    assert_eq!(body, b"\0asm\x01\0\0\0");

    // A twin older than its file is stale: the file itself goes out (compressed on the fly
    // when it is large enough to gain).
    let older = std::time::SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&twin)
        .unwrap()
        .set_modified(older)
        .unwrap();
    let (_, head, body) = raw_with(&server, "GET", "/pkg/pnplay_bg.wasm", accept);
    assert_eq!(unpacked(&head, &body), b"\0asm\x01\0\0\0");

    // A twin that resolves outside the folder is never read.
    std::fs::write(base.join("outside/twin.gz"), gzipped(b"secret")).unwrap();
    std::fs::remove_file(&twin).unwrap();
    std::os::unix::fs::symlink(base.join("outside/twin.gz"), &twin).unwrap();
    let (_, head, body) = raw_with(&server, "GET", "/pkg/pnplay_bg.wasm", accept);
    assert_eq!(unpacked(&head, &body), b"\0asm\x01\0\0\0");
}

#[test]
fn half_open_sockets_are_closed_and_do_not_starve_a_normal_request() {
    let (_base, args) = leaky_site("starve");
    let server = start_site(&args, &["--header-timeout", "2"]);
    // 500 clients that send half a request and then nothing (loopback only).
    let mut idle: Vec<TcpStream> = (0..500)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            stream
                .write_all(b"GET /index.html HTTP/1.1\r\nHost: x\r\n")
                .unwrap();
            stream
        })
        .collect();
    let start = Instant::now();
    let (status, _, _) = raw(&server, "GET", "/index.html");
    let answered = start.elapsed();
    assert_eq!(status, 200);
    assert!(
        answered < Duration::from_secs(1),
        "answered in {answered:?}"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    for stream in &mut idle {
        let left = deadline.saturating_duration_since(Instant::now());
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        let mut byte = [0u8; 1];
        // The server closes (0 bytes, or a reset), or the read times out past the deadline.
        let closed = match stream.read(&mut byte) {
            Ok(0) => true,
            Ok(_) => false,
            Err(e) => !matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ),
        };
        assert!(closed, "a half-open socket still open after 30 s");
    }
}
