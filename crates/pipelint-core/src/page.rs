//! A rule's documentation page, made from its metadata and doc comment (and, for the profile
//! rules, the table of changes): above the rules, as the profile rules' tables are theirs.

mod terraform_examples;

use crate::catalog::{Rule, Syntax};

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
- Applies to: {}
- Document kinds: {kinds}
- Automatic fix: {}
{}
{}{}",
            self.code,
            self.name,
            self.summary,
            self.severity,
            self.syntaxes_line(),
            self.fix.describe(),
            self.replaces(),
            self.with_terraform_example(&self.documentation()),
            // The profile rules end with the versions they know, from the table of changes.
            crate::rules::profile::table::for_rule(self)
        )
    }

    /// The rule's Terraform example, if it has one: `(path, text)` of a Terraform fixture, the
    /// path under `fixtures/terraform/`. For a rule of Terraform files, an invalid fixture of
    /// its own; for a rule whose mistake a Terraform file never gives it, the fixture of
    /// [`Rule::terraform_stand_in`].
    pub fn terraform_example(&self) -> Option<(&'static str, &'static str)> {
        terraform_examples::EXAMPLES
            .iter()
            .find(|(name, ..)| *name == self.name)
            .map(|&(_, file, text)| (file, text))
    }

    /// The doc comment with the Terraform example added at the end of its `## Example`
    /// section (before `## Fix`).
    fn with_terraform_example(&self, docs: &str) -> String {
        let Some((file, text)) = self.terraform_example() else {
            return docs.to_owned();
        };
        let path = format!("`fixtures/terraform/{file}`");
        let intro = if self.applies_to_syntax(Syntax::Terraform) {
            format!("In Terraform ({path}):")
        } else if let Some((by, _)) = file
            .strip_prefix("invalid/")
            .and_then(|f| f.split_once("--"))
        {
            format!("In Terraform, `{by}` reports this mistake first ({path}):")
        } else {
            format!("In Terraform this is no mistake ({path}):")
        };
        let fence = if file.ends_with(".json") {
            "json"
        } else {
            "hcl"
        };
        let block = format!("{intro}\n\n```{fence}\n{}\n```\n\n", text.trim_end());
        match docs.find("## Fix") {
            Some(at) => format!("{}{block}{}", &docs[..at], &docs[at..]),
            None => format!("{docs}\n{block}"),
        }
    }
}
