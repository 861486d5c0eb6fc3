//! Kinds with saved codes: an enum whose discriminants are the one-byte codes saved worlds
//! and records use, declared together with its `ALL` list, so a kind cannot be left out of
//! the list (and so never placed or listed) by forgetting it there.

/// Declares a `#[repr(u8)]` enum of kinds with explicit codes, and `ALL`, every kind in the
/// order written (which the tests keep in code order, without gaps), with `code` and
/// `from_code` between a kind and its code.
macro_rules! coded_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[repr(u8)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant = $code, )+
        }

        impl $name {
            /// Every kind, in the order of their codes.
            pub const ALL: [$name; [$($code),+].len()] = [$($name::$variant),+];

            /// The saved code of this kind.
            pub const fn code(self) -> u8 {
                self as u8
            }

            /// The kind with saved code `code`, if any.
            pub fn from_code(code: u8) -> Option<$name> {
                $name::ALL.into_iter().find(|k| k.code() == code)
            }
        }
    };
}

pub(crate) use coded_kinds;
