//! A monotonic stopwatch that works on every target the engine builds for.
//!
//! `std::time::Instant::now()` panics on `wasm32-unknown-unknown` (the standard library has no
//! clock there), so the engine measures elapsed time through this module: `Instant` natively,
//! the host's `performance.now()` (a browser, a Web Worker or Node) on the web target. Time is
//! only ever reported (`stats.elapsed_ms`), never used to decide anything, so puzzles stay the
//! same on every target.

/// A started stopwatch.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(platform::Mark);

impl Stopwatch {
    /// A stopwatch started now.
    pub fn start() -> Stopwatch {
        Stopwatch(platform::now())
    }

    /// Whole milliseconds since the stopwatch started (a started millisecond is dropped).
    pub fn elapsed_ms(&self) -> u64 {
        platform::millis_since(self.0)
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod platform {
    pub type Mark = std::time::Instant;

    pub fn now() -> Mark {
        std::time::Instant::now()
    }

    pub fn millis_since(mark: Mark) -> u64 {
        u64::try_from(mark.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod platform {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Milliseconds from the host's time origin.
    pub type Mark = f64;

    #[wasm_bindgen]
    extern "C" {
        /// `performance.now()`: a global in browsers, Web Workers and Node 16 and later.
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        pub fn now() -> f64;
    }

    pub fn millis_since(mark: Mark) -> u64 {
        // `performance.now()` is monotonic; `max` only guards the float subtraction, and the
        // cast truncates (and saturates) as `Duration::as_millis` does.
        (now() - mark).max(0.0) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elapsed_time_grows() {
        let stopwatch = Stopwatch::start();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(stopwatch.elapsed_ms() >= 5);
    }
}
