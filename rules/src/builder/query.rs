//! World parameters in a URL query: `w=100&h=60&d=5&fill=50&passes=8&rule=majority&min=25`.
//! The lab writes them so a cave can be shared; the game reads them to play that cave. Any
//! parameter may be left out (it keeps its default); a bad one is an error that names it.
//! Every value is a whole number but the rule's name: the fill is written as a percentage
//! (`fill=45` is a 0.45 chance of floor), as the lab shows it.

use super::params::{WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE};
use super::smooth::SmoothRule;

impl WorldParams {
    /// Reads parameters from a query string (with or without the leading '?'); keys that are
    /// not world parameters (such as `seed` or `lab`) are ignored.
    pub fn from_query(query: &str) -> Result<WorldParams, String> {
        let mut p = WorldParams::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            // Read as a u64, as seeds are: a negative number is out of range either way.
            let int = |lo: u64, hi: u64| -> Result<u64, String> {
                match value.parse::<u64>() {
                    Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                    _ => Err(format!(
                        "{key} must be a whole number from {lo} to {hi}, not '{value}'"
                    )),
                }
            };
            match key {
                "w" => p.width = int(1, MAX_SIDE as u64)? as i32,
                "h" => p.height = int(1, MAX_SIDE as u64)? as i32,
                "d" => p.depth = int(1, MAX_DEPTH as u64)? as i32,
                "passes" => p.passes = int(0, MAX_PASSES.into())? as u32,
                "min" => p.min_region = int(0, 1_000_000)? as u32,
                // n / 100 is the double nearest the fraction, as "0.nn" would read.
                "fill" => p.fill = int(0, 100)? as f64 / 100.0,
                "rule" => {
                    p.rule = SmoothRule::named(value).ok_or_else(|| {
                        format!("rule must be majority or five-of-nine, not '{value}'")
                    })?
                }
                _ => {}
            }
        }
        Ok(p)
    }

    /// The parameters as a query (without '?'), in the order `from_query` documents; the
    /// fill to the nearest whole percent.
    pub fn to_query(&self) -> String {
        let rule = self.rule.name();
        format!(
            "w={}&h={}&d={}&fill={}&passes={}&rule={rule}&min={}",
            self.width,
            self.height,
            self.depth,
            self.fill_percent(),
            self.passes,
            self.min_region
        )
    }

    /// The fill as a whole percentage, as links write it and the lab shows it.
    pub fn fill_percent(&self) -> u32 {
        (self.fill.clamp(0.0, 1.0) * 100.0).round() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_round_trip_and_bad_values_are_named() {
        let p = WorldParams {
            width: 300,
            height: 200,
            depth: 2,
            fill: 0.45,
            passes: 5,
            rule: SmoothRule::FiveOfNine,
            min_region: 40,
        };
        assert_eq!(WorldParams::from_query(&p.to_query()), Ok(p));
        assert_eq!(
            WorldParams::from_query("?seed=5&lab"),
            Ok(WorldParams::default())
        );
        let err = WorldParams::from_query("fill=200").expect_err("fill over 100");
        assert!(err.contains("fill"), "{err}");
        assert!(WorldParams::from_query("rule=sideways").is_err());
        assert!(WorldParams::from_query("w=0").is_err());
    }

    /// Every whole percent comes back from its query exactly (the same double as "0.nn"
    /// reads as), another fill as its nearest percent; anything else is refused by name.
    #[test]
    fn fills_are_whole_percents_and_bad_ones_are_refused() {
        let fill = |text: &str| WorldParams::from_query(&format!("fill={text}")).map(|p| p.fill);
        for n in 0..=100u32 {
            let exact: f64 = match n {
                100 => 1.0,
                _ => format!("0.{n:02}").parse().expect("a decimal"),
            };
            let p = WorldParams {
                fill: exact,
                ..WorldParams::default()
            };
            assert!(p.to_query().contains(&format!("&fill={n}&")), "{n}");
            assert_eq!(WorldParams::from_query(&p.to_query()), Ok(p), "{n}");
            assert_eq!(fill(&n.to_string()), Ok(exact), "{n}");
        }
        let third = WorldParams {
            fill: 1.0 / 3.0,
            ..WorldParams::default()
        };
        assert_eq!(third.fill_percent(), 33);
        for bad in ["", ".", "-1", "101", "0.45", "45%", "NaN", "half"] {
            let err = fill(bad).expect_err(bad);
            assert!(err.contains("fill") && err.contains(bad), "{err}");
        }
    }
}
