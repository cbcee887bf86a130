#!/usr/bin/env bash
# Whole-process comparison of `pipelint check` with check-jsonschema (PyPI), ajv-cli (npm),
# jsonschema-cli (crates.io) and a parse-only Rust baseline, in one run on one machine; plus
# instruction counts (valgrind), large single bodies and language-server edit latency. See
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
#   COUNT=20000        files in the main corpus (every tool)
#   SMALL_COUNT=2000   files in the small corpus (pipelint and parse-only; 0 skips it)
#   BIG_COUNT=100000   files in the memory-growth corpus (0 skips it)
#   SEED=42 MISTAKES=0.2
#   PER_DIR=1000       files per subfolder of the corpora (0: all in one folder)
#   RUNS_ONE=30        hyperfine runs for one file (every tool)
#   RUNS_MANY=20       hyperfine runs for the corpus (pipelint, parse-only)
#   RUNS_PEER_MANY=3   hyperfine runs for the corpus (check-jsonschema, ajv-cli, jsonschema-cli)
#   RUNS_RSS=3         /usr/bin/time runs per peak-RSS figure (the median is shown)
#   SIZES="1000000 10000000"   single-body sizes in bytes (time, peak RSS, instructions)
#   RUNS_SIZE=5        hyperfine runs per single body
#   LSP_SIZES="100000 1000000" body sizes of the language-server edit latency (empty skips)
#   LSP_EDITS=20       language-server edits per size (half with a finding, half clean)
#   ICOUNT=1           instruction counts with valgrind (0 skips them)
#   PEERS_DIR=         reuse peers installed there (venv/, npm/, jsonschema-cli/) instead of a
#                      temporary folder
#   JSONSCHEMA_CLI_VERSION=0.60.2   the jsonschema-cli release installed (the jsonschema crate
#                      version pipelint uses)
#   OUT=target/compare where the raw hyperfine JSON, the logs and table.md are kept
#   KEEP=0             1 keeps the temporary folder (corpora) for inspection
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COUNT=${COUNT:-20000}
SMALL_COUNT=${SMALL_COUNT:-2000}
BIG_COUNT=${BIG_COUNT:-100000}
SEED=${SEED:-42}
MISTAKES=${MISTAKES:-0.2}
PER_DIR=${PER_DIR:-1000}
RUNS_ONE=${RUNS_ONE:-30}
RUNS_MANY=${RUNS_MANY:-20}
RUNS_PEER_MANY=${RUNS_PEER_MANY:-3}
RUNS_RSS=${RUNS_RSS:-3}
SIZES=${SIZES-1000000 10000000}
RUNS_SIZE=${RUNS_SIZE:-5}
LSP_SIZES=${LSP_SIZES-100000 1000000}
LSP_EDITS=${LSP_EDITS:-20}
ICOUNT=${ICOUNT:-1}
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
if [[ $ICOUNT == 1 ]]; then
    command -v valgrind >/dev/null || { log "installing valgrind (apt)"; apt_install valgrind; }
fi
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
if [[ $SMALL_COUNT != 0 ]]; then
    "$BIN/gen-corpus" --seed "$SEED" --count "$SMALL_COUNT" --mistakes "$MISTAKES" \
        --no-syntax-mistakes --per-dir "$PER_DIR" --out "$WORK/small"
fi
# Single valid Kafka bodies padded with mapped columns to each size (1 MB, 10 MB, ...).
mkdir -p "$WORK/bodies"
for size in $SIZES $LSP_SIZES; do
    [[ -f $WORK/bodies/b$size.pipe.json ]] ||
        "$BIN/gen-big" --seed "$SEED" --bytes "$size" --out "$WORK/bodies/b$size.pipe.json" >/dev/null
done
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
# The same file as the only file of a directory: the walk (ignore files, config lookup) too.
cmd_pipelint_one_dir="$PIPELINT check $WORK/one"
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
timeit one-dir-pipelint "$RUNS_ONE" 5 "$cmd_pipelint_one_dir"
if [[ $SMALL_COUNT != 0 ]]; then
    timeit small-pipelint "$RUNS_MANY" 2 "$(cmd_pipelint_dir "$WORK/small")"
    timeit small-parse-only "$RUNS_MANY" 2 "$(cmd_parse_dir "$WORK/small")"
fi
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
for size in $SIZES; do
    timeit "body$size-pipelint" "$RUNS_SIZE" 1 "$PIPELINT check $WORK/bodies/b$size.pipe.json"
    timeit "body$size-parse-only" "$RUNS_SIZE" 1 "$BIN/parse-only $WORK/bodies/b$size.pipe.json"
done
# Language server: edit -> diagnostics over stdio, as an editor sees it (see lsp_latency.rs).
for size in $LSP_SIZES; do
    log "language server: $LSP_EDITS edits of the $size-byte body"
    "$BIN/lsp-latency" --server "$PIPELINT" --file "$WORK/bodies/b$size.pipe.json" \
        --edits "$LSP_EDITS" >"$OUT/lsp$size.json"
done

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
for size in $SIZES; do
    rss "body$size-pipelint" "$PIPELINT check $WORK/bodies/b$size.pipe.json"
    rss "body$size-parse-only" "$BIN/parse-only $WORK/bodies/b$size.pipe.json"
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
CPU_AFTER=$(cpu_share)

# --- instruction counts ----------------------------------------------------------------
# valgrind counts the instructions a process executes (user space, kernel time excluded): the
# same on a loaded machine as on an idle one, unlike wall time. One thread, so that the count
# is exact (two threads run the same instructions, within 0.02 %). Output discarded.
icount() { # name command...
    local name=$1
    shift
    log "instructions: $name"
    (RAYON_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$@" >/dev/null 2>"$OUT/icount/$name.log") || true
    grep -E 'I +refs:' "$OUT/icount/$name.log" | awk '{gsub(",", "", $NF); print $NF}' >"$OUT/icount/$name"
}
rm -rf "$OUT/icount"
if [[ $ICOUNT == 1 ]]; then
    mkdir -p "$OUT/icount"
    icount one-pipelint $cmd_pipelint_one
    icount one-dir-pipelint $cmd_pipelint_one_dir
    icount one-parse-only $cmd_parse_one
    icount one-dir-parse-only "$BIN/parse-only" "$WORK/one"
    icount one-jsonschema-cli $cmd_jcli_one
    if [[ $SMALL_COUNT != 0 ]]; then
        icount small-pipelint "$PIPELINT" check "$WORK/small"
        icount small-parse-only "$BIN/parse-only" "$WORK/small"
        # jsonschema-cli takes the list of files (one process: it must fit one argument list).
        mapfile -t small_files < <(find "$WORK/small" -name '*.pipe.json' | sort)
        icount small-jsonschema-cli "$JCLI" validate --assert-format --offline --errors-only \
            "$SCHEMA" -i "${small_files[@]}"
    fi
    icount many-pipelint "$PIPELINT" check "$MANY"
    icount many-parse-only "$BIN/parse-only" "$MANY"
    for size in $SIZES; do
        icount "body$size-pipelint" "$PIPELINT" check "$WORK/bodies/b$size.pipe.json"
        icount "body$size-parse-only" "$BIN/parse-only" "$WORK/bodies/b$size.pipe.json"
    done
fi

# --- report ------------------------------------------------------------------------------
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/^Mem:/ {print $2}') GiB memory; load average before $LOAD_BEFORE, after $LOAD_AFTER; CPU available (one busy loop per core for 1 s): $CPU_BEFORE cores before, $CPU_AFTER after"
    echo "pipelint: $(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo '?'), $(rustc --version)"
    echo "peers: check-jsonschema $("$CJS" --version | awk '{print $NF}'), ajv-cli $(node -p "require('$PEERS/npm/node_modules/ajv-cli/package.json').version") (ajv $(node -p "require('$PEERS/npm/node_modules/ajv/package.json').version")), node $(node --version), $(python3 --version); jsonschema-cli $("$JCLI" --version | awk '{print $NF}'); hyperfine $(hyperfine --version | awk '{print $2}')"
    echo "corpus: seed $SEED, $COUNT files ($(du -sh "$MANY" | cut -f1) on disk), $PER_DIR per folder, $MISTAKES with a mistake (no syntax mistakes); small corpus: $SMALL_COUNT files (the first of the same seed); memory run: $BIG_COUNT files; single bodies: $(for f in "$WORK"/bodies/*.pipe.json; do [[ -e $f ]] && printf '%s B ' "$(stat -c %s "$f")"; done)(valid Kafka, mapped columns added)"
    echo "command: COUNT=$COUNT SMALL_COUNT=$SMALL_COUNT BIG_COUNT=$BIG_COUNT PER_DIR=$PER_DIR RUNS_ONE=$RUNS_ONE RUNS_MANY=$RUNS_MANY RUNS_PEER_MANY=$RUNS_PEER_MANY RUNS_RSS=$RUNS_RSS SIZES=\"$SIZES\" RUNS_SIZE=$RUNS_SIZE LSP_SIZES=\"$LSP_SIZES\" LSP_EDITS=$LSP_EDITS ICOUNT=$ICOUNT bench/compare.sh"
    echo "instructions: $( [[ $ICOUNT == 1 ]] && valgrind --version || echo 'not measured (ICOUNT=0)'), cachegrind --cache-sim=no, RAYON_NUM_THREADS=1"
    echo "check-jsonschema on the corpus: $CJS_BATCHES xargs batch(es)"
} >"$OUT/machine.txt"

python3 - "$OUT" "$COUNT" "$BIG_COUNT" "$SMALL_COUNT" "$SIZES" "$LSP_SIZES" "$WORK/bodies" <<'PY' | tee "$OUT/table.md"
import json, os, statistics, sys

out, count, big, small = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
sizes = [int(s) for s in sys.argv[5].split()]
lsp_sizes = [int(s) for s in sys.argv[6].split()]
bodies = sys.argv[7]

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
    ("one-dir", "1 (its folder)", ["pipelint"]),
]
if small:
    rows.append(("small", f"{small:,}", ["pipelint", "parse-only"]))
rows.append(("many", f"{count:,}", ["pipelint", "parse-only", "pipelint-1-thread", "parse-only-1-thread", "check-jsonschema", "ajv-cli", "jsonschema-cli"]))
for size in sizes:
    rows.append((f"body{size}", f"1 body of {size / 1e6:g} MB", ["pipelint", "parse-only"]))
if big:
    rows.append(("big", f"{big:,}", ["pipelint", "parse-only"]))
med = {}
for prefix, files, tools in rows:
    base = timing(f"{prefix}-pipelint") or timing("one-pipelint")
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
print("| Target (issue 12) | Measured | Holds |")
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

# Instruction counts (valgrind, one thread): exact whatever the load.
def icount(name):
    path = os.path.join(out, "icount", name)
    try:
        return int(open(path).read().split()[0])
    except (OSError, IndexError, ValueError):
        return None

def fmt_i(n):
    if n is None:
        return "—"
    return f"{n / 1e9:.2f} G" if n >= 1e9 else f"{n / 1e6:.2f} M" if n >= 1e6 else f"{n / 1e3:.0f} k"

def body_bytes(size):
    try:
        return os.path.getsize(os.path.join(bodies, f"b{size}.pipe.json"))
    except OSError:
        return None

irows = [("one", "1 file, named", 1), ("one-dir", "1 file, its folder", 1)]
if small:
    irows.append(("small", f"{small:,} files", small))
irows.append(("many", f"{count:,} files", count))
irows += [(f"body{size}", f"1 body of {size / 1e6:g} MB", 1) for size in sizes]
if any(icount(f"{p}-pipelint") for p, _, _ in irows):
    print()
    print("| Input | pipelint instructions | parse-only | pipelint ÷ parse-only | pipelint per file (per byte for a body) | jsonschema-cli | pipelint ÷ jsonschema-cli |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for prefix, label, files in irows:
        pl, po, jc = icount(f"{prefix}-pipelint"), icount(f"{prefix}-parse-only"), icount(f"{prefix}-jsonschema-cli")
        if pl is None:
            continue
        ratio = f"{pl / po:.2f}×" if po else "—"
        if prefix.startswith("body") and body_bytes(int(prefix[4:])):
            per = f"{pl / body_bytes(int(prefix[4:])):.0f} per byte"
        else:
            per = fmt_i(pl / files)
        print(f"| {label} | {fmt_i(pl)} | {fmt_i(po)} | {ratio} | {per} | {fmt_i(jc)} | {f'{pl / jc:.2f}×' if jc else '—'} |")

# Language server: edit -> publishDiagnostics, over stdio.
lsp = {}
for size in lsp_sizes:
    try:
        lsp[size] = json.load(open(os.path.join(out, f"lsp{size}.json")))
    except (OSError, ValueError):
        pass
if lsp:
    print()
    print("| Language server, body | didOpen | Edit with a finding: min / median / max | Clean edit: min / median / max |")
    print("|---|---:|---:|---:|")
    def mmm(r):
        return f"{r['min_ms']:.2f} / **{r['median_ms']:.2f}** / {r['max_ms']:.2f} ms ({r['n']} edits)" if r["n"] else "—"
    for size, r in lsp.items():
        print(f"| {r['file_bytes']:,} B | {r['open_ms']:.1f} ms | {mmm(r['finding'])} | {mmm(r['clean'])} |")

# The targets of issue 26. Instruction counts decide where the target is in instructions;
# wall-time verdicts move with the machine's load (printed above).
print()
print("| Target (issue 26) | Measured | Holds |")
print("|---|---|---|")
for prefix, files in ([("small", small)] if small else []) + [("many", count)]:
    pl, po = icount(f"{prefix}-pipelint"), icount(f"{prefix}-parse-only")
    if pl and po:
        target(f"{files:,} files: within 2.0× parse-only in instructions", f"{pl / po:.2f}× ({fmt_i(pl / files)} vs {fmt_i(po / files)} per file)", pl / po <= 2.0)
    tp, to = med.get((prefix, "pipelint")), med.get((prefix, "parse-only"))
    if tp and to:
        target(f"{files:,} files: within 2.0× parse-only in wall time", f"{tp / to:.2f}× ({fmt_t(tp)} vs {fmt_t(to)})", tp / to <= 2.0)
if pm:
    for peer, factor in [("jsonschema-cli", 1.3), ("check-jsonschema", 50)]:
        if ("many", peer) in med:
            r = med[("many", peer)] / pm
            target(f"{count:,} files: ≥ {factor:g}× faster than {peer} (wall)", f"{r:.2f}× ({fmt_t(med[('many', peer)])} vs {fmt_t(pm)})", r >= factor)
i1, i1d = icount("one-pipelint"), icount("one-dir-pipelint")
if i1:
    target("1 file: ≤ 1.3 M instructions", fmt_i(i1), i1 <= 1.3e6)
if p1:
    target("1 file: ≤ 1.3 ms (wall, median)", f"{fmt_t(p1)} (min {fmt_t(timing('one-pipelint')['min'])})", p1 <= 0.0013)
if i1d:
    target("1 file as a folder: ≤ 1.4 M instructions", fmt_i(i1d), i1d <= 1.4e6)
for size, limit in [(100000, 3.0), (1000000, 20.0)]:
    if size in lsp and lsp[size]["finding"]["n"]:
        m = lsp[size]["finding"]["median_ms"]
        target(f"Language server, edit → diagnostics at {size / 1e6:g} MB: ≤ {limit:g} ms (median, edit with a finding)", f"{m:.2f} ms (clean edit {lsp[size]['clean']['median_ms']:.2f} ms)", m <= limit)
if sizes:
    top = max(sizes)
    r_top, b_top = rss(f"body{top}-pipelint"), body_bytes(top)
    if r_top and b_top:
        r = r_top * 1024 * 1024 / b_top
        target(f"1 body of {top / 1e6:g} MB: peak RSS ≤ 6× the file size", f"{r:.1f}× ({fmt_m(r_top)} for {b_top / 2**20:.1f} MiB)", r <= 6)
    low = min(sizes)
    if low != top and body_bytes(low) and body_bytes(top):
        scale = body_bytes(top) / body_bytes(low)
        # Linear: the time grows no faster than the size, with 10 % to spare.
        tl, tt = med.get((f"body{low}", "pipelint")), med.get((f"body{top}", "pipelint"))
        if tl and tt:
            target(f"Time linear from {low / 1e6:g} to {top / 1e6:g} MB (≤ 1.1 × {scale:.1f}) in wall time", f"{tt / tl:.1f}× ({fmt_t(tl)} → {fmt_t(tt)})", tt / tl <= 1.1 * scale)
        il, it = icount(f"body{low}-pipelint"), icount(f"body{top}-pipelint")
        if il and it:
            target(f"Time linear from {low / 1e6:g} to {top / 1e6:g} MB (≤ 1.1 × {scale:.1f}) in instructions", f"{it / il:.1f}× ({fmt_i(il)} → {fmt_i(it)})", it / il <= 1.1 * scale)
PY
echo >&2
log "raw results in $OUT (hyperfine JSON, *.rss, hyperfine.log, sanity.txt, table.md)"
