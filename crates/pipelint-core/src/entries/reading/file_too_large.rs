use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The file is at most the size limit (16 MiB unless `--max-file-size` says otherwise).
    /// Larger files are reported without being read.
    ///
    /// ## Why it matters
    /// API bodies are a few kilobytes. A file of hundreds of megabytes is generated data or
    /// a mistake, and reading it whole would stall a pre-commit hook or an editor.
    ///
    /// ## Example
    /// A 1 GB `export.pipe.json` produced by a data dump.
    ///
    /// ## Fix
    /// Exclude the file (`exclude` in `pipelint.toml`), or raise `--max-file-size`.
    pub static RULE = {
        code: "PL009",
        name: "file-too-large",
        severity: Error,
        kinds: [],
        summary: "The file is over the size limit and was not read",
        policy: [not_checked],
    };
}
