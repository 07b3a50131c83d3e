#!/usr/bin/env bash
# The cluster on one machine (docs/server.md, "Running several servers"): scripts/cluster.sh with a throwaway
# PostgreSQL, three nodes and HAProxy on loopback ports. Through HAProxy: the health route, `node=NAME` reaching that
# node, a seek made on one node listed by another, games made and played to their end (strat-load, HTTP and
# WebSocket), and friend games whose sockets outnumber HAProxy's per-address limit (the ones refused try again
# once others have closed, and every game finishes with nothing lost); then a node killed with kill -9: HAProxy's health checks mark it down within seconds and its requests,
# `node=` ones included, go to the others, where games are still made and played; then PostgreSQL restarted under
# the nodes, which carry on; stopping the script stops everything and removes the throwaway database.
#   tests/cluster/cluster_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: tests/cluster/cluster_test.sh BUILD_DIR}" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "cluster test: $*" >&2; exit 1; }
# Four consecutive free loopback ports: HAProxy's and the three nodes'.
port=$(python3 - <<'PY'
import random, socket
while True:
    base = random.randrange(20000, 60000)
    try:
        for p in range(base, base + 4):
            s = socket.socket(); s.bind(("127.0.0.1", p)); s.close()
        print(base); break
    except OSError:
        pass
PY
)
url=http://127.0.0.1:$port
log=$(mktemp /tmp/strat-cluster-test.XXXXXX)
"$root/scripts/cluster.sh" --fresh --nodes 3 --port "$port" --build "$build" --max-per-address 16 >"$log" 2>&1 &
cluster=$!
finish() {
  kill -TERM "$cluster" 2>/dev/null || true  # a background job ignores SIGINT: TERM, which the script traps alike
  wait "$cluster" 2>/dev/null || true
  rm -f "$log"
}
trap finish EXIT
run=$("$root/scripts/cluster-wait.sh" "$log" "$cluster") || fail "the cluster did not start"

served_by() { curl -fsS -D - -o /dev/null "$url$1" | tr -d '\r' | sed -n 's/^x-strat-node: //Ip'; }
status_of() {  # a server's state in HAProxy's statistics: UP, DOWN, ...
  python3 - "$run/haproxy.sock" "$1" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.sendall(b"show stat\n")
out = b""
while chunk := s.recv(65536): out += chunk
lines = out.decode().splitlines()
head = lines[0].lstrip("# ").split(",")
for line in lines[1:]:
    row = dict(zip(head, line.split(",")))
    if row.get("pxname") == "nodes" and row.get("svname") == sys.argv[2]: print(row["status"].split()[0])
PY
}

[ "$(curl -fsS "$url/api/health")" = '{"ok":true}' ] || fail "GET /api/health through HAProxy"
for n in n1 n2 n3; do
  [ "$(status_of $n)" = UP ] || fail "node $n is not UP in HAProxy"
  [ "$(served_by "/api/health?node=$n")" = "$n" ] || fail "a request with node=$n did not reach $n"
done

# One database behind every node: a seek made on n1 is listed by n3.
player=$(curl -fsS -X POST "$url/api/players?node=n2" | python3 -c 'import json,sys; print(json.load(sys.stdin)["player"])')
seek=$(curl -fsS -X POST -H "Authorization: Bearer $player" -H 'Content-Type: application/json' \
  -d '{"game":"dhamet","clock_initial_ms":180000,"clock_increment_ms":2000}' "$url/api/seeks?node=n1" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -fsS "$url/api/seeks?node=n3" | grep -q "\"$seek\"" || fail "the seek made on n1 is not listed by n3"

load() { "$build/strat-load" --port "$port" --games 6 --game dhamet --server-agents >"$run/load.log" 2>&1 ||
  { cat "$run/load.log" >&2; fail "games through HAProxy $1"; }; }
load "(three nodes up)"

# 12 friend games from one address: 24 sockets, 16 let in at once (--max-per-address 16).
grep -q 'sc0_conn_cur gt 16' "$run/haproxy.cfg" || fail "HAProxy's configuration lacks the limit of 16 per address"
friends() {
  timeout 60 "$build/strat-load" --port "$port" --games 12 --game dhamet --max-plies 40 "$@" >"$run/friends.log" 2>&1 ||
    { cat "$run/friends.log" >&2; fail "friend games through HAProxy ($*)"; }
  grep -q 'lost 0, duplicated 0, mismatched games 0, unfinished 0, errors 0, failed connections 0' "$run/friends.log" ||
    { cat "$run/friends.log" >&2; fail "friend games through HAProxy ($*): not all clean"; }
}
friends --sources 1
grep -Eq '^reconnections [1-9]' "$run/friends.log" || { cat "$run/friends.log" >&2; fail "no socket was refused over the limit"; }
friends --sources 2
grep -q '^reconnections 0,' "$run/friends.log" || { cat "$run/friends.log" >&2; fail "sockets refused under the limit"; }

victim=$(served_by /api/health)
[ -n "$victim" ] || fail "HAProxy names no node in its answer"
kill -9 "$(cat "$run/$victim.pid")"
killed_at=$(date +%s%N)
until [ "$(status_of "$victim")" = DOWN ]; do
  (( ($(date +%s%N) - killed_at) / 1000000 < 5000 )) || fail "HAProxy did not mark the killed node $victim down within 5 s"
  sleep 0.1
done
echo "cluster test: $victim marked down $(( ($(date +%s%N) - killed_at) / 1000000 )) ms after kill -9"
other=$(served_by /api/health)
[ -n "$other" ] && [ "$other" != "$victim" ] || fail "requests still go to the killed node $victim"
moved=$(served_by "/api/health?node=$victim")
[ -n "$moved" ] && [ "$moved" != "$victim" ] || fail "node=$victim was not sent to a node that is up"
load "(one node killed)"
friends --sources 2

# PostgreSQL itself restarted under the nodes: they connect again by themselves (their lease renewals, their
# listening connections and their stores), and games are made and played as before.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as=(); [ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
"${as[@]}" "$pg_bin/pg_ctl" -D "$(dirname "$run")/pg" -m fast -w -t 60 restart >/dev/null ||
  fail "PostgreSQL did not restart"
load "(after PostgreSQL restarted)"

pids=$(cat "$run"/*.pid)
kill -TERM "$cluster"
wait "$cluster" 2>/dev/null || true
! curl -fsS -o /dev/null "$url/api/health" 2>/dev/null || fail "HAProxy still answers after the cluster stopped"
for pid in $pids; do ! kill -0 "$pid" 2>/dev/null || fail "process $pid outlived the cluster"; done
[ ! -e "$run" ] || fail "the throwaway database was left in $(dirname "$run")"
echo "cluster test: passed"
