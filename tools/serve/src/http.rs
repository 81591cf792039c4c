//! Just enough HTTP/1.1 for a static site: a request's head read from a connection, and a
//! response's head written back (RFC 9112). Bodies of requests are not read: only GET and HEAD
//! are served.

use std::io::{self, BufRead, Read, Write};

/// The longest request head accepted (request line and headers).
const MAX_HEAD: usize = 16 * 1024;

/// A request's head.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    pub target: String,
    /// Whether the connection stays open after the answer (HTTP/1.1 unless `Connection: close`).
    pub keep_alive: bool,
    headers: Vec<(String, String)>,
}

impl Request {
    /// A header's value (names compared without case; repeated headers joined with ", ").
    pub fn header(&self, name: &str) -> Option<String> {
        let values: Vec<&str> = self
            .headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
            .collect();
        (!values.is_empty()).then(|| values.join(", "))
    }
}

/// Reads one request head; `Ok(None)` when the client closed the connection before sending one.
///
/// # Errors
/// On a read error, or `InvalidData` for a malformed or oversized head.
pub fn read_request(reader: &mut impl BufRead) -> io::Result<Option<Request>> {
    let bad = |why: &str| io::Error::new(io::ErrorKind::InvalidData, why.to_string());
    let mut lines = Vec::new();
    let mut size = 0;
    loop {
        let mut line = String::new();
        let n = (&mut *reader)
            .take((MAX_HEAD + 1 - size) as u64)
            .read_line(&mut line)?;
        if n == 0 {
            return if lines.is_empty() {
                Ok(None)
            } else {
                Err(bad("head cut short"))
            };
        }
        size += n;
        if size > MAX_HEAD {
            return Err(bad("head too long"));
        }
        let line = line.trim_end_matches(['\r', '\n']).to_string();
        if line.is_empty() {
            if lines.is_empty() {
                continue; // RFC 9112, 2.2: ignore empty lines before the request line.
            }
            break;
        }
        lines.push(line);
    }
    let mut parts = lines[0].split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("malformed request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(bad("not HTTP/1.x"));
    }
    let mut headers = Vec::new();
    for line in &lines[1..] {
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| bad("malformed header"))?;
        headers.push((name.trim().to_string(), value.trim().to_string()));
    }
    let mut request = Request {
        method: method.to_string(),
        target: target.to_string(),
        keep_alive: false,
        headers,
    };
    let connection = request
        .header("connection")
        .unwrap_or_default()
        .to_ascii_lowercase();
    request.keep_alive = if version == "HTTP/1.0" {
        connection.contains("keep-alive")
    } else {
        !connection.contains("close")
    };
    Ok(Some(request))
}

/// Writes a response's status line and headers, ending the head.
///
/// # Errors
/// On a write error.
pub fn write_head(
    out: &mut (impl Write + ?Sized),
    status: u16,
    headers: &[(&str, String)],
) -> io::Result<()> {
    let reason = match status {
        200 => "OK",
        304 => "Not Modified",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        _ => "Internal Server Error",
    };
    let mut head = format!("HTTP/1.1 {status} {reason}\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_request_head() {
        let raw = b"\r\nGET /a.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\naccept-encoding: br\r\n\r\nrest";
        let mut reader = &raw[..];
        let r = read_request(&mut reader).unwrap().unwrap();
        assert_eq!(
            (r.method.as_str(), r.target.as_str(), r.keep_alive),
            ("GET", "/a.js", true)
        );
        assert_eq!(r.header("ACCEPT-ENCODING").as_deref(), Some("gzip, br"));
        assert_eq!(reader, b"rest");
        let mut closing = &b"HEAD / HTTP/1.1\r\nConnection: close\r\n\r\n"[..];
        assert!(!read_request(&mut closing).unwrap().unwrap().keep_alive);
        let mut old = &b"GET / HTTP/1.0\r\n\r\n"[..];
        assert!(!read_request(&mut old).unwrap().unwrap().keep_alive);
        assert!(read_request(&mut &b""[..]).unwrap().is_none());
        assert!(read_request(&mut &b"GET /\r\n\r\n"[..]).is_err());
        assert!(read_request(&mut &b"GET / HTTP/1.1\r\nHost"[..]).is_err());
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "y".repeat(MAX_HEAD));
        assert!(read_request(&mut long.as_bytes()).is_err());
    }

    #[test]
    fn writes_a_head() {
        let mut out = Vec::new();
        write_head(&mut out, 404, &[("Content-Length", "0".into())]).unwrap();
        assert_eq!(out, b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
    }
}
