//! PTN game files (placeholder).
