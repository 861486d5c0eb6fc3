//! Where saves live: a small key-value text store. The browser's is `localStorage`; tests use
//! `MemoryStore`, which can also fail on purpose like a full or disabled storage.

use std::collections::BTreeMap;

/// Why the store refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A key-value store of text.
pub trait Store {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&mut self, key: &str) -> Result<(), StoreError>;
    /// Every key, in any order.
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

/// A store in memory. `full` makes writes fail (a full storage); `quota` makes a write fail
/// when the store would then hold more than that many bytes of keys and values (a nearly
/// full storage, where small writes fit and large ones do not); `broken` makes every call
/// fail (storage disabled or missing).
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    pub map: BTreeMap<String, String>,
    pub full: bool,
    pub quota: Option<usize>,
    pub broken: bool,
}

impl MemoryStore {
    /// The bytes of keys and values held.
    pub fn used(&self) -> usize {
        self.map.iter().map(|(k, v)| k.len() + v.len()).sum()
    }

    fn check(&self) -> Result<(), StoreError> {
        if self.broken {
            Err(StoreError("storage is not available".into()))
        } else {
            Ok(())
        }
    }
}

impl Store for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.check()?;
        Ok(self.map.get(key).cloned())
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.check()?;
        let old = self.map.get(key).map_or(0, |v| key.len() + v.len());
        let over = self
            .quota
            .is_some_and(|q| self.used() - old + key.len() + value.len() > q);
        if self.full || over {
            return Err(StoreError("storage is full".into()));
        }
        self.map.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        self.check()?;
        self.map.remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        self.check()?;
        Ok(self.map.keys().cloned().collect())
    }
}

/// A memory store shared by several owners (two pages of one browser, in tests).
pub type SharedStore = std::rc::Rc<std::cell::RefCell<MemoryStore>>;

impl Store for SharedStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.borrow().get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.borrow_mut().set(key, value)
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        self.borrow_mut().remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        self.borrow().keys()
    }
}
