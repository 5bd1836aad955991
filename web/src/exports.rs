//! The module's interface for the page's script, plain C functions over linear memory (no
//! binding generator, whose command-line tool must match its crate's version):
//!
//! 1. `sheetgen_alloc(len)` gives a buffer for each argument, which the script fills.
//! 2. `sheetgen_check` or `sheetgen_render` takes the three buffers (name, record text,
//!    request JSON), frees them, and returns 0 with the result or 1 with an error message.
//! 3. `sheetgen_output_ptr()` and `sheetgen_output_len()` say where the result's bytes are;
//!    they stay there until the next call.
//!
//! The names carry the crate's prefix: these symbols are global in a native build too.

use std::cell::RefCell;

thread_local! {
    /// The last call's result or error message.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for an argument, owned by the script until it passes it to a
/// call.
#[unsafe(no_mangle)]
pub extern "C" fn sheetgen_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Gives back a buffer of [`sheetgen_alloc`] that no call took.
///
/// # Safety
///
/// `ptr` and `len` are a buffer [`sheetgen_alloc`] returned, not yet freed or passed on.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sheetgen_free(ptr: *mut u8, len: usize) {
    drop(unsafe { take(ptr, len) });
}

/// `sheetgen check`'s report of the record, as JSON ([`crate::Checked`]).
///
/// # Safety
///
/// Each pointer and length is a buffer [`sheetgen_alloc`] returned, not yet freed or passed
/// on; the call frees them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sheetgen_check(
    name: *mut u8,
    name_len: usize,
    text: *mut u8,
    text_len: usize,
    request: *mut u8,
    request_len: usize,
) -> u32 {
    let args = [(name, name_len), (text, text_len), (request, request_len)];
    unsafe { call(crate::check, args) }
}

/// `sheetgen render`'s SVG of the record.
///
/// # Safety
///
/// As [`sheetgen_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sheetgen_render(
    name: *mut u8,
    name_len: usize,
    text: *mut u8,
    text_len: usize,
    request: *mut u8,
    request_len: usize,
) -> u32 {
    let args = [(name, name_len), (text, text_len), (request, request_len)];
    unsafe { call(crate::render, args) }
}

/// Where the last call's result (or error message) starts.
#[unsafe(no_mangle)]
pub extern "C" fn sheetgen_output_ptr() -> *const u8 {
    OUTPUT.with_borrow(|out| out.as_ptr())
}

/// How many bytes the last call's result (or error message) holds.
#[unsafe(no_mangle)]
pub extern "C" fn sheetgen_output_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// A buffer of [`sheetgen_alloc`], owned again.
///
/// # Safety
///
/// As [`sheetgen_free`].
unsafe fn take(ptr: *mut u8, len: usize) -> Box<[u8]> {
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }
}

type Function = fn(&str, &[u8], &str) -> Result<Vec<u8>, String>;

/// Takes back the three argument buffers (name, record text, request), runs `function` on
/// them and keeps what it gave in [`OUTPUT`]: 0 for a result, 1 for an error.
///
/// # Safety
///
/// Each pointer and length is a buffer [`sheetgen_alloc`] returned, not yet freed or passed
/// on.
unsafe fn call(function: Function, args: [(*mut u8, usize); 3]) -> u32 {
    let [name, text, request] = args.map(|(ptr, len)| unsafe { take(ptr, len) });
    let (name, text, request) = (&*name, &*text, &*request);
    let text_of = |what: &str, bytes| {
        std::str::from_utf8(bytes).map_err(|e| format!("the {what} is not UTF-8 text: {e}"))
    };
    let result = text_of("record's name", name)
        .and_then(|name| Ok((name, text_of("request", request)?)))
        .and_then(|(name, request)| function(name, text, request));
    let (status, bytes) = match result {
        Ok(bytes) => (0, bytes),
        Err(message) => (1, message.into_bytes()),
    };
    OUTPUT.set(bytes);
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Calls `function` as the page does: arguments copied into buffers, the result read
    /// back from the output.
    fn through_memory(
        function: unsafe extern "C" fn(*mut u8, usize, *mut u8, usize, *mut u8, usize) -> u32,
        args: [&[u8]; 3],
    ) -> (u32, Vec<u8>) {
        let buffers = args.map(|arg| {
            let ptr = sheetgen_alloc(arg.len());
            unsafe { std::ptr::copy_nonoverlapping(arg.as_ptr(), ptr, arg.len()) };
            (ptr, arg.len())
        });
        let [(n, nl), (t, tl), (r, rl)] = buffers;
        let status = unsafe { function(n, nl, t, tl, r, rl) };
        let out = unsafe {
            std::slice::from_raw_parts(sheetgen_output_ptr(), sheetgen_output_len()).to_vec()
        };
        (status, out)
    }

    #[test]
    fn calls_through_memory_give_the_functions_results() {
        let text = b"game: shoreline\nmoves: [A, E, A]\n";
        let (status, svg) = through_memory(sheetgen_render, [b"record", text, b"{}"]);
        assert_eq!(status, 0);
        assert_eq!(svg, crate::render("record", text, "{}").unwrap());
        let (status, report) = through_memory(sheetgen_check, [b"record", text, b"{}"]);
        assert_eq!(status, 0);
        assert_eq!(report, crate::check("record", text, "{}").unwrap());
        let (status, message) = through_memory(sheetgen_render, [b"record", text, b"{\"at\""]);
        assert_eq!(status, 1);
        assert!(String::from_utf8(message).unwrap().contains("arguments"));
        let (status, message) = through_memory(sheetgen_check, [b"\xff", text, b"{}"]);
        assert_eq!(status, 1);
        assert!(String::from_utf8(message).unwrap().contains("not UTF-8"));
        // An empty argument is a buffer too.
        let (status, _) = through_memory(sheetgen_check, [b"record", b"", b"{}"]);
        assert_eq!(status, 0);
        let unused = sheetgen_alloc(8);
        unsafe { sheetgen_free(unused, 8) };
    }
}
