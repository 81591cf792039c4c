//! What to send for a path: the file under the served folder, its content type, the encoding
//! negotiated from `Accept-Encoding` among the precompressed copies beside it (`.br`, `.gz`,
//! written by `scripts/compress.mjs` after the build), and its cache policy.

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::time::UNIX_EPOCH;

/// A content coding the server can send, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// The token of `Accept-Encoding` and `Content-Encoding`.
    pub fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
            Coding::Identity => "identity",
        }
    }

    /// The suffix of the precompressed copy (`""` for the file itself).
    fn suffix(self) -> &'static str {
        match self {
            Coding::Brotli => ".br",
            Coding::Gzip => ".gz",
            Coding::Identity => "",
        }
    }
}

/// The codings a request accepts, from its `Accept-Encoding` header (RFC 9110, 12.5.3): a coding
/// named with `q=0` is refused, `*` stands for every coding not named, and identity is acceptable
/// unless refused. Returned best first in the server's order (br, then gzip), not the client's.
pub fn accepted(header: Option<&str>) -> Vec<Coding> {
    let mut named: Vec<(String, bool)> = Vec::new();
    for item in header.unwrap_or("").split(',') {
        let mut parts = item.split(';');
        let token = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        if token.is_empty() {
            continue;
        }
        let refused = parts.any(|p| {
            let p = p.trim();
            p.len() > 2
                && p[..2].eq_ignore_ascii_case("q=")
                && p[2..].trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
        });
        named.push((token, !refused));
    }
    let lookup =
        |token: &str| -> Option<bool> { named.iter().find(|(t, _)| t == token).map(|(_, ok)| *ok) };
    let star = lookup("*");
    let mut out = Vec::new();
    for coding in [Coding::Brotli, Coding::Gzip] {
        if lookup(coding.token()).or(star).unwrap_or(false) {
            out.push(coding);
        }
    }
    if lookup("identity").or(star).unwrap_or(true) {
        out.push(Coding::Identity);
    }
    out
}

/// The content type of a file, by its extension.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Whether a file name carries a content hash (Trunk's `name-<16 hex digits>.ext`), so that its
/// content never changes under that name.
pub fn is_hashed(path: &Path) -> bool {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    // `app-0123456789abcdef_bg` (the wasm beside its glue) counts too.
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    match stem.rsplit_once('-') {
        Some((name, hash)) => {
            !name.is_empty() && hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit())
        }
        None => false,
    }
}

/// The `Cache-Control` of a file: a year and immutable for a hashed name; otherwise `no-cache`
/// (keep it, but ask each time: the `ETag` makes the answer a bodiless 304 when nothing changed).
pub fn cache_control(path: &Path) -> &'static str {
    if is_hashed(path) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// The file a request path names under `root`: percent-decoded, `/` and folders meaning their
/// `index.html`; `None` for anything that could leave `root` (`..`, a drive, a NUL).
pub fn resolve(root: &Path, request_path: &str) -> Option<PathBuf> {
    let path = request_path.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path)?;
    if decoded.contains('\0') || decoded.contains('\\') {
        return None;
    }
    let mut file = root.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => file.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

/// `%XX` escapes decoded; `None` if malformed or not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// A file chosen for a response.
#[derive(Debug)]
pub struct Chosen {
    /// The file whose bytes are sent (the precompressed copy when one is).
    pub body: PathBuf,
    pub coding: Coding,
    pub length: u64,
    /// A validator that changes with the bytes sent (size and time of change, and the coding).
    pub etag: String,
}

/// The best copy of `file` the request accepts: `Ok(None)` when there is no such file,
/// `Err(())` when it exists but no acceptable coding of it does (406).
pub fn choose(file: &Path, accept: &[Coding]) -> Result<Option<Chosen>, ()> {
    if !file.is_file() {
        return Ok(None);
    }
    for &coding in accept {
        let mut name = file.as_os_str().to_owned();
        name.push(coding.suffix());
        let body = PathBuf::from(name);
        // A copy older than its source is stale: never send it.
        let (Ok(meta), Ok(source)) = (fs::metadata(&body), fs::metadata(file)) else {
            continue;
        };
        if !meta.is_file() || meta.modified().ok() < source.modified().ok() {
            continue;
        }
        let mtime = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let etag = format!("\"{:x}-{:x}-{}\"", meta.len(), mtime, coding.token());
        return Ok(Some(Chosen {
            body,
            coding,
            length: meta.len(),
            etag,
        }));
    }
    Err(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation_prefers_brotli_then_gzip_then_identity() {
        use Coding::*;
        assert_eq!(
            accepted(Some("gzip, deflate, br, zstd")),
            vec![Brotli, Gzip, Identity]
        );
        assert_eq!(accepted(Some("gzip")), vec![Gzip, Identity]);
        assert_eq!(
            accepted(Some("br;q=0.5, gzip;q=1.0")),
            vec![Brotli, Gzip, Identity]
        );
        assert_eq!(accepted(Some("br;q=0, gzip")), vec![Gzip, Identity]);
        assert_eq!(accepted(None), vec![Identity]);
        assert_eq!(accepted(Some("")), vec![Identity]);
        assert_eq!(accepted(Some("identity")), vec![Identity]);
        assert_eq!(accepted(Some("*")), vec![Brotli, Gzip, Identity]);
        assert_eq!(accepted(Some("*;q=0, gzip")), vec![Gzip]);
        assert_eq!(accepted(Some("BR")), vec![Brotli, Identity]);
    }

    #[test]
    fn types_and_cache_policy() {
        assert_eq!(
            content_type(Path::new("a/worker_bg.wasm")),
            "application/wasm"
        );
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
        assert_eq!(
            content_type(Path::new("boot.js")),
            "text/javascript; charset=utf-8"
        );
        assert!(is_hashed(Path::new(
            "bosworth-www-0123456789abcdef_bg.wasm"
        )));
        assert!(is_hashed(Path::new("style-89abcdef01234567.css")));
        assert!(!is_hashed(Path::new("bosworth-www_bg.wasm")));
        assert!(!is_hashed(Path::new("bosworth-www.js")));
        assert!(!is_hashed(Path::new("-0123456789abcdef.js")));
        assert!(!is_hashed(Path::new("x-0123456789abcdeg.js")));
        assert_eq!(cache_control(Path::new("index.html")), "no-cache");
        assert_eq!(
            cache_control(Path::new("app-0123456789abcdef.js")),
            "public, max-age=31536000, immutable"
        );
    }

    #[test]
    fn paths_stay_inside_the_root() {
        let root =
            std::env::temp_dir().join(format!("bosworth-serve-paths-{}", std::process::id()));
        fs::create_dir_all(root.join("sub")).unwrap();
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/sub/"), Some(root.join("sub/index.html")));
        assert_eq!(resolve(&root, "/a%20b.js?x=1"), Some(root.join("a b.js")));
        assert_eq!(resolve(&root, "/../etc/passwd"), None);
        assert_eq!(resolve(&root, "/%2e%2e/etc/passwd"), None);
        assert_eq!(resolve(&root, "/a%00"), None);
        assert_eq!(resolve(&root, "/%zz"), None);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn choice_takes_the_best_fresh_copy() {
        let root =
            std::env::temp_dir().join(format!("bosworth-serve-choose-{}", std::process::id()));
        fs::create_dir_all(&root).unwrap();
        let file = root.join("app.js");
        fs::write(&file, "x".repeat(100)).unwrap();
        fs::write(root.join("app.js.gz"), "g".repeat(20)).unwrap();
        let all = [Coding::Brotli, Coding::Gzip, Coding::Identity];
        // No .br beside it: gzip.
        let c = choose(&file, &all).unwrap().unwrap();
        assert_eq!((c.coding, c.length), (Coding::Gzip, 20));
        let c = choose(&file, &[Coding::Identity]).unwrap().unwrap();
        assert_eq!((c.coding, c.length), (Coding::Identity, 100));
        assert!(choose(&file, &[Coding::Brotli]).is_err());
        assert!(choose(&root.join("none.js"), &all).unwrap().is_none());
        fs::remove_dir_all(&root).unwrap();
    }
}
