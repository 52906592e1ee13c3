#!/usr/bin/env bash
# The census on a real Slurm cluster of one node, as docs/census.md tells a
# user to run it: munged, slurmctld and slurmd started here from a
# configuration of our own, the census submitted as a job array with
# sbatch, each task writing its shard, the shards merged with
# `grundy census merge` and compared with one run of the whole census.
#
#   bash scripts/slurm.sh [GRUNDY]     (default: target/debug/grundy)
#
# Installs Debian's slurm-wlm and munge when they are missing (as root or
# through sudo). Where they cannot be installed or started, it says why and
# exits 0 with "slurm test skipped": the rest of the suite does not need it.
# Everything it starts is stopped when it ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
grundy=$(realpath "${1:-target/debug/grundy}")

skip() {
  echo "slurm test skipped: $*"
  exit 0
}

sudo_or_not=()
[ "$(id -u)" -eq 0 ] || sudo_or_not=(sudo)
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null ||
  ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  echo "installing slurm-wlm and munge (Debian's packages)"
  if ! { "${sudo_or_not[@]}" apt-get update -qq &&
    "${sudo_or_not[@]}" apt-get install -y -qq slurm-wlm munge >/dev/null; }; then
    skip "apt-get could not install slurm-wlm and munge"
  fi
fi
# The daemons run as root here; elsewhere the test would need root's help
# for every one of them.
[ "$(id -u)" -eq 0 ] || skip "the Slurm daemons of this test run as root, and this is $(id -un)"

work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-slurm.XXXXXX")
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap stop EXIT

# munge: a key of this test's own and a socket in its folder.
mkdir -p "$work/munge"
chmod 711 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --force --foreground --key-file="$work/munge/munge.key" \
  --socket="$socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/munge.seed" \
  >"$work/munged.out" 2>&1 &
pids+=($!)

# Ports of our own, so that a Slurm already on the machine is left alone.
host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
mkdir -p "$work/state" "$work/spool" "$work/out"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=grundytest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
[ -S "$socket" ] || skip "munged did not start: $(cat "$work/munge/munged.log" 2>/dev/null)"
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
pids+=($!)

# The node is up once sinfo calls it idle (at most a minute).
ready=""
for _ in $(seq 120); do
  if [ "$(sinfo -h -N -o '%T' 2>/dev/null | head -1)" = "idle" ]; then
    ready=yes
    break
  fi
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "the Slurm node did not come up; its logs:" >&2
  tail -n 20 "$work/slurmctld.log" "$work/slurmd.log" "$work/slurmctld.out" "$work/slurmd.out" >&2 || true
  exit 1
fi

# The census of docs/census.md, small: 0.?? to 10,000 values in 4 shards.
shards=4
cat >"$work/census.sbatch" <<JOB
#!/bin/bash
#SBATCH --job-name=census --array=1-$shards --cpus-per-task=1 --time=10:00
#SBATCH --output=$work/out/slurm-%A_%a.log
"$grundy" census '0.??' --upto 10000 --jobs "\$SLURM_CPUS_PER_TASK" \\
  --shard "\$SLURM_ARRAY_TASK_ID/$shards" --output "$work/out/census-\$SLURM_ARRAY_TASK_ID.jsonl"
JOB
job=$(sbatch --parsable --wait "$work/census.sbatch" 2>&1 | tail -1) || true
echo "job array $job finished"
for i in $(seq "$shards"); do
  if [ ! -s "$work/out/census-$i.jsonl" ]; then
    echo "shard $i of $shards was not written; its log:" >&2
    cat "$work/out/"slurm-*_"$i".log >&2 2>/dev/null || true
    tail -n 20 "$work/slurmctld.log" "$work/slurmd.log" >&2 || true
    exit 1
  fi
done

"$grundy" census merge "$work"/out/census-*.jsonl >"$work/merged.jsonl"
"$grundy" census '0.??' --upto 10000 >"$work/whole.jsonl"
if ! cmp -s "$work/merged.jsonl" "$work/whole.jsonl"; then
  echo "the merged shards differ from one run of the whole census:" >&2
  diff "$work/merged.jsonl" "$work/whole.jsonl" | head -20 >&2
  exit 1
fi
codes=$(($(wc -l <"$work/whole.jsonl") - 1))
echo "$shards array tasks ran under slurmctld and slurmd; merged, their $codes codes are the census of one run"
echo "slurm: 1 passed, 0 failed"
