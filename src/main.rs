fn main() -> std::process::ExitCode {
    sheetgen::main()
}

/// Runs before Rust's runtime, which opens /dev/null over a closed standard output
/// (`sheetgen check FILE >&-`): sheetgen notes it was closed, so a report is not lost in
/// silence (src/output.rs).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static NOTE_STDOUT: extern "C" fn() = {
    extern "C" fn note() {
        sheetgen::note_stdout_at_start();
    }
    note
};

/// Memory that runs out is refused with a message and exit 2, not an abort with a
/// backtrace: a small allocation that fails ends the process here. A large one is left to
/// fail as it would, so that a `try_reserve` probe (the PNG backend's) sees its null and
/// refuses in its own words; stable Rust has no other hook for an allocation failure.
struct RefusingAllocator;

/// Allocations from this size up fail to their caller.
const PROBED_BYTES: usize = 16 << 20;

#[global_allocator]
static ALLOCATOR: RefusingAllocator = RefusingAllocator;

unsafe impl std::alloc::GlobalAlloc for RefusingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        refused_if_null(unsafe { std::alloc::System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        refused_if_null(
            unsafe { std::alloc::System.alloc_zeroed(layout) },
            layout.size(),
        )
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        refused_if_null(
            unsafe { std::alloc::System.realloc(ptr, layout, size) },
            size,
        )
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

fn refused_if_null(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() && size < PROBED_BYTES {
        // One thread says it and ends the process; any other that runs out meanwhile waits.
        static ENDING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if ENDING.swap(true, std::sync::atomic::Ordering::SeqCst) {
            loop {
                std::thread::park();
            }
        }
        // Nothing allocated from here on: a fixed message, straight to standard error.
        let message = b"error: sheetgen ran out of memory (a limit such as ulimit -v leaves it \
                        too little); give it more, or ask for less at once\n";
        let _ = std::io::Write::write_all(&mut std::io::stderr(), message);
        std::process::exit(2);
    }
    ptr
}
