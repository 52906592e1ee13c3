//! Octal codes: any text parses or is refused; a parsed code prints back to
//! itself and its first values match the plain rule.
#![no_main]
use grundy::games::octal::{grundy_sequence, plain_values, OctalCode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(code) = text.parse::<OctalCode>() {
        let again: OctalCode = code.to_string().parse().expect("printed codes parse");
        assert_eq!(again, code);
        if code.max_take() <= 8 {
            let upto = if code.splits_in_three() { 40 } else { 200 };
            let fast = grundy_sequence(&code, upto, &mut |_| {});
            let plain = plain_values(&code, upto);
            for (n, &v) in plain.iter().enumerate() {
                assert_eq!(
                    fast.value(n as u64).map(|g| g.0 as u32),
                    Some(v),
                    "{code} G({n})"
                );
            }
        }
    }
});
