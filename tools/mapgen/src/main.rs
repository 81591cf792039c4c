//! `mapgen`: draws the map of England and Wales from the sketch (`sketch.rs`) and writes
//! `www/src/map/geometry.rs`. With `--check`, writes nothing and fails if the file differs from
//! what the sketch draws. `--report` prints how well each area's name, icons and blocks fit.

mod arrange;
mod build;
mod emit;
mod geo;
mod place;
mod sketch;

use std::path::PathBuf;
use std::process::ExitCode;

/// The generated file, from the repository's root.
fn target() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../www/src/map/geometry.rs")
}

/// The source of `geometry.rs` as the sketch draws it, or the reasons it cannot be drawn.
pub fn generate(report: bool) -> Result<String, Vec<String>> {
    let t = std::time::Instant::now();
    let d = build::draw()?;
    if report {
        eprintln!("drawn in {:?}", t.elapsed());
    }
    let layouts = place::layouts(&d);
    if report {
        eprintln!("laid out in {:?}", t.elapsed());
    }
    if report {
        for (name, l) in &layouts {
            eprintln!(
                "{name:>12}: fit {:6.1}  crowded {:6.0}  {:?} room {:?}",
                l.fit, l.crowded, l.how, l.room
            );
        }
    }
    let crossings = place::crossings(&d, &layouts);
    if report {
        eprintln!("crossings in {:?}", t.elapsed());
    }
    Ok(emit::source(&d, &layouts, &crossings))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.iter().any(|a| a == "--check");
    let report = args.iter().any(|a| a == "--report");
    let source = match generate(report) {
        Ok(s) => s,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let path = target();
    if check {
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != source {
            eprintln!(
                "{} is not what the sketch draws: run `cargo run -p bosworth-mapgen --bin mapgen`",
                path.display()
            );
            return ExitCode::FAILURE;
        }
        return ExitCode::SUCCESS;
    }
    if let Err(e) = std::fs::write(&path, source) {
        eprintln!("cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    /// The committed geometry is what the sketch draws (run `mapgen` after editing the sketch).
    #[test]
    fn geometry_file_is_current() {
        let source = super::generate(false).expect("the sketch draws");
        let current = std::fs::read_to_string(super::target()).expect("www/src/map/geometry.rs");
        assert!(
            current == source,
            "www/src/map/geometry.rs is stale: run `cargo run -p bosworth-mapgen --bin mapgen`"
        );
    }
}
