//! Suppressing findings of `.tf` files: inline ignore comments (T8), `[[overrides]]` entries
//! by Terraform address (T9), and `--add-overrides` on a tree with `.tf` and JSON findings.

mod common;

use common::{Tree, WARNING_ONLY_SCALING};

/// One resource with two `terraform-invalid-argument` findings (values the provider lists not): `format` (line 7) and
/// `authentication` (line 10). `LINE6` and `LINE9` are the lines above them.
fn resource(line6: &str, line9: &str, format_end: &str) -> String {
    format!(
        "resource \"clickhouse_clickpipe\" \"logs\" {{
  name       = \"logs\"
  service_id = \"e9465b4b-f7e5-4937-8e21-8d508b02843d\"
  source = {{
    kafka = {{
      type           = \"confluent\"
{line6}
      format         = \"JSONEachRows\"{format_end}
      brokers        = \"broker-1:9092\"
      topics         = \"logs\"
{line9}
      authentication = \"scram-sha-512\"
      credentials = {{
        username            = \"user\"
        password_wo         = var.kafka_password
        password_wo_version = 1
      }}
    }}
  }}
  destination = {{
    table         = \"logs\"
    managed_table = false
    columns       = [{{ name = \"message\", type = \"String\" }}]
  }}
  field_mappings = [{{ source_field = \"message\", destination_field = \"message\" }}]
}}
"
    )
}

/// `code at line` for each finding of a concise run, in order.
fn findings(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(4, ':');
            let (_, row, _, rest) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
            let code = rest.split_whitespace().next()?;
            Some(format!("{code} at {row}"))
        })
        .collect()
}

fn check(tree: &Tree, file: &str) -> common::Run {
    tree.run(&["check", "--format", "concise", "--ignore", "PL021", file])
}

#[test]
fn without_a_suppression_both_findings_are_reported() {
    let tree = Tree::new();
    tree.write("main.tf", &resource("", "", ""));
    let run = check(&tree, "main.tf").expect(1);
    assert_eq!(findings(&run.stdout), ["PL027 at 8", "PL027 at 12"]);
}

#[test]
fn an_ignore_on_the_line_above_silences_that_attribute_only() {
    let tree = Tree::new();
    tree.write(
        "main.tf",
        &resource(
            "",
            "      # pipelint-ignore: terraform-invalid-argument the broker wants it",
            "",
        ),
    );
    let run = check(&tree, "main.tf").expect(1);
    assert_eq!(findings(&run.stdout), ["PL027 at 8"]);
}

#[test]
fn an_ignore_at_the_end_of_a_line_silences_that_attribute_only() {
    let tree = Tree::new();
    tree.write("main.tf", &resource("", "", " // pipelint-ignore: PL027"));
    let run = check(&tree, "main.tf").expect(1);
    assert_eq!(findings(&run.stdout), ["PL027 at 12"]);
}

#[test]
fn an_ignore_above_a_block_covers_everything_inside_it() {
    let tree = Tree::new();
    let text = format!("# pipelint-ignore: PL027\n{}", resource("", "", ""));
    tree.write("main.tf", &text);
    let run = check(&tree, "main.tf").expect(0);
    assert_eq!(findings(&run.stdout), Vec::<String>::new());
}

#[test]
fn an_ignore_that_silences_nothing_is_reported() {
    let tree = Tree::new();
    // `PL012` has no finding at `format`; `PL027` is used.
    tree.write(
        "main.tf",
        &resource("      # pipelint-ignore: PL027, PL012", "", ""),
    );
    let run = check(&tree, "main.tf").expect(1);
    assert_eq!(findings(&run.stdout), ["PL900 at 7", "PL027 at 12"]);
    assert!(
        run.stdout
            .contains("this ignore comment of `PL012` silenced no finding"),
        "{}",
        run.stdout
    );
    // A comment that covers nothing, and an unknown rule, are reported too.
    let text = format!(
        "{}# pipelint-ignore: PL027\n",
        resource("      # pipelint-ignore: PL01l", "", "")
    );
    tree.write("main.tf", &text);
    let run = check(&tree, "main.tf").expect(1);
    assert!(
        run.stdout.contains("names `PL01l`, which is no rule")
            && run.stdout.contains("covers no attribute or block"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_override_by_address_silences_one_finding_and_is_reported_when_unused() {
    let tree = Tree::new();
    tree.write("main.tf", &resource("", "", "")).write(
        "pipelint.toml",
        "[[overrides]]\nfiles = [\"/main.tf\"]\n\
         pointers = [\"clickhouse_clickpipe.*.source.kafka.authentication\"]\n\
         rules = { PL027 = \"off\" }\n\
         [[overrides]]\nfiles = [\"/main.tf\"]\n\
         pointers = [\"clickhouse_clickpipe.logs.destination.columns[*].type\"]\n\
         rules = { invalid-column-type = \"off\" }\n",
    );
    let run = check(&tree, "main.tf").expect(1);
    assert_eq!(findings(&run.stdout), ["PL027 at 8"]);
    assert!(
        run.stderr.contains(
            "unused override: no finding of PL105 in `/main.tf` at \
             `clickhouse_clickpipe.logs.destination.columns[*].type`"
        ),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("at `clickhouse_clickpipe.*.source"),
        "{}",
        run.stderr
    );
}

#[test]
fn add_overrides_writes_address_entries_beside_json_ones_and_the_next_run_is_clean() {
    let tree = Tree::new();
    tree.write("mod/main.tf", &resource("", "", ""))
        .write("weekend.scaling.json", WARNING_ONLY_SCALING);
    let run = tree.run(&["check", "--add-overrides", "."]).expect(0);
    assert!(
        // Two on the `.tf` file, one on the JSON file (the write-only password passed by
        // variable leaves no check undone: no unchecked-values finding to adopt).
        run.stderr.contains("added 3 overrides"),
        "{}\n{}",
        run.stdout,
        run.stderr
    );
    let config = tree.read("pipelint.toml");
    for written in [
        "pointers = [\"clickhouse_clickpipe.logs.source.kafka.format\"]",
        "pointers = [\"clickhouse_clickpipe.logs.source.kafka.authentication\"]",
        "pointers = [\"/replicaz\"]",
    ] {
        assert!(config.contains(written), "{written}:\n{config}");
    }
    // No value of the file is written, secrets least of all.
    assert!(
        !config.contains("scram") && !config.contains("user\""),
        "{config}"
    );
    let run = tree.run(&["check", "."]).expect(0);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.starts_with("no problems"), "{}", run.stderr);
}

/// A Kafka source that sets both `password` and `password_wo`, in the order given: the one
/// mistake Terraform reports about `password`.
fn both_passwords(first: &str, second: &str) -> String {
    let line = |name: &str| match name {
        "password" => "        password            = var.kafka_password",
        _ => "        password_wo         = var.kafka_password",
    };
    format!(
        "resource \"clickhouse_clickpipe\" \"logs\" {{
  name       = \"logs\"
  service_id = \"e9465b4b-f7e5-4937-8e21-8d508b02843d\"
  source = {{
    kafka = {{
      type           = \"confluent\"
      format         = \"JSONEachRow\"
      brokers        = \"broker-1:9092\"
      topics         = \"logs\"
      authentication = \"PLAIN\"
      credentials = {{
        username            = var.kafka_username
{}
{}
        password_wo_version = 1
      }}
    }}
  }}
  destination = {{
    table         = \"logs\"
    managed_table = false
    columns       = [{{ name = \"message\", type = \"String\" }}]
  }}
  field_mappings = [{{ source_field = \"message\", destination_field = \"message\" }}]
}}
",
        line(first),
        line(second)
    )
}

#[test]
fn a_password_beside_password_wo_is_reported_at_password_and_its_address_silences_it() {
    for (first, second) in [("password", "password_wo"), ("password_wo", "password")] {
        let tree = Tree::new();
        let text = both_passwords(first, second);
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with("password "))
            .unwrap()
            + 1;
        tree.write("main.tf", &text);
        let run = check(&tree, "main.tf").expect(1);
        assert_eq!(findings(&run.stdout), [format!("PL027 at {line}")]);
        let address = "clickhouse_clickpipe.logs.source.kafka.credentials.password";
        assert!(
            run.stdout.contains(&format!("[{address}]")),
            "{first} first: {}",
            run.stdout
        );
        // The address printed is the one an override takes.
        tree.write(
            "pipelint.toml",
            &format!(
                "[[overrides]]\nfiles = [\"/main.tf\"]\npointers = [\"{address}\"]\n\
                 rules = {{ PL027 = \"off\" }}\n"
            ),
        );
        let run = check(&tree, "main.tf").expect(0);
        assert_eq!(findings(&run.stdout), Vec::<String>::new());
        assert!(!run.stderr.contains("unused override"), "{}", run.stderr);
    }
}
