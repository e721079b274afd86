//! Ctrl-C during a match: the first one stops the match between moves and still prints the
//! report of the games finished so far; a second one ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by the signal handler; read between moves and between games.
static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The match was interrupted: the games under way were dropped, not counted.
#[derive(Debug, thiserror::Error)]
#[error("the match was interrupted (Ctrl-C); the games under way were not counted")]
pub struct Interrupted;

/// Whether Ctrl-C (SIGINT) has been pressed since the match began.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Takes over SIGINT for the match: the first one only sets a flag, and puts the default
/// action back so that a second one ends the program.
pub fn arm() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe; the action
    // is a zeroed `sigaction` with the handler, an empty mask and SA_RESETHAND set, as
    // sigaction(2) describes.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESETHAND;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
}

#[cfg(unix)]
extern "C" fn on_interrupt(_signal: libc::c_int) {
    REQUESTED.store(true, Ordering::Relaxed);
}
