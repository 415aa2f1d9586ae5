/* passes.h - the passes over the IR (ir/ir.h), one file each, in the order the driver runs them
 * (backend/driver.c): each reads the IR and records its decisions in it. Those with an -fno-
 * switch are optimizations the driver may leave out; the others are needed to write the program. */
#ifndef AZC_PASSES_H
#define AZC_PASSES_H
#include "ir.h"

/* comm_insert.c: the ghost-cell transfers every expression needs (IrStmt.transfers). */
void comm_insert(Arena *a, IrProgram *ir);
/* comm_opt.c (-fno-comm-opt): remove, combine, hoist and start transfers early (modify/use). */
void comm_opt(Arena *a, IrProgram *ir);
/* runahead.c (-fno-overlap): the split-phase reductions whose results a loop never needs
 * (IrStmt.runahead). */
void find_runahead(Arena *a, IrProgram *ir);
/* copy_elim.c (-fno-copy-elim): the copies A := T that may exchange storage instead
 * (IrStmt.exchange, IrProgram.storage_like). */
void copy_elim(Arena *a, IrProgram *ir);
/* fusion.c (-fno-fuse): the statements that share a loop nest (IrStmt.fuse_next) and the targets
 * that live only inside it (IrStmt.contracted). */
void find_fusion(Arena *a, IrProgram *ir);
/* patterns.c: which loop bodies are communication patterns (IrStmt.pattern). */
void find_patterns(Arena *a, IrProgram *ir);
#endif
