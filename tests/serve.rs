//! `pnplay serve` over real HTTP: content types, security headers, methods, and that no
//! request can reach a file outside the served folders.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .args(["serve", "--port", "0", "--www"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/www"))
        .arg("--pkg")
        .arg(base.join("pkg"))
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
    assert!(head.contains("cache-control: no-store"));
    assert_eq!(body, b"\0asm\x01\0\0\0");

    for js in ["/pkg/pnplay.js", "/main.js", "/worker.js?v=2"] {
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
    for target in [
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
    ] {
        let (status, _, body) = raw(&server, "GET", target);
        assert_eq!(status, 404, "{target}");
        assert_eq!(body, b"not found\n", "{target}");
    }
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
