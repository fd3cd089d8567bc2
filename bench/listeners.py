#!/usr/bin/env python3
"""Opens N concurrent listeners on a live stream for a bounded time and reports what the server
spent (CPU from /proc, resident memory) and what each listener received against real time."""

import argparse
import asyncio
import json
import os
import time
import urllib.parse
import urllib.request


def proc_cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf(os.sysconf_names["SC_CLK_TCK"])
    return (int(fields[11]) + int(fields[12])) / ticks


def proc_rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def listen(host: str, port: int, path: str, until: float, received: list, index: int) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nIcy-MetaData: 1\r\n\r\n".encode())
    await writer.drain()
    try:
        while time.monotonic() < until:
            chunk = await asyncio.wait_for(reader.read(65536), timeout=max(0.1, until - time.monotonic()))
            if not chunk:
                break
            received[index] += len(chunk)
    except asyncio.TimeoutError:
        pass
    finally:
        writer.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--listeners", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--pid", type=int, required=True)
    args = parser.parse_args()

    with urllib.request.urlopen(f"{args.base}/api/player/radio2/token") as response:
        play = json.load(response)
    url = urllib.parse.urlparse(urllib.parse.urljoin(args.base, play["streamUrl"]))
    path = f"{url.path}?{url.query}"
    host, port = url.hostname, url.port

    received = [0] * args.listeners
    rss_before = proc_rss_mib(args.pid)
    cpu_before = proc_cpu_seconds(args.pid)
    started = time.monotonic()
    until = started + args.seconds
    tasks = [asyncio.create_task(listen(host, port, path, until, received, i)) for i in range(args.listeners)]
    peak_rss = rss_before
    while time.monotonic() < until:
        await asyncio.sleep(0.5)
        peak_rss = max(peak_rss, proc_rss_mib(args.pid))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.monotonic() - started
    cpu = proc_cpu_seconds(args.pid) - cpu_before
    failed = sum(1 for r in results if isinstance(r, Exception))
    total = sum(received)
    served = [r for r in received if r > 0]
    print(f"  listeners: {args.listeners} opened, {len(served)} received audio, {failed} failed")
    print(f"  server CPU: {cpu:.2f} s over {elapsed:.1f} s = {100 * cpu / elapsed:.1f}% of one core")
    print(f"  server memory: {rss_before:.1f} MiB before, {peak_rss:.1f} MiB peak "
          f"({(peak_rss - rss_before) * 1024 / max(1, args.listeners):.1f} KiB per listener)")
    print(f"  audio sent: {total / 1e6:.1f} MB, {total / max(1, len(served)) / 1024:.0f} KiB per listener "
          f"(burst of 64 KiB, then real time)")


if __name__ == "__main__":
    asyncio.run(main())
