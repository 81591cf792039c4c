//! `bosworth-serve`: serves the built browser app (`dist/`) as a static host would, for
//! `scripts/serve` and the end-to-end tests. Each file goes out in the best coding the request
//! accepts among its precompressed copies (brotli, then gzip, else as it is), with `Vary:
//! Accept-Encoding`, its content type (`application/wasm` for WebAssembly), its exact length, an
//! `ETag` (a repeat visit costs a 304 per file) and a cache policy (a year, immutable, for a
//! content-hashed name; `no-cache` otherwise).
//!
//! ```text
//! bosworth-serve [--dir DIR] [--host HOST] [--port PORT]   (defaults: dist, 127.0.0.1, 8080;
//!                                                           port 0 takes any free port)
//! ```
//! It prints `Bosworth is at http://HOST:PORT/` once listening.
//!
//! Hand-rolled on `std::net` (a thread per connection, HTTP/1.1 keep-alive) rather than a web
//! framework: static files need a few hundred lines, and the tool builds in seconds with no
//! dependency to keep up to date.

mod assets;
mod http;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How long an idle kept-alive connection is held open.
const IDLE: Duration = Duration::from_secs(30);

fn main() {
    let mut dir = PathBuf::from("dist");
    let mut host = "127.0.0.1".to_string();
    let mut port = "8080".to_string();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| fail(&format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--dir" => dir = PathBuf::from(value("--dir")),
            "--host" => host = value("--host"),
            "--port" => port = value("--port"),
            "-h" | "--help" => {
                println!("bosworth-serve [--dir DIR] [--host HOST] [--port PORT]");
                return;
            }
            other => fail(&format!("unknown argument {other:?} (try --help)")),
        }
    }
    if !dir.join("index.html").is_file() {
        fail(&format!(
            "{} has no index.html: build the app first (scripts/serve --build-only)",
            dir.display()
        ));
    }
    let listener = TcpListener::bind(format!("{host}:{port}"))
        .unwrap_or_else(|e| fail(&format!("cannot listen on {host}:{port}: {e}")));
    let addr = listener
        .local_addr()
        .expect("a bound listener has an address");
    println!("Bosworth is at http://{addr}/  (Ctrl-C to stop)");
    let _ = io::stdout().flush();
    let root = Arc::new(dir);
    for stream in listener.incoming().flatten() {
        let root = Arc::clone(&root);
        std::thread::spawn(move || {
            let _ = connection(&root, stream);
        });
    }
}

fn fail(message: &str) -> ! {
    eprintln!("bosworth-serve: {message}");
    std::process::exit(2);
}

/// Answers the requests of one connection until it closes or idles.
fn connection(root: &Path, stream: TcpStream) -> io::Result<()> {
    stream.set_read_timeout(Some(IDLE))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut out = BufWriter::new(stream);
    loop {
        let request = match http::read_request(&mut reader) {
            Ok(Some(r)) => r,
            Ok(None) => return Ok(()),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                let body = b"bad request\n";
                http::write_head(&mut out, 400, &plain(body.len(), true))?;
                out.write_all(body)?;
                return out.flush();
            }
            Err(e) => return Err(e),
        };
        answer(root, &request, &mut out)?;
        out.flush()?;
        if !request.keep_alive {
            return Ok(());
        }
    }
}

/// The headers of a short plain-text answer.
fn plain(length: usize, close: bool) -> Vec<(&'static str, String)> {
    let mut h = vec![
        ("Content-Type", "text/plain; charset=utf-8".to_string()),
        ("Content-Length", length.to_string()),
        ("Cache-Control", "no-store".to_string()),
    ];
    if close {
        h.push(("Connection", "close".to_string()));
    }
    h
}

/// Writes the answer to one request.
fn answer(root: &Path, request: &http::Request, out: &mut impl Write) -> io::Result<()> {
    let head_only = request.method == "HEAD";
    let short =
        |out: &mut dyn Write, status: u16, text: &str, extra: Option<(&'static str, String)>| {
            let mut headers = plain(text.len(), !request.keep_alive);
            headers.extend(extra);
            http::write_head(out, status, &headers)?;
            if !head_only {
                out.write_all(text.as_bytes())?;
            }
            Ok::<(), io::Error>(())
        };
    if !head_only && request.method != "GET" {
        return short(
            out,
            405,
            "only GET and HEAD\n",
            Some(("Allow", "GET, HEAD".to_string())),
        );
    }
    let Some(file) = assets::resolve(root, &request.target) else {
        return short(out, 400, "bad path\n", None);
    };
    let accept = assets::accepted(request.header("accept-encoding").as_deref());
    let chosen = match assets::choose(&file, &accept) {
        Ok(Some(c)) => c,
        Ok(None) => return short(out, 404, "not found\n", None),
        Err(()) => return short(out, 406, "no acceptable encoding\n", None),
    };
    let mut headers = vec![
        ("Content-Type", assets::content_type(&file).to_string()),
        ("Cache-Control", assets::cache_control(&file).to_string()),
        ("ETag", chosen.etag.clone()),
        ("Vary", "Accept-Encoding".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
    ];
    if chosen.coding != assets::Coding::Identity {
        headers.push(("Content-Encoding", chosen.coding.token().to_string()));
    }
    if !request.keep_alive {
        headers.push(("Connection", "close".to_string()));
    }
    let fresh = request.header("if-none-match").is_some_and(|tags| {
        tags.split(',')
            .any(|t| t.trim() == chosen.etag || t.trim() == "*")
    });
    if fresh {
        return http::write_head(out, 304, &headers);
    }
    headers.push(("Content-Length", chosen.length.to_string()));
    http::write_head(out, 200, &headers)?;
    if !head_only {
        io::copy(&mut File::open(&chosen.body)?, out)?;
    }
    Ok(())
}
