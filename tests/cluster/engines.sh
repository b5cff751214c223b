#!/bin/sh
# `make test`'s step for the cluster tests' engines: redis-server and PostgreSQL's initdb.
# Missing ones are installed with apt where it can (as root); otherwise this says which
# tests are skipped and why (CI sets CARD_PARLOUR_ENGINES=required: they fail instead).
have_redis() { command -v redis-server >/dev/null 2>&1; }
have_postgres() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
if have_redis && have_postgres; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing the cluster tests' engines (redis-server, postgresql) with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null && apt-get install -y -q redis-server postgresql >/dev/null
fi
have_redis || echo "redis-server is missing: the cluster tests that need Redis are skipped (tests/cluster)"
have_postgres || echo "PostgreSQL (initdb) is missing: the cluster tests that need it are skipped (tests/cluster)"
exit 0
