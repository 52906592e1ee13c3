//! Octal and hexadecimal games as heap games of the registry
//! (`octal:0.07`): values from the sparse-space engine, read past their end
//! through the proven period.

use super::code::OctalCode;
use super::sequence::{grundy_sequence_while, Sequence};
use crate::games::heap::{HeapRules, Shape};

impl HeapRules for OctalCode {
    fn name(&self) -> String {
        format!("octal:{self}")
    }

    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        grundy_sequence_while(self, upto, keep_going)
    }

    /// A code the periodicity theorem holds for: heaps past the listed ones
    /// are answered through the period.
    fn shape(&self) -> Shape {
        if self.periodicity_applies() {
            Shape::Code(self.clone())
        } else {
            Shape::Listed
        }
    }
}
