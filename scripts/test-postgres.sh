#!/usr/bin/env bash
# Starts (start) or stops (stop DIR) a throwaway PostgreSQL cluster on a loopback port for the
# server tests. PostgreSQL refuses to run as root, so the cluster belongs to the postgres user.
# `start` prints the connection URL on its last line.
set -euo pipefail
cmd=${1:-start}
port=${DQC_TEST_PG_PORT:-55432}
# A port something already listens on (another cluster left running) is skipped, not fought over.
if [ "$cmd" = start ] && [ -z "${DQC_TEST_PG_PORT:-}" ]; then
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
fi
state=/tmp/dqc-test-pg-$port.dir
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    dir=$(mktemp -d /tmp/dqc-pg-XXXXXX)
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --no-sync >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off" start >/dev/null
    echo "$dir" > "$state"
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:-$(cat "$state" 2>/dev/null || true)}
    [ -n "$dir" ] && [ -d "$dir" ] || exit 0
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null || true
    rm -rf "$dir" "$state"
    ;;
  *) echo "usage: $0 start|stop [dir]" >&2; exit 2 ;;
esac
