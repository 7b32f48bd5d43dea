/* partition.h -- partition refinement over a type graph.  */

#ifndef BTFLD_PARTITION_H
#define BTFLD_PARTITION_H

#include <stdint.h>

/* Referrer P's J-th reference.  J fits in 16 bits (a record has at most
   65535 members or parameters, plus a return type); packed, an edge is
   6 bytes, and a kernel's graph has tens of millions.  */
struct btfld_edge { uint32_t p; uint16_t j; } __attribute__ ((packed));

/* Reverse edges: for each node e (1..n-1), rev[rev_off[e] ..
   rev_off[e+1]) lists the nodes p whose J-th reference is e.  */
struct btfld_graph
{
  uint32_t n;
  uint32_t *rev_off;
  struct btfld_edge *rev;
};

/* Refine CLS (nodes 1..n-1, classes 0..*NCLASSES-1, 0 unused) to the
   coarsest partition in which nodes of a class have, position by
   position, references into the same classes.  */
int btfld_refine_partition (const struct btfld_graph *g, uint32_t *cls,
			    uint32_t *nclasses);

#endif
