# Builds ply's UCI engine the way OpenBench workers (and other engine testers) expect:
# `make EXE=path` leaves the engine at `path`, and `path bench` prints the fixed chess bench,
# whose last line is `<nodes> nodes <nps> nps`. This build (cargo profile and feature
# `openbench`, in target/openbench) speaks UCI chess when started with no arguments, as
# OpenBench starts engines; everything else is the usual `ply`. Plain `make` builds `./ply`.

EXE ?= ply
CARGO ?= cargo
# Where cargo builds: CARGO_TARGET_DIR when the environment sets it.
TARGET_DIR := $(if $(CARGO_TARGET_DIR),$(CARGO_TARGET_DIR),target)

# OpenBench passes CC/CXX= naming its compiler ("cargo" for Rust engines); the C compiler
# that builds SQLite for rusqlite must not see it.
unexport CC CXX EVALFILE

.PHONY: all clean

all:
	$(CARGO) build --profile openbench --locked -p ply --bin ply --features openbench
	cp "$(TARGET_DIR)/openbench/ply" "$(EXE)"

clean:
	$(CARGO) clean
