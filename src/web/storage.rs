//! The browser's `localStorage` as a save store. Every call can fail (storage disabled,
//! private windows, quota); failures become `StoreError`s, never panics.

use crate::save::{Store, StoreError};
use web_sys::Storage;

pub struct LocalStore {
    storage: Option<Storage>,
}

fn error(e: wasm_bindgen::JsValue) -> StoreError {
    let text = js_sys::Error::from(e).message();
    let text = String::from(text);
    StoreError(if text.to_lowercase().contains("quota") {
        "storage is full".into()
    } else if text.is_empty() {
        "storage refused".into()
    } else {
        text
    })
}

impl LocalStore {
    pub fn open() -> LocalStore {
        let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
        LocalStore { storage }
    }

    fn storage(&self) -> Result<&Storage, StoreError> {
        self.storage
            .as_ref()
            .ok_or_else(|| StoreError("this browser gives the page no storage".into()))
    }
}

impl Store for LocalStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.storage()?.get_item(key).map_err(error)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.storage()?.set_item(key, value).map_err(error)
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        self.storage()?.remove_item(key).map_err(error)
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let s = self.storage()?;
        let n = s.length().map_err(error)?;
        Ok((0..n).filter_map(|i| s.key(i).ok().flatten()).collect())
    }
}
