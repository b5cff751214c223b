"""The presence in Redis (``--presence redis://host:port/db``), shared by every process of
a table server. Keys: ``parlour:table:CODE`` holds the owner's address with the lease as
its expiry; ``parlour:process:ADDRESS`` holds a process's advert (JSON) with its own
expiry, and ``parlour:processes`` (a sorted set, scored by when each advert lapses)
lists them without scanning the key space. Renewal and release are Lua scripts: each
checks that the lease is still this owner's and acts in the same step.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from game.net.presence import PresenceDown

TABLE = "parlour:table:"
PROCESS = "parlour:process:"
PROCESSES = "parlour:processes"
GENERATION = "parlour:generation"
TIMEOUT = 2.0  # seconds a Redis call may take before the presence counts as down

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
    local holder = redis.call('GET', key)
    if holder == ARGV[1] then
        redis.call('PEXPIRE', key, ARGV[2])
    elseif not holder then
        redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    else
        table.insert(lost, key)
    end
end
return lost
"""
RELEASE = """
for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0
"""


class RedisPresence:
    local = False

    def __init__(self, url: str) -> None:
        self.redis = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=TIMEOUT,
            socket_connect_timeout=TIMEOUT,
        )
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)

    async def _do(self, work: Any) -> Any:
        try:
            return await work
        except (RedisError, OSError) as error:
            raise PresenceDown(f"Redis: {type(error).__name__}") from None

    async def claim(self, code: str, owner: str, lease: float) -> str:
        key = TABLE + code
        if await self._do(self.redis.set(key, owner, px=int(lease * 1000), nx=True)):
            return owner
        holder = await self._do(self.redis.get(key))
        if holder is None:  # lapsed between the two calls: try once more
            if await self._do(self.redis.set(key, owner, px=int(lease * 1000), nx=True)):
                return owner
            holder = await self._do(self.redis.get(key))
        if holder == owner:
            await self._do(self.redis.pexpire(key, int(lease * 1000)))
        return str(holder)

    async def owner(self, code: str) -> str | None:
        holder = await self._do(self.redis.get(TABLE + code))
        return None if holder is None else str(holder)

    async def owners(self, codes: list[str]) -> list[str | None]:
        if not codes:
            return []
        held = await self._do(self.redis.mget([TABLE + code for code in codes]))
        return [None if holder is None else str(holder) for holder in held]

    async def renew(self, codes: list[str], owner: str, lease: float) -> list[str]:
        lost: list[str] = []
        for start in range(0, len(codes), 500):  # one script call per 500 tables
            keys = [TABLE + code for code in codes[start : start + 500]]
            found = await self._do(self._renew(keys=keys, args=[owner, int(lease * 1000)]))
            lost += [str(key)[len(TABLE) :] for key in found]
        return lost

    async def release(self, codes: list[str], owner: str) -> None:
        for start in range(0, len(codes), 500):
            keys = [TABLE + code for code in codes[start : start + 500]]
            await self._do(self._release(keys=keys, args=[owner]))

    async def generation(self) -> str:
        await self._do(self.redis.set(GENERATION, secrets.token_hex(8), nx=True))
        return str(await self._do(self.redis.get(GENERATION)))

    async def advertise(self, owner: str, facts: dict[str, Any], lease: float) -> None:
        until = time.time() + lease
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(PROCESS + owner, json.dumps(facts), px=int(lease * 1000))
            pipe.zadd(PROCESSES, {owner: until})
            pipe.zremrangebyscore(PROCESSES, "-inf", time.time())
            await self._do(pipe.execute())

    async def withdraw(self, owner: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(PROCESS + owner)
            pipe.zrem(PROCESSES, owner)
            await self._do(pipe.execute())

    async def processes(self) -> dict[str, dict[str, Any]]:
        owners = await self._do(self.redis.zrangebyscore(PROCESSES, time.time(), "+inf"))
        if not owners:
            return {}
        adverts = await self._do(self.redis.mget([PROCESS + owner for owner in owners]))
        found: dict[str, dict[str, Any]] = {}
        for owner, text in zip(owners, adverts, strict=True):
            if text is not None:
                try:
                    found[str(owner)] = json.loads(text)
                except ValueError:
                    continue
        return found

    async def close(self) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()
