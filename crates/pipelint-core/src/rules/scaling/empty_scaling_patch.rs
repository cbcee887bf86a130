use super::facts::{pipe_source, scaling_applies};
use crate::kind::SCALING_MEMBERS;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A scaling patch sets at least one member: it is not `{}` and not all `null`. Name an
    /// empty patch file `*.scaling.json` (or pass `--kind pipe-scaling`) so it is recognised.
    ///
    /// ## Why it matters
    /// A patch that changes nothing is almost always a mistake: a template that was never
    /// filled in, or values lost while editing. Sending it does not scale the pipe.
    ///
    /// ## Example
    /// ```json bad kind:pipe-scaling
    /// {"replicas": null, "replicaCpuMillicores": null}
    /// ```
    ///
    /// ## Fix
    /// Set the members to change, e.g. `{"replicas": 3}`, or don't send the patch.
    ///
    /// ```json good kind:pipe-scaling
    /// {"replicas": 3}
    /// ```
    pub static RULE = {
        code: "PL507",
        name: "empty-scaling-patch",
        severity: Warning,
        kinds: [PipeScaling],
        summary: "The scaling patch is empty or sets every member to null",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(patch) = cx.root().as_object() else {
        return;
    };
    // Unknown members count as set: `unknown-field` reports them. So does a number too
    // large to represent (loaded as null): `number-out-of-range` reports it.
    let set = |(name, value): (&String, &serde_json::Value)| {
        !value.is_null()
            || cx
                .document
                .unrepresentable
                .contains(&crate::pointer::pointer_join("", name))
    };
    if patch.iter().any(set) {
        return;
    }
    let message = if patch.is_empty() {
        "the scaling patch is empty: it changes nothing"
    } else {
        "every member of the scaling patch is null: it changes nothing"
    };
    let help = match pipe_source(cx).map(|s| s.kind) {
        Some(SourceKind::Postgres) => "don't send this patch: the paired pipe reads \
                                       from Postgres, which is not scaled this way"
            .to_owned(),
        Some(SourceKind::ObjectStorage) => "don't send this patch: an object-storage pipe is \
                                            tuned with `settings.object_storage_concurrency` \
                                            (the patch's `concurrency` is deprecated)"
            .to_owned(),
        kind => {
            // `concurrency` is deprecated; it is not suggested.
            let members: Vec<&str> = SCALING_MEMBERS
                .iter()
                .copied()
                .filter(|m| *m != "concurrency" && kind.is_none_or(|k| scaling_applies(m, k)))
                .collect();
            format!(
                "set the members to change ({}), or don't send the patch",
                list_code(&members)
            )
        }
    };
    out.push(
        Diagnostic::new(&RULE, cx.document.object_anchor(""), "", message)
            .with_label("changes nothing")
            .with_help(help),
    );
}
