# Builds ply's UCI engine the way OpenBench workers (and other engine testers) expect:
# `make EXE=path` leaves the engine at `path`; `path bench` then prints the fixed chess
# bench, whose last line is `<nodes> nodes <nps> nps`. Plain `make` builds `./ply`.

EXE ?= ply
CARGO ?= cargo

.PHONY: all clean

all:
	$(CARGO) build --release --locked -p ply --bin ply
	cp target/release/ply "$(EXE)"

clean:
	$(CARGO) clean
