#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: initdb in a temporary folder, the server on a Unix socket
# there only (no TCP port, nothing shared with other runs), its URL in STRAT_TEST_POSTGRES, and the cluster
# stopped and removed when the command ends, whatever its outcome. The cluster runs as the invoking user, or
# as `postgres` when invoked as root (PostgreSQL refuses to run as root). Needs Debian's `postgresql`.
#   scripts/with-postgres.sh build/tests/test_server
set -euo pipefail
if [ $# -eq 0 ] || [ "$1" = "--help" ] || [ "$1" = "-h" ]; then
  echo "usage: scripts/with-postgres.sh COMMAND [ARGS...]   (runs COMMAND with STRAT_TEST_POSTGRES set)"
  exit $(( $# == 0 ? 2 : 0 ))
fi
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: PostgreSQL is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/strat-pg.XXXXXX)
as=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$dir"
  as=(runuser -u postgres --)
fi
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
"${as[@]}" "$bin/initdb" -D "$dir/data" -U strat -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# fsync off: a test cluster lives for one run; the durability under test is the server's commit-before-reply.
if ! "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
     -o "-k $dir -c listen_addresses= -p 5432 -c fsync=off -c max_connections=200" start >/dev/null; then
  cat "$dir/server.log" >&2
  exit 1
fi
export STRAT_TEST_POSTGRES="postgresql:///postgres?host=$dir&port=5432&user=strat"
set +e
"$@"
rc=$?
set -e
exit $rc
