#!/usr/bin/env bash
# The allocator trial: `pipelint check` and the parse-only floor, each built once with the
# system allocator (glibc malloc) and once with mimalloc as the global allocator, measured
# on the same corpora: instructions (valgrind cachegrind, one thread, whole process) for one
# file and for the small corpus, and wall time (hyperfine) for the main corpus. Prints a
# Markdown table with the ratio pipelint ÷ parse-only under each allocator.
#
# The mimalloc builds are made in a temporary git worktree of HEAD (the tree you run it in
# is not changed); they fetch the mimalloc crate from crates.io and compile its C code.
# Needs valgrind and hyperfine (bench/compare.sh installs both).
#
# Settings (environment variables): COUNT=20000 SMALL_COUNT=2000 SEED=42 MISTAKES=0.2
# PER_DIR=1000 RUNS=10 MIMALLOC_VERSION=0.1
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
COUNT=${COUNT:-20000}
SMALL_COUNT=${SMALL_COUNT:-2000}
SEED=${SEED:-42}
MISTAKES=${MISTAKES:-0.2}
PER_DIR=${PER_DIR:-1000}
RUNS=${RUNS:-10}
MIMALLOC_VERSION=${MIMALLOC_VERSION:-0.1}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/pipelint-allocator.XXXXXX")
cleanup() {
    git -C "$ROOT" worktree remove --force "$WORK/tree" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
log() { printf '[allocator-trial] %s\n' "$*" >&2; }

BINS=(--bin pipelint --bin parse-only --bin gen-corpus)

log "building with the system allocator"
(cd "$ROOT" && cargo build --quiet --release --locked -p pipelint -p pipelint-bench "${BINS[@]}")
mkdir -p "$WORK/system" "$WORK/mimalloc"
cp "$ROOT/target/release/pipelint" "$ROOT/target/release/parse-only" "$WORK/system/"
GEN=$ROOT/target/release/gen-corpus

log "building with mimalloc $MIMALLOC_VERSION (worktree of HEAD in $WORK/tree)"
git -C "$ROOT" worktree add --quiet --detach "$WORK/tree" HEAD
(
    cd "$WORK/tree"
    cargo add --quiet -p pipelint "mimalloc@$MIMALLOC_VERSION"
    cargo add --quiet -p pipelint-bench "mimalloc@$MIMALLOC_VERSION"
    for main in crates/pipelint/src/main.rs crates/pipelint-bench/src/bin/parse_only.rs; do
        printf '\n#[global_allocator]\nstatic GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;\n' >>"$main"
    done
    CARGO_TARGET_DIR=$WORK/target cargo build --quiet --release -p pipelint -p pipelint-bench \
        --bin pipelint --bin parse-only
)
cp "$WORK/target/release/pipelint" "$WORK/target/release/parse-only" "$WORK/mimalloc/"

log "generating corpora"
"$GEN" --seed "$SEED" --count 1 --mistakes 0 --out "$WORK/one" >/dev/null
ONE=$(find "$WORK/one" -name '*.pipe.json' | head -n 1)
"$GEN" --seed "$SEED" --count "$SMALL_COUNT" --mistakes "$MISTAKES" --no-syntax-mistakes \
    --per-dir "$PER_DIR" --out "$WORK/small" >/dev/null
"$GEN" --seed "$SEED" --count "$COUNT" --mistakes "$MISTAKES" --no-syntax-mistakes \
    --per-dir "$PER_DIR" --out "$WORK/many" >/dev/null

icount() { # command... -> instructions (pipelint exits 1 on findings: not a failure here)
    local log
    log=$(RAYON_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true)
    awk '/I +refs:/ {gsub(",", "", $NF); print $NF}' <<<"$log"
}
median_ms() { # hyperfine JSON -> median in ms
    python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["results"][0]["median"]*1000, 1))' "$1"
}

declare -A result
for alloc in system mimalloc; do
    pl=$WORK/$alloc/pipelint
    po=$WORK/$alloc/parse-only
    log "measuring $alloc"
    result[$alloc,one,pl]=$(icount "$pl" check "$ONE")
    result[$alloc,one,po]=$(icount "$po" "$ONE")
    result[$alloc,small,pl]=$(icount "$pl" check "$WORK/small")
    result[$alloc,small,po]=$(icount "$po" "$WORK/small")
    hyperfine --style none -N -i -w 1 -r "$RUNS" --export-json "$WORK/$alloc-pl.json" \
        "$pl check $WORK/many" >/dev/null
    hyperfine --style none -N -i -w 1 -r "$RUNS" --export-json "$WORK/$alloc-po.json" \
        "$po $WORK/many" >/dev/null
    result[$alloc,many,pl]=$(median_ms "$WORK/$alloc-pl.json")
    result[$alloc,many,po]=$(median_ms "$WORK/$alloc-po.json")
done

ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}×')" "$1" "$2"; }
echo "| Measure | Allocator | pipelint | parse-only | pipelint ÷ parse-only |"
echo "|---|---|---:|---:|---:|"
for row in "one:instructions, 1 file" "small:instructions, $SMALL_COUNT files" "many:wall (median ms), $COUNT files"; do
    key=${row%%:*}
    name=${row#*:}
    for alloc in system mimalloc; do
        pl=${result[$alloc,$key,pl]}
        po=${result[$alloc,$key,po]}
        echo "| $name | $alloc | $pl | $po | $(ratio "$pl" "$po") |"
    done
done
