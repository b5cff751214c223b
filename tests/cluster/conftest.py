"""The cluster tests' engines: one redis-server and one PostgreSQL for the whole run
(started on first use), a fresh database and an empty Redis for each test."""

from __future__ import annotations

import shutil

import pytest

from tests.cluster.engines import Postgres, Redis, missing, postgres_bin


@pytest.fixture(scope="session")
def postgres_server():
    if postgres_bin() is None:
        missing("PostgreSQL (initdb)")
    server = Postgres()
    server.init()
    server.start()
    yield server
    server.remove()


@pytest.fixture(scope="session")
def redis_server():
    if shutil.which("redis-server") is None:
        missing("redis-server")
    server = Redis()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    return postgres_server.new_database()


@pytest.fixture
def redis_url(redis_server) -> str:
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url
