//! The host's clock and noise, on every target the engine builds for: a monotonic stopwatch
//! and the noise a drawn seed starts from.
//!
//! `std::time::Instant::now()` and `SystemTime::now()` panic on `wasm32-unknown-unknown` (the
//! standard library has no clock there), so the engine reads them through this module: the
//! standard library natively, the host's `performance.now()` and `crypto.getRandomValues()`
//! (a browser, a Web Worker or Node) on the web target. Neither is ever used to decide what a
//! puzzle is: time is only reported (`stats.elapsed_ms`) and the noise only picks the seed of a
//! request that names none (the report gives it back), so puzzles stay the same on every target.

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

/// Whole seconds since 1970-01-01T00:00:00Z by the host's wall clock (the day of a daily
/// puzzle without a date).
pub fn unix_seconds() -> u64 {
    platform::unix_seconds()
}

/// 64 bits that differ from call to call and from process to process, to draw a seed from:
/// the wall clock's nanoseconds natively, the host's random numbers on the web target. Not
/// uniform and not secret; a caller mixes them (see `ops::fresh_seed`).
pub fn seed_noise() -> u64 {
    platform::seed_noise()
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod platform {
    use std::time::{SystemTime, UNIX_EPOCH};

    pub type Mark = std::time::Instant;

    pub fn unix_seconds() -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    }

    pub fn seed_noise() -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    }

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

        /// `crypto.getRandomValues()`: a global in browsers, Web Workers and Node 19 and
        /// later; it throws where there is none (an older Node, an embedder without it).
        #[wasm_bindgen(catch, js_namespace = crypto, js_name = getRandomValues)]
        fn get_random_values(bytes: &mut [u8]) -> Result<(), wasm_bindgen::JsValue>;

        /// `Date.now()`: milliseconds since 1970 by the host's clock, in every JavaScript host.
        #[wasm_bindgen(js_namespace = Date, js_name = now)]
        fn date_now() -> f64;

        /// `Math.random()`, in every JavaScript host.
        #[wasm_bindgen(js_namespace = Math, js_name = random)]
        fn math_random() -> f64;
    }

    pub fn unix_seconds() -> u64 {
        (date_now() / 1000.0).max(0.0) as u64
    }

    pub fn seed_noise() -> u64 {
        let mut bytes = [0u8; 8];
        if get_random_values(&mut bytes).is_ok() {
            return u64::from_le_bytes(bytes);
        }
        // 32 bits from each of two draws (a draw has at least 52 random bits).
        let draw = || (math_random() * 4_294_967_296.0) as u64;
        (draw() << 32) | draw()
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
    fn noise_changes_from_call_to_call() {
        let draws: std::collections::BTreeSet<u64> = (0..3)
            .map(|_| {
                std::thread::sleep(std::time::Duration::from_micros(10));
                seed_noise()
            })
            .collect();
        assert_eq!(draws.len(), 3);
    }

    #[test]
    fn elapsed_time_grows() {
        let stopwatch = Stopwatch::start();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(stopwatch.elapsed_ms() >= 5);
    }
}
