//! The version of the rules, which every record names.

/// The version of these rules. Records name the ruleset they were played under; a record of
/// another ruleset is refused rather than replayed wrongly. Raise it whenever a change to the
/// rules, the generator or the creatures could make an old record play out differently.
pub const RULESET: u32 = 16;
