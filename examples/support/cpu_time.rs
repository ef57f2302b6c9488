//! The CPU time of the calling thread, shared by the examples that time work: it leaves out
//! the time the thread waited while other processes ran, so timings taken on a busy shared
//! machine stay comparable.

use std::time::Duration;

#[cfg(unix)]
pub fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Elsewhere the CPU time is not measured: it is zero (callers report the wall-clock time).
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Duration {
    Duration::ZERO
}
