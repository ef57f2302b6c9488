//! A work list of indices (runs, lines) for propagation: each index is queued at most once at
//! a time, and the last one pushed is taken first.

/// Indices waiting to be processed, each at most once at a time.
#[derive(Clone, Debug)]
pub struct IndexQueue {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl IndexQueue {
    /// An empty queue for indices `0..len`.
    pub fn new(len: usize) -> IndexQueue {
        IndexQueue {
            queue: Vec::with_capacity(len),
            queued: vec![false; len],
        }
    }

    /// A queue holding every index, `0` taken first.
    pub fn all(len: usize) -> IndexQueue {
        let mut queue = IndexQueue::new(len);
        for index in (0..len).rev() {
            queue.push(index);
        }
        queue
    }

    /// Queues `index` unless it is already waiting.
    pub fn push(&mut self, index: usize) {
        if !self.queued[index] {
            self.queued[index] = true;
            self.queue.push(index as u32);
        }
    }

    pub fn pop(&mut self) -> Option<usize> {
        let index = self.queue.pop()? as usize;
        self.queued[index] = false;
        Some(index)
    }

    /// Takes the waiting index with the smallest `key` (the earliest pushed on a tie) rather
    /// than the last one pushed: for work lists where some entries are worth doing first.
    pub fn pop_min_by_key(&mut self, mut key: impl FnMut(usize) -> u32) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (slot, &index) in self.queue.iter().enumerate() {
            let value = key(index as usize);
            if best.is_none_or(|(b, _)| value < b) {
                best = Some((value, slot));
            }
        }
        let (_, slot) = best?;
        let index = self.queue.remove(slot) as usize;
        self.queued[index] = false;
        Some(index)
    }

    /// Drops everything waiting (after a contradiction), keeping the queue reusable.
    pub fn clear(&mut self) {
        for &index in &self.queue {
            self.queued[index as usize] = false;
        }
        self.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_index_waits_once() {
        let mut queue = IndexQueue::all(3);
        queue.push(1);
        assert_eq!(queue.pop(), Some(0));
        assert_eq!(queue.pop(), Some(1));
        queue.push(1);
        queue.clear();
        queue.push(1);
        assert_eq!(queue.pop(), Some(1));
        assert_eq!(queue.pop(), None);
    }

    #[test]
    fn the_smallest_key_goes_first() {
        let mut queue = IndexQueue::all(4);
        let keys = [3, 1, 2, 1];
        let order: Vec<usize> = std::iter::from_fn(|| queue.pop_min_by_key(|i| keys[i])).collect();
        assert_eq!(order, vec![3, 1, 2, 0]);
    }
}
