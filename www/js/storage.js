// Remembered choices in localStorage. Storage may be missing or refuse: then a choice lasts
// for the visit (the game says elsewhere that runs are not saved).

export function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    // Storage is off.
  }
}

export function recall(key) {
  try {
    return localStorage.getItem(key) || "";
  } catch (e) {
    return "";
  }
}
