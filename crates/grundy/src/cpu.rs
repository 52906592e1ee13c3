//! The one place the library asks the CPU what it can do.
//!
//! Features are detected once, at first use, and kept. Each SIMD path asks
//! here whether it may run; every one of them has a portable twin that the
//! tests hold it against. With `GRUNDY_SIMD=portable` in the environment
//! no SIMD extension is reported, so every path is the portable one (for
//! tests that compare whole runs, and for a CPU whose extensions misbehave).

use std::sync::OnceLock;

/// The SIMD extensions the library's fast paths use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// AVX2.
    pub avx2: bool,
    /// AVX-512 Foundation.
    pub avx512f: bool,
    /// AVX-512 byte and word instructions.
    pub avx512bw: bool,
    /// AVX-512 vector byte manipulation (`vpermb`).
    pub avx512vbmi: bool,
    /// AVX-512 population count of dwords and qwords.
    pub avx512vpopcntdq: bool,
    /// Galois-field instructions (`gf2p8affineqb`).
    pub gfni: bool,
    /// `popcnt`.
    pub popcnt: bool,
    /// BMI1 (`tzcnt`, `blsr`).
    pub bmi1: bool,
    /// WebAssembly's 128-bit SIMD: fixed when the module is compiled
    /// (`-C target-feature=+simd128`; a browser without it cannot load
    /// the module at all).
    pub simd128: bool,
}

impl Features {
    /// What the Bomb table's mex search needs.
    pub fn bomb_avx512(self) -> bool {
        self.avx512f && self.avx512bw && self.avx512vbmi && self.gfni
    }

    /// What the octal engine's split scans need.
    pub fn octal_avx512(self) -> bool {
        self.avx512f && self.avx512vpopcntdq && self.popcnt
    }

    /// What the judge readers' 64-byte classifier needs with AVX2.
    pub fn judge_avx2(self) -> bool {
        self.avx2 && self.popcnt && self.bmi1
    }

    /// What the judge readers' 64-byte classifier needs with AVX-512.
    pub fn judge_avx512(self) -> bool {
        self.avx512f && self.avx512bw && self.popcnt && self.bmi1
    }

    /// What the octal engine's eight-lane split scan needs.
    pub fn octal_avx2(self) -> bool {
        self.avx2
    }
}

/// The features of the CPU this runs on (none off x86-64).
pub fn features() -> Features {
    static FEATURES: OnceLock<Features> = OnceLock::new();
    *FEATURES.get_or_init(|| {
        if std::env::var_os("GRUNDY_SIMD").is_some_and(|v| v == "portable") {
            Features::default()
        } else {
            detect()
        }
    })
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Features {
    Features {
        avx2: is_x86_feature_detected!("avx2"),
        avx512f: is_x86_feature_detected!("avx512f"),
        avx512bw: is_x86_feature_detected!("avx512bw"),
        avx512vbmi: is_x86_feature_detected!("avx512vbmi"),
        avx512vpopcntdq: is_x86_feature_detected!("avx512vpopcntdq"),
        gfni: is_x86_feature_detected!("gfni"),
        popcnt: is_x86_feature_detected!("popcnt"),
        bmi1: is_x86_feature_detected!("bmi1"),
        simd128: false,
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Features {
    Features {
        simd128: cfg!(all(target_arch = "wasm32", target_feature = "simd128")),
        ..Features::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_is_stable_and_consistent() {
        let f = features();
        assert_eq!(f, features());
        assert!(!f.bomb_avx512() || f.avx512f);
        assert!(!f.octal_avx512() || f.avx512f);
        assert!(!Features::default().bomb_avx512());
        assert!(!Features::default().octal_avx512());
        assert!(!Features::default().judge_avx512());
        assert!(!Features::default().judge_avx2());
        assert!(!f.judge_avx2() || f.avx2);
        assert!(!f.judge_avx512() || f.avx512bw);
    }
}
