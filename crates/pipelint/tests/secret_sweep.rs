//! The secret sweep: files that plant distinct secrets of every class the user guide's
//! Secrets page covers (broken syntax around the member, multi-line values, other spellings of
//! secret names, non-string values, partial placeholders and placeholders with a default,
//! credentials inside other values, short secrets pasted elsewhere, copies written with
//! other escapes, a character of a secret named in a message), checked through every
//! channel: the 8 output formats in colour and without, `--output-file`, stderr with
//! `--explain-kind` and `--statistics`, the language server's diagnostics, hover and code
//! actions, and fixing: `--diff` (also with `--unsafe-fixes`), `--fix`'s report and the
//! config `--add-overrides` writes. Terraform files too: a sensitive variable's default, an
//! output's value, `sensitive("…")`, a write-only argument, literals in interpolations,
//! function calls and conditionals, another provider's secret arguments, in files that parse
//! and in files that do not. None may show a planted secret, and every file must
//! still produce the findings it should (so the sweep cannot pass by reporting nothing).

#[allow(dead_code)] // the sweep uses a part of the LSP tests' client
#[path = "lsp/client.rs"]
mod client;
mod common;

use std::path::Path;

use serde_json::{Value, json};

use crate::client::{Client, position, uri};
use crate::common::{Run, Tree, output_formats, run_in};

/// One planted file: its name, its text, the secrets in it, and rule codes it must report.
struct Planted {
    name: &'static str,
    text: String,
    secrets: Vec<&'static str>,
    expects: Vec<&'static str>,
}

/// A valid Kafka create body with a schema registry (placeholders for every secret).
fn kafka() -> String {
    let path =
        common_root().join("fixtures/create-pipe/valid/kafka-confluent-avro-schema-registry.json");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn object_storage(fixture: &str) -> String {
    let path = common_root()
        .join("fixtures/create-pipe/valid")
        .join(fixture);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn common_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const PASSWORD: &str = r#""password": "${CONFLUENT_API_SECRET}""#;
const REGISTRY_PASSWORD: &str = r#""password": "${SCHEMA_REGISTRY_SECRET}""#;
const CONSUMER_GROUP: &str = r#""consumerGroup": "inventory-analytics","#;

/// `text` with `from` (which must be there) replaced by `to`.
fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` not in the base text");
    text.replacen(from, to, 1)
}

fn planted() -> Vec<Planted> {
    let mut planted = planted_before();
    planted.extend(planted_later());
    planted.extend(planted_terraform());
    planted
}

/// A `.tf` file with a clickpipe whose `authentication` has a safe fix on the line that
/// holds `credentials` (so `--diff` shows it, and three lines of context each side), and
/// the required arguments it leaves out, whose findings frame the resource's header:
/// `before` and `after` stand right above and below the resource, `inside` in
/// `credentials`.
fn terraform(name: &'static str, before: &str, inside: &str, after: &str) -> Planted {
    let text = format!(
        "{before}\nresource \"clickhouse_clickpipe\" \"p\" {{\n  source = {{ kafka = {{ authentication = \"scram-sha-512\", credentials = {{ username = \"u\", {inside} }} }} }}\n}}\n{after}\n"
    );
    Planted {
        name,
        text,
        secrets: Vec::new(),
        // The provider's value list rejects the case slip (and the arguments left out).
        expects: vec!["PL027"],
    }
}

/// A `.tf` file that does not parse: `lines` around a syntax error (the frame shows the
/// line before and after it), inside `block`'s braces.
fn broken_terraform(name: &'static str, block: &str, before: &str, after: &str) -> Planted {
    Planted {
        name,
        text: format!("{block} {{\n  {before}\n  x = = 1\n  {after}\n}}\n"),
        secrets: Vec::new(),
        expects: vec!["PL019"],
    }
}

/// Terraform files (issue 34): credentials where a JSON body never has them, and literals
/// inside expressions; in files that parse (the parse finds them) and in files that do not
/// (a lexical scan does).
fn planted_terraform() -> Vec<Planted> {
    let with = |mut planted: Planted, secrets: &[&'static str], expects: &[&'static str]| {
        planted.secrets = secrets.to_vec();
        planted.expects.extend_from_slice(expects);
        planted
    };
    vec![
        with(
            terraform(
                "write-only.tf",
                "variable \"db\" {\n  sensitive = true\n  default   = \"Tf-Sensitive-Var-71\"\n}",
                r#"password_wo = "Tf-Write-Only-72""#,
                r#"output "token" { value = "Tf-Output-73" }"#,
            ),
            &["Tf-Sensitive-Var-71", "Tf-Write-Only-72", "Tf-Output-73"],
            &["PL800"],
        ),
        with(
            terraform(
                "lookup.tf",
                r#"variable "kafka_password" { default = "Tf-Var-Name-70" }"#,
                r#"password = "${lookup(var.pw, "kafka", "Tf-Lookup-Default-75")}""#,
                r#"locals { passwords = { prod = "Tf-Locals-79" } }"#,
            ),
            &["Tf-Var-Name-70", "Tf-Lookup-Default-75", "Tf-Locals-79"],
            &["PL800"],
        ),
        with(
            terraform(
                "coalesce.tf",
                r#"resource "azurerm_key_vault_secret" "k" { value = "Tf-Key-Vault-81" }"#,
                r#"password = coalesce(var.pw, "Tf-Coalesce-76")"#,
                r#"resource "aws_secretsmanager_secret_version" "v" { secret_string = "Tf-Secret-String-80" }"#,
            ),
            &["Tf-Key-Vault-81", "Tf-Coalesce-76", "Tf-Secret-String-80"],
            &["PL800"],
        ),
        with(
            terraform(
                "conditional.tf",
                r#"locals { wrapped = sensitive("Tf-Sensitive-Call-74") }"#,
                r#"password = var.prod ? var.pw : "Tf-Conditional-77""#,
                "output \"o\" {\n  value     = \"Tf-Sensitive-Output-82\"\n  sensitive = true\n}",
            ),
            &[
                "Tf-Sensitive-Call-74",
                "Tf-Conditional-77",
                "Tf-Sensitive-Output-82",
            ],
            &["PL800"],
        ),
        with(
            terraform(
                "template.tf",
                "",
                r#"password = "${var.prefix}Tf-Template-78""#,
                "",
            ),
            &["Tf-Template-78"],
            &["PL800"],
        ),
        with(
            broken_terraform(
                "broken-locals.tf",
                "locals",
                r#"passwords = { prod = "Tf-Broken-Locals-84" }"#,
                r#"wrapped = sensitive("Tf-Broken-Sensitive-87")"#,
            ),
            &["Tf-Broken-Locals-84", "Tf-Broken-Sensitive-87"],
            &[],
        ),
        with(
            broken_terraform(
                "broken-expressions.tf",
                r#"resource "clickhouse_clickpipe" "p""#,
                r#"password = "${lookup(var.pw, "kafka", "Tf-Broken-Lookup-85")}""#,
                r#"token = coalesce(var.pw, "Tf-Broken-Coalesce-86")"#,
            ),
            &["Tf-Broken-Lookup-85", "Tf-Broken-Coalesce-86"],
            &[],
        ),
        with(
            broken_terraform(
                "broken-variable.tf",
                r#"variable "db""#,
                "sensitive = true",
                r#"default = "Tf-Broken-Var-83""#,
            ),
            &["Tf-Broken-Var-83"],
            &[],
        ),
    ]
}

/// Files for the secret classes of the first two audits.
fn planted_before() -> Vec<Planted> {
    let kafka = kafka();
    let broken = |name, to: &str, secret| Planted {
        name,
        text: edit(&kafka, PASSWORD, to),
        secrets: vec![secret],
        expects: vec!["PL001"],
    };
    vec![
        // Broken syntax around the secret member: the PL001 frame shows that very line.
        broken(
            "comment-before-colon.pipe.json",
            r#""password" /* c */ : "Sweep-Comment-Before-01""#,
            "Sweep-Comment-Before-01",
        ),
        broken(
            "comment-after-colon.pipe.json",
            "\"password\": // the key\n          \"Sweep-Comment-After-02\"",
            "Sweep-Comment-After-02",
        ),
        broken(
            "single-quotes.pipe.json",
            "'password': 'Sweep-Single-Quote-03'",
            "Sweep-Single-Quote-03",
        ),
        broken(
            "unquoted-key.pipe.json",
            r#"password: "Sweep-Unquoted-Key-04""#,
            "Sweep-Unquoted-Key-04",
        ),
        broken(
            "key-without-closing-quote.pipe.json",
            r#""password: "Sweep-Open-Key-05""#,
            "Sweep-Open-Key-05",
        ),
        Planted {
            // A raw line break puts the later quotes on its line out of step.
            name: "quotes-out-of-step.pipe.json",
            text: edit(
                &kafka,
                CONSUMER_GROUP,
                "\"consumerGroup\": \"inventory\nanalytics\", \"password\": \"Sweep-Out-Of-Step-06\",",
            ),
            secrets: vec!["Sweep-Out-Of-Step-06"],
            expects: vec!["PL001"],
        },
        Planted {
            // Values with real line breaks: every line is a secret. A line of the key is
            // also pasted into another member.
            name: "multi-line.pipe.json",
            text: edit(
                &edit(
                    &kafka,
                    PASSWORD,
                    "\"password\": \"SweepRawFirst07\nSweepRawSecond08\",\n\"privateKey\": \"-----BEGIN PRIVATE KEY-----\nSweepPemLineOne09\nSweepPemLineTwo10\n-----END PRIVATE KEY-----\"",
                ),
                r#""topics": "inventory.stock_levels""#,
                r#""topics": "SweepPemLineOne09""#,
            ),
            secrets: vec![
                "SweepRawFirst07",
                "SweepRawSecond08",
                "SweepPemLineOne09",
                "SweepPemLineTwo10",
            ],
            expects: vec!["PL001"],
        },
        Planted {
            // Escaped, cased, near-miss and common secret names (valid JSON).
            name: "names.pipe.json",
            text: edit(
                &edit(
                    &kafka,
                    REGISTRY_PASSWORD,
                    r#""\u0070assword": "Sweep-Escaped-11""#,
                ),
                CONSUMER_GROUP,
                r#""consumerGroup": "inventory-analytics",
      "Password": "Sweep-Cased-12", "PASSWORD": "Sweep-Upper-13",
      "passwd": "Sweep-Passwd-14", "passwrd": "Sweep-Passwrd-15",
      "secret_key": "Sweep-Secret-Key-16", "apiKey": "Sweep-Api-Key-17",
      "token": "Sweep-Token-18", "accessToken": "Sweep-Access-Token-19",
      "clientSecret": "Sweep-Client-Secret-20", "secretAccessKey": "Sweep-Secret-Access-21",
      "sasToken": "Sweep-Sas-Token-22", "sasl.password": "Sweep-Sasl-23",
      "config": "{\"password\": \"Sweep-Nested-35\"}","#,
            ),
            secrets: vec![
                "Sweep-Escaped-11",
                "Sweep-Cased-12",
                "Sweep-Upper-13",
                "Sweep-Passwd-14",
                "Sweep-Passwrd-15",
                "Sweep-Secret-Key-16",
                "Sweep-Api-Key-17",
                "Sweep-Token-18",
                "Sweep-Access-Token-19",
                "Sweep-Client-Secret-20",
                "Sweep-Secret-Access-21",
                "Sweep-Sas-Token-22",
                "Sweep-Sasl-23",
                "Sweep-Nested-35",
            ],
            expects: vec!["PL800", "PL014"],
        },
        Planted {
            // Non-string values: a number, an array, an object.
            name: "non-string.pipe.json",
            text: edit(
                &edit(
                    &edit(&kafka, PASSWORD, r#""password": 73519246"#),
                    r#""topics": "inventory.stock_levels""#,
                    r#""topics": "Sweep-Array-24""#,
                ),
                CONSUMER_GROUP,
                r#""consumerGroup": "inventory-analytics",
      "apiSecret": ["Sweep-Array-24", 4711],
      "token": {"value": "Sweep-Object-25"},"#,
            ),
            secrets: vec!["73519246", "Sweep-Array-24", "Sweep-Object-25"],
            expects: vec!["PL010", "PL800"],
        },
        Planted {
            // A placeholder only as a part of the value.
            name: "partial-placeholder.pipe.json",
            text: edit(&kafka, PASSWORD, r#""password": "${USER}Sweep-Partial-26""#),
            secrets: vec!["Sweep-Partial-26"],
            expects: vec!["PL800"],
        },
        Planted {
            name: "connection-string.pipe.json",
            text: edit(
                &object_storage("objectstorage-azureblobstorage-connection-string.json"),
                r#""connectionString": "${AZURE_STORAGE_CONNECTION_STRING}""#,
                r#""connectionString": "DefaultEndpointsProtocol=https;AccountName=${ACCT};AccountKey=SweepAzureKey27==;EndpointSuffix=core.windows.net""#,
            ),
            secrets: vec!["SweepAzureKey27=="],
            expects: vec!["PL800"],
        },
        Planted {
            // Credentials inside other values: URL userinfo in brokers and in the registry
            // URL (whose `http` -> `https` fix would copy it; its password holds an `@`), a
            // Service Bus key, a JAAS config, a private key in a certificate member.
            name: "embedded.pipe.json",
            text: edit(
                &edit(
                    &edit(
                        &kafka,
                        r#""brokers": "pkc-4r297.eu-central-1.aws.confluent.cloud:9092""#,
                        r#""brokers": "bob:SweepBrokerPw28@pkc-4r297.eu-central-1.aws.confluent.cloud:9092""#,
                    ),
                    r#""url": "https://psrc-8kz20.eu-central-1.aws.confluent.cloud""#,
                    r#""url": "http://reg:SweepReg@Pw29-After-At@registry.example.com:8081""#,
                ),
                CONSUMER_GROUP,
                r#""consumerGroup": "inventory-analytics",
      "eventHub": "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=k;SharedAccessKey=SweepSharedKey30",
      "jaas": "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"SweepJaas33\";",
      "caCertificate": "-----BEGIN PRIVATE KEY-----\nSweepPemInCa34\n-----END PRIVATE KEY-----","#,
            ),
            secrets: vec![
                "SweepBrokerPw28",
                "SweepReg@Pw29-After-At",
                "Pw29-After-At",
                "SweepSharedKey30",
                "SweepJaas33",
                "SweepPemInCa34",
            ],
            expects: vec!["PL207", "PL800"],
        },
        Planted {
            // Query signatures in object storage URLs.
            name: "signatures.pipe.json",
            text: edit(
                &object_storage("objectstorage-s3-public.json"),
                r#""url": ""#,
                r#""url": "https://b.s3.amazonaws.com/d/*.json?X-Amz-Signature=SweepAmzSig31&sig=SweepAzureSig32&x="#,
            ),
            secrets: vec!["SweepAmzSig31", "SweepAzureSig32"],
            expects: vec!["PL800"],
        },
        Planted {
            // Short secrets: pasted whole into another member, echoed by an enum finding, and
            // as a URL password that the registry URL's message and help would repeat.
            name: "short.pipe.json",
            text: edit(
                &edit(
                    &edit(
                        &edit(&kafka, PASSWORD, r#""password": "Zq9""#),
                        REGISTRY_PASSWORD,
                        r#""password": "Wx4""#,
                    ),
                    r#""format": "AvroConfluent""#,
                    r#""format": "Wx4""#,
                ),
                r#""url": "https://psrc-8kz20.eu-central-1.aws.confluent.cloud""#,
                r#""url": "u:Kp3@registry.example.com""#,
            ),
            secrets: vec!["Zq9", "Wx4", "Kp3"],
            expects: vec!["PL011", "PL207", "PL800"],
        },
    ]
}

/// Files for the secret classes added in the third audit (issue 24).
fn planted_later() -> Vec<Planted> {
    let kafka = kafka();
    vec![
        Planted {
            // A placeholder with a default carries the secret; so does `$` before a
            // mixed-case word.
            name: "placeholder-defaults.pipe.json",
            text: edit(
                &edit(
                    &edit(
                        &kafka,
                        PASSWORD,
                        r#""password": "${KAFKA_PASSWORD:-Sweep-Default-40}""#,
                    ),
                    REGISTRY_PASSWORD,
                    r#""password": "{{ pw | default('Sweep-Jinja-41') }}""#,
                ),
                CONSUMER_GROUP,
                // Unknown members too, so that frames show these lines.
                r#""consumerGroup": "inventory-analytics", "apiSecret": "$Q30xEeSweep42",
      "kafkaPassword": "${KAFKA_PASSWORD:=Sweep-Default-61}",
      "registrySecret": "${REGISTRY_SECRET-Sweep-Default-62}",
      "templateSecret": "{{ pw | default('Sweep-Jinja-63') }}","#,
            ),
            secrets: vec![
                "Sweep-Default-40",
                "Sweep-Jinja-41",
                "Q30xEeSweep42",
                "Sweep-Default-61",
                "Sweep-Default-62",
                "Sweep-Jinja-63",
            ],
            expects: vec!["PL800"],
        },
        Planted {
            // Obvious credentials beyond the listed names.
            name: "more-classes.pipe.json",
            text: edit(
                &kafka,
                CONSUMER_GROUP,
                r#""consumerGroup": "inventory-analytics",
      "passwords": ["Sweep-Plural-43"], "tokens": "Sweep-Tokens-44",
      "secrets": {"a": "Sweep-Secrets-45"},
      "connectionOptions": {"credentials": "bob:Sweep-Creds-46"},
      "headers": {"X-Auth": "Bearer SweepBearer47"},
      "note": "call it with Authorization: Basic U3dlZXBCYXNpYzQ4",
      "webhook": "https://hooks.slack.com/services/T0SWEEP/B0SWEEP/SweepSlack49",
      "callback": "https://api.example.com/x?key=SweepKey50&private_token=SweepPriv51&id_token=SweepId52",
      "pgp": "-----BEGIN PGP PRIVATE KEY BLOCK-----\nSweepPgp53\n-----END PGP PRIVATE KEY BLOCK-----",
      "sslKey": ["-----BEGIN PRIVATE KEY-----", "SweepSplitPem54", "-----END PRIVATE KEY-----"],
      "privateKeyBody": "SweepHeaderless55",
      "config": "{\"a\": \"{\\\"password\\\": \\\"Sweep-Deeper-56\\\"}\"}","#,
            ),
            secrets: vec![
                "Sweep-Plural-43",
                "Sweep-Tokens-44",
                "Sweep-Secrets-45",
                "Sweep-Creds-46",
                "SweepBearer47",
                "U3dlZXBCYXNpYzQ4",
                "SweepSlack49",
                "SweepKey50",
                "SweepPriv51",
                "SweepId52",
                "SweepPgp53",
                "SweepSplitPem54",
                "SweepHeaderless55",
                "Sweep-Deeper-56",
            ],
            expects: vec!["PL014", "PL800"],
        },
        broken_equals(&kafka),
        Planted {
            // A document that is one string: a token pasted as the whole file.
            name: "one-string.pipe.json",
            text: "\"sk-live-SweepLoneToken89\"\n".to_owned(),
            secrets: vec!["sk-live-SweepLoneToken89"],
            expects: vec!["PL010"],
        },
        Planted {
            // A token as the user name of a broker (no password): PL205 quotes the broker.
            name: "broker-token.pipe.json",
            text: edit(
                &kafka,
                r#""brokers": "pkc-4r297.eu-central-1.aws.confluent.cloud:9092""#,
                r#""brokers": "glpat-SweepBrokerToken88@pkc-4r297.eu-central-1.aws.confluent.cloud:9092""#,
            ),
            secrets: vec!["glpat-SweepBrokerToken88"],
            expects: vec!["PL205", "PL800"],
        },
        Planted {
            // A copy written with another escape, on the line of a safe fix (so `--diff`
            // shows it as context).
            name: "escaped-copy.pipe.json",
            text: edit(
                &edit(
                    &edit(&kafka, PASSWORD, r#""password": "Quasar9Sweep58""#),
                    r#""topics": "inventory.stock_levels""#,
                    r#""topics": "Quas\u0061r9Sweep58""#,
                ),
                r#""authentication": "PLAIN""#,
                r#""authentication": "plain""#,
            ),
            secrets: vec!["Quasar9Sweep58", r"Quas\u0061r9Sweep58"],
            expects: vec!["PL011", "PL800"],
        },
        Planted {
            // A topic that copies the password: its finding names one of its characters.
            name: "named-character.pipe.json",
            text: edit(
                &edit(&kafka, PASSWORD, r#""password": "M🌙onSweep59""#),
                r#""topics": "inventory.stock_levels""#,
                r#""topics": "M🌙onSweep59""#,
            ),
            secrets: vec!["M🌙onSweep59", "🌙"],
            expects: vec!["PL206", "PL800"],
        },
    ]
}

/// `"password" = "…"`, as TOML and HCL write it: the file does not parse.
fn broken_equals(kafka: &str) -> Planted {
    Planted {
        name: "equals-sign.pipe.json",
        text: edit(kafka, PASSWORD, r#""password" = "Sweep-Equals-57""#),
        secrets: vec!["Sweep-Equals-57"],
        expects: vec!["PL001"],
    }
}

/// A pipe response that holds the credentials, whose value is copied into the name, a
/// consumer group and a column's name: `leaked-secret`'s unsafe fix deletes the credentials
/// and the copies must stay masked. A column member without a fix keeps a finding on the
/// column after fixing (so `--add-overrides` writes a pointer through its name), and a
/// service id that is not a UUID keeps one next to the name.
fn leaked_response() -> Planted {
    let path = common_root()
        .join("fixtures/rules/leaked-secret/invalid/kafka-credentials-placeholders.json");
    let base = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = edit(
        &edit(
            &edit(
                &edit(
                    &edit(
                        &base,
                        r#""serviceId": "5f0a4b1e-8c2d-4e7f-9a3b-1c2d3e4f5a6b""#,
                        r#""serviceId": "not-a-service-id""#,
                    ),
                    r#""name": "orders-events-kafka""#,
                    r#""name": "Sweep-Leaked-60""#,
                ),
                r#""consumerGroup": "orders-ingest""#,
                r#""consumerGroup": "Sweep-Leaked-60""#,
            ),
            r#""password": "${KAFKA_PASSWORD}""#,
            r#""password": "Sweep-Leaked-60""#,
        ),
        "\"name\": \"order_id\",\n          \"type\": \"UUID\"",
        "\"name\": \"Sweep-Leaked-60\",\n          \"type\": \"UUID\",\n          \"zzqx\": 1",
    );
    Planted {
        name: "leaked-response.json",
        text,
        secrets: vec!["Sweep-Leaked-60"],
        expects: vec!["PL602", "PL605", "PL014"],
    }
}

fn write_tree(planted: &[Planted]) -> Tree {
    let tree = Tree::new();
    for file in planted {
        tree.write(&format!("pipes/{}", file.name), &file.text);
    }
    tree
}

/// Every planted secret that `output` shows, as `channel: secret (file)`; a sweep collects
/// them all before it fails, so one run names every leaking class.
fn leaks(planted: &[Planted], channel: &str, output: &str) -> Vec<String> {
    planted
        .iter()
        .flat_map(|file| {
            file.secrets
                .iter()
                .filter(|secret| output.contains(*secret))
                .map(move |secret| format!("{channel}: `{secret}` ({})", file.name))
        })
        .collect()
}

fn assert_none(leaked: &[String]) {
    assert!(
        leaked.is_empty(),
        "{} leaks:\n{}",
        leaked.len(),
        leaked.join("\n")
    );
}

/// Every planted file reports at least the codes it should.
fn assert_findings(planted: &[Planted], json: &Value) {
    for file in planted {
        let codes: Vec<&str> = json
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["path"].as_str().is_some_and(|p| p.ends_with(file.name)))
            .filter_map(|d| d["code"].as_str())
            .collect();
        for code in &file.expects {
            assert!(
                codes.contains(code),
                "{} should report {code}, reported {codes:?}",
                file.name
            );
        }
    }
}

fn check(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["check", "--no-errors-on-unmatched"];
    all.extend_from_slice(args);
    all.push("pipes");
    run_in(dir, &all, None)
}

#[test]
fn no_output_format_file_or_stderr_shows_a_secret() {
    let planted = planted();
    let tree = write_tree(&planted);
    let mut leaked = Vec::new();
    for format in output_formats().iter().map(String::as_str) {
        for color in ["never", "always"] {
            let run = check(
                tree.path(),
                &[
                    "--output-format",
                    format,
                    "--color",
                    color,
                    "--explain-kind",
                    "--statistics",
                ],
            );
            assert!(!run.stdout.trim().is_empty(), "{format}: no output at all");
            leaked.extend(leaks(&planted, &format!("{format} ({color})"), &run.stdout));
            leaked.extend(leaks(
                &planted,
                &format!("{format} ({color}) stderr"),
                &run.stderr,
            ));
        }
        let report = tree.path().join(format!("report.{format}"));
        let run = run_in(
            tree.path(),
            &[
                "check",
                "--output-format",
                format,
                "--output-file",
                &report.display().to_string(),
                "pipes",
            ],
            None,
        );
        let written = std::fs::read_to_string(&report)
            .unwrap_or_else(|e| panic!("{format}: no output file: {e}"));
        assert!(!written.trim().is_empty(), "{format}: empty output file");
        leaked.extend(leaks(&planted, &format!("{format} output file"), &written));
        leaked.extend(leaks(&planted, &format!("{format} stderr"), &run.stderr));
    }
    assert_none(&leaked);
    let json = check(tree.path(), &["--output-format", "json"]);
    assert_findings(&planted, &json.json());
}

/// `check` with `args` on the walked files and the named ones.
fn check_named(dir: &Path, args: &[&str], named: &[&str]) -> Run {
    let mut all = vec!["check", "--no-errors-on-unmatched"];
    all.extend_from_slice(args);
    all.push("pipes");
    all.extend_from_slice(named);
    run_in(dir, &all, None)
}

#[test]
fn fixing_shows_no_secret() {
    let response = leaked_response();
    let named = format!("responses/{}", response.name);
    let fixing_tree = || {
        let tree = write_tree(&planted());
        tree.write(&named, &response.text);
        tree
    };
    let mut planted = planted();
    planted.push(leaked_response());
    let mut leaked = Vec::new();
    let tree = fixing_tree();
    for args in [&["--diff"][..], &["--diff", "--unsafe-fixes"]] {
        let channel = args.join(" ");
        let run = check_named(tree.path(), args, &[&named]);
        // The safe fix next to the escaped copy, and the unsafe one deleting the credentials.
        for fixed in ["escaped-copy.pipe.json", "write-only.tf", "lookup.tf"] {
            assert!(
                run.stdout.contains(&format!("+++ b/pipes/{fixed}")),
                "{channel}: no diff of {fixed}:\n{}",
                run.stdout
            );
        }
        if args.contains(&"--unsafe-fixes") {
            assert!(
                run.stdout.contains("+++ b/responses/leaked-response.json"),
                "{channel}: the credentials are not deleted:\n{}\n{}",
                run.stdout,
                run.stderr
            );
        }
        leaked.extend(leaks(&planted, &channel, &run.stdout));
        leaked.extend(leaks(&planted, &format!("{channel} stderr"), &run.stderr));
    }
    // `--add-overrides` on Terraform findings is the Terraform reader's (its own test):
    // here the JSON files, and below the Terraform ones on their own.
    let fixing_tree = || {
        let tree = Tree::new();
        for file in planted_before().iter().chain(&planted_later()) {
            tree.write(&format!("pipes/{}", file.name), &file.text);
        }
        tree.write(&named, &response.text);
        tree
    };
    for args in [&["--fix"][..], &["--fix", "--unsafe-fixes"]] {
        // Each run fixes the files: a fresh tree each time.
        let tree = fixing_tree();
        let channel = args.join(" ");
        let mut all = args.to_vec();
        all.extend([
            "--add-overrides",
            "--output-format",
            "full",
            "--color",
            "never",
        ]);
        let run = check_named(tree.path(), &all, &[&named]);
        assert!(
            run.stderr.contains("Applied") && run.stdout.contains("PL602"),
            "{channel}: nothing fixed or reported:\n{}\n{}",
            run.stdout,
            run.stderr
        );
        leaked.extend(leaks(&planted, &channel, &run.stdout));
        leaked.extend(leaks(&planted, &format!("{channel} stderr"), &run.stderr));
        let config = tree.read("pipelint.toml");
        assert!(
            config.contains("/result/destination/columns/"),
            "{channel}: no override for the column:\n{config}"
        );
        leaked.extend(leaks(
            &planted,
            &format!("{channel} --add-overrides config"),
            &config,
        ));
        // The entry for the column whose name copies the secret still covers its finding
        // (a masked name would match nothing).
        let again = check_named(tree.path(), &["--output-format", "json"], &[&named]).json();
        let uncovered: Vec<&Value> = again
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["code"] == "PL014")
            .filter(|d| d["path"].as_str().is_some_and(|p| p.ends_with(&named)))
            .collect();
        assert!(
            uncovered.is_empty(),
            "{channel}: the override does not cover the column: {uncovered:?}\n{config}"
        );
    }
    assert_none(&leaked);
}

#[test]
fn the_language_server_shows_no_secret() {
    let planted = planted();
    let (mut client, _) = Client::start();
    let mut leaked = Vec::new();
    for file in &planted {
        let uri = uri(file.name);
        client.open(&uri, &file.text);
        let diagnostics = client.diagnostics(&uri, 1);
        let missing: Vec<&str> = file
            .expects
            .iter()
            .copied()
            .filter(|code| !diagnostics.iter().any(|d| d["code"] == *code))
            .collect();
        leaked.extend(
            missing
                .iter()
                .map(|code| format!("{}: the server does not report {code}", file.name)),
        );
        let mut seen = vec![Value::Array(diagnostics.clone())];
        for diagnostic in &diagnostics {
            let range = &diagnostic["range"];
            seen.push(client.call(
                "textDocument/hover",
                json!({ "textDocument": { "uri": uri }, "position": range["start"] }),
            ));
            seen.push(client.call(
                "textDocument/codeAction",
                json!({ "textDocument": { "uri": uri }, "range": range,
                        "context": { "diagnostics": [diagnostic] } }),
            ));
        }
        // Hover over the secret itself, too.
        for secret in &file.secrets {
            if let Some(at) = file.text.find(secret) {
                seen.push(client.call(
                    "textDocument/hover",
                    json!({ "textDocument": { "uri": uri }, "position": position(&file.text, at) }),
                ));
            }
        }
        leaked.extend(leaks(
            std::slice::from_ref(file),
            "language server",
            &Value::Array(seen).to_string(),
        ));
    }
    assert_none(&leaked);
    assert!(client.shutdown_and_exit().success());
}

#[test]
fn show_secrets_reveals_them_with_a_warning() {
    let planted = planted();
    let tree = write_tree(&planted);
    let run = check(tree.path(), &["--show-secrets", "--output-format", "full"]);
    for secret in ["Sweep-Cased-12", "Pw29-After-At", "Sweep-Comment-Before-01"] {
        assert!(
            run.stdout.contains(secret),
            "--show-secrets did not show `{secret}`:\n{}",
            run.stdout
        );
    }
    assert!(
        run.stderr.contains("--show-secrets"),
        "no warning on stderr:\n{}",
        run.stderr
    );
}

/// The mask of a secret: one mask character of the same UTF-8 length per character.
fn mask_of(secret: &str) -> String {
    secret
        .chars()
        .map(|c| match c.len_utf8() {
            1 => '*',
            2 => '×',
            3 => '∗',
            _ => '🞱',
        })
        .collect()
}

#[test]
fn a_non_ascii_secret_keeps_later_columns_in_every_format() {
    // Characters of 2, 3 and 4 bytes (each one column wide), then a finding on the same line.
    let secret = "pässwörd-€✓-𝐀𝐁-Sweep";
    let text = edit(
        &kafka(),
        PASSWORD,
        &format!(r#""password": "{secret}", "mechanism": "plain""#),
    );
    let tree = Tree::new();
    tree.write("pipes/columns.pipe.json", &text);
    for format in output_formats().iter().map(String::as_str) {
        let args = ["--output-format", format, "--color", "never"];
        let masked = check(tree.path(), &args).stdout;
        let shown = check(tree.path(), &[&args[..], &["--show-secrets"]].concat()).stdout;
        assert!(!shown.trim().is_empty(), "{format}: no output");
        assert!(!masked.contains(secret), "{format} leaks the secret");
        assert_eq!(
            masked,
            shown.replace(secret, &mask_of(secret)),
            "{format}: masking moved something"
        );
    }
    // The finding after the secret is really on its line, past it.
    let json = check(tree.path(), &["--output-format", "json"]).json();
    let line = text
        .lines()
        .position(|l| l.contains("mechanism"))
        .map(|i| i + 1);
    let after =
        json.as_array().into_iter().flatten().find(|d| {
            d["start"]["line"].as_u64().map(|l| l as usize) == line && d["code"] != "PL800"
        });
    let Some(after) = after else {
        panic!("no finding after the secret on its line: {json:#}");
    };
    let line_text = text.lines().nth(line.unwrap_or(1) - 1).unwrap_or_default();
    let expected = line_text[..line_text.find("\"mechanism\"").unwrap_or(0)]
        .chars()
        .count()
        + 1;
    assert_eq!(after["start"]["column"], expected, "{after:#}");
}

/// `--fix` and `--add-overrides` on Terraform files: the reports, and the config if one is
/// written, show none of their secrets.
#[test]
fn fixing_terraform_shows_no_secret() {
    let planted = planted_terraform();
    let mut leaked = Vec::new();
    for args in [&["--fix"][..], &["--add-overrides"]] {
        let tree = write_tree(&planted);
        let channel = args.join(" ");
        let mut all = args.to_vec();
        all.extend(["--output-format", "full", "--color", "never"]);
        let run = check(tree.path(), &all);
        if args == ["--fix"] {
            assert!(
                run.stderr.contains("Applied") && run.stdout.contains("PL800"),
                "{channel}: nothing fixed or reported:\n{}\n{}",
                run.stdout,
                run.stderr
            );
            assert!(tree.read("pipes/lookup.tf").contains("SCRAM-SHA-512"));
        }
        leaked.extend(leaks(&planted, &channel, &run.stdout));
        leaked.extend(leaks(&planted, &format!("{channel} stderr"), &run.stderr));
        if tree.path().join("pipelint.toml").exists() {
            let config = tree.read("pipelint.toml");
            leaked.extend(leaks(&planted, &format!("{channel} config"), &config));
        }
    }
    assert_none(&leaked);
}

/// `--fix -` prints the fixed text on stdout (the file itself, secrets and all) and its
/// report on stderr: the report shows none of a Terraform file's secrets.
#[test]
fn fixing_terraform_from_stdin_reports_no_secret() {
    let planted = planted_terraform();
    let tree = Tree::new();
    let mut leaked = Vec::new();
    for file in &planted {
        let run = run_in(
            tree.path(),
            &[
                "check",
                "--fix",
                "--output-format",
                "full",
                "--color",
                "never",
                "--stdin-filename",
                file.name,
                "-",
            ],
            Some(file.text.as_bytes()),
        );
        // The codes of the case slip that `--fix` mends (the JSON and the Terraform one).
        let mended = ["PL011", "PL027"];
        if file.expects.iter().any(|code| mended.contains(code)) {
            assert!(
                run.stdout.contains("SCRAM-SHA-512"),
                "{}: not fixed:\n{}",
                file.name,
                run.stderr
            );
        }
        assert!(
            // What the fix mended is no longer reported.
            file.expects
                .iter()
                .all(|code| mended.contains(code) || run.stderr.contains(code)),
            "{}: findings missing from the report:\n{}",
            file.name,
            run.stderr
        );
        leaked.extend(leaks(
            std::slice::from_ref(file),
            "--fix - stderr",
            &run.stderr,
        ));
    }
    assert_none(&leaked);
}
