//! The page's exact score of every legal Connect Four move (issue 32): the worker hands the
//! book's bytes over once ([`connect4_load_book`], after fetching and unpacking the file
//! when a Connect Four answer is first asked for), then each request is one call
//! ([`connect4_every_move`]). The book and the solvers (with their tables) are kept per
//! worker, so no call allocates a table but the first on each thread. In the threaded
//! package the children are searched side by side on the threads `setThreads` set, one
//! solver each (the engine worker starts their helper workers first).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use super::args::{self, bad, js_error, text};
use super::{parse_game, parse_params, to_js};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::game::connect4::Connect4;
use crate::game::connect4::book::Book;
use crate::game::connect4::every_move::{MoveScore, columns_to_search, every_move};
use crate::game::connect4::solver::ConnectFourSolver;

thread_local! {
    /// The book the worker loaded, if any.
    static BOOK: RefCell<Option<Book>> = const { RefCell::new(None) };
    /// The worker's solvers, one per thread searching, their tables kept from call to call.
    static SOLVERS: RefCell<Vec<ConnectFourSolver>> = const { RefCell::new(Vec::new()) };
}

/// What the page learns of a book.
#[derive(serde::Serialize)]
struct BookInfo {
    board: String,
    depth: usize,
    positions: usize,
    commit: String,
}

fn info(book: &Book) -> BookInfo {
    BookInfo {
        board: book.dims().to_string(),
        depth: book.depth(),
        positions: book.len(),
        commit: book.commit().to_string(),
    }
}

/// Loads the book from `bytes` (a `Uint8Array` of the unpacked file) into this worker and
/// says what it holds: `{board, depth, positions, commit}`; an error names the file's field
/// that is wrong.
#[wasm_bindgen(js_name = connect4LoadBook)]
pub fn connect4_load_book(bytes: JsValue) -> Result<JsValue, JsValue> {
    let bytes = args::bytes(bytes, "bytes", "the book file")?;
    let book = Book::from_bytes(&bytes).map_err(js_error)?;
    let reply = to_js(&info(&book));
    BOOK.with(|held| *held.borrow_mut() = Some(book));
    reply
}

/// The answer of [`connect4_every_move`].
#[derive(serde::Serialize)]
struct EveryMove {
    /// One per legal move, columns in order.
    moves: Vec<MoveScore>,
    /// The book consulted, if one is loaded.
    book: Option<BookInfo>,
}

/// The Connect Four position `pos` of `game` (`connect4` or `connect4:WxH`).
fn connect4_position(game: &JsValue, pos: &JsValue) -> Result<Connect4, JsValue> {
    let spec = parse_game(game)?;
    let Some(Ok(dims)) = <Connect4 as Catalogued>::parse_name(&spec.to_string()) else {
        return Err(bad("game", format!("game: {spec} is not Connect Four")));
    };
    Connect4::parse_position(&dims, &text(pos, "pos")?)
        .map_err(|error| js_error(crate::error::Error::position(error)))
}

/// The threads [`connect4_every_move`] would search `pos` on: the threads set, at most one a
/// column the loaded book does not hold. The engine worker starts that many helper threads
/// before it asks (none for a position the book answers).
#[wasm_bindgen(js_name = connect4SearchThreads)]
pub fn connect4_search_threads(game: JsValue, pos: JsValue) -> Result<u32, JsValue> {
    let pos = connect4_position(&game, &pos)?;
    let columns = BOOK.with(|book| {
        let book = book.borrow();
        columns_to_search(&pos, book.as_ref().filter(|book| book.dims() == pos.dims()))
    });
    Ok(super::threads::threads().min(columns).max(1) as u32)
}

/// The exact score of every legal move of Connect Four position `pos` of `game`
/// (`connect4` or `connect4:WxH`) for the side to move: from the loaded book where it holds
/// the child, else by the solver within `options`' time and memory per move (`score: null`
/// where a limit came first), on [`connect4_search_threads`] threads (the memory shared among
/// them).
#[wasm_bindgen(js_name = connect4EveryMove)]
pub fn connect4_every_move(
    game: JsValue,
    pos: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let pos = connect4_position(&game, &pos)?;
    let dims = pos.dims();
    let limits = parse_params(options)?.limits();
    BOOK.with(|book| {
        SOLVERS.with(|solvers| {
            let mut solvers = solvers.borrow_mut();
            if solvers.is_empty() {
                solvers.push(ConnectFourSolver::new(dims));
            }
            let book = book.borrow();
            let book = book.as_ref().filter(|book| book.dims() == dims);
            let pool = super::threads::pool(columns_to_search(&pos, book))?;
            to_js(&EveryMove {
                moves: every_move(&pos, book, &mut solvers, pool.as_ref(), &limits),
                book: book.map(info),
            })
        })
    })
}
