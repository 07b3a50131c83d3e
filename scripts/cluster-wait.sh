#!/usr/bin/env bash
# Waits until scripts/cluster.sh, started in the background with its output in LOG, is up (its URL line), and
# prints the folder of its logs and pid files; fails with the log on stderr if it exits or takes over 60 s.
# Used by tests/cluster/cluster_test.sh and scripts/chaos.sh.
#   scripts/cluster-wait.sh LOG PID
set -euo pipefail
log=${1:?usage: scripts/cluster-wait.sh LOG PID} pid=${2:?usage: scripts/cluster-wait.sh LOG PID}
for _ in $(seq 1 600); do
  grep -qs '^cluster: http' "$log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; echo "the cluster did not start" >&2; exit 1; }
  sleep 0.1
done
grep -qs '^cluster: http' "$log" || { cat "$log" >&2; echo "the cluster did not start within 60 s" >&2; exit 1; }
run=$(sed -n 's/.*logs in \([^;]*\);.*/\1/p' "$log")
[ -d "$run" ] || { echo "no run folder in: $(head -1 "$log")" >&2; exit 1; }
echo "$run"
