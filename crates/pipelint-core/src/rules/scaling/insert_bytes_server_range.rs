use crate::rules::prelude::*;

use super::facts::pipe_source;

declare_rule! {
    /// ## What it checks
    /// `settings.object_storage_max_insert_bytes` lies in the range the deployed server accepts,
    /// 524288000 (500 MiB) to 10737418240 (10 GiB). Values outside the documented bounds (10 MiB to
    /// 50 GiB) are errors of the schema and not reported here again; nor is the setting on a pipe
    /// that does not read from object storage (`setting-for-source` reports that).
    ///
    /// ## Why it matters
    /// The interface allows 10 MiB to 50 GiB, but the deployed server refuses values outside
    /// 500 MiB to 10 GiB, so a body that passes the schema still fails when it is sent.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"source": {"objectStorage": {"type": "s3", "format": "CSV", "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}},
    ///  "settings": {"object_storage_max_insert_bytes": 104857600}}
    /// ```
    ///
    /// ## Fix
    /// Use a value from 524288000 (500 MiB) to 10737418240 (10 GiB), or leave the setting out.
    ///
    /// ```json good kind:create-pipe at:/
    /// {"source": {"objectStorage": {"type": "s3", "format": "CSV", "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv"}},
    ///  "settings": {"object_storage_max_insert_bytes": 1073741824}}
    /// ```
    pub static RULE = {
        code: "PL504",
        name: "insert-bytes-server-range",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "object_storage_max_insert_bytes is outside the 500 MiB to 10 GiB the deployed server accepts",
        check: Some(check),
    };
}

const SETTING: &str = "/settings/object_storage_max_insert_bytes";
/// What the deployed server accepts (real-API notes): 500 MiB to 10 GiB.
const SERVER_MIN: u64 = 500 * 1024 * 1024;
const SERVER_MAX: u64 = 10 * 1024 * 1024 * 1024;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(bytes) = cx.get(SETTING).and_then(Value::as_u64) else {
        return;
    };
    // The interface's bounds (spec 8), as the create-pipe schema gives them.
    let (min, max) = crate::schema::OBJECT_STORAGE_MAX_INSERT_BYTES_BOUNDS;
    if bytes < min || bytes > max || (SERVER_MIN..=SERVER_MAX).contains(&bytes) {
        return;
    }
    if pipe_source(cx).is_some_and(|s| s.kind != SourceKind::ObjectStorage) {
        return;
    }
    let (side, label) = if bytes < SERVER_MIN {
        ("below", "below 500 MiB")
    } else {
        ("above", "above 10 GiB")
    };
    out.push(
        cx.at_value(
            &RULE,
            SETTING,
            format!(
                "`object_storage_max_insert_bytes` is {bytes} ({}), {side} the 500 MiB to 10 GiB the deployed server accepts",
                human(bytes)
            ),
        )
        .with_label(label)
        .with_help(format!(
            "use a value from {SERVER_MIN} (500 MiB) to {SERVER_MAX} (10 GiB), or leave the setting out"
        )),
    );
}

/// Bytes in the largest binary unit that keeps a readable number: `100 MiB`, `1.5 GiB`.
fn human(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if bytes >= size {
            #[allow(clippy::cast_precision_loss)]
            let value = bytes as f64 / size as f64;
            let text = format!("{value:.2}");
            let text = text.trim_end_matches('0').trim_end_matches('.');
            return format!("{text} {unit}");
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_sizes_readably() {
        assert_eq!(human(104_857_600), "100 MiB");
        assert_eq!(human(1_610_612_736), "1.5 GiB");
        assert_eq!(human(16 * (1 << 30)), "16 GiB");
    }
}
