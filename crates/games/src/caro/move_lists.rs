//! The threat search's move lists, one per ply and reused from search to search: a node
//! takes the list of its ply, fills and walks it while its children use the lists above,
//! and gives it back, so a search no deeper than the ones before it touches no allocator
//! (a list grows when a position needs more moves than it ever held, and keeps that room).
//! Not a move generator: what goes in a list is the caller's business.

use super::board::Cell;

/// Plies of lists made room for up front (a deeper search adds lists once).
const PLIES: usize = 128;

/// A stack of reusable move lists.
pub(super) struct MoveLists {
    /// One list per ply; those at `ply` and above are free.
    lists: Vec<Vec<Cell>>,
    /// How many lists are taken.
    ply: usize,
}

impl Default for MoveLists {
    fn default() -> Self {
        MoveLists {
            lists: Vec::with_capacity(PLIES),
            ply: 0,
        }
    }
}

impl MoveLists {
    /// The next ply's list, empty; give it back with [`MoveLists::give_back`] before the
    /// list below it.
    pub(super) fn take(&mut self) -> Vec<Cell> {
        if self.ply == self.lists.len() {
            self.lists.push(Vec::new());
        }
        let mut list = self
            .lists
            .get_mut(self.ply)
            .map(std::mem::take)
            .unwrap_or_default();
        self.ply += 1;
        list.clear();
        list
    }

    /// Returns the list taken last, keeping its room for the next node at that ply.
    pub(super) fn give_back(&mut self, list: Vec<Cell>) {
        debug_assert!(self.ply > 0, "a list given back that was not taken");
        self.ply = self.ply.saturating_sub(1);
        if let Some(slot) = self.lists.get_mut(self.ply) {
            *slot = list;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_given_back_keeps_its_room_for_its_ply() {
        let mut lists = MoveLists::default();
        let mut low = lists.take();
        low.extend([1, 2, 3]);
        let mut high = lists.take();
        high.extend(0..100);
        let room = high.capacity();
        lists.give_back(high);
        lists.give_back(low);
        let low = lists.take();
        let high = lists.take();
        assert!(low.is_empty() && high.is_empty());
        assert_eq!(high.capacity(), room);
        lists.give_back(high);
        lists.give_back(low);
    }
}
