use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// pipelint can tell which API body the file is: from `--kind`, the file name
    /// (`*.pipe.json`, `*.scaling.json`, `*.alert.json`, `*.pipe-response.json`, … — one or
    /// two suffixes per kind) or the content, by a fixed decision list (a body with `result`
    /// is a response envelope, one with `tiles` a dashboard, one with `source` or
    /// `destination` a pipe, …). Content that fits no kind, or more than one (a record with
    /// only `id` and `name` may be a pipe or a service), is reported with the candidate kinds.
    /// `pipelint check --explain-kind` prints which kind each file was checked as and why.
    ///
    /// ## Why it matters
    /// Without a kind nothing can be checked, and a silent pass would hide every mistake.
    ///
    /// ## Example
    /// ```json bad
    /// {"hello": "world"}
    /// ```
    ///
    /// ## Fix
    /// Pass `--kind create-pipe` (or another kind), or name the file after its kind, such as
    /// `*.pipe.json` or `*.alert.json`.
    pub static RULE = {
        code: "PL008",
        name: "unknown-kind",
        severity: Error,
        kinds: [],
        summary: "The kind of document cannot be told; use --kind",
        policy: [not_checked],
    };
}
