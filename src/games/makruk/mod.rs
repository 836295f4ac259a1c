//! Makruk (Thai chess). To be implemented.
