#!/usr/bin/env bash
# Runs the platform as a cluster on this machine (docs/server.md, "Running several servers"): one PostgreSQL, N
# `strat serve` nodes on loopback ports sharing it, and HAProxy in front on one port. Prints the URL; Ctrl-C stops
# them all, and so does any of them failing to start. The database lives in a folder that outlives the run
# (cluster-data/ by default, ignored by git), or, with --fresh, in a temporary one removed at the end.
set -euo pipefail
usage() {
  cat <<'EOF'
usage: scripts/cluster.sh [--nodes N] [--port P] [--host H] [--data DIR | --fresh] [--build DIR]
                          [--max-per-address N]
  --nodes N    strat serve nodes, named n1 ... nN (default 3)
  --port P     HAProxy's port (default $PORT, else 8080); the nodes take P+1 ... P+N on 127.0.0.1
  --host H     HAProxy's listen address (default 127.0.0.1; 0.0.0.0 to let others in)
  --data DIR   the PostgreSQL cluster's folder, kept between runs (default cluster-data)
  --fresh      a throwaway PostgreSQL cluster in a temporary folder, removed when the cluster stops
  --build DIR  where `strat` was built (default build)
  --max-per-address N  HAProxy's limit of connections at once per client address (default 64; 0: none)
EOF
}
nodes=3 port=${PORT:-8080} host=127.0.0.1 data=cluster-data fresh=0 build=build per_address=64
while (($#)); do
  case "$1" in
    --nodes) nodes=${2:?}; shift 2 ;;
    --port) port=${2:?}; shift 2 ;;
    --host) host=${2:?}; shift 2 ;;
    --data) data=${2:?}; shift 2 ;;
    --fresh) fresh=1; shift ;;
    --build) build=${2:?}; shift 2 ;;
    --max-per-address) per_address=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "cluster: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
fail() { echo "cluster: $*" >&2; exit 1; }
[[ "$nodes" =~ ^[1-9][0-9]?$ ]] || fail "--nodes must be 1 to 99, not '$nodes'"
[[ "$port" =~ ^[0-9]+$ ]] && ((port > 0 && port + nodes < 65536)) || fail "--port must leave room for $nodes nodes above it"
cd "$(dirname "$0")/.."
strat=$build/strat
[ -x "$strat" ] || fail "no $strat: build first (make build)"
command -v haproxy >/dev/null || fail "HAProxy is not installed (scripts/install-deps.sh installs it)"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || fail "PostgreSQL is not installed (scripts/install-deps.sh installs it)"

if ((fresh)); then
  data=$(mktemp -d /tmp/strat-cluster.XXXXXX)
else
  mkdir -p "$data"
  data=$(cd "$data" && pwd)
fi
# PostgreSQL listens on a Unix socket in the folder only (no TCP port), whose path the kernel limits to 107 bytes.
((${#data} <= 90)) || fail "the data folder's path is too long for PostgreSQL's socket: $data (use --data)"
run=$data/run
mkdir -p "$run"
as=()
if [ "$(id -u)" -eq 0 ]; then
  # PostgreSQL refuses to run as root: its folder belongs to `postgres`, which must reach it.
  chown postgres "$data" "$run"
  runuser -u postgres -- test -x "$data" || fail "user postgres cannot enter $data (use --data /tmp/...)"
  as=(runuser -u postgres --)
fi

pids=()
stop() {
  trap - EXIT INT TERM
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  "${as[@]}" "$bin/pg_ctl" -D "$data/pg" -m fast stop >/dev/null 2>&1 || true
  if ((fresh)); then rm -rf "$data"; fi
}
trap stop EXIT
trap 'exit 130' INT TERM

# PostgreSQL: made on the first run, started on every run.
if [ ! -f "$data/pg/PG_VERSION" ]; then
  "${as[@]}" "$bin/initdb" -D "$data/pg" -U strat -A trust -E UTF8 >"$run/initdb.log" 2>&1 ||
    fail "initdb failed: $(tail -1 "$run/initdb.log")"
fi
pg_options="-k $data -c listen_addresses= -p 5432 -c max_connections=300"
if ((fresh)); then pg_options+=" -c fsync=off"; fi  # a throwaway cluster: durability is the nodes' to test
"${as[@]}" "$bin/pg_ctl" -D "$data/pg" -l "$run/postgres.log" -w -t 60 -o "$pg_options" start >/dev/null ||
  fail "PostgreSQL did not start: $(tail -1 "$run/postgres.log")"
"$bin/psql" -h "$data" -U strat -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'strat'" | grep -q 1 ||
  "$bin/createdb" -h "$data" -U strat strat || fail "cannot create the database 'strat'"
db="postgresql:///strat?host=$data&port=5432&user=strat"

# The nodes: names n1 ... nN, each told its name (STRAT_NODE, and --node where this strat knows it).
knows_node=0
"$strat" serve --help 2>/dev/null | grep -q -- '--node' && knows_node=1
threads=$(( $(nproc) / nodes )); ((threads >= 1)) || threads=1
for i in $(seq 1 "$nodes"); do
  name=n$i
  args=(serve --port $((port + i)) --host 127.0.0.1 --db "$db" --max-per-address 0 --agent-threads "$threads")
  if ((knows_node)); then args+=(--node "$name"); fi
  STRAT_NODE=$name "$strat" "${args[@]}" >"$run/$name.log" 2>&1 &
  pids+=($!)
  echo $! >"$run/$name.pid"
done
for i in $(seq 1 "$nodes"); do
  name=n$i
  for _ in $(seq 1 300); do
    grep -q 'listening on' "$run/$name.log" && break
    kill -0 "$(cat "$run/$name.pid")" 2>/dev/null || fail "node $name did not start: $(tail -1 "$run/$name.log")"
    sleep 0.1
  done
  grep -q 'listening on' "$run/$name.log" || fail "node $name did not start within 30 s (see $run/$name.log)"
done

# HAProxy in front: its configuration written for these nodes at each run.
scripts/haproxy-config.sh --port "$port" --host "$host" --nodes "$nodes" --socket "$run/haproxy.sock" \
  --max-per-address "$per_address" >"$run/haproxy.cfg" || fail "cannot write HAProxy's configuration"
haproxy -c -q -f "$run/haproxy.cfg" >"$run/haproxy.log" 2>&1 || fail "bad HAProxy configuration: $(tail -1 "$run/haproxy.log")"
haproxy -db -f "$run/haproxy.cfg" >>"$run/haproxy.log" 2>&1 &
pids+=($!)
echo $! >"$run/haproxy.pid"
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" 2>/dev/null && break
  kill -0 "$(cat "$run/haproxy.pid")" 2>/dev/null || fail "HAProxy did not start: $(tail -1 "$run/haproxy.log")"
  sleep 0.1
done
curl -fsS -o /dev/null "http://127.0.0.1:$port/api/health" || fail "HAProxy does not answer on port $port"

shown=$host; [ "$host" = 0.0.0.0 ] && shown=localhost
echo "cluster: http://$shown:$port/ — HAProxy in front of $nodes nodes (127.0.0.1:$((port + 1))-$((port + nodes))), PostgreSQL in $data; logs in $run; Ctrl-C stops them all"
# A node that dies is reported and left to HAProxy, which sends its clients to the others: that is the point.
declare -A reported=()
while sleep 1; do
  for i in $(seq 1 "$nodes"); do
    pid=$(cat "$run/n$i.pid")
    if [ -z "${reported[$pid]:-}" ] && ! kill -0 "$pid" 2>/dev/null; then
      reported[$pid]=1
      echo "cluster: node n$i (pid $pid) has exited: $(tail -1 "$run/n$i.log")" >&2
    fi
  done
  kill -0 "$(cat "$run/haproxy.pid")" 2>/dev/null || fail "HAProxy has exited: $(tail -1 "$run/haproxy.log")"
done
