//! Where a protocol's lines go: one writer behind one lock, shared by the loop that reads
//! commands and the search thread that answers them, so that lines never interleave. A
//! peer that went away is not an error worth dying for mid-search: writes that fail are
//! dropped, and the reader sees the end of its input.

use std::fmt::Display;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// The protocol's output, cheap to clone; every clone writes to the same place.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines go to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line and flushes it.
    pub fn line(&self, line: &str) {
        let mut writer = match self.0.lock() {
            Ok(writer) => writer,
            // A writer that panicked mid-line still takes whole lines.
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(writer, "{line}");
        let _ = writer.flush();
    }

    /// `info string error: <message>`, as UCI and UCCI report what they could not do.
    pub fn error(&self, message: impl Display) {
        self.line(&format!("info string error: {message}"));
    }
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}
