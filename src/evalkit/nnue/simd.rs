//! The two hot loops of a network (an accumulator's update from its rows
//! and the output layer's dot product) are written once in plain Rust
//! that the compiler vectorises, and compiled twice: for the build's
//! baseline (SSE2 on x86-64) and for AVX2, which has registers twice as
//! wide. The AVX2 form runs only where the processor has it; both give
//! the same integers (tests compare them), so a search's nodes do not
//! depend on the machine.

/// Whether the processor runs AVX2 (the standard library checks once and
/// caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// Whether the processor runs AVX2: never off x86-64.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub fn has_avx2() -> bool {
    false
}
