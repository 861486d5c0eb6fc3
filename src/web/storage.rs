//! The browser's `localStorage` as a save store. Every call can fail (storage disabled,
//! private windows, quota); failures become `StoreError`s, never panics.

use crate::save::{Store, StoreError};
use web_sys::Storage;

pub struct LocalStore {
    storage: Option<Storage>,
}

/// The browser's refusal as a sentence: its error's name says why (a full storage is a
/// `QuotaExceededError`; a blocked one a `SecurityError`).
fn error(e: wasm_bindgen::JsValue) -> StoreError {
    let name = String::from(js_sys::Error::from(e).name());
    StoreError(match name.as_str() {
        "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => "storage is full".into(),
        "SecurityError" => "the browser blocks storage for this page".into(),
        _ => "storage refused to save".into(),
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
        let mut keys = Vec::new();
        for i in 0..n {
            if let Ok(Some(key)) = s.key(i) {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}
