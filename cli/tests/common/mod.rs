//! What the command's tests share: running `bosworth` as a user does, and reading its answer.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `bosworth` with `args`, `stdin` on its standard input.
pub fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bosworth"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

/// The standard output of a run that succeeded.
#[track_caller]
pub fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The JSON on the standard output of a run that succeeded.
#[track_caller]
pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_str(&ok(out)).unwrap()
}

/// A refusal: exit code 2, nothing on stdout, the message on stderr.
#[track_caller]
pub fn refused(out: &Output, expected: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.trim_end(), format!("error: {expected}"));
}
