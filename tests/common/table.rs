//! A Markdown table of the reference (`docs/reference/richard-iii-blocks-and-map.md`) read as
//! cells: shared by the map's native test (`tests/map_geometry.rs`, which reads the file) and its
//! test in the browser (`www/tests/map.rs`, which embeds it).

/// The rows of the table under `heading` in `text`, as cells (the header and its rule left out).
pub fn rows(text: &str, heading: &str) -> Vec<Vec<String>> {
    let start = text.find(heading).expect("the heading");
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}
