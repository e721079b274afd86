#!/usr/bin/env python3
"""Two `ply serve` processes on one PostgreSQL database, checked through their HTTP APIs:

1. a move made through server A reaches a page watching the game through server B (an
   event stream) within one second;
2. "move now" sent to the server that is not thinking stops the search on the one that is
   (the computer moves long before its move time);
3. the server thinking for a game is killed with SIGKILL: the other takes the game over
   once the lease runs out, the computer's move arrives, and the game is played to its end
   through the survivor.

Usage: python3 tools/cluster.py --ply target/release/ply --database postgres://…
The database should be empty (a fresh one per run); the script makes its own games.
Standard library only. Exit status 1 when a check fails.
"""

import argparse
import http.client
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


class Server:
    """One `ply serve` process on the shared database."""

    def __init__(self, ply, database, name, log):
        self.name = name
        self.process = subprocess.Popen(
            [ply, "serve", "--addr", "127.0.0.1:0", "--database", database],
            stdout=subprocess.PIPE,
            stderr=log,
        )
        line = self.process.stdout.readline().decode()
        if "http://" not in line:
            self.process.kill()
            raise RuntimeError(f"server {name} did not start: {line!r}")
        self.url = line[line.index("http://"):].strip().rstrip("/")
        threading.Thread(target=self.process.stdout.read, daemon=True).start()

    def call(self, method, path, body=None, cookie=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if cookie:
            request.add_header("Cookie", cookie)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                text = answer.read().decode()
                return answer.status, (json.loads(text) if text else None), answer.headers
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            return error.code, (json.loads(text) if text else None), error.headers

    def kill(self):
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


class Watcher:
    """A page's event stream on one server: every `data:` line, parsed, with its time."""

    def __init__(self, server, game_id):
        host, port = server.url.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=60)
        self.connection.request("GET", f"/api/games/{game_id}/events")
        self.response = self.connection.getresponse()
        assert self.response.status == 200, f"event stream: {self.response.status}"
        self.events = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        try:
            while True:
                line = self.response.fp.readline()
                if not line:
                    return
                line = line.decode().strip()
                if line.startswith("data:"):
                    self.events.put((time.monotonic(), json.loads(line[5:].strip())))
        except (OSError, ValueError):
            return

    def until(self, test, seconds):
        """The first event `test` accepts, with its arrival time, within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, None
            try:
                at, event = self.events.get(timeout=left)
            except queue.Empty:
                return None, None
            if test(event):
                return at, event


def moves_of(event):
    """The number of moves in a `state` event, else None."""
    if event.get("type") == "state":
        return len(event["state"].get("history", []))
    return None


def fail(message):
    print(f"FAIL: {message}", flush=True)
    raise SystemExit(1)


def owner_cookie(headers):
    """The owner cookie a server set when the game was made (name=value), if any."""
    for header in headers.get_all("Set-Cookie") or []:
        return header.split(";", 1)[0]
    return None


def cross_server_event(a, b):
    status, state, headers = a.call("POST", "/api/games", {"game": "chess", "human": "both"})
    if status != 201:
        fail(f"create on A: {status} {state}")
    cookie = owner_cookie(headers)
    game = state["id"]
    watcher = Watcher(b, game)
    at, _ = watcher.until(lambda event: moves_of(event) == 0, 5)
    if at is None:
        fail("B's event stream sent no state")
    sent = time.monotonic()
    status, answer, _ = a.call("POST", f"/api/games/{game}/moves", {"move": "e4"}, cookie)
    if status != 200:
        fail(f"move through A: {status} {answer}")
    at, event = watcher.until(lambda event: moves_of(event) == 1, 5)
    if at is None:
        fail("the move made through A never reached B's page")
    delay = at - sent
    print(f"cross-server event: the move through A reached B's page in {delay * 1000:.0f} ms")
    if delay > 1.0:
        fail(f"the move took {delay:.2f} s to reach B's page (limit 1 s)")
    # And back: a move through B reaches a page on A.
    watcher_a = Watcher(a, game)
    watcher_a.until(lambda event: moves_of(event) == 1, 5)
    sent = time.monotonic()
    status, answer, _ = b.call("POST", f"/api/games/{game}/moves", {"move": "e5"}, cookie)
    if status != 200:
        fail(f"move through B: {status} {answer}")
    at, _ = watcher_a.until(lambda event: moves_of(event) == 2, 5)
    if at is None or at - sent > 1.0:
        fail("the move made through B did not reach A's page within 1 s")
    print(f"cross-server event: the move through B reached A's page in {(at - sent) * 1000:.0f} ms")


def thinking_server(a, b, game):
    """The server whose page shows the computer thinking for `game` (None if neither)."""
    for server in (a, b):
        status, state, _ = server.call("GET", f"/api/games/{game}")
        if status == 200 and state.get("thinking"):
            return server
    return None


def wait_moves(server, game, count, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, state, _ = server.call("GET", f"/api/games/{game}")
        if status == 200 and len(state["history"]) >= count:
            return state
        time.sleep(0.1)
    return None


def move_now_from_the_other_server(a, b):
    status, state, headers = a.call(
        "POST", "/api/games", {"game": "chess", "human": "second", "movetime_ms": 30000}
    )
    if status != 201:
        fail(f"create on A: {status} {state}")
    cookie = owner_cookie(headers)
    game = state["id"]
    time.sleep(0.5)
    thinker = thinking_server(a, b, game)
    if thinker is None:
        fail("no server thinks for the computer")
    other = b if thinker is a else a
    asked = time.monotonic()
    status, answer, _ = other.call("POST", f"/api/games/{game}/stop", None, cookie)
    if status != 200 or not answer.get("stopped"):
        fail(f"move now through the other server: {status} {answer}")
    state = wait_moves(other, game, 1, 10)
    if state is None:
        fail("the computer did not move after move-now from the other server")
    print(
        f"move-now: asked through {other.name}, {thinker.name} (thinking) moved after "
        f"{time.monotonic() - asked:.2f} s of a 30 s move time"
    )


def takeover_after_kill(a, b, ply, database, log):
    status, state, headers = a.call(
        "POST", "/api/games", {"game": "chess", "human": "second", "movetime_ms": 3000}
    )
    if status != 201:
        fail(f"create on A: {status} {state}")
    cookie = owner_cookie(headers)
    game = state["id"]
    time.sleep(0.5)
    thinker = thinking_server(a, b, game)
    if thinker is None:
        fail("no server thinks for the computer")
    survivor = b if thinker is a else a
    thinker.kill()
    killed = time.monotonic()
    state = wait_moves(survivor, game, 1, 30)
    if state is None:
        fail(f"{survivor.name} never took over the game after {thinker.name} was killed")
    waited = time.monotonic() - killed
    print(f"takeover: {thinker.name} killed while thinking; {survivor.name} answered {waited:.1f} s later")
    # Play it to its end through the survivor: the person resigns after one more exchange.
    status, answer, _ = survivor.call(
        "POST", f"/api/games/{game}/moves", {"id": state["legal"][0]["id"]}, cookie
    )
    if status != 200:
        fail(f"a move through {survivor.name}: {status} {answer}")
    if wait_moves(survivor, game, 3, 30) is None:
        fail("the computer did not answer on the survivor")
    status, answer, _ = survivor.call("POST", f"/api/games/{game}/resign", None, cookie)
    if status != 200 or answer["status"].get("state") != "finished":
        fail(f"resign through {survivor.name}: {status} {answer}")
    print(f"takeover: the game finished on {survivor.name} ({answer['status'].get('reason')})")
    return thinker


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ply", required=True)
    parser.add_argument("--database", required=True)
    args = parser.parse_args()
    log = open("cluster-servers.log", "ab")
    a = Server(args.ply, args.database, "A", log)
    b = Server(args.ply, args.database, "B", log)
    servers = [a, b]
    try:
        cross_server_event(a, b)
        move_now_from_the_other_server(a, b)
        takeover_after_kill(a, b, args.ply, args.database, log)
    finally:
        for server in servers:
            server.stop()
    print("3 passed, 0 failed")


if __name__ == "__main__":
    main()
