//! A Terraform plan's sensitive values (`terraform show -json`): secrets in every output
//! whatever their names, as the plan marks them.

use std::ops::Range;

use serde_json::Value;

use crate::document::Document;
use crate::pointer::pointer_join;

/// The ranges of a plan's text that hold sensitive values: every value its `*_sensitive`
/// marks mark (`before`/`after` of resource changes and drift, `values` of planned and prior
/// state, outputs), and the values of variables declared `sensitive`. Strings without their
/// quotes; objects and lists by their scalars. Empty for a text that marks nothing.
///
/// Whatever the document's kind: a plan checked with `--kind terraform-plan` need not have
/// every member a plan is told by, and its marks must hold all the same. Every mark's name
/// has `sensitive` in it, so a text without the word (or an escape that could spell it) is
/// not read again.
pub(crate) fn sensitive_ranges(text: &str) -> Vec<Range<usize>> {
    if !text.contains("sensitive") && !text.contains("\\u") {
        return Vec::new();
    }
    let Some(document) = crate::load::load(text.as_bytes()).document else {
        return Vec::new();
    };
    let Some(object) = document.value.as_object() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut marked = |pointer: String, marks: &Value| {
        hide_marked(&document, &pointer, marks, &mut out);
    };
    for list in ["resource_changes", "resource_drift"] {
        let Some(items) = object.get(list).and_then(Value::as_array) else {
            continue;
        };
        for (index, item) in items.iter().enumerate() {
            for side in ["before", "after"] {
                if let Some(marks) = item.pointer(&format!("/change/{side}_sensitive")) {
                    marked(format!("/{list}/{index}/change/{side}"), marks);
                }
            }
        }
    }
    if let Some(outputs) = object.get("output_changes").and_then(Value::as_object) {
        for (name, change) in outputs {
            for side in ["before", "after"] {
                if let Some(marks) = change.get(format!("{side}_sensitive")) {
                    let at = pointer_join(&pointer_join("/output_changes", name), side);
                    marked(at, marks);
                }
            }
        }
    }
    for state in ["/planned_values", "/prior_state/values"] {
        if let Some(values) = document.value.pointer(state) {
            state_sensitive(&document, values, state, &mut out);
        }
    }
    sensitive_variables(&document, &mut out);
    out
}

/// Variables declared `sensitive` in the configuration's modules, the root and every module
/// it calls: their defaults (one the run overrode is a secret all the same) and, for the
/// root module's, the value the run gave (`/variables/<name>/value`).
fn sensitive_variables(document: &Document, out: &mut Vec<Range<usize>>) {
    const ROOT: &str = "/configuration/root_module";
    let mut modules = vec![ROOT.to_owned()];
    while let Some(at) = modules.pop() {
        let Some(module) = document.value.pointer(&at) else {
            continue;
        };
        if let Some(variables) = module.get("variables").and_then(Value::as_object) {
            for (name, declared) in variables {
                if declared.get("sensitive") != Some(&Value::Bool(true)) {
                    continue;
                }
                let variable = pointer_join(&format!("{at}/variables"), name);
                let default = pointer_join(&variable, "default");
                hide_marked(document, &default, &Value::Bool(true), out);
                if at == ROOT {
                    let given = pointer_join(&pointer_join("/variables", name), "value");
                    hide_marked(document, &given, &Value::Bool(true), out);
                }
            }
        }
        if let Some(calls) = module.get("module_calls").and_then(Value::as_object) {
            for name in calls.keys() {
                let call = pointer_join(&format!("{at}/module_calls"), name);
                modules.push(format!("{call}/module"));
            }
        }
    }
}

/// The sensitive values of a state's modules (`resources[].values` by `sensitive_values`,
/// `child_modules`) and outputs.
fn state_sensitive(document: &Document, values: &Value, at: &str, out: &mut Vec<Range<usize>>) {
    if let Some(outputs) = values.get("outputs").and_then(Value::as_object) {
        for (name, output) in outputs {
            if output.get("sensitive") == Some(&Value::Bool(true)) {
                let at = pointer_join(&pointer_join(&format!("{at}/outputs"), name), "value");
                hide_marked(document, &at, &Value::Bool(true), out);
            }
        }
    }
    let mut modules = vec![(format!("{at}/root_module"), values.get("root_module"))];
    while let Some((at, Some(module))) = modules.pop() {
        if let Some(resources) = module.get("resources").and_then(Value::as_array) {
            for (index, resource) in resources.iter().enumerate() {
                if let Some(marks) = resource.get("sensitive_values") {
                    hide_marked(
                        document,
                        &format!("{at}/resources/{index}/values"),
                        marks,
                        out,
                    );
                }
            }
        }
        if let Some(children) = module.get("child_modules").and_then(Value::as_array) {
            for (index, child) in children.iter().enumerate() {
                modules.push((format!("{at}/child_modules/{index}"), Some(child)));
            }
        }
    }
}

fn hide_marked(document: &Document, at: &str, marks: &Value, out: &mut Vec<Range<usize>>) {
    match marks {
        Value::Bool(true) => {
            if let Some(value) = document.value.pointer(at) {
                hide_all(document, at, value, out);
            }
        }
        Value::Object(marks) => {
            for (name, inner) in marks {
                hide_marked(document, &pointer_join(at, name), inner, out);
            }
        }
        Value::Array(marks) => {
            for (index, inner) in marks.iter().enumerate() {
                hide_marked(document, &pointer_join(at, &index.to_string()), inner, out);
            }
        }
        _ => {}
    }
}

fn hide_all(document: &Document, at: &str, value: &Value, out: &mut Vec<Range<usize>>) {
    match value {
        Value::Null => {}
        Value::Object(map) => {
            for (name, inner) in map {
                hide_all(document, &pointer_join(at, name), inner, out);
            }
        }
        Value::Array(items) => {
            for (index, inner) in items.iter().enumerate() {
                hide_all(document, &pointer_join(at, &index.to_string()), inner, out);
            }
        }
        Value::String(_) => {
            if let Some(spans) = document.spans(at)
                && spans.value.len() >= 2
            {
                out.push(spans.value.start + 1..spans.value.end - 1);
            }
        }
        _ => {
            if let Some(spans) = document.spans(at) {
                out.push(spans.value.clone());
            }
        }
    }
}
