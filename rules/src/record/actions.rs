//! A run's actions apart from its record, written as the record writes them: a code byte
//! each, then its operands. A live run goes to its watchers in such pieces.

use crate::game::action::Action;

/// `actions` as the record writes them.
pub fn encode_actions(actions: &[Action]) -> Vec<u8> {
    let mut out = Vec::with_capacity(actions.len() * 2);
    for a in actions {
        a.encode(&mut out);
    }
    out
}

/// The actions in `bytes`, the record's action bytes, or `None` when they do not parse.
pub fn parse_actions(bytes: &[u8]) -> Option<Vec<Action>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let code = bytes[i];
        let n = Action::operand_count(code);
        let operands = bytes.get(i + 1..i + 1 + n)?;
        out.push(Action::from_parts(code, operands)?);
        i += 1 + n;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action::Dir;

    #[test]
    fn actions_round_trip_and_a_cut_operand_is_refused() {
        let actions = vec![
            Action::Move(Dir::E),
            Action::Wait,
            Action::Drop(3),
            Action::Throw {
                slot: 1,
                dx: -2,
                dy: 3,
            },
        ];
        let bytes = encode_actions(&actions);
        assert_eq!(parse_actions(&bytes), Some(actions));
        assert_eq!(parse_actions(&bytes[..bytes.len() - 1]), None);
        assert_eq!(parse_actions(&[]), Some(Vec::new()));
    }
}
