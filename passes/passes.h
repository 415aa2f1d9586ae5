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
/* rows.c (-fno-fuse, run by find_fusion): statements under different covering regions whose rows
 * share one loop nest (IrStmt.rows_next, .in_rows), with the conditions checked at run time. */
void find_row_nests(Arena *a, IrProgram *ir);
/* overlap.c (-fno-overlap): what overlaps computation: the loop nests that wait for their ghost
 * cells between interior and border (IrStmt.nest_dn), the split-phase reductions (IrGather),
 * partial reductions, floods and scans (IrStmt.line_split), their begins and ends between
 * statements, and where the gathers that ran ahead complete. */
void overlap(Arena *a, IrProgram *ir);
/* patterns.c: which loop bodies are communication patterns (IrStmt.pattern), and the operations
 * that bracket their iterations. */
void find_patterns(Arena *a, IrProgram *ir);
/* comm_place.c: every other communication event as an operation at its place: the transfers' DR,
 * SR, DN and SV, remaps, and the collectives inside statements (IrStmt.comm, .before). */
void comm_place(Arena *a, IrProgram *ir);
#endif
