//! Kinds with saved codes: an enum whose discriminants are the one-byte codes saved worlds
//! and records use, declared together with its `ALL` list, so a kind cannot be left out of
//! the list (and so never placed or listed) by forgetting it there.

/// Declares a `#[repr(u8)]` enum of kinds with explicit codes, and `ALL`, every kind in the
/// order written (which the tests keep in code order, without gaps).
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
        }
    };
}

pub(crate) use coded_kinds;
