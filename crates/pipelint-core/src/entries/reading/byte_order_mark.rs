use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The file starts with a UTF-8 byte-order mark (the bytes `EF BB BF`).
    ///
    /// ## Why it matters
    /// RFC 8259 forbids a byte-order mark in JSON text sent over the network; some parsers
    /// reject it. pipelint reads past it so the rest of the file is still checked.
    ///
    /// ## Example
    /// A file saved by an editor set to "UTF-8 with BOM".
    ///
    /// ## Fix
    /// Save the file as UTF-8 without BOM.
    pub static RULE = {
        code: "PL003",
        name: "byte-order-mark",
        severity: Warning,
        kinds: [],
        summary: "The file starts with a UTF-8 byte-order mark",
    };
}
