//! Games read twice: the same game (its game, players and moves) in two of the files a
//! command reads, as when records imported into the folder they came from sit beside their
//! sources. `check` and `booklet` say so, since a results table would count such a game
//! twice.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{DefaultHasher, Hash, Hasher};

use sheetgen_core::games::GameRecord;
use sheetgen_core::words::Words;

/// The games read so far, by what makes them the same game.
#[derive(Debug, Default)]
pub struct SeenGames {
    first: HashMap<u64, String>,
    /// Whether to look: games read from one file are one source's, which the same game twice
    /// in it does not double; hashing every game's moves cost `check` a fifth of its time.
    looking: bool,
}

impl SeenGames {
    /// Games read from `files` record files: looked at when they are several.
    pub fn of_files(files: usize) -> Self {
        Self {
            first: HashMap::new(),
            looking: files > 1,
        }
    }

    /// A note when `record`, read at `place` (`a.yaml #2`, made only when looked at), is a
    /// game read before; else it is remembered. A record without moves is no game to match.
    pub fn note(
        &mut self,
        record: &dyn GameRecord,
        place: impl FnOnce() -> String,
    ) -> Option<String> {
        if !self.looking || record.length() == 0 {
            return None;
        }
        let place = place();
        match self.first.entry(fingerprint(record)) {
            Entry::Occupied(first) => Some(format!(
                "note: {place} is the same game as {} (the same players and moves): is one \
                 game read twice?",
                first.get()
            )),
            Entry::Vacant(slot) => {
                slot.insert(place);
                None
            }
        }
    }
}

/// A hash of the game, its players and its moves.
fn fingerprint(record: &dyn GameRecord) -> u64 {
    let mut hasher = DefaultHasher::new();
    record.game().name().hash(&mut hasher);
    let about = record.about();
    for player in [&about.black, &about.white] {
        player.as_ref().map(|p| p.value.as_str()).hash(&mut hasher);
    }
    record.move_list(&Words::default()).hash(&mut hasher);
    hasher.finish()
}
