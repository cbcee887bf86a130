//! A rule's documentation page, made from its metadata and doc comment (and, for the profile
//! rules, the table of changes): above the rules, as the profile rules' tables are theirs.

use crate::catalog::Rule;

impl Rule {
    /// The rule's documentation page (`docs/rules/<name>.md`, and `pipelint rule <name>`).
    pub fn page(&self) -> String {
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.name()).collect();
        let kinds = if kinds.is_empty() {
            "every document kind".to_owned()
        } else {
            kinds.join(", ")
        };
        format!(
            "# {} `{}`

{}.

- Default severity: {}
- Applies to: {kinds}
- Automatic fix: {}
{}
{}{}",
            self.code,
            self.name,
            self.summary,
            self.severity,
            self.fix.describe(),
            self.replaces(),
            self.documentation(),
            // The profile rules end with the versions they know, from the table of changes.
            crate::rules::profile::table::for_rule(self)
        )
    }
}
