//! Whole numbers read from text exactly as `str::parse` reads them: an optional sign (`+`
//! for unsigned types, `+` or `-` for signed ones), then ASCII digits and nothing else;
//! empty text or a number out of range is `None`. One routine serves every integer type the
//! game reads, where `parse` is a separate copy per type in the page's wasm.

/// The sign (true for `-`) and magnitude of `text`, if it is a sign and digits that fit a
/// `u64`.
fn sign_and_digits(text: &str) -> Option<(bool, u64)> {
    let bytes = text.as_bytes();
    let (minus, digits) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
    }
    Some((minus, n))
}

/// An unsigned number (`u64`, `u32`, ...).
pub fn unsigned<T: TryFrom<u64>>(text: &str) -> Option<T> {
    match sign_and_digits(text)? {
        (false, n) => T::try_from(n).ok(),
        (true, _) => None,
    }
}

/// A signed number (`i64`, `i32`, ...).
pub fn signed<T: TryFrom<i64>>(text: &str) -> Option<T> {
    let (minus, n) = sign_and_digits(text)?;
    let v = if minus {
        0i64.checked_sub_unsigned(n)?
    } else {
        i64::try_from(n).ok()?
    };
    T::try_from(v).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_parse_reads() {
        let texts = [
            "0",
            "7",
            "+7",
            "-7",
            "-0",
            "+",
            "-",
            "",
            " 7",
            "7 ",
            "07",
            "1e3",
            "٣",
            "12a",
            "4294967295",
            "4294967296",
            "-2147483648",
            "-2147483649",
            "2147483647",
            "2147483648",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "--1",
            "+-1",
            "99999999999999999999999",
        ];
        for t in texts {
            assert_eq!(unsigned::<u64>(t), t.parse::<u64>().ok(), "u64 {t:?}");
            assert_eq!(unsigned::<u32>(t), t.parse::<u32>().ok(), "u32 {t:?}");
            assert_eq!(signed::<i64>(t), t.parse::<i64>().ok(), "i64 {t:?}");
            assert_eq!(signed::<i32>(t), t.parse::<i32>().ok(), "i32 {t:?}");
        }
        for n in (0..200_000u64).step_by(7) {
            let t = n.to_string();
            assert_eq!(unsigned::<u32>(&t), Some(n as u32));
            assert_eq!(signed::<i32>(&format!("-{t}")), Some(-(n as i32)));
        }
    }
}
