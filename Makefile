# azc: build, test, demo and benchmark targets.
#
#   make            build azc (build/azc) and azpdl (build/azpdl, docs/pdl.md)
#   make deps       install what is missing (re2c, lemon, libclang-dev, Open MPI)
#   make test       build everything and run every test (ends "N passed, N failed")
#   make test-matrix every golden/sample program x {-O2, -O0, -fno-fuse, -fno-copy-elim, all off} x np 1-4
#   make demo       build azc, run samples/jacobi.zpl on 4 processes, show its pattern file
#   make bench      run the benchmarks in bench/ (installs gnuplot-nox for the plots when missing)
#   make bench-rtl  libsplit micro-benchmarks (von Eicken's Table 6-1, both transports)
#   make install    install azc under $(PREFIX) (default /usr/local)
#   make SAN=1 ...  the same with AddressSanitizer and UBSan (separate build dir)

PREFIX ?= /usr/local
CC     ?= cc
SAN    ?= 0

ifeq ($(SAN),1)
BUILD    := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD    := build
SANFLAGS :=
endif

# libclang: the newest /usr/lib/llvm-N that has the C API headers.
LLVM_DIR ?= $(patsubst %/include/clang-c/Index.h,%,$(lastword $(sort $(wildcard /usr/lib/llvm-*/include/clang-c/Index.h))))
CLANG_CFLAGS := -I$(LLVM_DIR)/include
CLANG_LIBS   := -L$(LLVM_DIR)/lib -Wl,-rpath,$(LLVM_DIR)/lib -lclang

# The C compiler's own include directories, where extern "HEADER" looks last.
SYS_INCLUDES := $(shell echo | $(CC) -E -Wp,-v -x c - 2>&1 | sed -n 's/^ \(\/.*\)/\1/p' | tr '\n' ':')

WARN    := -Wall -Wextra -Werror
CFLAGS  ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) -I$(BUILD)/gen -Ifrontend -Iir -Ipasses -Ibackend \
             $(CLANG_CFLAGS) -DAZC_SYS_INCLUDES='"$(SYS_INCLUDES)"' \
             -DAZC_RTL_INCLUDE='"$(CURDIR)/rtl/zrt"' -DAZC_RTL_LIB='"$(CURDIR)/$(BUILD)"' \
             -DAZC_RTL_FLAGS='"$(SANFLAGS)"' $(RTL_INC)
LDLIBS  = $(CLANG_LIBS) -lm

GEN_C    := $(BUILD)/gen/lexer.c $(BUILD)/gen/parser.c
LIB_SRC  := $(wildcard frontend/*.c ir/*.c passes/*.c) $(filter-out backend/main.c backend/azpdl.c,$(wildcard backend/*.c))
# The runtime's pure geometry and pattern-file text (no MPI) are also part of azc: the pattern file
# it writes at compile time comes from the same code as the one a run records (docs/pdl.md).
AZC_RTL  := rtl/zrt/zrt_geom.c rtl/zrt/zrt_pevents.c
LIB_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(BUILD)/obj/gen/lexer.o $(BUILD)/obj/gen/parser.o \
            $(patsubst rtl/%.c,$(BUILD)/obj/azc-rtl/%.o,$(AZC_RTL))
HEADERS  := $(wildcard frontend/*.def frontend/*.h ir/*.h passes/*.h backend/*.h rtl/*/*.h) $(BUILD)/gen/parser.h
UNIT_SRC := $(wildcard test/unit/test_*.c)
UNIT_BIN := $(patsubst test/unit/%.c,$(BUILD)/test/%,$(UNIT_SRC))

# The runtime (rtl/), built with mpicc into libzrt.a, one folder per layer: rtl/libsplit/ (sc_*,
# the Split-C layer on MPI), rtl/pdl/ (the pattern library and its reader, also in azpdl) and
# rtl/zrt/ (the language runtime the generated C calls, on the other two). Its tests are
# test/rtl/test_*.c. The headers generated C includes are rtl/zrt/'s public ones (azc --cflags).
MPICC    ?= mpicc
RTL_SRC  := $(wildcard rtl/libsplit/*.c rtl/pdl/*.c rtl/zrt/*.c)
RTL_OBJ  := $(patsubst %.c,$(BUILD)/obj/%.o,$(RTL_SRC))
RTL_HDR  := $(wildcard rtl/*/*.h)
RTL_INC  := -Irtl/zrt -Irtl/libsplit -Irtl/pdl
# The public header of each layer; make install puts them in $(PREFIX)/include/azc.
RTL_PUBLIC := rtl/zrt/zrt.h rtl/zrt/zrt_region.h rtl/zrt/zrt_ops.h rtl/libsplit/libsplit.h rtl/pdl/pdl.h
RTL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) -fwrapv $(RTL_INC)
RTLT_SRC := $(wildcard test/rtl/test_*.c)
RTLT_BIN := $(patsubst test/rtl/test_%.c,$(BUILD)/test/test_rtl_%,$(RTLT_SRC))
# libsplit (rtl/libsplit/, part of libzrt.a): multi-process tests in test/libsplit/,
# run by test/unit/libsplit.sh under mpirun; micro-benchmarks in bench/rtl/ (make bench-rtl).
LST_SRC  := $(wildcard test/libsplit/*.c)
LST_BIN  := $(patsubst test/libsplit/%.c,$(BUILD)/test/libsplit/%,$(LST_SRC))
LSB_SRC  := $(wildcard bench/rtl/*.c)
LSB_BIN  := $(patsubst bench/rtl/%.c,$(BUILD)/bench/rtl/%,$(LSB_SRC))

.PHONY: all deps bench-deps test test-quick test-matrix demo bench bench-rtl install clean run-tests check-deps

all: $(BUILD)/azc $(BUILD)/libzrt.a

$(BUILD)/gen/parser.c $(BUILD)/gen/parser.h: frontend/parser.y
	@mkdir -p $(BUILD)/gen
	cp frontend/parser.y $(BUILD)/gen/parser.y
	cd $(BUILD)/gen && lemon -s parser.y >/dev/null && test -f parser.c

$(BUILD)/gen/lexer.c: frontend/lexer.re $(BUILD)/gen/parser.h
	@mkdir -p $(BUILD)/gen
	re2c -W --no-generation-date -o $@ frontend/lexer.re

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(ALL_CFLAGS) -Wno-unused-parameter -Wno-unused-variable -Wno-unused-but-set-variable -c -o $@ $<

$(BUILD)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/rtl/%.o: rtl/%.c $(RTL_HDR)
	@mkdir -p $(dir $@)
	@echo "  MPICC $<"
	@$(MPICC) $(RTL_CFLAGS) -c -o $@ $<

# The PDL reader (azpdl's) is in libzrt.a too: AZ_CHECK=FILE reads pattern files.
$(BUILD)/libzrt.a: $(RTL_OBJ) $(BUILD)/obj/gen/pdl_lexer.o $(BUILD)/obj/gen/pdl_parser.o
	rm -f $@ && ar rcs $@ $^

$(BUILD)/test/test_rtl_%: test/rtl/test_%.c $(BUILD)/libzrt.a $(RTL_HDR)
	@mkdir -p $(BUILD)/test
	$(MPICC) $(RTL_CFLAGS) -o $@ $< $(BUILD)/libzrt.a -lm

$(BUILD)/test/libsplit/%: test/libsplit/%.c $(BUILD)/libzrt.a $(RTL_HDR) $(wildcard test/libsplit/*.h)
	@mkdir -p $(dir $@)
	$(MPICC) $(RTL_CFLAGS) -Itest/libsplit -o $@ $< $(BUILD)/libzrt.a -lm

$(BUILD)/bench/rtl/%: bench/rtl/%.c $(BUILD)/libzrt.a $(RTL_HDR) $(wildcard bench/rtl/*.h)
	@mkdir -p $(dir $@)
	$(MPICC) $(RTL_CFLAGS) -Ibench/rtl -o $@ $< $(BUILD)/libzrt.a -lm

$(BUILD)/obj/azc-rtl/%.o: rtl/%.c $(RTL_HDR)
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(RTL_CFLAGS) -c -o $@ $<

$(BUILD)/libazc.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/azc: $(BUILD)/obj/backend/main.o $(BUILD)/libazc.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/test/%: test/unit/%.c $(BUILD)/libazc.a $(HEADERS)
	@mkdir -p $(BUILD)/test
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libazc.a $(LDLIBS)

# --- azpdl ---------------------------------------------------------------------
# The PDL tool (docs/pdl.md): the pattern library rtl/pdl/ (its reader, re2c + lemon like azc's,
# pdl.c and pdl_loop.c) compiled without MPI (the same files are in libzrt.a), and the front end's
# diagnostics.
AZPDL_OBJ := $(BUILD)/obj/backend/azpdl.o $(BUILD)/obj/gen/pdl_lexer.o $(BUILD)/obj/gen/pdl_parser.o \
             $(BUILD)/obj/azpdl/pdl.o $(BUILD)/obj/azpdl/pdl_loop.o $(BUILD)/obj/frontend/diag.o $(BUILD)/obj/frontend/source.o \
             $(BUILD)/obj/frontend/arena.o

all: $(BUILD)/azpdl
run-tests: $(BUILD)/azpdl
bench: $(BUILD)/azpdl

$(BUILD)/gen/pdl_parser.c $(BUILD)/gen/pdl_parser.h: rtl/pdl/pdl_parser.y
	@mkdir -p $(BUILD)/gen
	cp rtl/pdl/pdl_parser.y $(BUILD)/gen/pdl_parser.y
	cd $(BUILD)/gen && lemon -s pdl_parser.y >/dev/null && test -f pdl_parser.c && touch pdl_parser.h

$(BUILD)/gen/pdl_lexer.c: rtl/pdl/pdl_lexer.re $(BUILD)/gen/pdl_parser.h
	@mkdir -p $(BUILD)/gen
	re2c -W --no-generation-date -o $@ rtl/pdl/pdl_lexer.re

$(BUILD)/obj/gen/pdl_%.o: $(BUILD)/gen/pdl_%.c $(BUILD)/gen/pdl_parser.h rtl/pdl/pdl.h
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(RTL_CFLAGS) -I$(BUILD)/gen -Wno-unused-parameter -Wno-unused-variable -Wno-unused-but-set-variable -c -o $@ $<

$(BUILD)/obj/backend/azpdl.o: backend/azpdl.c rtl/pdl/pdl.h $(HEADERS)
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/azpdl/%.o: rtl/pdl/%.c rtl/pdl/pdl.h
	@mkdir -p $(dir $@)
	@echo "  CC    $<"
	@$(CC) $(RTL_CFLAGS) -c -o $@ $<

$(BUILD)/azpdl: $(AZPDL_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $^

# --- dependencies -------------------------------------------------------------

DEB_PKGS := re2c lemon libclang-dev openmpi-bin libopenmpi-dev

deps:
	@missing=""; \
	command -v re2c   >/dev/null 2>&1 || missing="$$missing re2c"; \
	command -v lemon  >/dev/null 2>&1 || missing="$$missing lemon"; \
	ls /usr/lib/llvm-*/include/clang-c/Index.h >/dev/null 2>&1 || missing="$$missing libclang-dev"; \
	command -v mpirun >/dev/null 2>&1 || missing="$$missing openmpi-bin"; \
	command -v mpicc  >/dev/null 2>&1 || missing="$$missing libopenmpi-dev"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "make deps: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $$missing >/dev/null || exit 1; \
	else \
	  echo "make deps: missing$$missing; run:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y$$missing"; \
	  exit 1; \
	fi

# --- tests, demo, bench -------------------------------------------------------

test: deps
	@$(MAKE) --no-print-directory run-tests

test-quick: deps
	@$(MAKE) --no-print-directory run-tests QUICK=1

# Issue 9's complete matrix (test/unit/distributed.sh with MATRIX=1; make test runs a part of it).
test-matrix: deps
	@$(MAKE) --no-print-directory $(BUILD)/azc $(BUILD)/libzrt.a
	@AZC=$(CURDIR)/$(BUILD)/azc BUILD=$(BUILD) MATRIX=1 sh test/unit/distributed.sh

run-tests: $(BUILD)/azc $(BUILD)/libzrt.a $(UNIT_BIN) $(RTLT_BIN) $(LST_BIN)
	@AZC=$(BUILD)/azc BUILD=$(BUILD) QUICK=$(QUICK) sh test/run-tests.sh

# The main job: compile samples/jacobi.zpl and run it under mpirun on 4 processes (oversubscribed
# on smaller machines).
DEMO_NP ?= 4
MPIRUN_ENV := OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
demo: deps
	@$(MAKE) --no-print-directory $(BUILD)/azc $(BUILD)/libzrt.a $(BUILD)/azpdl
	@mkdir -p $(BUILD)/demo
	@echo "== azc samples/jacobi.zpl -o $(BUILD)/demo/jacobi   (also writes $(BUILD)/demo/jacobi.pdl)"
	@$(BUILD)/azc samples/jacobi.zpl -o $(BUILD)/demo/jacobi --pdl-np=$(DEMO_NP)
	@echo "== $(BUILD)/demo/jacobi.pdl: the communication pattern of one iteration on $(DEMO_NP) processes (docs/pdl.md)"
	@cat $(BUILD)/demo/jacobi.pdl
	@echo "== azpdl stats $(BUILD)/demo/jacobi.pdl"
	@$(BUILD)/azpdl check $(BUILD)/demo/jacobi.pdl && $(BUILD)/azpdl stats $(BUILD)/demo/jacobi.pdl
	@echo "== AZ_CHECK=jacobi.pdl AZ_COMM=tailored AZ_STATS=1 mpirun -np $(DEMO_NP) $(BUILD)/demo/jacobi"
	@echo "   (every iteration must make the file's calls; the tailored binding drops the ready tokens the analysis proves unneeded)"
	@cd $(BUILD)/demo && AZ_CHECK=jacobi.pdl AZ_COMM=tailored AZ_STATS=1 $(MPIRUN_ENV) mpirun -x AZ_CHECK -x AZ_COMM -x AZ_STATS -np $(DEMO_NP) ./jacobi

# gnuplot draws bench/suite.sh's plots (docs/plots/); like deps, installed as root, else the command.
bench-deps:
	@command -v gnuplot >/dev/null 2>&1 && exit 0; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "make bench: installing gnuplot-nox"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq gnuplot-nox >/dev/null || exit 1; \
	else \
	  echo "make bench: gnuplot is missing (no plots); run:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y gnuplot-nox"; \
	fi

bench: deps bench-deps
	@$(MAKE) --no-print-directory $(BUILD)/azc $(BUILD)/libzrt.a $(LSB_BIN)
	@AZC=$(BUILD)/azc BUILD=$(BUILD) sh bench/run.sh

# Table 6-1 of von Eicken for libsplit, both transports, next to the raw MPI calls (docs/libsplit.md).
bench-rtl: deps
	@$(MAKE) --no-print-directory $(LSB_BIN)
	@BUILD=$(BUILD) sh bench/rtl.sh

install: $(BUILD)/azc $(BUILD)/libzrt.a
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/azc $(DESTDIR)$(PREFIX)/include/azc
	install -m 755 $(BUILD)/azc $(DESTDIR)$(PREFIX)/bin/azc
	install -m 644 $(BUILD)/libzrt.a $(DESTDIR)$(PREFIX)/lib/azc/libzrt.a
	install -m 644 $(RTL_PUBLIC) $(DESTDIR)$(PREFIX)/include/azc/

clean:
	rm -rf build build-san
