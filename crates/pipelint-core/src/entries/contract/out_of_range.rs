use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Numbers lie within the inclusive bounds of the API's documented limits (for scaling
    /// and settings; 1..65535 for ports). Where a newer API version raised a bound
    /// (`replicas` up to 40 from `api-version` `2026-04`), the bound checked here is the
    /// newest one, and a number only the newer version accepts is `needs-newer-api`'s
    /// finding under an older version.
    ///
    /// ## Why it matters
    /// The API rejects out-of-range values with a 400 error at deploy time.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"scaling": {"replicas": 41}}
    /// ```
    ///
    /// ## Fix
    /// Use a value in the range the message names (here 1 to 40; 1 to 10 under the
    /// default `api-version`).
    ///
    /// ```json good kind:create-pipe at:/scaling
    /// {"replicas": 10}
    /// ```
    pub static RULE = {
        code: "PL012",
        name: "out-of-range",
        severity: Error,
        kinds: [],
        summary: "A number lies outside its inclusive bounds",
    };
}
