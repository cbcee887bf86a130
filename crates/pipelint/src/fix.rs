//! `pipelint check --fix` and `--diff`: what they print. The fixing itself is the core's
//! [`pipelint_core::fix`], the same loop the language server and Python use.

/// A unified diff from `before` to `after` for `name`, with secrets masked in both unless
/// `show_secrets`: a diff prints context lines, and a minified body is one line. `after` is
/// masked with the secrets of `before` too: a fix that deletes a secret member must not
/// unmask the copies of its value.
pub fn unified_diff(name: &str, before: &str, after: &str, show_secrets: bool) -> String {
    let (before, after) = if show_secrets {
        (before.to_owned(), after.to_owned())
    } else {
        (
            masked(before),
            pipelint_core::mask_secrets_after_fixing(after, before),
        )
    };
    similar::TextDiff::from_lines(&before, &after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

/// The text with every secret masked, as findings show it (same byte length).
pub fn masked(text: &str) -> String {
    pipelint_core::mask_secrets(text)
}

/// The summary line of a `--fix` or `--diff` run.
pub fn summary(applied: usize, unsafe_left: usize, dry_run: bool) -> String {
    let fixes = |n: usize| if n == 1 { "fix" } else { "fixes" };
    let mut line = if dry_run {
        format!("Would apply {applied} {}", fixes(applied))
    } else {
        format!("Applied {applied} {}", fixes(applied))
    };
    if unsafe_left > 0 {
        line.push_str(&format!(
            "; {unsafe_left} more {} available with `--unsafe-fixes`",
            fixes(unsafe_left)
        ));
    }
    line.push('.');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_count_both_kinds() {
        assert_eq!(summary(1, 0, false), "Applied 1 fix.");
        assert_eq!(
            summary(3, 2, true),
            "Would apply 3 fixes; 2 more fixes available with `--unsafe-fixes`."
        );
    }
}
