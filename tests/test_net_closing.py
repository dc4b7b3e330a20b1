"""Closing a connection with a last line that says why: the line arrives even when the
other side is still sending (a socket closed with unread input is reset, and an asyncio
reader raises the reset before the lines it already holds)."""

from __future__ import annotations

import asyncio

from net_fakes import make_table, pump

from game.net import protocol as P


def test_a_joiner_still_sending_when_the_host_leaves_reads_why():
    host, t = make_table()
    seen: list = []

    async def joiner():
        reader, writer = await asyncio.open_connection("127.0.0.1", t.port, limit=1 << 20)
        writer.write(P.encode(P.hello("Anna", "1234")))
        await writer.drain()
        kind = None
        while kind != "welcome":
            pump(t, 0.02)                     # the host answers from its main loop
            try:
                line = await asyncio.wait_for(reader.readline(), 0.05)
            except asyncio.TimeoutError:
                continue
            kind = P.parse_line(line, 1 << 20, 64)["type"]
        # more than the host reads at once: some of it is still unread when the host leaves
        writer.write(P.encode(P.PING) * 20_000)
        await writer.drain()
        await asyncio.get_running_loop().run_in_executor(None, t.close)
        await asyncio.sleep(0.3)              # a reset, if any, has arrived before we read
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                seen.append(P.parse_line(line, 1 << 20, 64)["type"])
        except ConnectionError as e:
            seen.append(type(e).__name__)
        writer.close()

    asyncio.run(asyncio.wait_for(joiner(), 10))
    host.close()
    assert "closed" in seen and "ConnectionResetError" not in seen, seen
