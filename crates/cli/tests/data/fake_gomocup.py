#!/usr/bin/env python3
"""A Gomocup brain that loses lines as Rapfi does, to test ply's match runner.

It plays the first empty cell in reading order. After printing a move it still counts
itself as thinking for --busy-ms milliseconds (Rapfi prints its move a moment before it
clears its flag): the first word of a line that arrives meanwhile is lost, and each word
after it is answered 'ERROR Unknown command: WORD', as Rapfi's word-by-word reader does.
With --lose-boards it loses every BOARD line, so its stones and DONE are unknown commands
and no move ever comes (a game the manager must void, not score). With --late-ms it answers
its first move that many milliseconds late: past the manager's patience, so the move comes
when the game is already scored and the next one is starting. With --log FILE it appends
every INFO line it reads to FILE (what the manager told it).
"""
import sys
import time

busy_ms = 0
late_ms = 0
lose_boards = False
log = None
args = sys.argv[1:]
while args:
    flag = args.pop(0)
    if flag == "--busy-ms":
        busy_ms = int(args.pop(0))
    elif flag == "--late-ms":
        late_ms = int(args.pop(0))
    elif flag == "--lose-boards":
        lose_boards = True
    elif flag == "--log":
        log = args.pop(0)

size = 15
busy_until = 0.0
in_board = False
stones = set()


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if time.monotonic() < busy_until:
        for word in words[1:]:
            say("ERROR Unknown command: " + word.upper())
        continue
    command = words[0].upper()
    if in_board:
        if command == "DONE":
            in_board = False
            free = [(x, y) for y in range(size) for x in range(size) if (x, y) not in stones]
            x, y = free[0]
            if late_ms:
                time.sleep(late_ms / 1000.0)
                late_ms = 0
            say(f"{x},{y}")
            busy_until = time.monotonic() + busy_ms / 1000.0
        else:
            x, y, _ = (int(part) for part in command.split(","))
            stones.add((x, y))
        continue
    if command == "START":
        size = int(words[1])
        say("OK")
    elif command == "INFO":
        if log:
            with open(log, "a") as out:
                out.write(" ".join(words) + "\n")
    elif command == "BOARD":
        if lose_boards:
            # Lost: the stones and DONE that follow are read as commands.
            continue
        in_board = True
        stones = set()
    elif command == "ABOUT":
        say('name="fake"')
    elif command in ("END", "QUIT"):
        break
    else:
        say("ERROR Unknown command: " + command)
