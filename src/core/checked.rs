//! A value kept with what its check built from it: a puzzle's grid with its run layout, so
//! that checking a grid is the one time its layout is built, and every later use of the
//! layout (solve, rate, check, hint) reads it and cannot fail.

use std::fmt;
use std::hash::{Hash, Hasher};

/// `value` and what checking it built (`built`). Compared, hashed and shown by the value
/// alone: what was built follows from it.
#[derive(Clone)]
pub struct Checked<T, B> {
    value: T,
    built: B,
}

impl<T, B> Checked<T, B> {
    /// `value`, checked by `check`, which builds from it what the value is kept with, or
    /// says what is wrong with it.
    pub fn new<E>(value: T, check: impl FnOnce(&T) -> Result<B, E>) -> Result<Checked<T, B>, E> {
        let built = check(&value)?;
        Ok(Checked { value, built })
    }

    /// `value` with `built`, which must be what the check builds from it: for a generator,
    /// which builds the two together.
    pub fn from_parts(value: T, built: B) -> Checked<T, B> {
        Checked { value, built }
    }

    /// The value checked.
    pub fn value(&self) -> &T {
        &self.value
    }

    /// What its check built.
    pub fn built(&self) -> &B {
        &self.built
    }
}

impl<T: PartialEq, B> PartialEq for Checked<T, B> {
    fn eq(&self, other: &Checked<T, B>) -> bool {
        self.value == other.value
    }
}

impl<T: Eq, B> Eq for Checked<T, B> {}

impl<T: Hash, B> Hash for Checked<T, B> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

/// Shown as the value it holds.
impl<T: fmt::Debug, B> fmt::Debug for Checked<T, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}
