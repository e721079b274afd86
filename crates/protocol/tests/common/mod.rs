//! What the transcript tests share: an output buffer the engine's threads write into.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Output shared between the engine's threads and the test.
#[derive(Clone, Default)]
pub struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("output").clone();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(String::from)
            .collect()
    }
}
