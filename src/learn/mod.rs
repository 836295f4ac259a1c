//! The learned evaluation's pipeline, outside the engine: `tabula
//! datagen` plays scored self-play games ([`datagen`]), `tabula train`
//! fits a network to them and writes the net file ([`train`]). The
//! network itself and its file format live below games/, in
//! [`crate::evalkit::nnue`].

pub mod datagen;
pub mod train;
