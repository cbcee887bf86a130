//! Realistic create-pipe bodies (spec `interface.md` §2.3–2.7, §4.1, §8) of every source kind,
//! and the mistakes people make in them.
//!
//! Every body is a function of `(seed, index)` alone, so a corpus can be made again file by
//! file, in any order, on any machine. Whether a file gets a mistake is drawn from a separate
//! stream: the clean files of a corpus with 20 % mistakes are byte-identical to the same
//! files of a corpus with none.
//!
//! Valid bodies follow the spec: Kafka authentication allowed for the broker type (§2.7 table),
//! every secret a `${PLACEHOLDER}`, field mappings covering every destination column (§2.2),
//! key columns that exist, bounds of §8, scaling members only for the pipes they apply to.

use crate::domains::{AWS_REGIONS, COMPANIES, Column, DO_REGIONS, DOMAINS, Domain, ENVIRONMENTS};
use crate::json::J;
use crate::rng::Rng;

/// The four source kinds of a pipe (§2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceKind {
    Kafka,
    Kinesis,
    ObjectStorage,
    Postgres,
}

impl SourceKind {
    pub const ALL: [SourceKind; 4] = [
        SourceKind::Kafka,
        SourceKind::Kinesis,
        SourceKind::ObjectStorage,
        SourceKind::Postgres,
    ];

    /// The name used in file names and reports.
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Kafka => "kafka",
            SourceKind::Kinesis => "kinesis",
            SourceKind::ObjectStorage => "object-storage",
            SourceKind::Postgres => "postgres",
        }
    }

    /// The member of `source` that holds this kind.
    pub fn member(self) -> &'static str {
        match self {
            SourceKind::Kafka => "kafka",
            SourceKind::Kinesis => "kinesis",
            SourceKind::ObjectStorage => "objectStorage",
            SourceKind::Postgres => "postgres",
        }
    }

    pub fn from_name(name: &str) -> Option<SourceKind> {
        SourceKind::ALL
            .into_iter()
            .find(|k| k.name() == name || k.member() == name)
    }
}

/// One generated body.
#[derive(Clone, Debug)]
pub struct Spec {
    pub index: u64,
    pub kind: SourceKind,
    /// The pipe's `name`.
    pub name: String,
    pub mistake: Option<&'static Mistake>,
    pub text: String,
}

impl Spec {
    /// `000042-kafka-orders-events.pipe.json`: sorted by index, kind told by the name.
    pub fn file_name(&self) -> String {
        format!(
            "{:06}-{}-{}.pipe.json",
            self.index,
            self.kind.name(),
            self.name
        )
    }
}

/// The kind of the `index`-th file: the kinds take turns, so every kind is a quarter.
pub fn kind_of(index: u64) -> SourceKind {
    SourceKind::ALL[(index % 4) as usize]
}

/// The `index`-th body of the corpus for `seed`; a share `mistakes` (0 to 1) of the files
/// carry one mistake each.
pub fn generate(seed: u64, index: u64, mistakes: f64) -> Spec {
    generate_with(seed, index, mistakes, |_| true)
}

/// Like [`generate`], drawing mistakes only from those `allow` accepts (for example
/// `|m| !m.is_syntax()` for a corpus every file of which parses).
pub fn generate_with(
    seed: u64,
    index: u64,
    mistakes: f64,
    allow: impl Fn(&Mistake) -> bool,
) -> Spec {
    let kind = kind_of(index);
    let mut draw = Rng::for_index(seed ^ 0x6D69_7374_616B_6573, index);
    let applicable: Vec<&'static Mistake> = MISTAKES
        .iter()
        .filter(|m| m.applies_to(kind) && allow(m))
        .collect();
    let mistake = if draw.chance(mistakes) && !applicable.is_empty() {
        let first = draw.below(applicable.len() as u64) as usize;
        // Some mistakes need a shape the body may lack (a table definition, a schema
        // registry); then the next one in the list is taken.
        (0..applicable.len())
            .map(|i| applicable[(first + i) % applicable.len()])
            .find_map(|m| build(seed, index, kind, Some(m), &mut draw.clone()))
    } else {
        None
    };
    match mistake {
        Some(spec) => spec,
        None => build(seed, index, kind, None, &mut draw)
            .unwrap_or_else(|| unreachable_spec(index, kind)),
    }
}

fn unreachable_spec(index: u64, kind: SourceKind) -> Spec {
    // `build` without a mistake always succeeds; this keeps the signature total.
    Spec {
        index,
        kind,
        name: String::from("pipe"),
        mistake: None,
        text: String::from("{}\n"),
    }
}

/// A body of `kind` with the given mistake, or `None` when that mistake does not fit the
/// body drawn for this index (for example no table definition to break).
pub fn build(
    seed: u64,
    index: u64,
    kind: SourceKind,
    mistake: Option<&'static Mistake>,
    draw: &mut Rng,
) -> Option<Spec> {
    let mut rng = Rng::for_index(seed, index);
    let (name, mut body) = body(kind, &mut rng);
    let text = match mistake {
        None => body.pretty(),
        Some(m) => match m.edit {
            Edit::Tree(edit) => {
                if !m.applies_to(kind) || !edit(&mut body, draw, kind) {
                    return None;
                }
                body.pretty()
            }
            Edit::Text(edit) => edit(&body.pretty(), draw),
        },
    };
    Some(Spec {
        index,
        kind,
        name,
        mistake,
        text,
    })
}

/// A valid body of `kind` (for benchmarks and examples).
pub fn sample(kind: SourceKind, seed: u64) -> String {
    let index = seed.wrapping_mul(4) + kind as u64;
    let mut rng = Rng::for_index(seed, index);
    body(kind, &mut rng).1.pretty()
}

/// A valid Kafka body of at least `bytes` bytes (and less than one more column past it): the
/// sample body for `seed` with extra destination columns `pad_NNNNNN`, each mapped, as a wide
/// table would have. For the size benchmarks (time and memory from 1 MB to 10 MB, language-
/// server edits on a large document). A body already larger than `bytes` is returned as is.
pub fn padded(seed: u64, bytes: usize) -> String {
    let kind = SourceKind::Kafka;
    let mut rng = Rng::for_index(seed, seed.wrapping_mul(4) + kind as u64);
    let (_, base) = body(kind, &mut rng);
    let with = |count: usize| {
        let mut tree = base.clone();
        add_pad_columns(&mut tree, count);
        tree.pretty()
    };
    let mut text = with(0);
    if text.len() >= bytes {
        return text;
    }
    // Names are fixed-width and types repeat every few columns, so the size grows by the
    // same average per column: estimate the count, then top up if it fell short.
    const PROBE: usize = 100;
    let per_column = (with(PROBE).len() - text.len()).div_ceil(PROBE);
    let mut count = 0;
    while text.len() < bytes {
        count += (bytes - text.len()).div_ceil(per_column);
        text = with(count);
    }
    text
}

/// Column types of the padding, every one a valid destination type.
const PAD_TYPES: [&str; 5] = [
    "String",
    "UInt64",
    "Float64",
    "DateTime64(3)",
    "Nullable(String)",
];

fn add_pad_columns(root: &mut J, count: usize) {
    let columns = (0..count).map(|i| {
        J::obj()
            .with("name", J::str(format!("pad_{i:06}")))
            .with("type", J::str(PAD_TYPES[i % PAD_TYPES.len()]))
    });
    if let Some(items) = root
        .at_mut(&["destination", "columns"])
        .and_then(J::items_mut)
    {
        items.extend(columns);
    }
    if let Some(items) = root.get_mut("fieldMappings").and_then(J::items_mut) {
        items.extend((0..count).map(|i| {
            J::obj()
                .with("sourceField", J::str(format!("padField{i:06}")))
                .with("destinationField", J::str(format!("pad_{i:06}")))
        }));
    }
}

// ---------------------------------------------------------------------------------------
// Valid bodies
// ---------------------------------------------------------------------------------------

/// Kafka authentication methods per broker type (§2.7). The row the spec calls "the
/// service" is the one type the table leaves out of the `type` enum's names: `confluent`.
pub const KAFKA_AUTH: &[(&str, &[&str])] = &[
    (
        "kafka",
        &["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
    ),
    (
        "msk",
        &["SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"],
    ),
    ("confluent", &["PLAIN", "MUTUAL_TLS"]),
    ("warpstream", &["PLAIN"]),
    ("azureeventhub", &["PLAIN"]),
    (
        "redpanda",
        &["SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
    ),
    ("dokafka", &["SCRAM-SHA-256", "MUTUAL_TLS"]),
];

pub const KAFKA_AUTH_ALL: &[&str] = &[
    "PLAIN",
    "SCRAM-SHA-256",
    "SCRAM-SHA-512",
    "IAM_ROLE",
    "IAM_USER",
    "MUTUAL_TLS",
];

struct Ctx<'a> {
    domain: &'a Domain,
    event: &'a str,
    env: &'a str,
    company: &'a str,
    region: &'a str,
    account: String,
    /// Upper-case prefix of placeholder names (`ORDERS_KAFKA`).
    secret_prefix: String,
}

fn body(kind: SourceKind, rng: &mut Rng) -> (String, J) {
    let domain = rng.pick(DOMAINS);
    let event = *rng.pick(domain.events);
    let env = *rng.pick(ENVIRONMENTS);
    let company = *rng.pick(COMPANIES);
    let region = *rng.pick(AWS_REGIONS);
    let ctx = Ctx {
        domain,
        event,
        env,
        company,
        region,
        account: rng.digits(12),
        secret_prefix: format!(
            "{}_{}",
            domain.stem.to_ascii_uppercase(),
            kind.member().to_ascii_uppercase()
        ),
    };
    let tag = match kind {
        SourceKind::Kafka => "kafka",
        SourceKind::Kinesis => "kinesis",
        SourceKind::ObjectStorage => "files",
        SourceKind::Postgres => "cdc",
    };
    let name = format!("{}-{}-{}", event.replace('_', "-"), tag, env);
    let body = match kind {
        SourceKind::Kafka => kafka_body(&ctx, &name, rng),
        SourceKind::Kinesis => kinesis_body(&ctx, &name, rng),
        SourceKind::ObjectStorage => object_storage_body(&ctx, &name, rng),
        SourceKind::Postgres => postgres_body(&ctx, &name, rng),
    };
    (name, body)
}

fn placeholder(ctx: &Ctx, what: &str) -> J {
    J::str(format!("${{{}_{}}}", ctx.secret_prefix, what))
}

fn credentials(ctx: &Ctx, user: &str, password: &str) -> J {
    J::obj()
        .with("username", placeholder(ctx, user))
        .with("password", placeholder(ctx, password))
}

fn access_key(ctx: &Ctx) -> J {
    J::obj()
        .with("accessKeyId", placeholder(ctx, "ACCESS_KEY_ID"))
        .with("secretKey", placeholder(ctx, "SECRET_ACCESS_KEY"))
}

fn iam_role(ctx: &Ctx, what: &str) -> J {
    J::str(format!(
        "arn:aws:iam::{}:role/pipes-{}-{}-reader",
        ctx.account, ctx.domain.stem, what
    ))
}

/// A PEM certificate block of realistic length (random base64 body).
fn pem(rng: &mut Rng) -> J {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    // "MII" + body + "==" must be a whole number of 4-character groups, and the character
    // before "==" must leave no stray bits (one of A, Q, g, w), as a real encoder writes.
    let len = 64 * rng.range(8, 11) as usize + 23;
    let mut body: String = (0..len - 1)
        .map(|_| char::from(B64[rng.below(64) as usize]))
        .collect();
    body.push(char::from(b"AQgw"[rng.below(4) as usize]));
    let mut text = String::from("-----BEGIN CERTIFICATE-----\nMII");
    for (i, c) in body.chars().enumerate() {
        if i > 0 && (i + 3) % 64 == 0 {
            text.push('\n');
        }
        text.push(c);
    }
    text.push_str("==\n-----END CERTIFICATE-----");
    J::Str(text)
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The destination columns: the two identifying ones and a random selection of the rest,
/// in the domain's order.
fn pick_columns(ctx: &Ctx, rng: &mut Rng, max: usize) -> Vec<Column> {
    let all = ctx.domain.columns;
    let want = rng.range(3, max.min(all.len()) as i64) as usize;
    let mut rest: Vec<usize> = (2..all.len()).collect();
    shuffle(rng, &mut rest);
    let mut chosen: Vec<usize> = rest.into_iter().take(want - 2).collect();
    chosen.extend([0, 1]);
    chosen.sort_unstable();
    chosen.into_iter().map(|i| all[i]).collect()
}

fn sortable(ty: &str) -> bool {
    !(ty.starts_with("Nullable")
        || ty.starts_with("Map")
        || ty.starts_with("Array")
        || ty.starts_with("Float"))
}

fn numeric(ty: &str) -> bool {
    ["Int", "UInt", "Decimal", "Float"]
        .iter()
        .any(|p| ty.starts_with(p))
}

fn is_time(ty: &str) -> bool {
    ty.starts_with("Date")
}

/// Engine, keys and partitioning over the chosen columns; every name is a column, the
/// primary key is a prefix of the sorting key, the version column exists for
/// ReplacingMergeTree and summed columns for SummingMergeTree.
fn table_definition(columns: &[Column], rng: &mut Rng) -> Option<J> {
    let keyable: Vec<&str> = columns
        .iter()
        .filter(|c| sortable(c.1))
        .map(|c| c.0)
        .collect();
    if keyable.is_empty() {
        return None;
    }
    let k = rng.range(1, keyable.len().min(3) as i64) as usize;
    let sorting = &keyable[..k];
    let others: Vec<&Column> = columns.iter().filter(|c| !sorting.contains(&c.0)).collect();
    let version = others
        .iter()
        .find(|c| c.1.starts_with("UInt") || c.1.starts_with("DateTime"))
        .map(|c| c.0);
    let summed: Vec<&str> = others
        .iter()
        .filter(|c| numeric(c.1))
        .map(|c| c.0)
        .take(3)
        .collect();
    let roll = rng.below(100);
    let engine = if roll < 25 && version.is_some() {
        J::obj()
            .with("type", J::str("ReplacingMergeTree"))
            .with_opt("versionColumnId", version.map(J::str))
    } else if roll < 40 && !summed.is_empty() {
        J::obj()
            .with("type", J::str("SummingMergeTree"))
            .with("columnIds", J::strs(&summed))
    } else {
        J::obj().with("type", J::str("MergeTree"))
    };
    let partition = columns
        .iter()
        .find(|c| is_time(c.1) && sortable(c.1))
        .filter(|_| rng.chance(0.7))
        .map(|c| {
            if c.1 == "Date" {
                J::str(format!("toYYYYMM({})", c.0))
            } else {
                J::str(format!("toDate({})", c.0))
            }
        });
    let primary = if rng.chance(0.6) {
        let n = rng.range(1, k as i64) as usize;
        Some(J::str(sorting[..n].join(", ")))
    } else {
        None
    };
    Some(
        J::obj()
            .with("engine", engine)
            .with_opt("partitionBy", partition)
            .with_opt("primaryKey", primary)
            .with("sortingKey", J::strs(sorting)),
    )
}

fn destination(ctx: &Ctx, columns: &[Column], rng: &mut Rng) -> J {
    // A managed table needs its definition (the API refuses one without): where no column
    // can key one, the pipe writes into a table that exists.
    let definition = if rng.chance(0.75) {
        table_definition(columns, rng)
    } else {
        None
    };
    let managed = definition.is_some();
    let cols = J::Arr(
        columns
            .iter()
            .map(|c| J::obj().with("name", J::str(c.0)).with("type", J::str(c.1)))
            .collect(),
    );
    let roles = rng
        .chance(0.15)
        .then(|| J::strs(&[format!("pipes_{}_writer", ctx.domain.stem)]));
    J::obj()
        .with("database", J::str(ctx.domain.database))
        .with("table", J::str(ctx.event))
        .with("managedTable", J::Bool(managed))
        .with_opt("tableDefinition", definition)
        .with("columns", cols)
        .with_opt("roles", roles)
}

fn field_mappings(columns: &[Column]) -> J {
    J::Arr(
        columns
            .iter()
            .map(|c| {
                J::obj()
                    .with("sourceField", J::str(c.2))
                    .with("destinationField", J::str(c.0))
            })
            .collect(),
    )
}

/// CPU in millicores and memory in GB per replica: about 4 GB per core, within §8.
fn streaming_resources(rng: &mut Rng) -> (J, J) {
    let cpu = *rng.pick(&[125, 250, 500, 500, 1000, 1000, 2000]);
    let memory = (f64::from(cpu) / 250.0).clamp(0.5, 8.0);
    (J::int(i64::from(cpu)), J::float(memory))
}

fn kafka_body(ctx: &Ctx, name: &str, rng: &mut Rng) -> J {
    let (broker_type, methods) = *rng.pick(KAFKA_AUTH);
    let auth = *rng.pick(methods);
    let n_brokers = rng.range(1, 3);
    let brokers: Vec<String> = match broker_type {
        "msk" => {
            let cluster = rng.alnum(6);
            let port = match auth {
                "IAM_ROLE" | "IAM_USER" => 9098,
                "MUTUAL_TLS" => 9094,
                _ => 9096,
            };
            (1..=n_brokers)
                .map(|i| {
                    format!(
                        "b-{i}.{}.{cluster}.c2.kafka.{}.amazonaws.com:{port}",
                        ctx.domain.stem, ctx.region
                    )
                })
                .collect()
        }
        "confluent" => vec![format!(
            "pkc-{}.{}.aws.confluent.cloud:9092",
            rng.alnum(5),
            ctx.region
        )],
        "warpstream" => vec![format!(
            "warpstream-agent.{}.{}.internal:9092",
            ctx.env, ctx.company
        )],
        "azureeventhub" => vec![format!(
            "{}-{}-{}.servicebus.windows.net:9093",
            ctx.company, ctx.domain.stem, ctx.env
        )],
        "redpanda" => vec![format!(
            "seed-{}.{}.fmc.prd.cloud.redpanda.com:9092",
            rng.hex(8),
            rng.alnum(12)
        )],
        "dokafka" => vec![format!(
            "db-kafka-{}-{}-do-user-{}-0.b.db.ondigitalocean.com:25073",
            rng.pick(DO_REGIONS),
            rng.digits(5),
            rng.digits(7)
        )],
        _ => (1..=n_brokers)
            .map(|i| format!("kafka-{i}.{}.{}.internal:9093", ctx.env, ctx.company))
            .collect(),
    };
    let format = if broker_type == "confluent" && rng.chance(0.5) {
        "AvroConfluent"
    } else if rng.chance(0.1) {
        "Avro"
    } else {
        "JSONEachRow"
    };
    let topics = if rng.chance(0.2) {
        format!("{0}.{1}.v1,{0}.{1}.v1.retries", ctx.domain.stem, ctx.event)
    } else {
        format!("{}.{}", ctx.domain.stem, ctx.event)
    };
    let consumer_group = rng
        .chance(0.7)
        .then(|| J::str(format!("{}-{}-ingest", ctx.domain.stem, ctx.env)));

    let mut kafka = J::obj()
        .with("type", J::str(broker_type))
        .with("format", J::str(format))
        .with("authentication", J::str(auth))
        .with("brokers", J::str(brokers.join(",")))
        .with("topics", J::str(topics))
        .with_opt("consumerGroup", consumer_group);
    match auth {
        "IAM_ROLE" => kafka.push("iamRole", iam_role(ctx, "msk")),
        "IAM_USER" => kafka.push(
            "credentials",
            credentials(ctx, "ACCESS_KEY_ID", "SECRET_ACCESS_KEY"),
        ),
        "MUTUAL_TLS" => {
            kafka.push("caCertificate", pem(rng));
            // The real MUTUAL_TLS shape (real-API notes, decision 10).
            kafka.push(
                "credentials",
                J::obj()
                    .with("certificate", placeholder(ctx, "CLIENT_CERT"))
                    .with("privateKey", placeholder(ctx, "CLIENT_KEY")),
            );
        }
        _ if broker_type == "azureeventhub" => kafka.push(
            "credentials",
            J::obj()
                .with("username", J::str("$ConnectionString"))
                .with("password", placeholder(ctx, "CONNECTION_STRING")),
        ),
        _ => kafka.push("credentials", credentials(ctx, "USERNAME", "PASSWORD")),
    }
    if auth != "MUTUAL_TLS" && broker_type == "dokafka" {
        kafka.push("caCertificate", pem(rng));
    }
    let offset = match rng.below(3) {
        0 => J::obj().with("strategy", J::str("from_beginning")),
        1 => J::obj().with("strategy", J::str("from_latest")),
        _ => J::obj().with("strategy", J::str("from_timestamp")).with(
            "timestamp",
            J::str(format!(
                "2025-{:02}-{:02}T{:02}:{:02}",
                rng.range(1, 12),
                rng.range(1, 28),
                rng.range(0, 23),
                rng.range(0, 59)
            )),
        ),
    };
    if rng.chance(0.8) {
        kafka.push("offset", offset);
    }
    if broker_type == "msk" && rng.chance(0.4) {
        kafka.push("reversePrivateEndpointIds", J::strs(&[rng.uuid_v4()]));
    }
    if format == "AvroConfluent" {
        kafka.push(
            "schemaRegistry",
            J::obj()
                .with(
                    "url",
                    J::str(format!(
                        "https://psrc-{}.{}.aws.confluent.cloud",
                        rng.alnum(5),
                        ctx.region
                    )),
                )
                .with("authentication", J::str("PLAIN"))
                .with(
                    "credentials",
                    credentials(ctx, "REGISTRY_KEY", "REGISTRY_SECRET"),
                ),
        );
    }

    let mut source = J::obj().with("kafka", kafka);
    if rng.chance(0.2) {
        source.push("validateSamples", J::Bool(true));
    }
    let columns = pick_columns(ctx, rng, 12);
    let (cpu, memory) = streaming_resources(rng);
    let replicas = *rng.pick(&[1, 1, 2, 2, 3, 4, 6]);
    let scaling = J::obj()
        .with("replicas", J::int(replicas))
        .with("replicaCpuMillicores", cpu)
        .with("replicaMemoryGb", memory);
    let settings = rng.chance(0.6).then(|| {
        J::obj()
            .with(
                "streaming_max_insert_wait_ms",
                J::int(*rng.pick(&[1000, 2000, 5000, 10000, 30000])),
            )
            .with_opt(
                "db_max_insert_threads",
                rng.chance(0.3).then(|| J::int(rng.range(1, 8))),
            )
    });
    J::obj()
        .with("name", J::str(name))
        .with("source", source)
        .with("destination", destination(ctx, &columns, rng))
        .with("fieldMappings", field_mappings(&columns))
        .with("scaling", scaling)
        .with_opt("settings", settings)
}

fn kinesis_body(ctx: &Ctx, name: &str, rng: &mut Rng) -> J {
    let role = rng.chance(0.6);
    let mut kinesis = J::obj()
        .with(
            "authentication",
            J::str(if role { "IAM_ROLE" } else { "IAM_USER" }),
        )
        .with(
            "format",
            J::str(if rng.chance(0.85) {
                "JSONEachRow"
            } else {
                "Avro"
            }),
        );
    if role {
        kinesis.push("iamRole", iam_role(ctx, "kinesis"));
    } else {
        kinesis.push("accessKey", access_key(ctx));
    }
    match rng.below(3) {
        0 => kinesis.push("iteratorType", J::str("TRIM_HORIZON")),
        1 => kinesis.push("iteratorType", J::str("LATEST")),
        _ => {
            kinesis.push("iteratorType", J::str("AT_TIMESTAMP"));
            kinesis.push("timestamp", J::int(rng.range(1_704_067_200, 1_767_225_600)));
        }
    }
    kinesis.push("region", J::str(ctx.region));
    kinesis.push(
        "streamName",
        J::str(format!("{}-{}", ctx.event.replace('_', "-"), ctx.env)),
    );
    if rng.chance(0.3) {
        kinesis.push("useEnhancedFanOut", J::Bool(true));
    }
    let columns = pick_columns(ctx, rng, 13);
    let (cpu, memory) = streaming_resources(rng);
    let scaling = rng.chance(0.8).then(|| {
        J::obj()
            .with("replicaCpuMillicores", cpu)
            .with("replicaMemoryGb", memory)
    });
    let settings = rng.chance(0.5).then(|| {
        J::obj().with(
            "streaming_max_insert_wait_ms",
            J::int(*rng.pick(&[1000, 5000, 10000])),
        )
    });
    J::obj()
        .with("name", J::str(name))
        .with("source", J::obj().with("kinesis", kinesis))
        .with("destination", destination(ctx, &columns, rng))
        .with("fieldMappings", field_mappings(&columns))
        .with_opt("scaling", scaling)
        .with_opt("settings", settings)
}

fn object_storage_body(ctx: &Ctx, name: &str, rng: &mut Rng) -> J {
    let storage = *rng.pick(&["s3", "s3", "s3", "gcs", "dospaces", "azureblobstorage"]);
    let (format, ext) = *rng.pick(&[
        ("JSONEachRow", "json.gz"),
        ("JSONEachRow", "ndjson"),
        ("CSV", "csv"),
        ("CSVWithNames", "csv.gz"),
        ("Parquet", "parquet"),
        ("Avro", "avro"),
    ]);
    let bucket = format!("{}-{}-{}", ctx.company, ctx.domain.stem, ctx.env);
    let prefix = format!("{}/{}", ctx.event, rng.pick(&["*", "*/*", "2025/*/*"]));
    let mut os = J::obj()
        .with("type", J::str(storage))
        .with("format", J::str(format));
    let authenticated = match storage {
        "azureblobstorage" => {
            os.push("authentication", J::str("CONNECTION_STRING"));
            os.push("connectionString", placeholder(ctx, "CONNECTION_STRING"));
            os.push("azureContainerName", J::str(&bucket));
            os.push("path", J::str(format!("{prefix}.{ext}")));
            true
        }
        "s3" => match rng.below(3) {
            0 => {
                os.push("authentication", J::str("IAM_ROLE"));
                os.push("iamRole", iam_role(ctx, "s3"));
                os.push(
                    "url",
                    J::str(format!(
                        "https://{bucket}.s3.{}.amazonaws.com/{prefix}.{ext}",
                        ctx.region
                    )),
                );
                true
            }
            1 => {
                os.push("authentication", J::str("IAM_USER"));
                os.push("accessKey", access_key(ctx));
                os.push(
                    "url",
                    J::str(format!(
                        "https://{bucket}.s3.{}.amazonaws.com/{prefix}.{ext}",
                        ctx.region
                    )),
                );
                true
            }
            _ => {
                // A public bucket: no authentication at all.
                os.push(
                    "url",
                    J::str(format!(
                        "https://{bucket}-public.s3.{}.amazonaws.com/{prefix}.{ext}",
                        ctx.region
                    )),
                );
                false
            }
        },
        "gcs" => {
            os.push("authentication", J::str("IAM_USER"));
            os.push("accessKey", access_key(ctx));
            os.push(
                "url",
                J::str(format!(
                    "https://storage.googleapis.com/{bucket}/{prefix}.{ext}"
                )),
            );
            true
        }
        _ => {
            os.push("authentication", J::str("IAM_USER"));
            os.push("accessKey", access_key(ctx));
            os.push(
                "url",
                J::str(format!(
                    "https://{bucket}.{}.digitaloceanspaces.com/{prefix}.{ext}",
                    rng.pick(DO_REGIONS)
                )),
            );
            true
        }
    };
    if ext.ends_with(".gz") {
        os.push("compression", J::str(*rng.pick(&["gzip", "gz", "auto"])));
    }
    if format == "CSV" && rng.chance(0.5) {
        os.push("delimiter", J::str(*rng.pick(&[",", ";", "|"])));
    }
    let continuous = rng.chance(0.6);
    os.push("isContinuous", J::Bool(continuous));
    if continuous && authenticated && storage == "s3" && rng.chance(0.5) {
        os.push(
            "queueUrl",
            J::str(format!(
                "https://sqs.{}.amazonaws.com/{}/{bucket}-object-created",
                ctx.region, ctx.account
            )),
        );
    }
    let columns = pick_columns(ctx, rng, 13);
    let settings = rng.chance(0.7).then(|| {
        J::obj()
            .with_opt(
                "object_storage_max_insert_bytes",
                rng.chance(0.5)
                    .then(|| J::int(*rng.pick(&[536_870_912, 1_073_741_824, 5_368_709_120]))),
            )
            .with_opt(
                "object_storage_max_file_count",
                rng.chance(0.5)
                    .then(|| J::int(*rng.pick(&[100, 500, 1000]))),
            )
            .with(
                "object_storage_polling_interval_ms",
                J::int(*rng.pick(&[10_000, 30_000, 60_000, 300_000])),
            )
            .with_opt(
                "db_max_download_threads",
                rng.chance(0.3).then(|| J::int(rng.range(2, 16))),
            )
    });
    J::obj()
        .with("name", J::str(name))
        .with("source", J::obj().with("objectStorage", os))
        .with("destination", destination(ctx, &columns, rng))
        .with("fieldMappings", field_mappings(&columns))
        .with_opt("settings", settings)
}

fn postgres_body(ctx: &Ctx, name: &str, rng: &mut Rng) -> J {
    let host = match rng.below(3) {
        0 => format!(
            "{}-db.cluster-{}.{}.rds.amazonaws.com",
            ctx.domain.stem,
            rng.alnum(12),
            ctx.region
        ),
        1 => format!(
            "pg-{}.{}.{}.internal",
            ctx.domain.stem, ctx.env, ctx.company
        ),
        _ => format!(
            "{}-{}.postgres.database.azure.com",
            ctx.company, ctx.domain.stem
        ),
    };
    let mode = *rng.pick(&["cdc", "cdc", "snapshot", "cdc_only"]);
    // The server accepts a named replication slot only in `cdc_only` mode (real-API notes).
    let slot = mode == "cdc_only" && rng.chance(0.5);
    let mut settings = J::obj().with("replicationMode", J::str(mode));
    if mode != "snapshot" {
        settings.push(
            "publicationName",
            J::str(format!("pipes_{}_pub", ctx.domain.stem)),
        );
        if slot {
            settings.push(
                "replicationSlotName",
                J::str(format!("pipes_{}_slot", ctx.domain.stem)),
            );
        }
        settings.push("syncIntervalSeconds", J::int(*rng.pick(&[10, 30, 60, 300])));
        settings.push(
            "pullBatchSize",
            J::int(*rng.pick(&[10_000, 50_000, 100_000])),
        );
    }
    if mode != "cdc_only" {
        settings.push("initialLoadParallelism", J::int(rng.range(1, 8)));
        settings.push(
            "snapshotNumRowsPerPartition",
            J::int(*rng.pick(&[100_000, 250_000, 1_000_000])),
        );
        settings.push("snapshotNumberOfParallelTables", J::int(rng.range(1, 4)));
    }
    settings.push("allowNullableColumns", J::Bool(rng.chance(0.5)));
    // Failover slots need that no replication slot is configured (§2.7).
    if !slot && mode != "snapshot" && rng.chance(0.4) {
        settings.push("enableFailoverSlots", J::Bool(true));
    }

    let mut tables: Vec<(&str, &str)> = ctx.domain.pg_tables.to_vec();
    shuffle(rng, &mut tables);
    let n = rng.range(2, tables.len().min(8) as i64) as usize;
    let mappings: Vec<J> = tables[..n]
        .iter()
        .map(|(schema, table)| {
            let mut m = J::obj()
                .with("sourceSchemaName", J::str(*schema))
                .with("sourceTable", J::str(*table))
                .with("targetTable", J::str(format!("{schema}_{table}")));
            if rng.chance(0.3) {
                let excluded = vec![*rng.pick(ctx.domain.pg_excluded)];
                m.push("excludedColumns", J::strs(&excluded));
            }
            if rng.chance(0.3) {
                m.push("useCustomSortingKey", J::Bool(true));
                m.push(
                    "sortingKeys",
                    J::strs(&[format!("{}_id", table.trim_end_matches('s')), "id".into()]),
                );
            } else if rng.chance(0.3) {
                m.push("useCustomSortingKey", J::Bool(false));
            }
            m
        })
        .collect();

    let postgres = J::obj()
        .with("host", J::str(host))
        .with("port", J::int(*rng.pick(&[5432, 5432, 5432, 6432])))
        .with("database", J::str(ctx.domain.stem))
        .with("credentials", credentials(ctx, "USER", "PASSWORD"))
        .with("settings", settings)
        .with("tableMappings", J::Arr(mappings));
    J::obj()
        .with("name", J::str(name))
        .with("source", J::obj().with("postgres", postgres))
        .with(
            "destination",
            J::obj().with("database", J::str(format!("{}_replica", ctx.domain.stem))),
        )
}

// ---------------------------------------------------------------------------------------
// Mistakes
// ---------------------------------------------------------------------------------------

/// One kind of mistake and the rule (by name) expected to report it.
#[derive(Debug)]
pub struct Mistake {
    /// Short stable id, written to the corpus manifest.
    pub id: &'static str,
    /// The pipelint rule expected to report it. Names of rules that do not exist yet are
    /// the expected future names (the corpus test only checks rules that exist).
    pub rule: &'static str,
    /// Kinds it applies to; empty means all.
    pub kinds: &'static [SourceKind],
    edit: Edit,
}

impl Mistake {
    pub fn applies_to(&self, kind: SourceKind) -> bool {
        self.kinds.is_empty() || self.kinds.contains(&kind)
    }

    /// Whether the mistake breaks the JSON syntax (the file no longer parses).
    pub fn is_syntax(&self) -> bool {
        matches!(self.edit, Edit::Text(_))
    }
}

#[derive(Debug)]
enum Edit {
    /// Changes the tree; returns false (and leaves it alone) when the body lacks the shape.
    Tree(fn(&mut J, &mut Rng, SourceKind) -> bool),
    /// Changes the printed text (syntax mistakes).
    Text(fn(&str, &mut Rng) -> String),
}

use SourceKind::{Kafka, Kinesis, ObjectStorage, Postgres};

const WITH_COLUMNS: &[SourceKind] = &[Kafka, Kinesis, ObjectStorage];

/// Every mistake the generator makes, each one a slip seen in real pipe definitions.
pub static MISTAKES: &[Mistake] = &[
    Mistake {
        id: "trailing-comma",
        rule: "invalid-json",
        kinds: &[],
        edit: Edit::Text(trailing_comma),
    },
    Mistake {
        id: "truncated",
        rule: "invalid-json",
        kinds: &[],
        edit: Edit::Text(truncated),
    },
    Mistake {
        id: "line-comment",
        rule: "invalid-json",
        kinds: &[],
        edit: Edit::Text(line_comment),
    },
    Mistake {
        id: "duplicate-key",
        rule: "duplicate-key",
        kinds: &[],
        edit: Edit::Tree(duplicate_key),
    },
    Mistake {
        id: "missing-name",
        rule: "missing-field",
        kinds: &[],
        edit: Edit::Tree(missing_name),
    },
    Mistake {
        id: "unknown-member",
        rule: "unknown-field",
        kinds: &[],
        edit: Edit::Tree(unknown_member),
    },
    Mistake {
        id: "wrong-type",
        rule: "wrong-type",
        kinds: &[],
        edit: Edit::Tree(wrong_type),
    },
    Mistake {
        id: "out-of-range",
        rule: "out-of-range",
        kinds: &[],
        edit: Edit::Tree(out_of_range),
    },
    Mistake {
        id: "enum-case",
        rule: "invalid-enum-value",
        kinds: &[],
        edit: Edit::Tree(enum_case),
    },
    Mistake {
        id: "two-sources",
        rule: "exactly-one-source",
        kinds: &[],
        edit: Edit::Tree(two_sources),
    },
    Mistake {
        id: "column-type-typo",
        rule: "invalid-column-type",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(column_type_typo),
    },
    Mistake {
        id: "unmapped-column",
        rule: "unmapped-column",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(unmapped_column),
    },
    Mistake {
        id: "mapping-typo",
        rule: "unknown-mapping-destination",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(mapping_typo),
    },
    Mistake {
        id: "duplicate-column",
        rule: "duplicate-column-name",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(duplicate_column),
    },
    Mistake {
        id: "missing-table",
        rule: "destination-required-members",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(missing_table),
    },
    Mistake {
        id: "primary-key-not-prefix",
        rule: "primary-key-prefix",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(primary_key_not_prefix),
    },
    Mistake {
        id: "replacing-without-version",
        rule: "version-column-engine",
        kinds: WITH_COLUMNS,
        edit: Edit::Tree(replacing_without_version),
    },
    Mistake {
        id: "auth-not-for-broker",
        rule: "kafka-auth-for-broker",
        kinds: &[Kafka],
        edit: Edit::Tree(auth_not_for_broker),
    },
    Mistake {
        id: "offset-timestamp-seconds",
        rule: "kafka-offset-timestamp-format",
        kinds: &[Kafka],
        edit: Edit::Tree(offset_timestamp_seconds),
    },
    Mistake {
        id: "registry-http",
        rule: "kafka-schema-registry-https",
        kinds: &[Kafka],
        edit: Edit::Tree(registry_http),
    },
    Mistake {
        id: "at-timestamp-without-timestamp",
        rule: "kinesis-timestamp-required",
        kinds: &[Kinesis],
        edit: Edit::Tree(at_timestamp_without_timestamp),
    },
    Mistake {
        id: "iam-role-missing",
        rule: "iam-role-required",
        kinds: &[Kinesis, ObjectStorage],
        edit: Edit::Tree(iam_role_missing),
    },
    Mistake {
        id: "azure-without-container",
        rule: "object-storage-required-members",
        kinds: &[ObjectStorage],
        edit: Edit::Tree(azure_without_container),
    },
    Mistake {
        id: "plaintext-secret",
        rule: "plaintext-secret",
        kinds: &[],
        edit: Edit::Tree(plaintext_secret),
    },
    Mistake {
        id: "postgres-failover-with-slot",
        rule: "postgres-failover-slot-name",
        kinds: &[Postgres],
        edit: Edit::Tree(failover_with_slot),
    },
];

fn source_mut(root: &mut J, kind: SourceKind) -> Option<&mut J> {
    root.at_mut(&["source", kind.member()])
}

fn settings_mut(root: &mut J) -> Option<&mut J> {
    if root.get("settings").is_none() {
        root.push("settings", J::obj());
    }
    root.get_mut("settings")
}

/// A comma after the last member of some object or array.
fn trailing_comma(text: &str, rng: &mut Rng) -> String {
    let bytes = text.as_bytes();
    let closers: Vec<usize> = (0..bytes.len())
        .filter(|&i| {
            bytes[i] == b'\n'
                && text[i + 1..]
                    .trim_start_matches(' ')
                    .starts_with(['}', ']'])
        })
        .collect();
    let at = *rng.pick(&closers);
    format!("{},{}", &text[..at], &text[at..])
}

/// The file cut off part-way (an interrupted save or a bad merge).
fn truncated(text: &str, rng: &mut Rng) -> String {
    let mut at = (text.len() as f64 * (0.3 + 0.6 * rng.unit())) as usize;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    text[..at].to_owned()
}

/// A `//` comment, as in JSONC editors' files.
fn line_comment(text: &str, rng: &mut Rng) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = rng.range(1, lines.len() as i64 - 1) as usize;
    let indent = lines[at].len() - lines[at].trim_start().len();
    let mut out = String::with_capacity(text.len() + 64);
    for (i, line) in lines.iter().enumerate() {
        if i == at {
            out.push_str(&" ".repeat(indent));
            out.push_str("// TODO: confirm with the data platform team\n");
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn duplicate_key(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let key = match kind {
        Kafka => "topics",
        Kinesis => "streamName",
        ObjectStorage => "format",
        Postgres => "database",
    };
    let Some(source) = source_mut(root, kind) else {
        return false;
    };
    let Some(J::Str(value)) = source.get(key).cloned() else {
        return false;
    };
    let copy = if kind == ObjectStorage {
        value
    } else {
        format!("{value}-v2")
    };
    source.push(key, J::Str(copy));
    true
}

fn missing_name(root: &mut J, _: &mut Rng, _: SourceKind) -> bool {
    root.remove("name").is_some()
}

fn unknown_member(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    match rng.below(3) {
        0 if root.get("settings").is_some() => root.rename("settings", "setting"),
        1 if kind != Postgres => root.rename("fieldMappings", "fieldMapping"),
        _ => {
            root.push(
                "description",
                J::str("Owned by the data platform team; see the runbook."),
            );
            true
        }
    }
}

fn wrong_type(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    match kind {
        Kafka => match root.at_mut(&["scaling", "replicas"]) {
            Some(replicas) => {
                *replicas = J::str(format!("{}", rng.range(1, 4)));
                true
            }
            None => false,
        },
        Kinesis | ObjectStorage => {
            let Some(managed) = root.at_mut(&["destination", "managedTable"]) else {
                return false;
            };
            *managed = J::str("true");
            true
        }
        Postgres => match source_mut(root, kind).and_then(|s| s.get_mut("port")) {
            Some(port) => {
                *port = J::str("5432");
                true
            }
            None => false,
        },
    }
}

fn out_of_range(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    match kind {
        Kafka => match root.at_mut(&["scaling", "replicas"]) {
            Some(replicas) => {
                // Above 40: out of range under every API version (11..40 is `needs-newer-api`).
                *replicas = J::int(rng.range(41, 46));
                true
            }
            None => false,
        },
        Kinesis => {
            if root.get("scaling").is_none() {
                root.push("scaling", J::obj());
            }
            match root.get_mut("scaling") {
                Some(scaling) => {
                    scaling.set("replicaCpuMillicores", J::int(4000));
                    true
                }
                None => false,
            }
        }
        ObjectStorage => match settings_mut(root) {
            Some(settings) => {
                settings.set("object_storage_max_file_count", J::int(50_000));
                true
            }
            None => false,
        },
        Postgres => match source_mut(root, kind).and_then(|s| s.get_mut("port")) {
            Some(port) => {
                *port = J::int(*rng.pick(&[0, 65_536, 154_320]));
                true
            }
            None => false,
        },
    }
}

fn enum_case(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    let Some(source) = source_mut(root, kind) else {
        return false;
    };
    let (path, replacement): (&[&str], Option<String>) = match kind {
        Kafka => (&["authentication"], None),
        Kinesis => (&["iteratorType"], None),
        ObjectStorage => (
            &["format"],
            Some((*rng.pick(&["JSON", "csv", "parquet", "JSONLines"])).to_owned()),
        ),
        Postgres => (&["settings", "replicationMode"], Some("CDC".to_owned())),
    };
    let Some(node) = source.at_mut(path) else {
        return false;
    };
    let Some(current) = node.as_str() else {
        return false;
    };
    let new = replacement.unwrap_or_else(|| current.to_ascii_lowercase());
    *node = J::Str(new);
    true
}

fn two_sources(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    let Some(source) = root.get_mut("source") else {
        return false;
    };
    if kind == Kinesis {
        source.push(
            "kafka",
            J::obj()
                .with("type", J::str("msk"))
                .with("format", J::str("JSONEachRow"))
                .with("authentication", J::str("IAM_ROLE"))
                .with(
                    "brokers",
                    J::str("b-1.legacy.a1b2c3.c2.kafka.us-east-1.amazonaws.com:9098"),
                )
                .with("topics", J::str("legacy.events"))
                .with(
                    "iamRole",
                    J::str("arn:aws:iam::123456789012:role/pipes-legacy-reader"),
                ),
        );
    } else {
        source.push(
            "kinesis",
            J::obj()
                .with("authentication", J::str("IAM_ROLE"))
                .with("format", J::str("JSONEachRow"))
                .with(
                    "iamRole",
                    J::str("arn:aws:iam::123456789012:role/pipes-legacy-reader"),
                )
                .with("iteratorType", J::str("LATEST"))
                .with("region", J::str(*rng.pick(AWS_REGIONS)))
                .with("streamName", J::str("legacy-events")),
        );
    }
    true
}

fn pick_item<'a>(root: &'a mut J, path: &[&str], rng: &mut Rng) -> Option<&'a mut J> {
    let items = root.at_mut(path)?.items_mut()?;
    if items.is_empty() {
        return None;
    }
    let at = rng.below(items.len() as u64) as usize;
    items.get_mut(at)
}

fn column_type_typo(root: &mut J, rng: &mut Rng, _: SourceKind) -> bool {
    let bad = *rng.pick(&[
        "Strng",
        "uint64",
        "DateTime64(12)",
        "Decimal(77, 2)",
        "Nullable(Array(String))",
        "LowCardinality(Sting)",
    ]);
    match pick_item(root, &["destination", "columns"], rng) {
        Some(column) => {
            column.set("type", J::str(bad));
            true
        }
        None => false,
    }
}

fn unmapped_column(root: &mut J, rng: &mut Rng, _: SourceKind) -> bool {
    let Some(items) = root.get_mut("fieldMappings").and_then(J::items_mut) else {
        return false;
    };
    if items.len() < 2 {
        return false;
    }
    let at = rng.below(items.len() as u64) as usize;
    items.remove(at);
    true
}

fn mapping_typo(root: &mut J, rng: &mut Rng, _: SourceKind) -> bool {
    let Some(mapping) = pick_item(root, &["fieldMappings"], rng) else {
        return false;
    };
    let Some(name) = mapping.get("destinationField").and_then(J::as_str) else {
        return false;
    };
    // Drop one letter from the middle: `customer_id` -> `custome_id`.
    let mut typo = name.to_owned();
    if typo.len() < 3 {
        return false;
    }
    typo.remove(typo.len() / 2);
    mapping.set("destinationField", J::Str(typo));
    true
}

fn duplicate_column(root: &mut J, rng: &mut Rng, _: SourceKind) -> bool {
    let Some(items) = root
        .at_mut(&["destination", "columns"])
        .and_then(J::items_mut)
    else {
        return false;
    };
    if items.is_empty() {
        return false;
    }
    let at = rng.below(items.len() as u64) as usize;
    let mut copy = items[at].clone();
    copy.set("type", J::str("String"));
    items.insert(items.len(), copy);
    true
}

fn missing_table(root: &mut J, _: &mut Rng, _: SourceKind) -> bool {
    root.get_mut("destination")
        .and_then(|d| d.remove("table"))
        .is_some()
}

fn primary_key_not_prefix(root: &mut J, _: &mut Rng, _: SourceKind) -> bool {
    let Some(definition) = root.at_mut(&["destination", "tableDefinition"]) else {
        return false;
    };
    let Some(second) = definition
        .get("sortingKey")
        .and_then(|k| k.items().get(1))
        .and_then(J::as_str)
        .map(str::to_owned)
    else {
        return false;
    };
    definition.set("primaryKey", J::Str(second));
    true
}

fn replacing_without_version(root: &mut J, _: &mut Rng, _: SourceKind) -> bool {
    let Some(definition) = root.at_mut(&["destination", "tableDefinition"]) else {
        return false;
    };
    definition.set(
        "engine",
        J::obj().with("type", J::str("ReplacingMergeTree")),
    );
    true
}

fn auth_not_for_broker(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    let Some(kafka) = source_mut(root, kind) else {
        return false;
    };
    let Some(broker_type) = kafka.get("type").and_then(J::as_str) else {
        return false;
    };
    let Some((_, allowed)) = KAFKA_AUTH.iter().find(|(t, _)| *t == broker_type) else {
        return false;
    };
    let wrong: Vec<&str> = KAFKA_AUTH_ALL
        .iter()
        .copied()
        .filter(|a| !allowed.contains(a))
        .collect();
    let auth = *rng.pick(&wrong);
    kafka.set("authentication", J::str(auth));
    true
}

fn offset_timestamp_seconds(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let Some(kafka) = source_mut(root, kind) else {
        return false;
    };
    kafka.set(
        "offset",
        J::obj()
            .with("strategy", J::str("from_timestamp"))
            .with("timestamp", J::str("2025-01-15T08:30:00Z")),
    );
    true
}

fn registry_http(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let Some(url) = source_mut(root, kind).and_then(|k| k.at_mut(&["schemaRegistry", "url"]))
    else {
        return false;
    };
    let Some(text) = url.as_str() else {
        return false;
    };
    *url = J::Str(text.replacen("https://", "http://", 1));
    true
}

fn at_timestamp_without_timestamp(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let Some(kinesis) = source_mut(root, kind) else {
        return false;
    };
    kinesis.set("iteratorType", J::str("AT_TIMESTAMP"));
    kinesis.remove("timestamp");
    true
}

fn iam_role_missing(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let Some(source) = source_mut(root, kind) else {
        return false;
    };
    if source.get("authentication").and_then(J::as_str) != Some("IAM_ROLE") {
        return false;
    }
    source.remove("iamRole").is_some()
}

fn azure_without_container(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    source_mut(root, kind)
        .and_then(|s| s.remove("azureContainerName"))
        .is_some()
}

fn plaintext_secret(root: &mut J, rng: &mut Rng, kind: SourceKind) -> bool {
    let Some(source) = source_mut(root, kind) else {
        return false;
    };
    let secret = format!("Pr0d-{}!", rng.alnum(10));
    if let Some(credentials) = source.get_mut("credentials") {
        credentials.set("password", J::Str(secret));
        true
    } else if let Some(key) = source.get_mut("accessKey") {
        key.set(
            "secretKey",
            J::Str(format!("wJalrXUtnFEMI/K7MDENG/{secret}")),
        );
        true
    } else {
        false
    }
}

fn failover_with_slot(root: &mut J, _: &mut Rng, kind: SourceKind) -> bool {
    let Some(settings) = source_mut(root, kind).and_then(|s| s.get_mut("settings")) else {
        return false;
    };
    if settings.get("replicationMode").and_then(J::as_str) == Some("snapshot") {
        return false;
    }
    settings.set("replicationSlotName", J::str("pipes_manual_slot"));
    settings.set("enableFailoverSlots", J::Bool(true));
    true
}
