//! Plain text tables as the CLI prints them: each column padded to its widest cell, cells
//! two spaces apart, no trailing spaces (the experiment summary, the tournament's tables).

/// `rows` as lines of text: a column for which `left(column)` holds reads from the left
/// (names), the others from the right (numbers). Widths count characters, not bytes.
///
/// ```
/// use pnplay::experiment::text_table::render;
/// let rows = [["a", "10"], ["bcd", "2"]].map(|r| r.map(String::from).to_vec());
/// assert_eq!(render(&rows, |c| c == 0), "a    10\nbcd   2\n");
/// ```
#[must_use]
pub fn render(rows: &[Vec<String>], left: impl Fn(usize) -> bool) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &width))| {
                let pad = " ".repeat(width - cell.chars().count());
                if left(c) {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
