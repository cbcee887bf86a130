#!/usr/bin/env bash
# Whole-process comparison of `pipelint check` with check-jsonschema (PyPI), ajv-cli (npm),
# jsonschema-cli (crates.io) and a parse-only Rust baseline, in one run on one machine. See
# bench/README.md.
#
# It installs hyperfine and GNU time with apt when they are missing, check-jsonschema into a
# temporary venv, ajv-cli + ajv-formats into a temporary npm prefix and jsonschema-cli with
# `cargo install` into a temporary folder; builds the release
# binaries; generates the corpora in a temporary folder; times every tool with hyperfine
# (median of repeated runs) and measures peak RSS with /usr/bin/time; prints a Markdown table
# with ratios and the targets; removes the temporary folder.
#
# Settings (environment variables):
#   COUNT=10000        files in the main corpus
#   BIG_COUNT=100000   files in the memory-growth corpus (0 skips it)
#   SEED=42 MISTAKES=0.2
#   PER_DIR=1000       files per subfolder of the corpora (0: all in one folder)
#   RUNS_ONE=30        hyperfine runs for one file (every tool)
#   RUNS_MANY=20       hyperfine runs for the corpus (pipelint, parse-only)
#   RUNS_PEER_MANY=3   hyperfine runs for the corpus (check-jsonschema, ajv-cli, jsonschema-cli)
#   RUNS_RSS=3         /usr/bin/time runs per peak-RSS figure (the median is shown)
#   PEERS_DIR=         reuse peers installed there (venv/, npm/, jsonschema-cli/) instead of a
#                      temporary folder
#   JSONSCHEMA_CLI_VERSION=0.60.2   the jsonschema-cli release installed (the jsonschema crate
#                      version pipelint uses)
#   OUT=target/compare where the raw hyperfine JSON, the logs and table.md are kept
#   KEEP=0             1 keeps the temporary folder (corpora) for inspection
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COUNT=${COUNT:-10000}
BIG_COUNT=${BIG_COUNT:-100000}
SEED=${SEED:-42}
MISTAKES=${MISTAKES:-0.2}
PER_DIR=${PER_DIR:-1000}
RUNS_ONE=${RUNS_ONE:-30}
RUNS_MANY=${RUNS_MANY:-20}
RUNS_PEER_MANY=${RUNS_PEER_MANY:-3}
RUNS_RSS=${RUNS_RSS:-3}
JSONSCHEMA_CLI_VERSION=${JSONSCHEMA_CLI_VERSION:-0.60.2}
PEERS_DIR=${PEERS_DIR:-}
OUT=${OUT:-$ROOT/target/compare}
KEEP=${KEEP:-0}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pipelint-compare.XXXXXX")
cleanup() {
    if [[ $KEEP == 1 ]]; then
        echo "kept $WORK" >&2
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT

log() { printf '== %s\n' "$*" >&2; }

# --- tools -------------------------------------------------------------------------------
apt_install() {
    if [[ $(id -u) != 0 ]]; then
        echo "compare.sh: $* missing and not root; install it (apt-get install $*)" >&2
        exit 2
    fi
    # Another user of the machine may hold the dpkg lock: wait for it.
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
}
command -v hyperfine >/dev/null || { log "installing hyperfine (apt)"; apt_install hyperfine; }
[[ -x /usr/bin/time ]] || { log "installing GNU time (apt)"; apt_install time; }
for tool in python3 npm node cargo; do
    command -v "$tool" >/dev/null || { echo "compare.sh: $tool is required" >&2; exit 2; }
done

PEERS=${PEERS_DIR:-$WORK/peers}
mkdir -p "$PEERS" "$OUT"
if [[ ! -x $PEERS/venv/bin/check-jsonschema ]]; then
    log "installing check-jsonschema into $PEERS/venv (PyPI)"
    python3 -m venv "$PEERS/venv"
    "$PEERS/venv/bin/pip" install -q --disable-pip-version-check check-jsonschema
fi
if [[ ! -x $PEERS/npm/node_modules/.bin/ajv ]]; then
    log "installing ajv-cli and ajv-formats into $PEERS/npm (npm)"
    npm install --prefix "$PEERS/npm" --no-audit --no-fund --silent ajv-cli ajv-formats
fi
JCLI=$PEERS/jsonschema-cli/bin/jsonschema-cli
if [[ ! -x $JCLI ]] || [[ $("$JCLI" --version | awk '{print $NF}') != "$JSONSCHEMA_CLI_VERSION" ]]; then
    log "installing jsonschema-cli $JSONSCHEMA_CLI_VERSION into $PEERS/jsonschema-cli (cargo install)"
    CARGO_TARGET_DIR=$WORK/jsonschema-cli-build cargo install --quiet --locked --force \
        --version "$JSONSCHEMA_CLI_VERSION" --root "$PEERS/jsonschema-cli" jsonschema-cli
    rm -rf "$WORK/jsonschema-cli-build"
fi
CJS=$PEERS/venv/bin/check-jsonschema
AJV=$PEERS/npm/node_modules/.bin/ajv

log "building release binaries"
(cd "$ROOT" && cargo build --release --locked --quiet -p pipelint -p pipelint-bench)
BIN=$ROOT/target/release
PIPELINT=$BIN/pipelint
SCHEMA=$ROOT/schemas/create-pipe.schema.json

# --- corpora -----------------------------------------------------------------------------
# ajv-cli 5 exits at the first file that is not JSON, so the compared corpus has no syntax
# mistakes (trailing commas, truncation, comments); every other mistake kind is in it.
# Files are grouped PER_DIR to a folder, as in a repository of pipe definitions.
log "generating corpora in $WORK"
"$BIN/gen-corpus" --seed "$SEED" --count 1 --mistakes 0 --out "$WORK/one"
ONE=$(find "$WORK/one" -name '*.pipe.json' | head -n 1)
"$BIN/gen-corpus" --seed "$SEED" --count "$COUNT" --mistakes "$MISTAKES" \
    --no-syntax-mistakes --per-dir "$PER_DIR" --out "$WORK/many"
MANY=$WORK/many
if [[ $BIG_COUNT != 0 ]]; then
    "$BIN/gen-corpus" --seed "$SEED" --count "$BIG_COUNT" --mistakes "$MISTAKES" \
        --no-syntax-mistakes --per-dir "$PER_DIR" --out "$WORK/big"
fi

# check-jsonschema takes a list of files. xargs runs it once per batch of arguments that fits
# in the argument limit (-s below); the batch count is reported.
XARGS_S=$(( $(getconf ARG_MAX) - 262144 ))
batches() { find "$1" -name '*.pipe.json' -print0 | xargs -0 -s "$XARGS_S" sh -c 'echo batch' sh | wc -l; }
CJS_BATCHES=$(batches "$MANY")

# The commands (run without a shell: hyperfine -N), ONE is a single valid Kafka body.
cmd_pipelint_one="$PIPELINT check $ONE"
cmd_parse_one="$BIN/parse-only $ONE"
cmd_cjs_one="$CJS --schemafile $SCHEMA $ONE"
cmd_ajv_one="$AJV validate --spec=draft2020 --strict=false -c ajv-formats -s $SCHEMA -d $ONE"
# Formats asserted like the other peers; offline (no remote `$ref`s); only failures printed.
cmd_jcli_one="$JCLI validate --assert-format --offline --errors-only $SCHEMA -i $ONE"
cmd_pipelint_dir() { echo "$PIPELINT check $1"; }
cmd_pipelint_dir_1t() { echo "env RAYON_NUM_THREADS=1 $PIPELINT check $1"; }
cmd_parse_dir() { echo "$BIN/parse-only $1"; }
cmd_parse_dir_1t() { echo "env RAYON_NUM_THREADS=1 $BIN/parse-only $1"; }
cmd_cjs_dir() { echo "sh -c 'find $1 -name \"*.pipe.json\" -print0 | xargs -0 -s $XARGS_S $CJS --schemafile $SCHEMA \"\$@\"' sh"; }
cmd_ajv_dir() { echo "$AJV validate --spec=draft2020 --strict=false -c ajv-formats -s $SCHEMA -d '$1/**/*.pipe.json'"; }
# Like check-jsonschema, batches of paths from find | xargs; extra options go before the schema.
cmd_jcli_dir() { echo "sh -c 'find $1 -name \"*.pipe.json\" -print0 | xargs -0 -s $XARGS_S $JCLI validate --assert-format --offline \"\$@\" $SCHEMA -i' sh"; }

# --- sanity: every tool sees every file ----------------------------------------------------
log "sanity run (not timed): files flagged by each tool"
flagged_pipelint=$($PIPELINT check "$MANY" 2>&1 >/dev/null | tail -n 1 || true)
flagged_parse=$($BIN/parse-only "$MANY" 2>&1 || true)
flagged_ajv=$(eval "$(cmd_ajv_dir "$MANY")" 2>&1 | grep -cE ' (valid|invalid)$' || true)
flagged_ajv_bad=$(eval "$(cmd_ajv_dir "$MANY")" 2>&1 | grep -cE ' invalid$' || true)
flagged_cjs=$({ eval "$(cmd_cjs_dir "$MANY") -o json" 2>/dev/null || true; } \
    | python3 -c 'import json,sys
files=set()
for chunk in sys.stdin.read().replace("}\n{", "}\x00{").split("\x00"):
    if chunk.strip():
        d=json.loads(chunk); files.update(e["filename"] for e in d["errors"]); files.update(e["filename"] for e in d["parse_errors"])
print(len(files))' || echo "?")
jcli_out=$(eval "$(cmd_jcli_dir "$MANY")" 2>&1 || true)
flagged_jcli=$(grep -cE ' - (VALID|INVALID\. Errors:)$' <<<"$jcli_out" || true)
flagged_jcli_bad=$(grep -cE ' - INVALID\. Errors:$' <<<"$jcli_out" || true)
{
    echo "pipelint: $flagged_pipelint"
    echo "parse-only: $flagged_parse"
    echo "ajv-cli: $flagged_ajv files reported, $flagged_ajv_bad invalid"
    echo "check-jsonschema: $flagged_cjs files with errors ($CJS_BATCHES xargs batch(es))"
    echo "jsonschema-cli: $flagged_jcli files reported, $flagged_jcli_bad invalid ($CJS_BATCHES xargs batch(es))"
} | tee "$OUT/sanity.txt" >&2

# --- timing ------------------------------------------------------------------------------
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
# How much CPU the machine gives right now: one busy loop per core for 1 s, CPU time summed.
cpu_share() {
    python3 - "$(nproc)" <<'PY'
import multiprocessing as mp, sys, time
def spin(q):
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        pass
    q.put(time.process_time())
n = int(sys.argv[1]); q = mp.Queue()
ps = [mp.Process(target=spin, args=(q,)) for _ in range(n)]
[p.start() for p in ps]; [p.join() for p in ps]
print(f"{sum(q.get() for _ in ps):.2f}")
PY
}
CPU_BEFORE=$(cpu_share)
timeit() { # name runs warmup command
    local name=$1 runs=$2 warmup=$3 cmd=$4
    log "hyperfine: $name ($runs runs)"
    hyperfine -N --style basic -i --runs "$runs" --warmup "$warmup" \
        --export-json "$OUT/$name.json" --command-name "$name" "$cmd" >>"$OUT/hyperfine.log" 2>&1
}
rss() { # name command: median peak RSS (KiB) of RUNS_RSS runs
    local name=$1 cmd=$2 i
    : >"$OUT/$name.rss"
    for ((i = 0; i < RUNS_RSS; i++)); do
        (/usr/bin/time -f '%M %e' -o "$OUT/$name.rss.tmp" sh -c "$cmd" >/dev/null 2>&1) || true
        tail -n 1 "$OUT/$name.rss.tmp" >>"$OUT/$name.rss"
    done
    rm -f "$OUT/$name.rss.tmp"
}
: >"$OUT/hyperfine.log"

timeit one-pipelint "$RUNS_ONE" 5 "$cmd_pipelint_one"
timeit one-parse-only "$RUNS_ONE" 5 "$cmd_parse_one"
timeit one-check-jsonschema "$RUNS_ONE" 2 "$cmd_cjs_one"
timeit one-ajv-cli "$RUNS_ONE" 2 "$cmd_ajv_one"
timeit one-jsonschema-cli "$RUNS_ONE" 5 "$cmd_jcli_one"
timeit many-pipelint "$RUNS_MANY" 2 "$(cmd_pipelint_dir "$MANY")"
timeit many-parse-only "$RUNS_MANY" 2 "$(cmd_parse_dir "$MANY")"
timeit many-pipelint-1-thread "$RUNS_MANY" 1 "$(cmd_pipelint_dir_1t "$MANY")"
timeit many-parse-only-1-thread "$RUNS_MANY" 1 "$(cmd_parse_dir_1t "$MANY")"
timeit many-check-jsonschema "$RUNS_PEER_MANY" 1 "$(cmd_cjs_dir "$MANY")"
timeit many-ajv-cli "$RUNS_PEER_MANY" 1 "$(cmd_ajv_dir "$MANY")"
timeit many-jsonschema-cli "$RUNS_PEER_MANY" 1 "$(cmd_jcli_dir "$MANY") --errors-only"
if [[ $BIG_COUNT != 0 ]]; then
    timeit big-pipelint "$RUNS_PEER_MANY" 1 "$(cmd_pipelint_dir "$WORK/big")"
    timeit big-parse-only "$RUNS_PEER_MANY" 1 "$(cmd_parse_dir "$WORK/big")"
fi

log "peak RSS (/usr/bin/time, $RUNS_RSS runs each)"
rss one-pipelint "$cmd_pipelint_one"
rss one-parse-only "$cmd_parse_one"
rss one-check-jsonschema "$cmd_cjs_one"
rss one-ajv-cli "$cmd_ajv_one"
rss one-jsonschema-cli "$cmd_jcli_one"
rss many-pipelint "$(cmd_pipelint_dir "$MANY")"
rss many-parse-only "$(cmd_parse_dir "$MANY")"
rss many-pipelint-1-thread "$(cmd_pipelint_dir_1t "$MANY")"
rss many-parse-only-1-thread "$(cmd_parse_dir_1t "$MANY")"
rss many-check-jsonschema "$(cmd_cjs_dir "$MANY")"
rss many-ajv-cli "$(cmd_ajv_dir "$MANY")"
rss many-jsonschema-cli "$(cmd_jcli_dir "$MANY") --errors-only"
if [[ $BIG_COUNT != 0 ]]; then
    rss big-pipelint "$(cmd_pipelint_dir "$WORK/big")"
    rss big-parse-only "$(cmd_parse_dir "$WORK/big")"
fi
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
CPU_AFTER=$(cpu_share)

# --- report ------------------------------------------------------------------------------
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/^Mem:/ {print $2}') GiB memory; load average before $LOAD_BEFORE, after $LOAD_AFTER; CPU available (one busy loop per core for 1 s): $CPU_BEFORE cores before, $CPU_AFTER after"
    echo "pipelint: $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo '?'), $(rustc --version)"
    echo "peers: check-jsonschema $("$CJS" --version | awk '{print $NF}'), ajv-cli $(node -p "require('$PEERS/npm/node_modules/ajv-cli/package.json').version") (ajv $(node -p "require('$PEERS/npm/node_modules/ajv/package.json').version")), node $(node --version), $(python3 --version); jsonschema-cli $("$JCLI" --version | awk '{print $NF}'); hyperfine $(hyperfine --version | awk '{print $2}')"
    echo "corpus: seed $SEED, $COUNT files ($(du -sh "$MANY" | cut -f1) on disk), $PER_DIR per folder, $MISTAKES with a mistake (no syntax mistakes); memory run: $BIG_COUNT files"
    echo "command: COUNT=$COUNT BIG_COUNT=$BIG_COUNT PER_DIR=$PER_DIR RUNS_ONE=$RUNS_ONE RUNS_MANY=$RUNS_MANY RUNS_PEER_MANY=$RUNS_PEER_MANY RUNS_RSS=$RUNS_RSS bench/compare.sh"
    echo "check-jsonschema on the corpus: $CJS_BATCHES xargs batch(es)"
} >"$OUT/machine.txt"

python3 - "$OUT" "$COUNT" "$BIG_COUNT" <<'PY' | tee "$OUT/table.md"
import json, os, statistics, sys

out, count, big = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])

def timing(name):
    path = os.path.join(out, name + ".json")
    if not os.path.exists(path):
        return None
    r = json.load(open(path))["results"][0]
    return r

def rss(name):
    path = os.path.join(out, name + ".rss")
    if not os.path.exists(path):
        return None
    vals = [int(line.split()[0]) for line in open(path) if line.strip()]
    return statistics.median(vals) / 1024 if vals else None

def fmt_t(s):
    if s is None:
        return "—"
    if s < 0.01:
        return f"{s * 1000:.2f} ms"
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"

def fmt_m(m):
    return "—" if m is None else f"{m:.1f} MiB"

print(open(os.path.join(out, "machine.txt")).read().rstrip().replace("\n", "  \n"))
print()
print("| Files | Tool | Median | Min – max | Runs | × pipelint's time | Peak RSS (median) |")
print("|---|---|---:|---:|---:|---:|---:|")
rows = [
    ("one", "1", ["pipelint", "parse-only", "check-jsonschema", "ajv-cli", "jsonschema-cli"]),
    ("many", f"{count:,}", ["pipelint", "parse-only", "pipelint-1-thread", "parse-only-1-thread", "check-jsonschema", "ajv-cli", "jsonschema-cli"]),
]
if big:
    rows.append(("big", f"{big:,}", ["pipelint", "parse-only"]))
med = {}
for prefix, files, tools in rows:
    base = timing(f"{prefix}-pipelint")
    for tool in tools:
        r = timing(f"{prefix}-{tool}")
        if r is None:
            continue
        med[(prefix, tool)] = r["median"]
        ratio = r["median"] / base["median"] if base else None
        label = tool.replace("-1-thread", " (1 thread)")
        print(f"| {files} | {label} | {fmt_t(r['median'])} | {fmt_t(r['min'])} – {fmt_t(r['max'])} "
              f"| {len(r['times'])} | {ratio:.2f}× | {fmt_m(rss(f'{prefix}-{tool}'))} |")

print()
print("| Target | Measured | Holds |")
print("|---|---|---|")
def target(text, value, ok):
    print(f"| {text} | {value} | {'yes' if ok else '**no**'} |")
# The targets of issue 12.
p1 = med.get(("one", "pipelint"))
if p1:
    target("1 file: pipelint under 2.5 ms", fmt_t(p1), p1 < 0.0025)
    for peer in ["check-jsonschema", "ajv-cli"]:
        if ("one", peer) in med:
            r = med[("one", peer)] / p1
            target(f"1 file: ≥ 100× faster than {peer}", f"{r:.0f}×", r >= 100)
pm = med.get(("many", "pipelint"))
if pm:
    if ("many", "parse-only") in med:
        r = pm / med[("many", "parse-only")]
        target(f"{count:,} files: within 2× of parse-only", f"{r:.2f}×", r <= 2)
    if ("many", "check-jsonschema") in med:
        r = med[("many", "check-jsonschema")] / pm
        target(f"{count:,} files: ≥ 30× faster than check-jsonschema", f"{r:.1f}×", r >= 30)
    for peer in ["ajv-cli", "jsonschema-cli"]:
        if ("many", peer) in med:
            r = med[("many", peer)] / pm
            target(f"{count:,} files: faster than {peer}", f"{r:.2f}×", r > 1)
m_many, m_big = rss("many-pipelint"), rss("big-pipelint")
if m_many and m_big:
    r = m_big / m_many
    target(f"peak RSS {big:,} vs {count:,} files within 20 %", f"{fmt_m(m_many)} → {fmt_m(m_big)} ({(r - 1) * 100:+.0f} %)", r <= 1.2)
p1t = med.get(("many", "pipelint-1-thread"))
if pm and p1t:
    print()
    print(f"Parallel speed-up of pipelint on {os.cpu_count()} cores: {p1t / pm:.2f}× "
          f"(parse-only: {med[('many', 'parse-only-1-thread')] / med[('many', 'parse-only')]:.2f}×).")
PY
echo >&2
log "raw results in $OUT (hyperfine JSON, *.rss, hyperfine.log, sanity.txt, table.md)"
