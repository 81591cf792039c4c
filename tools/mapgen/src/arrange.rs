//! How an area's name, icons and blocks are arranged: chosen per place by `place.rs`, fixed for
//! a few places by the sketch (`sketch.rs`). A file of its own so the sketch need not import
//! the placing, which imports the sketch.

/// How the blocks' room and the icons sit under the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrange {
    /// Name, icons, blocks: three rows.
    Rows,
    /// Name; icons and a row of blocks side by side.
    Side,
    /// Name; icons in a column of two and the blocks in a square of two by two beside them.
    Square,
    /// Name, icons, blocks in a square.
    RowsSquare,
}
