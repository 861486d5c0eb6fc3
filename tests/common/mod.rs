//! Helpers shared by the long measures that run outside the test command (the ablation of
//! the expert's tactics, the stair maze).

/// The number of seeds a measure plays: `var` from the environment (fewer, for a quick
/// look), else `all`.
pub fn seeds(var: &str, all: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(all)
}
