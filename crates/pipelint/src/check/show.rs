//! `--show-files` and `--show-settings`: what a run would check and with what, told from the
//! workspace's own per-file decisions (nothing is linted for `--show-files`).

use pipelint_workspace::KindSource;
use pipelint_workspace::config::SelectedBy;

use super::plan::Plan;
use crate::files::{Source, Target};
use crate::output::escape::visible;
use crate::{EXIT_TROUBLE, console};

/// One line per file the run would check (`name: kind; reason`), then one line per `*.json`
/// file a walk passed over because no include pattern matches it. Exit 2 on a path problem,
/// as `check` does.
pub(super) fn files(plan: &Plan) -> Result<u8, String> {
    let mut trouble = false;
    let mut listing = String::new();
    let mut unmatched = Vec::new();
    plan.walk(&mut |found| {
        trouble |= !found.problems.is_empty();
        for problem in &found.problems {
            console::message(format!("{}: {}", problem.path, problem.reason));
        }
        for note in &found.notes {
            console::message(note);
        }
        for target in &found.targets {
            listing.push_str(&visible(&line(plan, target)));
            listing.push('\n');
        }
        unmatched.extend(found.unmatched);
        Ok(())
    })?;
    for name in unmatched {
        listing.push_str(&visible(&format!(
            "not checked: {name} (no include pattern matches it; add it to `include` or \
             name it on the command line)"
        )));
        listing.push('\n');
    }
    let written = console::to_stdout(&listing);
    Ok(if trouble { EXIT_TROUBLE } else { written })
}

/// `pipes/orders.pipe.json: create-pipe (from the file name); matched by the default pattern
/// `*.pipe.json``.
fn line(plan: &Plan, target: &Target) -> String {
    let located = &target.located;
    let kind = match located.kind_source() {
        KindSource::Flag(kind) => format!("{kind} (from --kind)"),
        KindSource::KindGlob(kind) => format!("{kind} (from a [kinds] glob)"),
        KindSource::FileName(kind) => format!("{kind} (from the file name)"),
        KindSource::Content => "kind told from the content".to_owned(),
    };
    let config = match &located.config.source {
        Some(path) => format!(" in {}", crate::paths::display_name(&plan.cwd, path)),
        None => String::new(),
    };
    let reason = match (&target.source, located.selected_by()) {
        (Source::Stdin, _) => "read from stdin".to_owned(),
        (Source::File(_), _) => "named on the command line".to_owned(),
        (Source::Walked(_), Some(SelectedBy::DefaultPattern(pattern))) => {
            format!("matched by the default pattern `{pattern}`")
        }
        (Source::Walked(_), Some(SelectedBy::Include(glob))) => {
            format!("matched by the `include` glob `{glob}`{config}")
        }
        (Source::Walked(_), Some(SelectedBy::KindGlob(kind))) => {
            format!("matched by a `[kinds]` glob of `{kind}`{config}")
        }
        (Source::Walked(_), None) => "found by the walk".to_owned(),
    };
    format!("{}: {kind}; {reason}", target.name)
}
