//! Fingerprints that identify a finding across runs: built from the path, the rule and the
//! JSON pointer, never the line, so reformatting or adding members above does not turn an
//! old finding into a new one in GitLab or code scanning.

use std::collections::HashMap;

use crate::report::FileReport;

/// One fingerprint per diagnostic of the report, in the same order. When one rule fires
/// more than once at one pointer, the occurrence number keeps the fingerprints distinct.
pub fn fingerprints(report: &FileReport) -> Vec<String> {
    // How often each (rule, pointer) was seen so far: one look-up per finding.
    let mut seen: HashMap<(&str, &str), usize> = HashMap::new();
    report
        .diagnostics
        .iter()
        .map(|d| {
            let count = seen.entry((d.rule.code, d.pointer.as_str())).or_default();
            let occurrence = *count;
            *count += 1;
            let mut hash = Fnv128::new();
            // A separator no path, code or pointer contains keeps the fields apart.
            for field in [report.path.as_str(), d.rule.code, d.pointer.as_str()] {
                hash.write(field.as_bytes());
                hash.write(&[0]);
            }
            hash.write(occurrence.to_string().as_bytes());
            format!("{:032x}", hash.finish())
        })
        .collect()
}

/// FNV-1a with 128 bits: stable across platforms and Rust versions, unlike `DefaultHasher`.
struct Fnv128(u128);

impl Fnv128 {
    const OFFSET: u128 = 0x6c62272e07bb014262b821756295c58d;
    const PRIME: u128 = 0x0000000001000000000000000000013b;

    fn new() -> Self {
        Fnv128(Self::OFFSET)
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u128::from(*byte);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    fn finish(&self) -> u128 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_published_test_vector() {
        // FNV-1a 128 of "a", from the reference test suite.
        let mut hash = Fnv128::new();
        hash.write(b"a");
        assert_eq!(hash.finish(), 0xd228cb696f1a8caf78912b704e4a8964);
    }
}
