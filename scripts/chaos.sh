#!/usr/bin/env bash
# The chaos run (docs/server.md, "Running several servers" and "Measured"): a throwaway cluster (scripts/cluster.sh
# --fresh: PostgreSQL, N nodes, HAProxy) on which strat-load plays friend games while a node picked at random is
# killed with kill -9 every PERIOD seconds and started again with the same name, port and arguments. At the end:
# strat-load's own checks (every game over, the stored moves exactly those acknowledged, plus those whose
# acknowledgement died with their node and that the next connection found stored; nothing duplicated), and every
# game's record, fetched through HAProxy, replayed by `strat replay`. Exit status 0 when all of that holds.
set -euo pipefail
usage() {
  cat <<'EOF'
usage: scripts/chaos.sh [--games N] [--period S] [--duration S] [--nodes N] [--port P] [--max-plies N]
                        [--sources N] [--game SPEC] [--build DIR]
  --games N      friend games played at once by strat-load (default 300)
  --period S     seconds between two kills (default 20)
  --duration S   seconds during which nodes are killed (default 300); the games are then played to their end
  --nodes N      strat serve nodes (default 3)
  --port P       HAProxy's port (default 8080); the nodes take P+1 ... P+N
  --max-plies N  plies after which a game is resigned (default 300; more plies, longer games)
  --sources N    client addresses strat-load spreads the games over, 127.0.0.1 ... (default 8)
  --game SPEC    the game played (default stratego)
  --build DIR    where strat and strat-load were built (default build)
EOF
}
games=300 period=20 duration=300 nodes=3 port=8080 plies=300 sources=8 game=stratego build=build
while (($#)); do
  case "$1" in
    --games) games=${2:?}; shift 2 ;;
    --period) period=${2:?}; shift 2 ;;
    --duration) duration=${2:?}; shift 2 ;;
    --nodes) nodes=${2:?}; shift 2 ;;
    --port) port=${2:?}; shift 2 ;;
    --max-plies) plies=${2:?}; shift 2 ;;
    --sources) sources=${2:?}; shift 2 ;;
    --game) game=${2:?}; shift 2 ;;
    --build) build=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "chaos: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
fail() { echo "chaos: $*" >&2; exit 1; }
for v in games period duration plies sources; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || fail "--${v/plies/max-plies} must be a positive whole number, not '${!v}'"
done
((nodes >= 2)) || fail "--nodes must be at least 2: a killed node's games go to another"
cd "$(dirname "$0")/.."
build=$(cd "$build" && pwd)
[ -x "$build/strat" ] && [ -x "$build/strat-load" ] || fail "build strat and strat-load in $build first"

log=$(mktemp -d /tmp/strat-chaos.XXXXXX)
scripts/cluster.sh --fresh --nodes "$nodes" --port "$port" --build "$build" --max-per-address 0 >"$log/cluster.log" 2>&1 &
cluster=$!
restarted=()  # nodes started again by this script: not the cluster script's children, so stopped here
finish() {
  for pid in "${restarted[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${restarted[@]}"; do wait "$pid" 2>/dev/null || true; done
  kill -TERM "$cluster" 2>/dev/null || true
  wait "$cluster" 2>/dev/null || true
}
trap finish EXIT
run=$(scripts/cluster-wait.sh "$log/cluster.log" "$cluster") || fail "the cluster did not start"
url=http://127.0.0.1:$port

# One round: strat-load playing the games to their end, checked (its exit status) before the next round starts.
rounds=0 load=""
round() {
  if [ -n "$load" ]; then
    local status=0
    wait "$load" || status=$?
    cat "$log/load.log"
    ((status == 0)) || { tail -5 "$log/load.err" >&2; fail "strat-load found a problem in round $rounds (above; $log/load.err)"; }
  fi
  rounds=$((rounds + 1))
  "$build/strat-load" --port "$port" --games "$games" --game "$game" --max-plies "$plies" --sources "$sources" \
    --seed "$rounds" --patience 60 >"$log/load.log" 2>"$log/load.err" &
  load=$!
}
round
echo "chaos: $games games at once on $nodes nodes behind $url; a node killed every $period s for $duration s (logs in $log)"

# kill -9 of node NAME, then the same command again under the same name (its arguments read from /proc first).
restart() {
  local name=$1 pid args
  pid=$(cat "$run/$name.pid")
  mapfile -d '' args <"/proc/$pid/cmdline"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true  # this script's own child (started again before): reaped without a notice
  while kill -0 "$pid" 2>/dev/null && [ "$(ps -o stat= -p "$pid")" != Z ]; do sleep 0.05; done
  STRAT_NODE=$name "${args[@]}" >>"$run/$name.log" 2>&1 &
  restarted+=($!)
  echo $! >"$run/$name.pid"
  for _ in $(seq 1 300); do
    (($(grep -c 'listening on' "$run/$name.log") > starts[$name])) && break
    sleep 0.1
  done
  starts[$name]=$(grep -c 'listening on' "$run/$name.log")
}
declare -A starts=()
for i in $(seq 1 "$nodes"); do starts[n$i]=1; done
kills=0 started=$(date +%s)
while :; do
  next=$((started + (kills + 1) * period))  # kills on a fixed schedule, whatever a restart took
  ((next - started <= duration)) || break
  while (($(date +%s) < next)); do
    kill -0 "$load" 2>/dev/null || round  # games that end before the duration: a new round of as many
    sleep 0.2
  done
  victim=n$((RANDOM % nodes + 1))
  restart "$victim"
  kills=$((kills + 1))
  echo "chaos: $(($(date +%s) - started)) s: $victim killed and started again"
done
round_status=0
wait "$load" || round_status=$?
cat "$log/load.log"
echo "chaos: $kills nodes killed in $(($(date +%s) - started)) s, $rounds rounds of $games games"
((round_status == 0)) || { tail -5 "$log/load.err" >&2; fail "strat-load found a problem in round $rounds (above; $log/load.err)"; }

# Every record replays: the games are read from the database, their records through HAProxy.
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
ids=$("$bin/psql" -h "$(dirname "$run")" -U strat -d strat -tAc "SELECT id FROM games")
replayed=0
for id in $ids; do
  curl -fsS -o "$log/record.txt" "$url/api/games/$id/record" || fail "no record of game $id"
  "$build/strat" replay "$log/record.txt" >"$log/replay.txt" 2>&1 || { cat "$log/replay.txt" >&2; fail "game $id does not replay"; }
  replayed=$((replayed + 1))
done
((replayed >= games * rounds)) || fail "$replayed games stored, $((games * rounds)) played"
echo "chaos: every record replays ($replayed games)"
rm -rf "$log"
