//! Diagnostics: what is wrong with a scenario, and where.

use std::fmt;

/// One problem found while loading a scenario.
///
/// `key` is a path into the merged document, with 0-based indices into arrays of tables, for
/// example `unit[3].strength`, `hex[12].at[2]` or `scenario.turns`; syntax errors use the key
/// `(syntax)` and carry the line and column in the message.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Diagnostic {
    /// The file the offending key came from (`"?"` when unknown).
    pub file: String,
    /// The key path inside that file.
    pub key: String,
    /// What is wrong, in one line.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Always one line: messages of parsers may hold line breaks and indentation.
        let one = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        write!(
            f,
            "{}: {}: {}",
            one(&self.file),
            one(&self.key),
            one(&self.message)
        )
    }
}

/// Every problem found while loading a scenario; never empty when returned as an error.
///
/// Displays one diagnostic per line as `file: key: message`.
///
/// ```
/// use coupdoeil_scenario::{Diagnostic, Diagnostics};
/// let d = Diagnostics(vec![Diagnostic {
///     file: "oob.toml".into(),
///     key: "unit[0].strength".into(),
///     message: "must be from 0 to 20, not 25".into(),
/// }]);
/// assert_eq!(d.to_string(), "oob.toml: unit[0].strength: must be from 0 to 20, not 25");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Whether there is no diagnostic.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of diagnostics.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The diagnostics, in the order they were found.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
