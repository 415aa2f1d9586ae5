# azc: build, test, demo and benchmark targets.
#
#   make            build azc (build/azc) and azpdl (build/azpdl, docs/pdl.md)
#   make deps       install what is missing (re2c, lemon, libclang-dev, Open MPI)
#   make test       build everything and run every test (ends "N passed, N failed")
#   make test-matrix every golden/sample program x {-O2, -O0, -fno-fuse, -fno-copy-elim, all off} x np 1-4
#   make test-full   make test with every run of distributed.sh and runahead.sh on every program
#   make demo       build azc, run samples/jacobi.zpl on 4 processes, show its pattern file (and
#                   draw it in build/demo/jacobi_pattern1.png with Graphviz)
#   make bench      run the benchmarks in bench/ (installs gnuplot-nox for the plots when missing)
#   make bench-rtl  libsplit micro-benchmarks (von Eicken's Table 6-1, both transports)
#   make install    install azc, azpdl, the runtime, libsplit, man pages, pkg-config files and the
#                   Vim files under $(DESTDIR)$(PREFIX) (default /usr/local); make uninstall
#   make SAN=1 ...  the same with AddressSanitizer and UBSan (separate build dir)
#   make smpi       the runtime built with SimGrid's smpicc into build-smpi/ (azc --mpi=smpi builds
#                   programs against it; make deps SMPI=1 installs libsimgrid-dev; docs/scaling.md)

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
SAN     ?= 0

ifeq ($(SAN),1)
BUILD    := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
else
BUILD    := build
SANFLAGS :=
endif

# --- what make install puts where (under $(DESTDIR)$(PREFIX)) -----------------------------------
# The rules (section "install" at the end) use only these lists: adapt them when files move.
INSTALL_PROGRAMS   = $(BUILD)/azc $(BUILD)/azpdl                    # bin/
INSTALL_RT_LIBS    = $(BUILD)/libzrt.a                              # lib/azc/: azc --libs
INSTALL_RT_HEADERS = $(RT_HDR) $(PDL_HDR)                          # include/azc/: azc --cflags
INSTALL_SPLIT_LIBS = $(BUILD)/libsplit.a $(BUILD)/$(SPLIT_SONAME)   # lib/ (and the libsplit.so link)
INSTALL_SPLIT_HEADERS = $(SPLIT_HDR)                                # include/
INSTALL_PKGCONFIG  = $(BUILD)/pkgconfig/libsplit.pc $(BUILD)/pkgconfig/azc-rt.pc # lib/pkgconfig/
INSTALL_MAN1       = docs/man/azc.1 docs/man/azpdl.1                # share/man/man1/
INSTALL_VIM        = syntax/zpl.vim ftdetect/zpl.vim ftplugin/zpl.vim # editors/vim/X -> share/vim/vimfiles/X
INSTALL_EDITORS    = editors/zpl.tmLanguage.json                    # share/azc/editors/
# The public header(s) of each layer of the runtime (rtl/zrt/: what generated C includes; rtl/pdl/;
# rtl/libsplit/); the other headers are internal to their folder.
RT_HDR       = rtl/zrt/zrt.h rtl/zrt/zrt_region.h rtl/zrt/zrt_ops.h
PDL_HDR      = rtl/pdl/pdl.h
# libsplit on its own (docs/libsplit.md): a static and a shared library, also part of libzrt.a.
SPLIT_SRC    = $(wildcard rtl/libsplit/*.c)
SPLIT_HDR    = rtl/libsplit/libsplit.h
SPLIT_SONAME = libsplit.so.0
VERSION      = $(shell sed -n 's/^\#define AZC_VERSION "\(.*\)"/\1/p' backend/version.h)

# libclang: the newest /usr/lib/llvm-N that has the C API headers.
LLVM_DIR ?= $(patsubst %/include/clang-c/Index.h,%,$(lastword $(sort $(wildcard /usr/lib/llvm-*/include/clang-c/Index.h))))
CLANG_CFLAGS := -I$(LLVM_DIR)/include
CLANG_LIBS   := -L$(LLVM_DIR)/lib -Wl,-rpath,$(LLVM_DIR)/lib -lclang

# The C compiler's own include directories, where extern "HEADER" looks last.
SYS_INCLUDES := $(shell echo | $(CC) -E -Wp,-v -x c - 2>&1 | sed -n 's/^ \(\/.*\)/\1/p' | tr '\n' ':')

# Flags for compiling generated C, in `azc --cflags` (docs/codegen.md, "Compiler flags"): no
# contraction into fused multiply-adds (every build computes the same bits), and gcc's "dynamic"
# vectorizer cost model where the C compiler behind mpicc takes it (gcc's -O2 default,
# "very-cheap", leaves reductions and loops with an epilogue scalar; clang has no such flag).
GEN_FLAGS := -ffp-contract=off $(shell c=$$(command -v $(or $(MPICC),mpicc) || echo $(CC)); \
               $$c -fvect-cost-model=dynamic -x c -c /dev/null -o /dev/null 2>/dev/null && echo -fvect-cost-model=dynamic)

WARN    := -Wall -Wextra -Werror
CFLAGS  ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) -I$(BUILD)/gen -Ifrontend -Iir -Ipasses -Ibackend \
             $(CLANG_CFLAGS) -DAZC_SYS_INCLUDES='"$(SYS_INCLUDES)"' \
             -DAZC_RTL_INCLUDE='"$(CURDIR)/rtl/zrt"' -DAZC_RTL_LIB='"$(CURDIR)/$(BUILD)"' \
             -DAZC_RTL_FLAGS='"$(SANFLAGS)"' -DAZC_GEN_FLAGS='"$(GEN_FLAGS)"' \
             -DAZC_RTL_LIB_SMPI='"$(CURDIR)/$(SMPI_BUILD)"' $(RTL_INC)
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
RTL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) -fwrapv $(RTL_INC) $(RTL_SIMFLAGS)
# make smpi: the runtime for SimGrid SMPI, built with smpicc into its own folder. SMPI loads each
# simulated process's copy of the program as a shared object, so everything in it is -fPIC.
SMPI_BUILD := build-smpi
ifeq ($(RTL_SIM),1)
RTL_SIMFLAGS := -DSC_SIMULATED -fPIC
endif
RTLT_SRC := $(wildcard test/rtl/test_*.c)
RTLT_BIN := $(patsubst test/rtl/test_%.c,$(BUILD)/test/test_rtl_%,$(RTLT_SRC))
# libsplit (rtl/libsplit/, part of libzrt.a): multi-process tests in test/libsplit/,
# run by test/unit/libsplit.sh under mpirun; micro-benchmarks in bench/rtl/ (make bench-rtl).
LST_SRC  := $(wildcard test/libsplit/*.c)
LST_BIN  := $(patsubst test/libsplit/%.c,$(BUILD)/test/libsplit/%,$(LST_SRC))
LSB_SRC  := $(wildcard bench/rtl/*.c)
LSB_BIN  := $(patsubst bench/rtl/%.c,$(BUILD)/bench/rtl/%,$(LSB_SRC))

.PHONY: all deps smpi smpi-deps smpi-rtl bench-deps test test-quick test-full test-matrix demo bench bench-rtl install uninstall clean run-tests check-deps

all: $(BUILD)/azc $(BUILD)/libzrt.a $(BUILD)/libsplit.a $(BUILD)/$(SPLIT_SONAME) $(INSTALL_PKGCONFIG)

$(BUILD)/gen/parser.c $(BUILD)/gen/parser.h: frontend/parser.y
	@mkdir -p $(BUILD)/gen
	cp frontend/parser.y $(BUILD)/gen/parser.y
	cd $(BUILD)/gen && lemon -s parser.y >/dev/null && test -f parser.c && touch parser.h

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

# libsplit alone, for Split-C programs written in C (docs/libsplit.md): libsplit.a from the
# runtime's objects, the shared library from the same sources compiled with -fPIC.
SPLIT_OBJ     = $(patsubst %.c,$(BUILD)/obj/%.o,$(SPLIT_SRC))
SPLIT_PIC_OBJ = $(patsubst %.c,$(BUILD)/obj/pic/%.o,$(SPLIT_SRC))

$(BUILD)/libsplit.a: $(SPLIT_OBJ)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/obj/pic/%.o: %.c $(RTL_HDR)
	@mkdir -p $(dir $@)
	@echo "  MPICC $< (-fPIC)"
	@$(MPICC) $(RTL_CFLAGS) -fPIC -c -o $@ $<

$(BUILD)/$(SPLIT_SONAME): $(SPLIT_PIC_OBJ)
	$(MPICC) -shared -Wl,-soname,$(SPLIT_SONAME) $(SANFLAGS) -o $@ $^

# pkg-config files (each from the .pc.in of its layer's folder): the version and the flags this
# build needs (the sanitizers of SAN=1); the prefix comes from where the file is when it is read.
$(BUILD)/pkgconfig/libsplit.pc: rtl/libsplit/libsplit.pc.in
$(BUILD)/pkgconfig/azc-rt.pc: rtl/zrt/azc-rt.pc.in
$(INSTALL_PKGCONFIG): backend/version.h Makefile
	@mkdir -p $(dir $@)
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@SANFLAGS@|$(SANFLAGS)|' -e 's|@GENFLAGS@|$(GEN_FLAGS)|' $(filter %.pc.in,$^) >$@

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
             $(BUILD)/obj/frontend/arena.o $(BUILD)/obj/frontend/text_format.o

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

# What make deps installs with apt-get when it is missing (as root; otherwise it prints the command):
# needed to build and test (groff checks the man pages, pkg-config the installed .pc files), and
# wanted (Vim and Node.js for the editor tests, Graphviz for the demo's picture), without which
# those tests say they are skipped. Node.js then gets the npm packages of the TextMate test in
# $(NPM_DIR) (pinned versions; nothing is fetched once they are there).
NPM_DIR  := build/npm
NPM_PKGS := vscode-textmate@9.3.2 vscode-oniguruma@2.0.1

# SMPI=1: SimGrid's SMPI too (libsimgrid-dev: smpicc, smpirun), for make smpi and bench/scale.sh.
deps:
	@missing=""; wanted=""; \
	if [ "$(SMPI)" = 1 ]; then command -v smpicc >/dev/null 2>&1 || missing="$$missing libsimgrid-dev"; fi; \
	command -v re2c   >/dev/null 2>&1 || missing="$$missing re2c"; \
	command -v lemon  >/dev/null 2>&1 || missing="$$missing lemon"; \
	ls /usr/lib/llvm-*/include/clang-c/Index.h >/dev/null 2>&1 || missing="$$missing libclang-dev"; \
	command -v mpirun >/dev/null 2>&1 || missing="$$missing openmpi-bin"; \
	command -v mpicc  >/dev/null 2>&1 || missing="$$missing libopenmpi-dev"; \
	command -v groff  >/dev/null 2>&1 || missing="$$missing groff-base"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkgconf"; \
	vim --version 2>/dev/null | grep -q '+syntax' || wanted="$$wanted vim"; \
	command -v dot    >/dev/null 2>&1 || wanted="$$wanted graphviz"; \
	command -v node   >/dev/null 2>&1 || wanted="$$wanted nodejs"; \
	command -v npm    >/dev/null 2>&1 || wanted="$$wanted npm"; \
	if [ -n "$$missing$$wanted" ] && [ "$$(id -u)" = 0 ]; then \
	  echo "make deps: installing$$missing$$wanted"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $$missing $$wanted >/dev/null || exit 1; \
	elif [ -n "$$missing" ]; then \
	  echo "make deps: missing$$missing; run:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y$$missing$$wanted"; \
	  exit 1; \
	elif [ -n "$$wanted" ]; then \
	  echo "make deps: without$$wanted some tests are skipped and make demo draws no picture; to install:"; \
	  echo "  sudo apt-get update && sudo apt-get install -y$$wanted"; \
	fi
	@installed=yes; \
	for p in $(NPM_PKGS); do \
	  grep -qs "\"version\": \"$${p##*@}\"" "$(NPM_DIR)/node_modules/$${p%@*}/package.json" || installed=no; \
	done; \
	[ $$installed = yes ] || ! command -v npm >/dev/null 2>&1 || { \
	  echo "make deps: npm install $(NPM_PKGS) into $(NPM_DIR)"; \
	  mkdir -p $(NPM_DIR) && npm install --prefix $(NPM_DIR) --no-save --no-package-lock --no-audit --no-fund \
	    $(NPM_PKGS) >$(NPM_DIR)/install.log 2>&1 || \
	  echo "make deps: npm install failed ($(NPM_DIR)/install.log); test/unit/editor_textmate.sh will be skipped"; }

smpi-deps:
	@$(MAKE) --no-print-directory deps SMPI=1

# --- SimGrid SMPI ---------------------------------------------------------------
# azc (build/azc) and the runtime built with smpicc (build-smpi/libzrt.a): azc --mpi=smpi P.zpl -o P
# builds P for smpirun (docs/scaling.md).
smpi: smpi-deps
	@$(MAKE) --no-print-directory $(BUILD)/azc smpi-rtl

# Only the SMPI runtime (test/unit/smpi.sh builds it where SimGrid is installed).
smpi-rtl:
	@$(MAKE) --no-print-directory BUILD=$(SMPI_BUILD) MPICC=smpicc RTL_SIM=1 SAN=0 $(SMPI_BUILD)/libzrt.a

# --- tests, demo, bench -------------------------------------------------------

test: deps
	@$(MAKE) --no-print-directory run-tests

test-quick: deps
	@$(MAKE) --no-print-directory run-tests QUICK=1

# make test turns some runs of distributed.sh and runahead.sh from one program to the next; this
# runs all of them on every program.
test-full: deps
	@$(MAKE) --no-print-directory run-tests FULL=1

# Issue 9's complete matrix (test/unit/distributed.sh with MATRIX=1; make test runs a part of it).
test-matrix: deps
	@$(MAKE) --no-print-directory $(BUILD)/azc $(BUILD)/libzrt.a
	@AZC=$(CURDIR)/$(BUILD)/azc BUILD=$(BUILD) MATRIX=1 sh test/unit/distributed.sh

# Tools the tests use: the strict checker of pattern files (test/unit/pdl_strict.sh).
TOOL_BIN := $(patsubst test/tools/%.c,$(BUILD)/test/tools/%,$(wildcard test/tools/*.c))
$(BUILD)/test/tools/%: test/tools/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(SANFLAGS) -o $@ $<

run-tests: $(BUILD)/azc $(BUILD)/libzrt.a $(UNIT_BIN) $(RTLT_BIN) $(LST_BIN) $(TOOL_BIN) $(INSTALL_PROGRAMS) \
           $(INSTALL_SPLIT_LIBS) $(INSTALL_PKGCONFIG)
	@if command -v smpicc >/dev/null 2>&1; then $(MAKE) --no-print-directory smpi-rtl; fi  # once, before smpi.sh and bench_scale.sh run side by side
	@AZC=$(BUILD)/azc BUILD=$(BUILD) QUICK=$(QUICK) FULL=$(FULL) sh test/run-tests.sh

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
	@if command -v dot >/dev/null 2>&1; then \
	  echo "== azpdl dot $(BUILD)/demo/jacobi.pdl 1 | dot -Tpng: the pattern drawn in $(BUILD)/demo/jacobi_pattern1.png"; \
	  echo "   (a lane per process, an arrow per message; docs/plots/jacobi_pattern1.png is a copy, shown in docs/pdl.md)"; \
	  $(BUILD)/azpdl dot $(BUILD)/demo/jacobi.pdl 1 | dot -Tpng -Gdpi=72 -o $(BUILD)/demo/jacobi_pattern1.png; \
	else \
	  echo "== (no Graphviz, so no picture of the pattern: make deps installs it)"; \
	fi
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

# --- install -------------------------------------------------------------------
# Everything goes under $(DESTDIR)$(PREFIX), as the lists at the top say. Nothing installed names
# the build tree, so an installed tree may be moved: azc finds its runtime next to itself
# (PREFIX/bin/../lib/azc), a .pc file its prefix from its own place (PREFIX/lib/pkgconfig).
DEST = $(DESTDIR)$(PREFIX)
VIMFILES = share/vim/vimfiles

install: $(INSTALL_PROGRAMS) $(INSTALL_RT_LIBS) $(INSTALL_SPLIT_LIBS) $(INSTALL_PKGCONFIG)
	install -d "$(DEST)/bin" "$(DEST)/lib/azc" "$(DEST)/lib/pkgconfig" "$(DEST)/include/azc" \
	  "$(DEST)/share/man/man1" "$(DEST)/share/azc/editors"
	install -m 755 $(INSTALL_PROGRAMS) "$(DEST)/bin/"
	install -m 644 $(INSTALL_RT_LIBS) "$(DEST)/lib/azc/"
	install -m 644 $(INSTALL_RT_HEADERS) "$(DEST)/include/azc/"
	install -m 644 $(INSTALL_SPLIT_LIBS) "$(DEST)/lib/"
	ln -sf $(SPLIT_SONAME) "$(DEST)/lib/libsplit.so"
	install -m 644 $(INSTALL_SPLIT_HEADERS) "$(DEST)/include/"
	install -m 644 $(INSTALL_PKGCONFIG) "$(DEST)/lib/pkgconfig/"
	install -m 644 $(INSTALL_MAN1) "$(DEST)/share/man/man1/"
	for f in $(INSTALL_VIM); do install -D -m 644 "editors/vim/$$f" "$(DEST)/$(VIMFILES)/$$f" || exit 1; done
	install -m 644 $(INSTALL_EDITORS) "$(DEST)/share/azc/editors/"
	if [ -f $(SMPI_BUILD)/libzrt.a ]; then install -d "$(DEST)/lib/azc/smpi" && \
	  install -m 644 $(SMPI_BUILD)/libzrt.a "$(DEST)/lib/azc/smpi/libzrt.a"; fi

# Removes what install put there, and azc's own directories when they are left empty (not bin/,
# lib/pkgconfig/ and the like, which other packages share).
uninstall:
	cd "$(DEST)" 2>/dev/null || exit 0; \
	for f in $(notdir $(INSTALL_PROGRAMS)); do rm -f "bin/$$f"; done; \
	for f in $(notdir $(INSTALL_RT_LIBS)); do rm -f "lib/azc/$$f"; done; \
	rm -f lib/azc/smpi/libzrt.a; rmdir lib/azc/smpi 2>/dev/null; \
	for f in $(notdir $(INSTALL_RT_HEADERS)); do rm -f "include/azc/$$f"; done; \
	for f in $(notdir $(INSTALL_SPLIT_LIBS)) libsplit.so; do rm -f "lib/$$f"; done; \
	for f in $(notdir $(INSTALL_SPLIT_HEADERS)); do rm -f "include/$$f"; done; \
	for f in $(notdir $(INSTALL_PKGCONFIG)); do rm -f "lib/pkgconfig/$$f"; done; \
	for f in $(notdir $(INSTALL_MAN1)); do rm -f "share/man/man1/$$f"; done; \
	for f in $(INSTALL_VIM); do rm -f "$(VIMFILES)/$$f"; done; \
	for f in $(notdir $(INSTALL_EDITORS)); do rm -f "share/azc/editors/$$f"; done; \
	rmdir lib/azc include/azc share/azc/editors share/azc 2>/dev/null || :

clean:
	rm -rf build build-san $(SMPI_BUILD)
