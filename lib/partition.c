/* partition.c -- coarsest stable refinement of a partition of a graph
   with ordered out-edges (type -> j-th referenced type), in the manner of
   Hopcroft's DFA minimization: a class is used once as a splitter, and
   when a class splits only the parts that move out are queued, so the
   work is O(m log n) instead of one full pass per level of depth.

   Splitting by class C: every type with an edge into C gets the set of
   positions j whose target is in C; within each class, types with
   different sets (no edge into C is the empty set) part ways.  Sets are
   compared by a 64-bit set hash; the caller verifies the result exactly
   (a collision could only leave a class too coarse).  */

#include "partition.h"
#include "btfld-int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* What split_by and move_out look up per element, together: one cache
   line per touched element instead of one per array.  The class of each
   element is kept in the caller's array (CLS), not copied.  SLOT is
   current when the touch it names is this element's (a splitter's
   touches fill TOUCHED from 0).  */
struct node { uint32_t slot, loc; };

struct part
{
  uint32_t n;			/* elements 1..n-1 (0 is void, fixed) */
  uint32_t *elems;
  struct node *nd;
  uint32_t *cls;			/* class of each element */
  uint32_t *first, *end;	/* range of each class in elems */
  uint32_t nclasses;
  uint32_t *work;		/* stack of classes to split by */
  uint8_t *queued;
  size_t nwork;
  uint32_t round;		/* per splitter: touched types */
  struct touch *touched;
  struct group *groups;
  uint32_t *gslot, *gslot_round;	/* (class, set) -> group */
  size_t gslots_n;
  uint32_t *cstamp, *chead, *tclasses, ntclasses;
  size_t cap, gcap;		/* capacity of touched; of groups */
};

/* A type touched by the splitter: the set of positions that point into
   the splitter, as a sum of mixed positions (a set hash: positions are
   distinct), and the next member of its group.  */
struct touch { uint32_t p, next; uint64_t sig; };

/* Touched types with the same class and set: a group.  */
struct group { uint32_t cls, count, head, next; uint64_t sig; };

static inline uint64_t
mix (uint64_t j)
{
  j = (j + 1) * 0x9e3779b97f4a7c15ull;
  j ^= j >> 31;
  j *= 0xbf58476d1ce4e5b9ull;
  return j ^ (j >> 29);
}

static void
queue (struct part *P, uint32_t c)
{
  if (!P->queued[c])
    {
      P->queued[c] = 1;
      P->work[P->nwork++] = c;
    }
}

/* Move the members of group G out of their class into a new class.  */
static uint32_t
move_out (struct part *P, const struct group *g)
{
  uint32_t c = g->cls, nc = P->nclasses++;
  for (uint32_t i = g->head; i != UINT32_MAX; i = P->touched[i].next)
    {
      uint32_t p = P->touched[i].p, last = P->elems[--P->end[c]];
      uint32_t at = P->nd[p].loc;
      P->elems[at] = last;
      P->nd[last].loc = at;
      P->elems[P->end[c]] = p;
      P->nd[p].loc = P->end[c];
      P->cls[p] = nc;
    }
  P->first[nc] = P->end[c];
  P->end[nc] = P->end[c] + g->count;
  queue (P, nc);
  return nc;
}

/* Swap the members (and ranges) of classes A and B.  */
static void
swap_classes (struct part *P, uint32_t a, uint32_t b)
{
  for (uint32_t k = P->first[a]; k < P->end[a]; k++)
    P->cls[P->elems[k]] = b;
  for (uint32_t k = P->first[b]; k < P->end[b]; k++)
    P->cls[P->elems[k]] = a;
  uint32_t f = P->first[a], e = P->end[a];
  P->first[a] = P->first[b];
  P->end[a] = P->end[b];
  P->first[b] = f;
  P->end[b] = e;
}

/* Split class C whose groups start at HEAD; the largest part, counting
   the untouched rest, keeps C and every other part is queued.  */
static void
split_class (struct part *P, uint32_t c, uint32_t head)
{
  uint32_t size = P->end[c] - P->first[c], touched = 0;
  uint32_t best = UINT32_MAX, best_len;
  for (uint32_t g = head; g != UINT32_MAX; g = P->groups[g].next)
    touched += P->groups[g].count;
  best_len = size - touched;
  for (uint32_t g = head; g != UINT32_MAX; g = P->groups[g].next)
    if (P->groups[g].count > best_len)
      best = g, best_len = P->groups[g].count;
  if (best_len == size)
    return;
  for (uint32_t g = head; g != UINT32_MAX; g = P->groups[g].next)
    if (g != best)
      move_out (P, &P->groups[g]);
  if (best != UINT32_MAX && size > touched)
    {
      /* The rest is smaller than the best group: the group keeps C.  */
      uint32_t nc = move_out (P, &P->groups[best]);
      swap_classes (P, c, nc);
    }
}

/* The group of (cls, sig), created when new.  */
static uint32_t
group_of (struct part *P, uint32_t cls, uint64_t sig, uint32_t *ngroups)
{
  uint64_t h = (sig ^ (cls * 0x9e3779b97f4a7c15ull));
  size_t mask = P->gslots_n - 1, j = (h ^ (h >> 32)) & mask;
  for (;; j = (j + 1) & mask)
    {
      if (P->gslot_round[j] != P->round)
	{
	  uint32_t g = (*ngroups)++;
	  P->gslot_round[j] = P->round;
	  P->gslot[j] = g;
	  P->groups[g] = (struct group) { cls, 0, UINT32_MAX, UINT32_MAX, sig };
	  if (P->cstamp[cls] != P->round)
	    {
	      P->cstamp[cls] = P->round;
	      P->chead[cls] = UINT32_MAX;
	      P->tclasses[P->ntclasses++] = cls;
	    }
	  P->groups[g].next = P->chead[cls];
	  P->chead[cls] = g;
	  return g;
	}
      struct group *gr = &P->groups[P->gslot[j]];
      if (gr->cls == cls && gr->sig == sig)
	return P->gslot[j];
    }
}

/* A capacity of CAP grown, by doubling, to NEED at least.  */
static size_t
grown (size_t cap, size_t need)
{
  cap = cap ? cap : 1024;
  while (cap < need)
    cap *= 2;
  return cap;
}

/* The per-splitter arrays grow to the largest splitter seen, not to
   the number of types: the touches to its references (NEED), the
   groups to the types touched (at most one group each).  */
static int
reserve_touches (struct part *P, size_t need)
{
  return btfld_grow ((void **) &P->touched, &P->cap, need,
		     sizeof *P->touched);
}

static int
reserve_groups (struct part *P, size_t need)
{
  if (need <= P->gcap)
    return 0;
  size_t cap = grown (P->gcap, need);
  struct group *gr = realloc (P->groups, cap * sizeof *gr);
  if (gr)
    P->groups = gr;
  size_t slots = 2 * cap;
  uint32_t *gs = realloc (P->gslot, slots * sizeof *gs);
  if (gs)
    P->gslot = gs;
  free (P->gslot_round);
  P->gslot_round = calloc (slots, sizeof *P->gslot_round);
  if (!gr || !gs || !P->gslot_round)
    return btfld_error (-ENOMEM, "out of memory");
  P->gcap = cap;
  P->gslots_n = slots;
  P->round = 0;			/* gslot_round starts over */
  /* Only existing classes were stamped: the rest of the array stays
     untouched (not resident).  */
  memset (P->cstamp, 0, P->nclasses * sizeof *P->cstamp);
  return 0;
}

static int
split_by (struct part *P, const struct btfld_graph *g, uint32_t C)
{
  uint32_t nt = 0, ngroups = 0;
  size_t need = 0;
  for (uint32_t k = P->first[C]; k < P->end[C]; k++)
    {
      uint32_t e = P->elems[k];
      need += g->rev_off[e + 1] - g->rev_off[e];
    }
  int err = reserve_touches (P, need);
  if (err)
    return err;
  for (uint32_t k = P->first[C]; k < P->end[C]; k++)
    {
      uint32_t e = P->elems[k];
      for (uint32_t r = g->rev_off[e]; r < g->rev_off[e + 1]; r++)
	{
	  uint32_t p = g->rev[r].p;
	  struct node *d = &P->nd[p];
	  if (d->slot >= nt || P->touched[d->slot].p != p)
	    {
	      d->slot = nt;
	      P->touched[nt++] = (struct touch) { p, P->cls[p], 0 };
	    }
	  P->touched[d->slot].sig += mix (g->rev[r].j);
	}
    }
  if ((err = reserve_groups (P, nt)))
    return err;
  P->round++;
  P->ntclasses = 0;
  for (uint32_t i = 0; i < nt; i++)
    {
      struct touch *t = &P->touched[i];
      /* NEXT holds the class until the touch joins its group.  */
      uint32_t gi = group_of (P, t->next, t->sig, &ngroups);
      t->next = P->groups[gi].head;
      P->groups[gi].head = i;
      P->groups[gi].count++;
    }
  for (uint32_t i = 0; i < P->ntclasses; i++)
    split_class (P, P->tclasses[i], P->chead[P->tclasses[i]]);
  return 0;
}

int
btfld_refine_partition (const struct btfld_graph *g, uint32_t *cls,
			uint32_t *nclassesp)
{
  struct part P = { 0 };
  uint32_t n = g->n, k0 = *nclassesp;
  int err = 0;
  P.n = n;
  P.cls = cls;
  P.elems = btfld_huge_malloc (n, sizeof *P.elems);
  P.nd = btfld_huge_calloc (n, sizeof *P.nd);
  P.first = btfld_huge_calloc (n + 1, sizeof *P.first);
  P.end = btfld_huge_calloc (n + 1, sizeof *P.end);
  P.work = btfld_huge_malloc (n + 1, sizeof *P.work);
  P.queued = calloc (n + 1, 1);
  P.cstamp = btfld_huge_calloc (n + 1, sizeof *P.cstamp);
  P.chead = btfld_huge_malloc (n + 1, sizeof *P.chead);
  P.tclasses = btfld_huge_malloc (n + 1, sizeof *P.tclasses);
  if (!P.elems || !P.nd || !P.first || !P.end || !P.work || !P.queued
      || !P.cstamp || !P.chead || !P.tclasses)
    {
      err = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  /* Lay the initial classes out contiguously (counting sort).  */
  for (uint32_t e = 1; e < n; e++)
    P.end[cls[e]]++;
  uint32_t pos = 0;
  for (uint32_t c = 0; c < k0; c++)
    {
      P.first[c] = pos;
      pos += P.end[c];
      P.end[c] = P.first[c];
    }
  for (uint32_t e = 1; e < n; e++)
    {
      P.nd[e].loc = P.end[cls[e]];
      P.elems[P.end[cls[e]]++] = e;
    }
  P.nclasses = k0;
  for (uint32_t c = 1; c < k0; c++)
    queue (&P, c);
  while (P.nwork && !err)
    {
      uint32_t C = P.work[--P.nwork];
      P.queued[C] = 0;
      err = split_by (&P, g, C);
    }
  *nclassesp = P.nclasses;
out:
  free (P.elems);
  free (P.nd);
  free (P.first);
  free (P.end);
  free (P.work);
  free (P.queued);
  free (P.touched);
  free (P.groups);
  free (P.gslot);
  free (P.gslot_round);
  free (P.cstamp);
  free (P.chead);
  free (P.tclasses);
  return err;
}
