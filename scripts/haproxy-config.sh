#!/usr/bin/env bash
# Writes to stdout the HAProxy configuration that fronts strat serve nodes (docs/server.md, "Running several
# servers"): HTTP and WebSocket on one port, each node health-checked on GET /api/health, a request whose query names
# a node (`node=NAME`, as a `moved` answer tells the browser) sent to that node while it is up, every other request
# balanced by the client's address (consistent hashing), and a connection that cannot reach its node redispatched.
#   scripts/haproxy-config.sh --port 8080 --nodes 3                  nodes n1..n3 on 127.0.0.1:8081..8083
#   scripts/haproxy-config.sh --port 80 --host 0.0.0.0 --server n1=10.0.0.11:8080 --server n2=10.0.0.12:8080
set -euo pipefail
port=8080 host=127.0.0.1 nodes=3 socket="" per_address=64 servers=()
for arg in "$@"; do
  case "$arg" in
    -h|--help)
      echo "usage: scripts/haproxy-config.sh [--port P] [--host H] [--nodes N | --server NAME=HOST:PORT ...] [--socket PATH]"
      echo "                                 [--max-per-address N]"
      echo "  without --server: nodes n1..nN on 127.0.0.1, ports P+1..P+N; --socket: HAProxy's admin socket"
      echo "  --max-per-address N: connections at once per client address (default 64, as strat serve; 0: no limit)"
      exit 0 ;;
  esac
done
# Every option takes a value.
while (($# >= 2)); do
  value=$2
  case "$1" in
    --port) port=$value ;;
    --host) host=$value ;;
    --nodes) nodes=$value ;;
    --socket) socket=$value ;;
    --max-per-address) per_address=$value ;;
    --server) servers+=("$value") ;;
    *) break ;;
  esac
  shift 2
done
(($# == 0)) || { echo "haproxy-config: unknown option or missing value at '$1' (see --help)" >&2; exit 2; }
if ((${#servers[@]} == 0)); then
  for i in $(seq 1 "$nodes"); do servers+=("n$i=127.0.0.1:$((port + i))"); done
fi
[[ "$per_address" =~ ^[0-9]+$ ]] || { echo "haproxy-config: --max-per-address must be a whole number, not '$per_address'" >&2; exit 2; }
for s in "${servers[@]}"; do
  [[ "$s" =~ ^[A-Za-z0-9_.-]+=[^=[:space:]]+:[0-9]+$ ]] || { echo "haproxy-config: bad --server '$s' (NAME=HOST:PORT)" >&2; exit 2; }
done

cat <<EOF
# Made by scripts/haproxy-config.sh (docs/server.md, "Running several servers").
global
  log stderr format raw daemon notice
$([ -n "$socket" ] && echo "  stats socket $socket mode 600 level admin")

defaults
  mode http
  log global
  option dontlog-normal
  timeout connect 5s
  timeout http-request 10s     # the nodes' own limit for a first request
  timeout http-keep-alive 60s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h            # an upgraded WebSocket: the nodes ping every 30 s
  timeout client-fin 5s
  timeout check 5s             # a busy node answers its health check late; a dead one refuses it at once
  retries 3
  option redispatch 1          # a connection refused by a node that died is retried on another

frontend strat
  bind $host:$port
$(if ((per_address > 0)); then cat <<LIMIT
  # At most $per_address connections per client address, as a node alone allows (the nodes behind it see only HAProxy).
  stick-table type ipv6 size 100k expire 60s store conn_cur
  tcp-request connection track-sc0 src
  tcp-request connection reject if { sc0_conn_cur gt $per_address }
LIMIT
fi)
  default_backend nodes

backend nodes
  balance source
  hash-type consistent
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
  http-response set-header X-Strat-Node %[srv_name]
EOF
for s in "${servers[@]}"; do
  name=${s%%=*}
  echo "  use-server $name if { urlp(node) -m str $name }"
done
for s in "${servers[@]}"; do
  echo "  server ${s%%=*} ${s#*=}"
done
