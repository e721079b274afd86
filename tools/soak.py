#!/usr/bin/env python3
"""Soak test for `ply serve`: many concurrent games of every game against the HTTP API for
minutes, the server killed with SIGKILL now and then and restarted on the same data
directory, then every stored game compared with the client's own record.

Each client thread plays one game after another (tic-tac-toe, caro under a random rule,
xiangqi, chess), mostly with both seats human (the client plays random legal moves for
both, and sometimes takes one back), sometimes against the computer at its shortest move
time. After every acknowledged (2xx) move or undo the client writes down the moves and the
position the server answered with. A request cut by a kill is resolved after the restart:
the stored game must be the record or the record with that one request applied. At the end
the server is killed once more and restarted, and every game is read back: a move that was
acknowledged must be there, and the stored moves and position must equal the record.

With `--database postgres://… --servers 2` the same runs against several servers sharing one
PostgreSQL database: clients are spread over the servers, the kills go round them, and every
game against the computer must get the computer's answer in the end (taken over by a live
server when its own died); the longest wait for an answer is reported.

Usage: python3 tools/soak.py --ply target/release/ply --minutes 3 [--clients 8] [--kills 4]
       [--database postgres://… --servers 2]
Standard library only. Exit status 1 when a game is lost or differs from the record.
"""

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

GAMES = ["tictactoe", "caro", "xiangqi", "chess"]
# Every client is one browser: a game belongs to the browser that started it (its owner
# cookie), and the soak's clients play games that other threads started after a restart.
OWNER_COOKIE = "ply_owner=" + os.urandom(16).hex()
CARO_RULES = ["freestyle", "standard", "caro", "caro5", "renju"]


class Down(Exception):
    """The server did not answer (killed, restarting, or the connection broke)."""


class Server:
    """One `ply serve` process at a time on a fixed data directory."""

    def __init__(self, ply, data, database=None, name="server"):
        self.ply = ply
        self.data = data
        self.database = database
        self.process = None
        self.url = None
        self.lock = threading.Lock()
        self.up = threading.Event()
        self.starts = 0
        self.log = open(os.path.join(data, "..", f"{name}.log"), "ab")

    def start(self):
        command = [self.ply, "serve", "--addr", "127.0.0.1:0", "--data", self.data]
        if self.database:
            command += ["--database", self.database]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log)
        line = process.stdout.readline().decode()
        if "http://" not in line:
            process.kill()
            raise RuntimeError(f"ply serve did not print its address: {line!r}")
        url = line[line.index("http://"):].strip().rstrip("/")
        with self.lock:
            self.process = process
            self.url = url
        self.starts += 1
        # Drain stdout so the server never blocks on a full pipe.
        threading.Thread(target=process.stdout.read, daemon=True).start()
        self.up.set()

    def kill(self):
        self.up.clear()
        with self.lock:
            process, self.process, self.url = self.process, None, None
        if process is not None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()

    def base(self):
        with self.lock:
            return self.url


def call(server, method, path, body=None, timeout=30):
    """(status, json) from the server; raises Down when it is not there."""
    base = server.base()
    if base is None:
        raise Down()
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Cookie", OWNER_COOKIE)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw)
        except ValueError:
            return error.code, raw.decode(errors="replace")
    except (urllib.error.URLError, ConnectionError, OSError, ValueError) as error:
        raise Down() from error


def brief(moves):
    """A move list in a few words: its length and its last moves."""
    tail = " ".join(moves[-3:])
    return f"{len(moves)} moves (… {tail})" if len(moves) > 3 else f"{len(moves)} moves ({tail})"


def history(state):
    return [move["name"] for move in state["history"]]


class Record:
    """What the client knows the server has acknowledged about one game."""

    def __init__(self, state, kind, against_computer):
        self.id = state["id"]
        self.kind = kind
        self.against_computer = against_computer
        self.moves = history(state)
        self.position = state["position"]
        self.finished = False

    def accept(self, state):
        self.moves = history(state)
        self.position = state["position"]
        self.finished = state["status"].get("state") == "finished" or not state["legal"]


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.problems = []

    def add(self, key, n=1):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + n

    def longest(self, key, value):
        with self.lock:
            self.counts[key] = max(self.counts.get(key, 0), value)

    def problem(self, text):
        with self.lock:
            self.problems.append(text)


class Client(threading.Thread):
    def __init__(self, number, server, stats, stop, records, seed):
        super().__init__(daemon=True)
        self.number = number
        self.server = server
        self.stats = stats
        self.stop_event = stop
        self.records = records
        self.random = random.Random(seed)
        self.game = None
        self.state = None
        self.waiting_since = None

    def wait_up(self):
        while not self.stop_event.is_set() and not self.server.up.wait(0.2):
            pass

    def run(self):
        turn = self.number
        while not self.stop_event.is_set():
            try:
                if self.game is None or self.game.finished:
                    self.new_game(GAMES[turn % len(GAMES)])
                    turn += 1
                else:
                    self.step()
            except Down:
                self.stats.add("connection errors")
                self.wait_up()

    def new_game(self, kind):
        against = self.random.random() < 0.25
        body = {"game": kind, "human": "first" if against else "both", "movetime_ms": 50}
        if kind == "caro":
            body["rule"] = self.random.choice(CARO_RULES)
            body["size"] = 15
        try:
            status, state = call(self.server, "POST", "/api/games", body)
        except Down:
            # The game may have been stored without our knowing its number.
            self.stats.add("creates cut by a kill")
            raise
        if status != 201:
            self.stats.problem(f"create {body} answered {status} {state}")
            return
        self.game = Record(state, kind, against)
        self.state = state
        self.waiting_since = None
        self.records.append(self.game)
        self.stats.add("games")
        self.stats.add(f"games {kind}")

    def refresh(self):
        status, state = call(self.server, "GET", f"/api/games/{self.game.id}")
        if status != 200:
            self.stats.problem(f"game {self.game.id} ({self.game.kind}) is gone: {status} {state}")
            self.game.finished = True
            return None
        return state

    def step(self):
        game = self.game
        state = self.state
        if game.against_computer and (state is None or not state["human_to_move"]):
            if self.waiting_since is None:
                self.waiting_since = time.monotonic()
            time.sleep(0.05)
            state = self.refresh()
            if state is None:
                return
            self.check_prefix(state, "computer's move")
            game.accept(state)
            self.state = state
            if state["human_to_move"] or game.finished:
                self.stats.longest("longest wait for the computer (ms)",
                                   int((time.monotonic() - self.waiting_since) * 1000))
                self.waiting_since = None
            return
        undo = (not game.against_computer) and game.moves and self.random.random() < 0.08
        if undo:
            expected = game.moves[:-1]
            path, body = f"/api/games/{game.id}/undo", None
        else:
            legal = state["legal"]
            if not legal:
                game.finished = True
                return
            move = self.random.choice(legal)["name"]
            expected = game.moves + [move]
            path, body = f"/api/games/{game.id}/moves", {"move": move}
        try:
            status, answer = call(self.server, "POST", path, body)
        except Down:
            self.stats.add("requests cut by a kill")
            self.wait_up()
            self.resolve(expected)
            return
        if status == 200:
            got = history(answer)
            if got[: len(expected)] != expected or (
                not game.against_computer and got != expected
            ):
                self.stats.problem(
                    f"game {game.id}: answer to {path} has {brief(got)}, expected {brief(expected)}"
                )
            game.accept(answer)
            self.state = answer
            self.stats.add("undos acknowledged" if undo else "moves acknowledged")
        elif status == 409 and game.against_computer:
            self.state = None
        else:
            self.stats.problem(f"game {game.id}: {path} {body} answered {status} {answer}")
            self.state = self.refresh()

    def check_prefix(self, state, what):
        got = history(state)
        if got[: len(self.game.moves)] != self.game.moves:
            self.stats.problem(
                f"game {self.game.id} after {what}: stored {brief(got)}, "
                f"acknowledged {brief(self.game.moves)}"
            )

    def resolve(self, expected):
        """After a kill cut a request: the stored game is the record, or the record with the
        request applied (its acknowledgement was lost)."""
        while not self.stop_event.is_set():
            try:
                state = self.refresh()
                break
            except Down:
                self.wait_up()
        else:
            return
        if state is None:
            return
        got = history(state)
        game = self.game
        if got == game.moves:
            self.stats.add("cut requests not applied")
        elif got == expected:
            self.stats.add("cut requests applied")
        elif game.against_computer and got[: len(expected)] == expected:
            self.stats.add("cut requests applied")
        elif game.against_computer and got[: len(game.moves)] == game.moves:
            self.stats.add("cut requests not applied")
        else:
            self.stats.problem(
                f"game {game.id} after a kill: stored {brief(got)}, acknowledged "
                f"{brief(game.moves)}, in flight {brief(expected)}"
            )
        game.accept(state)
        self.state = state


def answered(server, record, seconds=30):
    """The game's state once the computer has answered (or the game is over), waiting up to
    `seconds` (a server that died thinking is taken over when its lease runs out)."""
    deadline = time.monotonic() + seconds
    while True:
        status, state = call(server, "GET", f"/api/games/{record.id}")
        if status != 200 or not record.against_computer:
            return status, state
        done = state["human_to_move"] or state["status"].get("state") == "finished"
        if done or time.monotonic() > deadline:
            return status, state
        time.sleep(0.1)


def verify(server, records, stats):
    """Reads every game back and compares it with the client's record; a game against the
    computer must have its answer."""
    checked = 0
    for record in records:
        status, state = answered(server, record)
        if (status == 200 and record.against_computer and not state["human_to_move"]
                and state["status"].get("state") != "finished"):
            stats.problem(f"game {record.id} ({record.kind}) still waits for the computer")
        if status != 200:
            stats.problem(f"game {record.id} ({record.kind}) lost: {status} {state}")
            continue
        got = history(state)
        if record.against_computer:
            ok = got[: len(record.moves)] == record.moves and (
                len(got) > len(record.moves) or state["position"] == record.position
            )
        else:
            ok = got == record.moves and state["position"] == record.position
        if not ok:
            stats.problem(
                f"game {record.id} ({record.kind}): stored {brief(got)} at "
                f"{state['position']}, recorded {brief(record.moves)} at {record.position}"
            )
        checked += 1
    listed, offset = 0, 0
    while True:
        status, page = call(server, "GET", f"/api/games?limit=500&offset={offset}")
        if status != 200:
            stats.problem(f"the list answered {status} {page}")
            break
        listed += len(page["games"])
        offset += 500
        if offset >= page["total"]:
            break
    return checked, listed


def corrupt(data, records):
    """Drops the last move of one recorded human-vs-human game straight in the store."""
    victim = next((r for r in records if r.moves and not r.against_computer), None)
    if victim is None:
        return
    with sqlite3.connect(os.path.join(data, "ply.sqlite3")) as db:
        (moves,) = db.execute("SELECT moves FROM games WHERE public_id = ?", (victim.id,)).fetchone()
        db.execute("UPDATE games SET moves = ? WHERE public_id = ?",
                   (json.dumps(json.loads(moves)[:-1]), victim.id))
    print(f"self-check: dropped the last move of game {victim.id} in the store")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ply", default="target/release/ply", help="the ply binary")
    parser.add_argument("--minutes", type=float, default=3.0, help="how long to play")
    parser.add_argument("--clients", type=int, default=8, help="games played at once")
    parser.add_argument("--kills", type=int, default=None,
                        help="SIGKILLs during the run (default: one every 40 s, at least 1)")
    parser.add_argument("--data", default=None, help="data directory (default: a temporary one)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--database", default=None,
                        help="a PostgreSQL URL shared by the servers (default: SQLite)")
    parser.add_argument("--servers", type=int, default=1,
                        help="servers on the shared database (needs --database)")
    parser.add_argument("--self-check", action="store_true",
                        help="corrupt one stored game (drop its last move) while the server "
                             "is down at the end: the run must then report a mismatch")
    args = parser.parse_args()

    seconds = args.minutes * 60
    kills = args.kills if args.kills is not None else max(1, int(seconds // 40))
    root = tempfile.mkdtemp(prefix="ply-soak-")
    data = args.data or os.path.join(root, "data")
    os.makedirs(data, exist_ok=True)
    if args.servers > 1 and not args.database:
        parser.error("--servers above 1 needs --database (several servers share PostgreSQL)")
    if args.self_check and args.database:
        parser.error("--self-check edits the SQLite file: not with --database")
    servers = [Server(os.path.abspath(args.ply), data, args.database, f"server{n}")
               for n in range(max(1, args.servers))]
    server = servers[0]
    stats = Stats()
    records = []
    stop = threading.Event()
    rng = random.Random(args.seed)
    started = time.monotonic()
    for each in servers:
        each.start()
    clients = [Client(n, servers[n % len(servers)], stats, stop, records, args.seed * 1000 + n)
               for n in range(args.clients)]
    for client in clients:
        client.start()
    # Kill at jittered, evenly spread moments.
    moments = sorted(
        seconds * (k + 1) / (kills + 1) + rng.uniform(-0.3, 0.3) * seconds / (kills + 1)
        for k in range(kills)
    )
    downtime = 0.0
    for number, moment in enumerate(moments):
        delay = started + moment - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        before = time.monotonic()
        victim = servers[number % len(servers)]
        victim.kill()
        stats.add("kills")
        time.sleep(rng.uniform(0.05, 1.0))
        victim.start()
        downtime += time.monotonic() - before
    remaining = started + seconds - time.monotonic()
    if remaining > 0:
        time.sleep(remaining)
    stop.set()
    for client in clients:
        client.join(timeout=60)
    # One last kill with whatever was in flight, then read everything back.
    for each in servers:
        each.kill()
        stats.add("kills")
    if args.self_check:
        corrupt(data, records)
    for each in servers:
        each.start()
    try:
        checked, listed = verify(server, records, stats)
    finally:
        for each in servers:
            each.kill()
    elapsed = time.monotonic() - started
    counts = stats.counts
    store = f"{len(servers)} servers on PostgreSQL" if args.database else "1 server on SQLite"
    print(f"soak: {elapsed:.0f} s, {store}, {args.clients} clients, "
          f"{counts.get('kills', 0)} SIGKILLs "
          f"({sum(each.starts for each in servers)} server starts, {downtime:.1f} s down)")
    print("games: " + ", ".join(
        f"{kind} {counts.get('games ' + kind, 0)}" for kind in GAMES
    ) + f" (total {counts.get('games', 0)}; stored {listed}, "
        f"{counts.get('creates cut by a kill', 0)} creates cut by a kill)")
    print(f"moves acknowledged: {counts.get('moves acknowledged', 0)}, "
          f"undos acknowledged: {counts.get('undos acknowledged', 0)}, "
          f"requests cut by a kill: {counts.get('requests cut by a kill', 0)} "
          f"(applied {counts.get('cut requests applied', 0)}, "
          f"not applied {counts.get('cut requests not applied', 0)})")
    print(f"games compared: {checked}, mismatches or losses: {len(stats.problems)}; "
          f"longest wait for the computer's move: "
          f"{counts.get('longest wait for the computer (ms)', 0) / 1000:.1f} s")
    for problem in stats.problems[:20]:
        print("  " + problem)
    if args.data is None and not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    else:
        print(f"data kept in {data}")
    if args.self_check:
        caught = any("stored" in p for p in stats.problems)
        print("self-check: the corruption was " + ("caught" if caught else "NOT caught"))
        sys.exit(0 if caught else 1)
    sys.exit(1 if stats.problems or checked == 0 else 0)


if __name__ == "__main__":
    main()
