/* dedup-engine.c -- btfld's own deduplication: the coarsest partition of
   the whole type graph into structurally equivalent classes, then one
   type per class.

   Equivalence is computed by partition refinement: start from the
   partition by each type's own fields, then split classes by the
   classes of the types they refer to, until nothing splits.  Cycles need
   no special case, and the result does not depend on the order types
   are met, unlike a greedy pairwise walk.  The phases, and the functions
   that do them:

   Setup (engine_setup).  The definitions by name (collect_defs: named
   STRUCT, UNION, ENUM and ENUM64, sorted by name) and the declarations
   that have definitions of their name (collect_decls: FWDs, and ENUMs
   without values, each with the category of definition it can stand
   for: a struct, a union or an enum; gcc writes a forward enum as a
   struct FWD, which stands for an enum when no struct has the name).

   Initial classes (initial_classes, by refine_pass).  Each type's key
   is its own fields (kind, name, size, members' names and offsets,
   ...), a reference saying only whether it is void; types with equal
   keys share a class.  Definitions of one name and category that differ
   here conflict whatever the declarations stand for (refinement only
   splits): they are marked before the first round (mark_conflicts).

   Rounds (fixed_point).  Each round decides what each declaration
   stands for (assign_fwds, the rule below), refines from the initial
   classes with the declarations taken as what they stand for (refine:
   the reverse edges, build_graph, and the partition refinement of
   partition.c), and marks the names whose definitions of a category
   fell into several classes (mark_conflicts).  A later round refines
   only the quotient of the graph by the previous round's classes that
   no changed declaration can reach (refine_from): the same partition,
   without a graph of every type again.  A round that marks no new name
   is the last: its partition is checked exactly (verify: one
   more keyed pass, refine_pass, must split nothing; a set-hash
   collision in the refinement would show here) and is the result.
   Resolving one name at a time instead deadlocks on cycles (two structs
   each seen through the other's FWD).

   The FWD rule (assign_fwds).  While a name's definitions of a category
   have not been seen to conflict, every declaration of that category
   stands for the first of them: optimism, which the round's refinement
   confirms (they are all one class) or refutes (a conflict, marked).
   Once they conflict, a declaration binds to its own blob's definition
   only when that blob (one input's: a compilation unit, a raw BTF, or
   the output of an earlier link) has exactly one definition of the name
   of that category; otherwise it stays a FWD (one FWD per name and kind
   in the output, such FWDs being one class).  A blob with several
   definitions of the name gives its declarations nothing to prefer:
   taking the first would make the result depend on their order.  Which
   definition is "more common" is never asked, so the classes are the
   same for every order of the inputs (only the ids, given in
   first-seen order, differ).

   Emission (emit).  One type per class, in the order of each class's
   first member, references mapped to the classes' types; a declaration
   that stands for a definition is that definition's type.  Types of a
   base are never dropped; own types equivalent to a base type become
   references to it.  VARs and DATASECs are never merged.

   On a base (fixed_point_on_base).  Split BTF on a deduplicated base
   (a module's, on vmlinux) takes the same rounds with each base type a
   class of its own: the own types are matched against the base's
   records and refined among themselves, and the base is never refined
   (the section "On a base" below).  The result is the general path's.

   Seeding (btfld_dedup_seed_new, btfld_dedup_engine_seeded).  The
   plugin has all the inputs long before ld has written the output
   whose symbols the fixups need.  While ld links, it does the fixups
   that need no symbol (btfld_fixup_content) and runs the phases above
   on the result, keeping its classes, declarations and conflicts (a
   seed).  The later fixups only set FUNC and VAR linkage, drop types
   that nothing kept reaches (and empty enums), make ENUM64s of gcc 12's
   8-byte ENUMs and add VARs' DATASECs: a kept type other than a FUNC,
   VAR or DATASEC reaches only kept types, all of them the same as
   before up to that one-to-one change, so its class is its seed class.
   A seed leaves out the FUNCs, VARs, DATASECs and the prototypes only
   FUNCs use (seed_skip); seed_classes gives every other type its seed
   class and classifies those by their keys, level by level (seed_level,
   classify_protos); the names must conflict as in the seed, else the
   engine starts over.  The partition is stable as seeded when no
   seeded type refers to one classified later, each level's types refer
   to lower levels only (levels_ordered), and the ENUM64s made turned
   whole seed classes; otherwise verify checks it, splitting what must
   split.  An empty enum made an integer can equal another type: then
   no seed is used.  Found beside ld near its own peak memory, a seed's
   first round refines by Moore's passes (refine_moore: keying again
   only the types a reference of which moved) rather than with a graph
   and a partition of every type.  */

#include "btfld-int.h"
#include "partition.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A hash table of one type id per class (slots: id + 1, 0 empty), by
   the hash of the class's key, with its key scratch buffers.  Each
   entry's key is kept as it was made (its length, then its words, at
   KOFF in KEYS): the classes that keys are made from do not change
   while a table is used, and a lookup that finds its class then reads
   neither the class's record nor the classes of its references,
   scattered over the whole corpus, again.  */
struct table
{
  uint32_t *slots;
  uint32_t *hashes;		/* low bits of each slot's key hash */
  uint32_t *koff;		/* each slot's key in KEYS */
  size_t nslots, used;
  uint32_t *keys;
  size_t klen, kcap;		/* words used and allocated in KEYS */
  uint32_t *ka;
};

struct engine
{
  const struct btfld_btf *btf;
  const uint32_t *blob_of;	/* object of each own type, or NULL */
  uint32_t cnt, start;
  uint32_t *cls, *ncls;		/* class of each id (void: 0) */
  uint32_t *fwd;		/* resolved definition of a FWD, or 0 */
  uint32_t nclasses;
  uint32_t *init, ninit;	/* the initial classes, kept for the next
				   round (they do not depend on FWDs) */
  struct table tab;		/* of refine_pass */
  size_t kcap;			/* words of the longest key */
  const uint64_t *skip;		/* a seed's: ids left in class 1, out of
				   the graph (seed_skip; a bitmap); its
				   passes stay on this thread, as ld has
				   the other core */
  bool stable;			/* the classes are stable as found exactly
				   (refine_moore): verify has nothing to
				   check */
};

static inline uint32_t
target (const struct engine *e, uint32_t id)
{
  return e->fwd[id] ? e->fwd[id] : id;
}

/* The record of ID as words (own types straight from the buffer).  */
static inline const uint32_t *
rec_of (const struct engine *e, uint32_t id)
{
  if (id >= e->start)
    return (const uint32_t *) (e->btf->types
			       + e->btf->offs[id - e->start]);
  return (const uint32_t *) btfld_type_by_id (e->btf, id);
}

/* Where the type ids of a record are, without a visitor call per field:
   the number of references and the word index of the K-th.  */
static inline unsigned
nrefs (unsigned kind, unsigned vlen)
{
  switch (kind)
    {
    case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
    case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FUNC:
    case BTF_KIND_VAR: case BTF_KIND_DECL_TAG: case BTF_KIND_TYPE_TAG:
      return 1;
    case BTF_KIND_ARRAY:
      return 2;
    case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_DATASEC:
      return vlen;
    case BTF_KIND_FUNC_PROTO:
      return vlen + 1;
    default:
      return 0;
    }
}

static inline unsigned
ref_word (unsigned kind, unsigned k)
{
  switch (kind)
    {
    case BTF_KIND_ARRAY:
      return 3 + k;			/* type, index_type */
    case BTF_KIND_STRUCT: case BTF_KIND_UNION:
      return 4 + 3 * k;			/* member: name, type, offset */
    case BTF_KIND_FUNC_PROTO:
      return 2 + 2 * k;			/* return type, then param types */
    case BTF_KIND_DATASEC:
      return 3 + 3 * k;			/* secinfo: type, offset, size */
    default:
      return 2;
    }
}

static bool
never_merged (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_VAR || btfld_kind (t) == BTF_KIND_DATASEC;
}

/* The key of ID: its record with every referenced id replaced by the
   referenced type's class, then its current class (so a pass only ever
   splits classes), and its id for types that are never merged.  Returns
   the key length in words.  */
static size_t
make_key (const struct engine *e, uint32_t id, uint32_t *buf)
{
  const struct btf_type *t = (const struct btf_type *) rec_of (e, id);
  size_t words = btfld_type_rec_size (t) / 4;
  unsigned kind = btfld_kind (t), n = nrefs (kind, btfld_vlen (t));
  memcpy (buf, t, words * 4);
  for (unsigned k = 0; k < n; k++)
    {
      uint32_t *w = &buf[ref_word (kind, k)];
      *w = e->cls[target (e, *w)];
    }
  buf[words++] = e->cls[id];
  if (never_merged (t))
    buf[words++] = id;
  return words;
}

static uint64_t
hash_words (const uint32_t *w, size_t n)
{
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ w[i]) * 0x100000001b3ull;
  return h ^ (h >> 29);
}

/* The size of the longest record of BTF and its bases, or more.  Own
   records do not overlap, so the distance from one's offset to the
   next's (or to the end) bounds its size: no pass over the records
   themselves, a million of which fill hundreds of megabytes.  */
static size_t
max_rec_size (const struct btfld_btf *btf)
{
  size_t max = 0;
  for (uint32_t i = 0; i < btf->nr; i++)
    {
      size_t end = i + 1 < btf->nr ? btf->offs[i + 1] : btf->types_len;
      size_t s = end > btf->offs[i] ? end - btf->offs[i]
		 : btfld_type_rec_size ((const struct btf_type *)
					(btf->types + btf->offs[i]));
      if (s > max)
	max = s;
    }
  for (uint32_t id = 1; id < btf->start_id; id++)
    {
      size_t s = btfld_type_rec_size (btfld_type_by_id (btf, id));
      if (s > max)
	max = s;
    }
  return max;
}

static int
alloc_engine (struct engine *e)
{
  e->kcap = max_rec_size (e->btf) / 4 + 2;
  e->cls = btfld_huge_calloc (e->cnt, sizeof *e->cls);
  e->fwd = btfld_huge_calloc (e->cnt, sizeof *e->fwd);
  if (!e->cls || !e->fwd)
    return btfld_error (-ENOMEM, "out of memory");
  return 0;
}

static void
table_free (struct table *t)
{
  free (t->slots);
  free (t->hashes);
  free (t->koff);
  free (t->keys);
  free (t->ka);
  memset (t, 0, sizeof *t);
}

/* The table emptied, its memory kept.  */
static void
table_clear (struct table *t)
{
  memset (t->slots, 0, t->nslots * sizeof *t->slots);
  t->used = 0;
  t->klen = 0;
}

/* An empty table for about N classes (it grows when more show up), for
   keys of up to KCAP words.  */
static int
table_init (struct table *t, size_t n, size_t kcap)
{
  t->nslots = 1024;
  while (t->nslots < 2 * n)
    t->nslots *= 2;
  t->used = 0;
  t->slots = btfld_huge_calloc (t->nslots, sizeof *t->slots);
  t->hashes = btfld_huge_malloc (t->nslots, sizeof *t->hashes);
  t->koff = btfld_huge_malloc (t->nslots, sizeof *t->koff);
  t->keys = NULL;
  t->klen = t->kcap = 0;
  t->ka = malloc (kcap * 4);
  if (!t->slots || !t->hashes || !t->koff || !t->ka)
    {
      table_free (t);
      return -ENOMEM;
    }
  return 0;
}

/* Double the table, re-placing each entry by its stored hash.  */
static int
table_grow (struct table *t)
{
  size_t n = t->nslots * 2, mask = n - 1;
  uint32_t *slots = btfld_huge_calloc (n, sizeof *slots);
  uint32_t *hashes = btfld_huge_malloc (n, sizeof *hashes);
  uint32_t *koff = btfld_huge_malloc (n, sizeof *koff);
  if (!slots || !hashes || !koff)
    {
      free (slots);
      free (hashes);
      free (koff);
      return -ENOMEM;
    }
  for (size_t i = 0; i < t->nslots; i++)
    if (t->slots[i])
      {
	size_t j = t->hashes[i] & mask;
	while (slots[j])
	  j = (j + 1) & mask;
	slots[j] = t->slots[i];
	hashes[j] = t->hashes[i];
	koff[j] = t->koff[i];
      }
  free (t->slots);
  free (t->hashes);
  free (t->koff);
  t->slots = slots;
  t->hashes = hashes;
  t->koff = koff;
  t->nslots = n;
  return 0;
}

/* KEY (N words) kept in T; its offset in *OFF.  */
static int
table_keep_key (struct table *t, const uint32_t *key, size_t n,
		uint32_t *off)
{
  size_t need = t->klen + n + 1;
  /* Offsets are 32-bit, and the keys grow by doubling.  */
  if (need > (size_t) 1 << 31
      || btfld_grow ((void **) &t->keys, &t->kcap, need, sizeof *t->keys))
    return -ENOMEM;
  *off = (uint32_t) t->klen;
  t->keys[t->klen] = (uint32_t) n;
  memcpy (t->keys + t->klen + 1, key, n * 4);
  t->klen += n + 1;
  return 0;
}

/* The class of ID by table T: that of the id in T with an equal key
   (CLS[X - BASE] is the class of id X), else a new one, *NEXT, with ID
   added to T.  Written to CLS[ID - BASE] and returned; 0 when out of
   memory.  */
static uint32_t
table_class (const struct engine *e, struct table *t, uint32_t id,
	     uint32_t *cls, uint32_t base, uint32_t *next)
{
  size_t n = make_key (e, id, t->ka);
  uint32_t h = (uint32_t) hash_words (t->ka, n);
  if (2 * (t->used + 1) >= t->nslots && table_grow (t))
    return 0;
  for (size_t j = h & (t->nslots - 1);; j = (j + 1) & (t->nslots - 1))
    {
      uint32_t other = t->slots[j];
      if (!other)
	{
	  if (table_keep_key (t, t->ka, n, &t->koff[j]))
	    return 0;
	  t->slots[j] = id + 1;
	  t->hashes[j] = h;
	  t->used++;
	  return cls[id - base] = (*next)++;
	}
      const uint32_t *kept = t->keys + t->koff[j];
      if (t->hashes[j] == h && kept[0] == n
	  && memcmp (t->ka, kept + 1, n * 4) == 0)
	return cls[id - base] = cls[other - 1 - base];
    }
}

/* The arrays of refine_pass (the next classes and the table of one id
   per class) exist only while passes run: the partition refinement in
   between needs the memory more.  */
static void
release_pass_arrays (struct engine *e)
{
  free (e->ncls);
  e->ncls = NULL;
  table_free (&e->tab);
}

static int
alloc_pass_arrays (struct engine *e, size_t n)
{
  if (e->ncls)
    {
      table_clear (&e->tab);
      return 0;
    }
  e->ncls = btfld_huge_malloc (e->cnt, sizeof *e->ncls);
  if (!e->ncls || table_init (&e->tab, n, e->kcap))
    {
      release_pass_arrays (e);
      return btfld_error (-ENOMEM, "out of memory");
    }
  return 0;
}

static void
free_engine (struct engine *e)
{
  free (e->cls);
  free (e->init);
  free (e->fwd);
  release_pass_arrays (e);
}

/* A pass over many types runs in two halves at once: the upper half
   classified apart (classes numbered from 1 in its own order), its
   classes then looked up, in that order, among the lower half's.  The
   classes and their numbers are those of one pass in id order.  */
#define HALVES_MIN ((uint32_t) 1 << 17)

struct half
{
  const struct engine *e;
  struct table t;
  uint32_t from, to;
  uint32_t *cls;		/* own class of each id from FROM */
  uint32_t *reps;		/* first id of each own class */
  size_t nreps_cap;
  uint32_t next;
  int err;
};

static void *
classify_half (void *arg)
{
  struct half *h = arg;
  for (uint32_t id = h->from; id < h->to && !h->err; id++)
    {
      uint32_t before = h->next;
      if (!table_class (h->e, &h->t, id, h->cls, h->from, &h->next))
	h->err = -ENOMEM;
      else if (h->next != before)
	{
	  if ((h->err = btfld_grow ((void **) &h->reps, &h->nreps_cap,
				    (size_t) before + 1, sizeof *h->reps)))
	    break;
	  h->reps[before] = id;
	}
    }
  return NULL;
}

/* One refinement pass; returns the number of classes after it, 0 when
   out of memory.  */
static uint32_t
refine_pass (struct engine *e)
{
  uint32_t next = 1, mid = e->cnt;
  struct half up = { e, { 0 }, 0, 0, NULL, NULL, 0, 1, 0 };
  pthread_t thread;
  bool threaded = false, ok = true;
  if (alloc_pass_arrays (e, e->nclasses))
    return 0;
  e->ncls[0] = 0;		/* void: its own class, in every pass */
  if (e->cnt >= HALVES_MIN && !e->skip)
    {
      mid = e->cnt / 2;
      up.from = mid;
      up.to = e->cnt;
      up.cls = btfld_huge_malloc (e->cnt - mid, sizeof *up.cls);
      if (!up.cls || table_init (&up.t, e->nclasses / 2, e->kcap))
	ok = false;
      else
	threaded = pthread_create (&thread, NULL, classify_half, &up) == 0;
    }
  if (e->skip)
    next = 2;			/* class 1: the skipped ids */
  for (uint32_t id = 1; ok && id < mid; id++)
    if (btfld_bit (e->skip, id))
      e->ncls[id] = 1;
    else
      ok = table_class (e, &e->tab, id, e->ncls, 0, &next) != 0;
  if (threaded)
    pthread_join (thread, NULL);
  else if (ok && mid < e->cnt)
    classify_half (&up);
  if (ok && mid < e->cnt && !up.err)
    {
      /* The upper half's classes in their order: each one of the lower
	 half's, or new.  */
      uint32_t *glob = malloc ((size_t) up.next * sizeof *glob);
      for (uint32_t c = 1; glob && ok && c < up.next; c++)
	ok = (glob[c] = table_class (e, &e->tab, up.reps[c], e->ncls, 0,
				     &next)) != 0;
      for (uint32_t id = mid; glob && ok && id < e->cnt; id++)
	e->ncls[id] = glob[up.cls[id - mid]];
      ok = ok && glob;
      free (glob);
    }
  ok = ok && !up.err;
  free (up.cls);
  free (up.reps);
  table_free (&up.t);
  if (!ok)
    {
      btfld_error (-ENOMEM, "out of memory");
      return 0;
    }
  uint32_t *tmp = e->cls;
  e->cls = e->ncls;
  e->ncls = tmp;
  return next;
}

struct edge_ctx
{
  const struct engine *e;
  struct btfld_graph *g;
  const uint32_t *qid;		/* a type's node in a quotient, or NULL */
  uint32_t p, j;
  bool count;
};

static int
add_edge (uint32_t *id, void *arg)
{
  struct edge_ctx *c = arg;
  uint32_t to = target (c->e, *id);
  uint32_t j = c->j++;
  if (!to)
    return 0;
  if (c->qid)
    to = c->qid[to];
  if (c->count)
    c->g->rev_off[to + 1]++;
  else
    c->g->rev[c->g->rev_off[to]++] = (struct btfld_edge) { c->p, j };
  return 0;
}

/* Reverse edges of the graph with resolved FWDs redirected.  With
   QREP, of a quotient of it: NQ nodes, node q standing for type
   QREP[q], an edge to type t going to node QID[t].  */
static int
build_graph (const struct engine *e, struct btfld_graph *g, uint32_t nq,
	     const uint32_t *qrep, const uint32_t *qid)
{
  uint32_t n = qrep ? nq : e->cnt;
  g->n = n;
  g->rev_off = btfld_huge_calloc ((size_t) n + 1, sizeof *g->rev_off);
  if (!g->rev_off)
    return btfld_error (-ENOMEM, "out of memory");
  struct edge_ctx c = { e, g, qrep ? qid : NULL, 0, 0, true };
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
	{
	  for (uint32_t i = 1; i <= n; i++)
	    g->rev_off[i] += g->rev_off[i - 1];
	  g->rev = btfld_huge_malloc ((size_t) g->rev_off[n] + 1,
				       sizeof *g->rev);
	  if (!g->rev)
	    return btfld_error (-ENOMEM, "out of memory");
	  c.count = false;
	}
      for (uint32_t p = 1; p < n; p++)
	{
	  uint32_t id = qrep ? qrep[p] : p;
	  if (!qrep && btfld_bit (e->skip, id))
	    continue;
	  const uint32_t *w = rec_of (e, id);
	  unsigned kind = BTF_INFO_KIND (w[1]);
	  unsigned nr = nrefs (kind, BTF_INFO_VLEN (w[1]));
	  c.p = p;
	  c.j = 0;
	  for (unsigned k = 0; k < nr; k++)
	    {
	      uint32_t to = w[ref_word (kind, k)];
	      add_edge (&to, &c);
	    }
	}
    }
  /* The fill pass advanced each start to the next one's: shift back.  */
  for (uint32_t i = n; i > 0; i--)
    g->rev_off[i] = g->rev_off[i - 1];
  g->rev_off[0] = 0;
  return 0;
}

/* The initial classes, from the types' own fields (a reference only
   says whether it is void), into E->init and E->cls.  A reference's
   class is 1 here, whatever it resolves to: the initial classes are the
   same in every round.  */
static int
initial_classes (struct engine *e)
{
  e->cls[0] = 0;
  for (uint32_t id = 1; id < e->cnt; id++)
    e->cls[id] = 1;
  e->nclasses = 2;
  if (!(e->nclasses = refine_pass (e)))
    return -ENOMEM;
  release_pass_arrays (e);
  e->init = btfld_huge_malloc (e->cnt, sizeof *e->init);
  if (!e->init)
    return btfld_error (-ENOMEM, "out of memory");
  memcpy (e->init, e->cls, (size_t) e->cnt * sizeof *e->cls);
  e->ninit = e->nclasses;
  btfld_debug_step ("engine: initial classes");
  return 0;
}

/* Refinement from the initial classes by the references.  */
static int
refine (struct engine *e)
{
  struct btfld_graph g = { 0 };
  e->stable = false;
  memcpy (e->cls, e->init, (size_t) e->cnt * sizeof *e->cls);
  e->nclasses = e->ninit;
  int err = build_graph (e, &g, 0, NULL, NULL);
  btfld_debug_step ("engine: graph");
  if (!err)
    err = btfld_refine_partition (&g, e->cls, &e->nclasses);
  btfld_debug_step ("engine: partition");
  free (g.rev_off);
  free (g.rev);
  return err;
}

/* Round one of a seed, without a graph: Moore's refinement, each pass
   keying again only the types one of whose references moved to another
   class in the pass before (every type in the first).  The dirty
   members of a class part from the rest by their keys; a class all of
   whose members got one key keeps its number (nothing moved).  Keys are
   compared whole, so the fixed point is the coarsest stable partition,
   refine's; the memory is a few arrays of the types, not a graph and a
   partition of them (a seed is found beside ld, near its own peak).  */
struct moore
{
  size_t words;
  uint64_t *dirty;		/* to key again in this pass (a bitmap) */
  uint64_t *moved;		/* moved in the last pass (a bitmap) */
  /* Per class, for this pass's classes (at most one new class per
     dirty type): members, the first dirty member's new class, dirty
     members, the classes with dirty members, and each one's fate
     (1 parts, 2 stays whole).  */
  uint32_t cap, *size, *first, *ndirty, *touched;
  uint8_t *fate;
};

static void
moore_free (struct moore *m)
{
  free (m->dirty);
  free (m->moved);
  free (m->size);
  free (m->first);
  free (m->ndirty);
  free (m->touched);
  free (m->fate);
}

/* Mark dirty the types with a reference to a type that moved (ALL:
   every type with a reference); returns how many.  */
static uint32_t
moore_dirty (const struct engine *e, struct moore *m, bool all)
{
  uint32_t nd = 0;
  memset (m->dirty, 0, m->words * sizeof *m->dirty);
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      if (btfld_bit (e->skip, id))
	continue;
      const uint32_t *w = rec_of (e, id);
      unsigned kind = BTF_INFO_KIND (w[1]);
      unsigned nr = nrefs (kind, BTF_INFO_VLEN (w[1])), k = 0;
      if (!all)
	for (; k < nr
	       && !btfld_bit (m->moved, target (e, w[ref_word (kind, k)]));
	     k++)
	  ;
      if (all ? nr != 0 : k < nr)
	{
	  btfld_set_bit (m->dirty, id);
	  nd++;
	}
    }
  return nd;
}

/* The per-class arrays for ND dirty types, the sizes counted again
   when they grow.  */
static int
moore_reserve (const struct engine *e, struct moore *m, uint32_t nd)
{
  if (e->nclasses + (size_t) nd <= m->cap)
    return 0;
  m->cap = e->nclasses + nd;
  free (m->size);
  free (m->first);
  free (m->ndirty);
  free (m->touched);
  free (m->fate);
  m->size = btfld_huge_calloc (m->cap, sizeof *m->size);
  m->first = btfld_huge_malloc (m->cap, sizeof *m->first);
  m->ndirty = btfld_huge_calloc (m->cap, sizeof *m->ndirty);
  m->touched = btfld_huge_malloc (m->cap, sizeof *m->touched);
  m->fate = btfld_huge_calloc (m->cap, 1);
  if (!m->size || !m->first || !m->ndirty || !m->touched || !m->fate)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 1; id < e->cnt; id++)
    m->size[e->cls[id]]++;
  return 0;
}

/* One pass: the dirty types' keys from the classes before it, then each
   touched class parts or stays whole.  */
static int
moore_pass (struct engine *e, struct moore *m)
{
  uint32_t n = e->cnt, next = e->nclasses, nt = 0;
  if (alloc_pass_arrays (e, e->nclasses))
    return -ENOMEM;
  for (uint32_t id = 1; id < n; id++)
    if (btfld_bit (m->dirty, id)
	&& !table_class (e, &e->tab, id, e->ncls, 0, &next))
      return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 1; id < n; id++)
    {
      if (!btfld_bit (m->dirty, id))
	continue;
      uint32_t c = e->cls[id], g = e->ncls[id];
      if (!m->ndirty[c]++)
	{
	  m->first[c] = g;
	  m->touched[nt++] = c;
	}
      else if (m->first[c] != g)
	m->fate[c] = 1;
    }
  for (uint32_t i = 0; i < nt; i++)
    {
      uint32_t c = m->touched[i];
      if (!m->fate[c])
	m->fate[c] = m->ndirty[c] == m->size[c] ? 2 : 1;
    }
  memset (m->moved, 0, m->words * sizeof *m->moved);
  for (uint32_t id = 1; id < n; id++)
    {
      if (!btfld_bit (m->dirty, id))
	continue;
      uint32_t c = e->cls[id], g = e->ncls[id];
      if (m->fate[c] == 2)
	continue;
      e->cls[id] = g;
      btfld_set_bit (m->moved, id);
      m->size[c]--;
      m->size[g]++;
    }
  for (uint32_t i = 0; i < nt; i++)
    m->ndirty[m->touched[i]] = m->fate[m->touched[i]] = 0;
  e->nclasses = next;
  return 0;
}

/* Number E's classes densely again (a class that stayed whole left the
   number its key got unused).  */
static int
renumber_classes (struct engine *e)
{
  uint32_t *dense = btfld_huge_calloc (e->nclasses, sizeof *dense), k = 1;
  if (!dense)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      uint32_t c = e->cls[id];
      if (!dense[c])
	dense[c] = k++;
      e->cls[id] = dense[c];
    }
  free (dense);
  e->nclasses = k;
  return 0;
}

static int
refine_moore (struct engine *e)
{
  struct moore m = { .words = e->cnt / 64 + 1 };
  int err = 0;
  memcpy (e->cls, e->init, (size_t) e->cnt * sizeof *e->cls);
  e->nclasses = e->ninit;
  m.dirty = malloc (m.words * sizeof *m.dirty);
  m.moved = calloc (m.words, sizeof *m.moved);
  if (!m.dirty || !m.moved)
    err = btfld_error (-ENOMEM, "out of memory");
  for (bool all = true; !err; all = false)
    {
      uint32_t nd = moore_dirty (e, &m, all);
      if (!nd)
	break;
      if (getenv ("BTFLD_DEBUG"))
	fprintf (stderr, "btfld: engine: moore pass: %u dirty, %u classes\n",
		 nd, e->nclasses);
      if (!(err = moore_reserve (e, &m, nd)))
	err = moore_pass (e, &m);
    }
  if (!err && !(err = renumber_classes (e)))
    {
      e->stable = true;
      btfld_debug_step ("engine: moore");
    }
  release_pass_arrays (e);
  moore_free (&m);
  return err;
}

/* The types that can reach a declaration whose resolution differs
   between OLDFWD and E->fwd (from FIRST on), through references and
   through declarations to what they stand for under either resolution:
   a map of N bytes, *NAFF of them set.  NULL when out of memory.  */
static uint8_t *
affected_types (const struct engine *e, const uint32_t *oldfwd,
		uint32_t first, uint32_t *naff)
{
  uint32_t n = e->cnt, sp = 0;
  uint32_t *off = calloc ((size_t) n + 1, sizeof *off);
  uint32_t *stack = malloc ((size_t) n * sizeof *stack);
  uint32_t *ref_of = NULL;
  uint8_t *aff = calloc (n, 1);
  if (!off || !stack || !aff)
    goto fail;
  /* Who refers to whom, raw ids, and declarations to their
     definitions under both resolutions: CSR by the referred id.  */
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
	{
	  for (uint32_t i = 1; i <= n; i++)
	    off[i] += off[i - 1];
	  if (!(ref_of = malloc (((size_t) off[n] + 1) * sizeof *ref_of)))
	    goto fail;
	}
      for (uint32_t id = 1; id < n; id++)
	{
	  const uint32_t *w = rec_of (e, id);
	  unsigned kind = BTF_INFO_KIND (w[1]);
	  unsigned nr = nrefs (kind, BTF_INFO_VLEN (w[1]));
	  for (unsigned k = 0; k < nr + 2; k++)
	    {
	      uint32_t to = k < nr ? w[ref_word (kind, k)]
			    : k == nr ? e->fwd[id] : oldfwd[id];
	      if (!to)
		continue;
	      if (pass == 0)
		off[to + 1]++;
	      else
		ref_of[off[to]++] = id;
	    }
	}
    }
  for (uint32_t i = n; i > 0; i--)
    off[i] = off[i - 1];
  off[0] = 0;
  for (uint32_t f = first; f < n; f++)
    if (e->fwd[f] != oldfwd[f])
      {
	aff[f] = 1;
	stack[sp++] = f;
      }
  *naff = 0;
  while (sp)
    {
      uint32_t x = stack[--sp];
      ++*naff;
      for (uint32_t r = off[x]; r < off[x + 1]; r++)
	if (!aff[ref_of[r]])
	  {
	    aff[ref_of[r]] = 1;
	    stack[sp++] = ref_of[r];
	  }
    }
  free (off);
  free (stack);
  free (ref_of);
  return aff;
fail:
  free (off);
  free (stack);
  free (ref_of);
  free (aff);
  return NULL;
}

/* The quotient of the graph: node 0 void, one node for the unaffected
   members of each of E's classes (its first member), one for each
   affected type.  QID: each type's node; QREP: each node's type; G: its
   reverse edges, as build_graph's.  Returns the number of nodes, 0
   when out of memory.  */
static uint32_t
quotient_graph (const struct engine *e, const uint8_t *aff, uint32_t *qid,
		uint32_t *qrep, struct btfld_graph *g)
{
  uint32_t n = e->cnt, nq = 1;
  uint32_t *node_of_class = malloc ((size_t) e->nclasses
				    * sizeof *node_of_class);
  if (!node_of_class)
    return 0;
  for (uint32_t c = 0; c < e->nclasses; c++)
    node_of_class[c] = UINT32_MAX;
  qid[0] = 0;
  qrep[0] = 0;
  for (uint32_t id = 1; id < n; id++)
    if (aff[id] || node_of_class[e->cls[id]] == UINT32_MAX)
      {
	if (!aff[id])
	  node_of_class[e->cls[id]] = nq;
	qrep[nq] = id;
	qid[id] = nq++;
      }
    else
      qid[id] = node_of_class[e->cls[id]];
  free (node_of_class);
  return build_graph (e, g, nq, qrep, qid) ? 0 : nq;
}

/* A later round, from the previous round's classes (stable under the
   previous resolution OLDFWD): the types that can reach a declaration
   whose resolution changed ("affected": through references and through
   declarations to what they stand for, under either resolution) are
   the only ones whose successors changed.  Every other type has the
   same successors as before, all of them unaffected, so the previous
   classes restricted to the unaffected types, each affected type alone,
   form a stable partition finer than the initial one, and the coarsest
   stable refinement is that of the quotient graph: one node per such
   class.  Refinement runs on the quotient only; the result is the same
   as a whole round's.  */
static int
refine_from (struct engine *e, const uint32_t *oldfwd)
{
  uint32_t n = e->cnt, nq = 0, naff = 0, k0 = 1;
  uint32_t f = e->start;
  while (f < n && e->fwd[f] == oldfwd[f])
    f++;
  if (f == n)
    {
      /* No declaration changed: the classes stand.  */
      if (getenv ("BTFLD_DEBUG"))
	fprintf (stderr, "btfld: engine: no declaration changed\n");
      return 0;
    }
  e->stable = false;
  struct btfld_graph g = { 0 };
  uint32_t *qid = malloc ((size_t) n * sizeof *qid);
  uint32_t *qrep = malloc ((size_t) n * sizeof *qrep);
  uint32_t *cmap = malloc ((size_t) e->ninit * sizeof *cmap);
  uint32_t *qcls = malloc ((size_t) n * sizeof *qcls);
  uint8_t *aff = NULL;
  int err = -ENOMEM;
  if (!qid || !qrep || !cmap || !qcls
      || !(aff = affected_types (e, oldfwd, f, &naff))
      || !(nq = quotient_graph (e, aff, qid, qrep, &g)))
    goto out;
  /* The initial classes of the nodes, numbered densely.  */
  for (uint32_t c = 0; c < e->ninit; c++)
    cmap[c] = UINT32_MAX;
  qcls[0] = 0;
  for (uint32_t q = 1; q < nq; q++)
    {
      uint32_t c = e->init[qrep[q]];
      if (cmap[c] == UINT32_MAX)
	cmap[c] = k0++;
      qcls[q] = cmap[c];
    }
  if (getenv ("BTFLD_DEBUG"))
    fprintf (stderr, "btfld: engine: %u types affected, quotient of %u "
	     "nodes\n", naff, nq);
  btfld_debug_step ("engine: graph");
  err = btfld_refine_partition (&g, qcls, &k0);
  if (!err)
    {
      for (uint32_t id = 0; id < n; id++)
	e->cls[id] = qcls[qid[id]];
      e->nclasses = k0;
    }
  btfld_debug_step ("engine: partition");
out:
  if (err == -ENOMEM)
    btfld_error (-ENOMEM, "out of memory");
  free (qid);
  free (qrep);
  free (cmap);
  free (qcls);
  free (aff);
  free (g.rev_off);
  free (g.rev);
  return err;
}

/* Verify the partition exactly (and finish it, should a set-hash
   collision have left a class too coarse): a stable partition survives
   a pass unchanged.  Sets *SPLIT when a class split.  Only the round
   whose result is used needs it: a round that finds new conflicts is
   followed by another.  */
static int
verify (struct engine *e, bool *split)
{
  int err = 0;
  *split = false;
  for (; !e->stable;)
    {
      uint32_t n = refine_pass (e);
      if (!n)
	{
	  err = -ENOMEM;
	  break;
	}
      if (n == e->nclasses)
	break;
      e->nclasses = n;
      *split = true;
    }
  btfld_debug_step ("engine: verified");
  release_pass_arrays (e);
  return err;
}

/* Definitions by name: (name_off, id) pairs of named STRUCT, UNION, ENUM
   and ENUM64 types, sorted.  */
struct def { uint32_t name, id; };

static int
by_name_id (const void *a, const void *b)
{
  const struct def *x = a, *y = b;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static bool
is_enum (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_ENUM || btfld_kind (t) == BTF_KIND_ENUM64;
}

/* A definition: a struct or union, or an enum with values.  */
static bool
is_def (const struct btf_type *t)
{
  unsigned k = btfld_kind (t);
  return k == BTF_KIND_STRUCT || k == BTF_KIND_UNION
	 || (is_enum (t) && btfld_vlen (t));
}

static bool
is_decl (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_FWD || (is_enum (t) && !btfld_vlen (t));
}

/* D[0, N), in id order, sorted by name: a radix sort of 16 bits at a
   time, stable, so ids stay in order within a name (a kernel has a
   million definitions, and qsort would call a comparison function for
   each step of its n log n).  TMP has room for N.  */
static struct def *
sort_defs (struct def *d, struct def *tmp, size_t n)
{
  uint32_t *count = calloc (1 << 16, sizeof *count);
  if (!count)
    return NULL;
  for (int shift = 0; shift < 32; shift += 16)
    {
      uint32_t sum = 0;
      memset (count, 0, (1 << 16) * sizeof *count);
      for (size_t i = 0; i < n; i++)
	count[(d[i].name >> shift) & 0xffff]++;
      for (size_t b = 0; b < 1 << 16; b++)
	{
	  uint32_t c = count[b];
	  count[b] = sum;
	  sum += c;
	}
      for (size_t i = 0; i < n; i++)
	tmp[count[(d[i].name >> shift) & 0xffff]++] = d[i];
      struct def *x = d;
      d = tmp;
      tmp = x;
    }
  free (count);
  return d;
}

static struct def *
collect_defs (const struct engine *e, size_t *np)
{
  size_t cap = e->cnt ? e->cnt : 1, n = 0;
  struct def *d = malloc (cap * sizeof *d), *tmp = NULL, *sorted;
  if (!d)
    return NULL;
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      const struct btf_type *t = btfld_type_by_id (e->btf, id);
      if (t->name_off && is_def (t))
	d[n++] = (struct def) { t->name_off, id };
    }
  if (!(tmp = malloc ((n ? n : 1) * sizeof *tmp))
      || !(sorted = sort_defs (d, tmp, n)))
    {
      free (d);
      free (tmp);
      return NULL;
    }
  free (sorted == d ? tmp : d);
  *np = n;
  return sorted;
}

/* Which definitions a declaration can stand for: structs (FWD), unions
   (FWD with kind flag), enums (forward ENUM; or gcc's struct FWD for an
   enum, when no struct has the name).  */
enum cat { CAT_STRUCT = 1, CAT_UNION = 2, CAT_ENUM = 4 };

static unsigned
def_cat (const struct btf_type *t)
{
  return btfld_kind (t) == BTF_KIND_STRUCT ? CAT_STRUCT
	 : btfld_kind (t) == BTF_KIND_UNION ? CAT_UNION : CAT_ENUM;
}

/* The run of definitions named NAME: D[*LO, *HI).  */
static void
find_run (const struct def *d, size_t n, uint32_t name, size_t *lo,
	  size_t *hi)
{
  struct def key = { name, 0 };
  size_t l = 0, h = n;
  while (l < h)
    {
      size_t mid = (l + h) / 2;
      if (by_name_id (&d[mid], &key) < 0)
	l = mid + 1;
      else
	h = mid;
    }
  *lo = l;
  while (l < n && d[l].name == name)
    l++;
  *hi = l;
}

/* The end of the run of definitions named as D[LO] (D: N, sorted).  */
static size_t
run_end (const struct def *d, size_t n, size_t lo)
{
  size_t hi = lo + 1;
  while (hi < n && d[hi].name == d[lo].name)
    hi++;
  return hi;
}

static unsigned
decl_cat (const struct engine *e, const struct btf_type *t,
	  const struct def *d, size_t lo, size_t hi)
{
  if (btfld_kind (t) != BTF_KIND_FWD)
    return CAT_ENUM;
  if (btfld_kflag (t))
    return CAT_UNION;
  for (size_t i = lo; i < hi; i++)
    if (def_cat (btfld_type_by_id (e->btf, d[i].id)) == CAT_STRUCT)
      return CAT_STRUCT;
  return CAT_ENUM;
}

/* A declaration with definitions of its name: the run D[LO, HI) of
   them, its category, the first definition of that category (0: none).
   Found once; what the declaration stands for is decided every round.  */
struct decl { uint32_t f, lo, hi, first; unsigned cat; };

static struct decl *
collect_decls (const struct engine *e, const struct def *d, size_t n,
	       size_t *np)
{
  size_t k = 0, cap = 0;
  struct decl *v = NULL;
  for (uint32_t f = e->start; f < e->cnt; f++)
    {
      const struct btf_type *t = btfld_type_by_id (e->btf, f);
      size_t lo, hi;
      if (!is_decl (t) || !t->name_off)
	continue;
      find_run (d, n, t->name_off, &lo, &hi);
      if (lo == hi)
	continue;
      if (btfld_grow ((void **) &v, &cap, k + 1, sizeof *v))
	{
	  free (v);
	  return NULL;
	}
      struct decl *x = &v[k++];
      x->f = f;
      x->lo = lo;
      x->hi = hi;
      x->cat = decl_cat (e, t, d, lo, hi);
      x->first = 0;
      for (size_t i = lo; i < hi && !x->first; i++)
	if (def_cat (btfld_type_by_id (e->btf, d[i].id)) == x->cat)
	  x->first = d[i].id;
    }
  *np = k;
  return v ? v : malloc (1);
}

/* What each declaration stands for, or 0 to keep it.  While the name's
   definitions of that category have not been seen to conflict, the
   first of them (optimism: refinement then tells whether they all are
   one); once they conflict, the one of the declaration's own object
   when that object has exactly one (with several, any choice would
   depend on their order).  Without BLOB_OF the BTF is one object, and
   a conflict means it has several.  */
static void
assign_fwds (struct engine *e, const struct decl *v, size_t nv,
	     const struct def *d, const uint8_t *conflict)
{
  for (size_t k = 0; k < nv; k++)
    {
      const struct decl *x = &v[k];
      uint32_t pick = 0;
      if (!(conflict[x->lo] & x->cat))
	pick = x->first;
      else if (e->blob_of)
	{
	  uint32_t blob = e->blob_of[x->f - e->start];
	  for (size_t i = x->lo; i < x->hi; i++)
	    {
	      uint32_t id = d[i].id;
	      if (id < e->start || e->blob_of[id - e->start] != blob
		  || def_cat (btfld_type_by_id (e->btf, id)) != x->cat)
		continue;
	      if (pick)
		{
		  pick = 0;
		  break;
		}
	      pick = id;
	    }
	}
      e->fwd[x->f] = pick;
    }
}

/* Mark the names whose definitions of one category fell into several
   classes; returns how many were newly marked.  */
static long
mark_conflicts (const struct engine *e, const struct def *d, size_t n,
		uint8_t *conflict)
{
  long marked = 0;
  for (size_t lo = 0, hi; lo < n; lo = hi)
    {
      hi = run_end (d, n, lo);
      for (unsigned cat = CAT_STRUCT; cat <= CAT_ENUM; cat <<= 1)
	{
	  uint32_t first = 0;
	  bool several = false;
	  for (size_t i = lo; i < hi && !several; i++)
	    {
	      uint32_t id = d[i].id;
	      if (def_cat (btfld_type_by_id (e->btf, id)) != cat)
		continue;
	      if (!first)
		first = id;
	      several = e->cls[id] != e->cls[first];
	    }
	  if (several && !(conflict[lo] & cat))
	    {
	      conflict[lo] |= cat;
	      marked++;
	    }
	}
    }
  return marked;
}

/* One type per class, in the order of each class's first member.  */
static struct btfld_btf *
emit (struct engine *e)
{
  uint32_t *rep = malloc ((size_t) e->nclasses * sizeof *rep);
  uint32_t *map = calloc (e->cnt, sizeof *map);
  struct btfld_btf *out = NULL;
  if (!rep || !map)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto done;
    }
  memset (rep, 0, (size_t) e->nclasses * sizeof *rep);
  for (uint32_t id = 1; id < e->cnt; id++)
    if (!e->fwd[id] && !rep[e->cls[id]])
      rep[e->cls[id]] = id;
  uint32_t next = e->start;
  for (uint32_t id = 0; id < e->cnt; id++)
    if (id < e->start)
      map[id] = id;
    else if (!e->fwd[id] && rep[e->cls[id]] == id)
      map[id] = next++;
  for (uint32_t id = e->start; id < e->cnt; id++)
    if (!e->fwd[id] && rep[e->cls[id]] != id)
      map[id] = map[rep[e->cls[id]]];
  for (uint32_t id = e->start; id < e->cnt; id++)
    if (e->fwd[id])
      map[id] = map[rep[e->cls[e->fwd[id]]]];
  out = btfld_btf_new (btfld_base (e->btf));
  for (uint32_t id = e->start; out && id < e->cnt; id++)
    if (!e->fwd[id] && rep[e->cls[id]] == id
	&& btfld_copy_type (out, e->btf, id, map) < 0)
      {
	btfld_btf_free (out);
	out = NULL;
      }
done:
  free (rep);
  free (map);
  return out;
}

/* Definitions and declarations of E's BTF, and their conflict marks
   (one byte of categories per definitions' run, at its first index).  */
struct names
{
  struct def *defs;
  struct decl *decls;
  uint8_t *conflict;
  size_t ndefs, ndecls;
};

static void
names_free (struct names *nm)
{
  free (nm->decls);
  free (nm->defs);
  free (nm->conflict);
}

static int
engine_setup (struct engine *e, const struct btfld_btf *btf,
	      const uint32_t *blob_of, struct names *nm)
{
  memset (nm, 0, sizeof *nm);
  e->btf = btf;
  e->blob_of = blob_of;
  e->cnt = btfld_type_cnt (btf);
  e->start = btfld_start_id (btf);
  btfld_debug_step ("engine: start");
  if (alloc_engine (e) || !(nm->defs = collect_defs (e, &nm->ndefs))
      || !(nm->decls = collect_decls (e, nm->defs, nm->ndefs, &nm->ndecls))
      || !(nm->conflict = calloc (nm->ndefs + 1, 1)))
    return btfld_error (-ENOMEM, "out of memory");
  return 0;
}

/* Rounds from the initial classes until no new conflict shows: E's
   classes and declarations are then those of the result.  */
static int
fixed_point (struct engine *e, struct names *nm)
{
  uint32_t *oldfwd = malloc ((size_t) e->cnt * sizeof *oldfwd);
  int err;
  if (!oldfwd)
    return btfld_error (-ENOMEM, "out of memory");
  if ((err = initial_classes (e)))
    goto done;
  /* Definitions of a name whose own fields differ conflict whatever the
     declarations stand for (refinement only splits classes): marked
     before the first round, which then mostly is the last.  */
  long early = mark_conflicts (e, nm->defs, nm->ndefs, nm->conflict);
  if (getenv ("BTFLD_DEBUG"))
    fprintf (stderr, "btfld: engine: %ld names conflicting by their own "
	     "fields\n", early);
  for (bool first = true;; first = false)
    {
      bool split = false;
      if (!first)
	memcpy (oldfwd, e->fwd, (size_t) e->cnt * sizeof *oldfwd);
      assign_fwds (e, nm->decls, nm->ndecls, nm->defs, nm->conflict);
      if ((err = first ? (e->skip ? refine_moore (e) : refine (e))
		 : refine_from (e, oldfwd)))
	break;
      btfld_debug_step ("engine: refined");
      long newly = mark_conflicts (e, nm->defs, nm->ndefs, nm->conflict);
      if (newly == 0)
	{
	  if ((err = verify (e, &split)))
	    break;
	  if (split)
	    newly = mark_conflicts (e, nm->defs, nm->ndefs, nm->conflict);
	}
      if (getenv ("BTFLD_DEBUG"))
	fprintf (stderr, "btfld: engine round: %u classes, %ld new "
		 "conflicting names\n", e->nclasses, newly);
      if (newly == 0)
	break;
    }
done:
  free (oldfwd);
  return err;
}

/* ---- On a base: the base's types are classes of their own ----

   A module's BTF is split on vmlinux's: a hundred and fifty thousand
   types, deduplicated already, against a few thousand own ones.  No two
   base types are equivalent then (the base is its own coarsest
   partition), so the base needs no refinement: each base type is a
   class (class = its id), and the only question is which base type, if
   any, each own type equals.  on_base_classes answers it for one
   resolution of the declarations, in time for the own types and one
   hash of each base record (made once: base_index):

   - Own types are taken in the order of their strongly connected
     components, references first (Tarjan's algorithm).  A type outside
     any cycle has all its references decided: it equals the base type
     with the same record once each reference is replaced by what it
     equals (match_by_key), or none.
   - A cycle always passes through a named struct or union (C has no
     other way to refer to a type before it is complete).  Its base
     counterparts are the definitions of that name; pair_cycle walks the
     cycle from it and a candidate in step, pairing each own type with
     the base type at the same place.  The pairs found consistent (equal
     own fields, references paired or decided alike) are a bisimulation:
     they all hold.  If the cycle equals base types at all, it equals
     them through its named type's counterpart, so trying each candidate
     decides the whole cycle.  A cycle with no named definition (no C
     compiler writes one) sends the engine back to its general path.
   - The own types that equal no base type are refined among themselves
     (refine_own), as the general path would refine them, references to
     base types being fixed classes.

   With the conflicts marked before the first round as on the general
   path (mark_field_conflicts), every round's classes, conflicts and
   declarations are that path's, and so is the result: byte for byte,
   as long as the base is deduplicated under the engine's equivalence
   (vmlinux by btfld or by pahole, a distilled base).  A base that is
   not keeps its duplicates apart; an own type then equals one of them,
   or is kept.  */

/* Base ids by the hash of their records: the records' references are
   base ids, which are their classes here.  */
struct base_index
{
  uint32_t *slots;		/* base id, 0 empty */
  uint32_t *hashes;
  size_t mask;
};

struct on_base
{
  struct base_index ix;
  uint32_t n;			/* own types */
  uint32_t *match;		/* per own type: the base id it equals,
				   NO_MATCH, or 0 undecided */
  uint32_t *hyp;		/* a cycle's tentative pairs, 0 none */
  uint32_t *hlist, nh;		/* own types with a pair set, in order */
  uint32_t *index, *low, *frame_k, *frames, *sstack;	/* Tarjan */
  uint8_t *on_stack;
  uint32_t *ka, *kb;		/* scratch records */
};

#define NO_MATCH UINT32_MAX

static void
on_base_free (struct on_base *ob)
{
  free (ob->ix.slots);
  free (ob->ix.hashes);
  free (ob->match);
  free (ob->hyp);
  free (ob->hlist);
  free (ob->index);
  free (ob->low);
  free (ob->frame_k);
  free (ob->frames);
  free (ob->sstack);
  free (ob->on_stack);
  free (ob->ka);
  free (ob->kb);
}

static int
base_index (const struct engine *e, struct base_index *ix)
{
  size_t nslots = 1024;
  while (nslots < 2 * (size_t) e->start)
    nslots *= 2;
  ix->mask = nslots - 1;
  ix->slots = btfld_huge_calloc (nslots, sizeof *ix->slots);
  ix->hashes = btfld_huge_malloc (nslots, sizeof *ix->hashes);
  if (!ix->slots || !ix->hashes)
    return btfld_error (-ENOMEM, "out of memory");
  /* Equal records hash alike and the first in id order is met first,
     so a base holding a record twice answers with its first.  */
  for (uint32_t b = 1; b < e->start; b++)
    {
      const uint32_t *w = rec_of (e, b);
      if (never_merged ((const struct btf_type *) w))
	continue;
      size_t words = btfld_type_rec_size ((const struct btf_type *) w) / 4;
      uint32_t h = (uint32_t) hash_words (w, words);
      size_t j = h & ix->mask;
      while (ix->slots[j])
	j = (j + 1) & ix->mask;
      ix->slots[j] = b;
      ix->hashes[j] = h;
    }
  return 0;
}

/* The base type an own type equals when each reference equals the base
   type its record names: that of ID's record with the references
   replaced, or NO_MATCH.  */
static uint32_t
match_by_key (const struct engine *e, struct on_base *ob, uint32_t id)
{
  const uint32_t *w = rec_of (e, id);
  const struct btf_type *t = (const struct btf_type *) w;
  if (never_merged (t))
    return NO_MATCH;
  size_t words = btfld_type_rec_size (t) / 4;
  unsigned kind = btfld_kind (t), n = nrefs (kind, btfld_vlen (t));
  memcpy (ob->ka, w, words * 4);
  for (unsigned k = 0; k < n; k++)
    {
      uint32_t *r = &ob->ka[ref_word (kind, k)], to = target (e, *r);
      if (to >= e->start)
	to = ob->match[to - e->start];
      if (to == NO_MATCH)
	return NO_MATCH;
      *r = to;
    }
  uint32_t h = (uint32_t) hash_words (ob->ka, words);
  for (size_t j = h & ob->ix.mask; ob->ix.slots[j]; j = (j + 1) & ob->ix.mask)
    if (ob->ix.hashes[j] == h)
      {
	uint32_t b = ob->ix.slots[j];
	const struct btf_type *bt = (const struct btf_type *) rec_of (e, b);
	if (btfld_type_rec_size (bt) == words * 4
	    && memcmp (bt, ob->ka, words * 4) == 0)
	  return b;
      }
  return NO_MATCH;
}

/* Whether X and Y have the same own fields: records equal but for
   references, which (with VOIDNESS) must both be void or both not.  */
static bool
same_fields (const struct engine *e, struct on_base *ob, uint32_t x,
	     uint32_t y, bool voidness)
{
  const struct btf_type *tx = (const struct btf_type *) rec_of (e, x);
  const struct btf_type *ty = (const struct btf_type *) rec_of (e, y);
  size_t words = btfld_type_rec_size (tx) / 4;
  if (btfld_type_rec_size (ty) != words * 4 || tx->info != ty->info)
    return false;
  unsigned kind = btfld_kind (tx), n = nrefs (kind, btfld_vlen (tx));
  memcpy (ob->ka, tx, words * 4);
  memcpy (ob->kb, ty, words * 4);
  for (unsigned k = 0; k < n; k++)
    {
      unsigned i = ref_word (kind, k);
      if (voidness && !ob->ka[i] != !ob->kb[i])
	return false;
      ob->ka[i] = ob->kb[i] = 0;
    }
  return memcmp (ob->ka, ob->kb, words * 4) == 0;
}

/* Whether the cycle of own type O equals base types with O paired with
   base type B (a definition of O's name): walk both in step; on success
   every own type of the cycle has its match.  */
static bool
pair_cycle (const struct engine *e, struct on_base *ob, uint32_t o,
	    uint32_t b)
{
  uint32_t start = e->start;
  bool ok = true;
  ob->nh = 0;
  ob->hyp[o - start] = b;
  ob->hlist[ob->nh++] = o;
  /* Each pair is checked once, in the order it was made: the list of
     pairs is the queue.  */
  for (uint32_t q = 0; ok && q < ob->nh; q++)
    {
      uint32_t x = ob->hlist[q], y = ob->hyp[x - start];
      const uint32_t *wx = rec_of (e, x), *wy = rec_of (e, y);
      if (never_merged ((const struct btf_type *) wx)
	  || !same_fields (e, ob, x, y, false))
	{
	  ok = false;
	  break;
	}
      unsigned kind = BTF_INFO_KIND (wx[1]);
      unsigned n = nrefs (kind, BTF_INFO_VLEN (wx[1]));
      for (unsigned k = 0; ok && k < n; k++)
	{
	  uint32_t xr = target (e, wx[ref_word (kind, k)]);
	  uint32_t yr = wy[ref_word (kind, k)];
	  if (xr < start)
	    ok = xr == yr;
	  else if (ob->match[xr - start])
	    ok = ob->match[xr - start] == yr;
	  else if (ob->hyp[xr - start])
	    ok = ob->hyp[xr - start] == yr;
	  else if (yr == 0)
	    ok = false;
	  else
	    {
	      ob->hyp[xr - start] = yr;
	      ob->hlist[ob->nh++] = xr;
	    }
	}
    }
  for (uint32_t i = 0; i < ob->nh; i++)
    {
      uint32_t x = ob->hlist[i] - start;
      if (ok)
	ob->match[x] = ob->hyp[x];
      ob->hyp[x] = 0;
    }
  return ok;
}

/* Decide the component SCC[0, N) of own types, all of whose references
   outside it are decided.  Returns 1 for a cycle with no named
   definition.  */
static int
decide_component (const struct engine *e, struct on_base *ob,
		  const struct names *nm, const uint32_t *scc, uint32_t n)
{
  uint32_t start = e->start;
  if (n == 1)
    {
      /* A type referring to itself is a cycle.  */
      const uint32_t *w = rec_of (e, scc[0]);
      unsigned kind = BTF_INFO_KIND (w[1]);
      unsigned nr = nrefs (kind, BTF_INFO_VLEN (w[1])), k = 0;
      while (k < nr && target (e, w[ref_word (kind, k)]) != scc[0])
	k++;
      if (k == nr)
	{
	  ob->match[scc[0] - start] = match_by_key (e, ob, scc[0]);
	  return 0;
	}
    }
  uint32_t named = 0;
  for (uint32_t i = 0; i < n && !named; i++)
    {
      const struct btf_type *t = btfld_type_by_id (e->btf, scc[i]);
      if (t->name_off && is_def (t) && !is_enum (t))
	named = scc[i];
    }
  if (!named)
    return 1;
  const struct btf_type *t = btfld_type_by_id (e->btf, named);
  size_t lo, hi;
  bool found = false;
  find_run (nm->defs, nm->ndefs, t->name_off, &lo, &hi);
  for (size_t i = lo; i < hi && !found; i++)
    {
      uint32_t b = nm->defs[i].id;
      if (b < start && btfld_kind (btfld_type_by_id (e->btf, b))
		       == btfld_kind (t))
	found = pair_cycle (e, ob, named, b);
    }
  for (uint32_t i = 0; i < n; i++)
    if (!ob->match[scc[i] - start])
      ob->match[scc[i] - start] = NO_MATCH;
  return 0;
}

/* Every own type's match, components in Tarjan's order (an explicit
   stack: a chain of types can be as deep as there are types).  */
static int
match_own (const struct engine *e, struct on_base *ob,
	   const struct names *nm)
{
  uint32_t start = e->start, n = ob->n, counter = 0, fp = 0, sp = 0;
  memset (ob->match, 0, (size_t) n * sizeof *ob->match);
  memset (ob->index, 0, (size_t) n * sizeof *ob->index);
  for (uint32_t root = 0; root < n; root++)
    {
      if (ob->index[root])
	continue;
      ob->frames[fp] = root;
      ob->frame_k[fp++] = 0;
      ob->index[root] = ob->low[root] = ++counter;
      ob->sstack[sp++] = root;
      ob->on_stack[root] = 1;
      while (fp)
	{
	  uint32_t v = ob->frames[fp - 1], k = ob->frame_k[fp - 1];
	  const uint32_t *w = rec_of (e, v + start);
	  unsigned kind = BTF_INFO_KIND (w[1]);
	  unsigned nr = nrefs (kind, BTF_INFO_VLEN (w[1]));
	  if (k < nr)
	    {
	      ob->frame_k[fp - 1]++;
	      uint32_t to = target (e, w[ref_word (kind, k)]);
	      if (to < start)
		continue;
	      to -= start;
	      if (!ob->index[to])
		{
		  ob->frames[fp] = to;
		  ob->frame_k[fp++] = 0;
		  ob->index[to] = ob->low[to] = ++counter;
		  ob->sstack[sp++] = to;
		  ob->on_stack[to] = 1;
		}
	      else if (ob->on_stack[to] && ob->index[to] < ob->low[v])
		ob->low[v] = ob->index[to];
	      continue;
	    }
	  fp--;
	  if (fp && ob->low[v] < ob->low[ob->frames[fp - 1]])
	    ob->low[ob->frames[fp - 1]] = ob->low[v];
	  if (ob->low[v] != ob->index[v])
	    continue;
	  /* V roots a component: the stack down to V, made ids.  */
	  uint32_t top = sp;
	  do
	    {
	      uint32_t x = ob->sstack[--sp];
	      ob->on_stack[x] = 0;
	      ob->sstack[sp] = x + start;
	    }
	  while (ob->sstack[sp] != v + start);
	  if (decide_component (e, ob, nm, &ob->sstack[sp], top - sp))
	    return 1;
	}
    }
  return 0;
}

/* The classes of the own types that equal no base type: each such type
   starts in the class of its own fields and of the classes of the base
   types its references equal (the others' references all alike), then
   partition refinement over the graph of these types alone, checked by
   keyed passes (a set-hash collision would show there) as verify
   does.  */
static int
refine_own (struct engine *e, struct on_base *ob)
{
  uint32_t start = e->start, n = ob->n, nq = 1, next = start + 1, have;
  uint32_t *qid = btfld_huge_calloc (e->cnt, sizeof *qid);
  uint32_t *qrep = malloc (((size_t) n + 1) * sizeof *qrep);
  uint32_t *qcls = malloc (((size_t) n + 1) * sizeof *qcls);
  uint32_t *ncls = malloc (((size_t) n + 1) * sizeof *ncls);
  struct btfld_graph g = { 0 };
  struct table t = { 0 };
  int err = -ENOMEM;
  if (!qid || !qrep || !qcls || !ncls || table_init (&t, n, e->kcap))
    goto out;
  for (uint32_t b = 0; b < start; b++)
    e->cls[b] = b;
  qrep[0] = 0;
  for (uint32_t i = 0; i < n; i++)
    if (ob->match[i] != NO_MATCH)
      e->cls[start + i] = ob->match[i];
    else
      {
	e->cls[start + i] = start;	/* one class, for now */
	qrep[nq] = start + i;
	qid[start + i] = nq++;
      }
  /* The initial classes, numbered from START + 1.  */
  for (uint32_t q = 1; q < nq; q++)
    if (!table_class (e, &t, qrep[q], ncls, start, &next))
      goto out;
  for (uint32_t q = 1; q < nq; q++)
    qcls[q] = ncls[qrep[q] - start] - start;
  qcls[0] = 0;
  have = next - start;
  if (nq > 1 && (build_graph (e, &g, nq, qrep, qid)
		 || btfld_refine_partition (&g, qcls, &have)))
    goto out;
  for (uint32_t q = 1; q < nq; q++)
    e->cls[qrep[q]] = start + qcls[q];
  /* Keyed passes until one splits nothing.  */
  for (;;)
    {
      table_clear (&t);
      next = start + 1;
      for (uint32_t q = 1; q < nq; q++)
	if (!table_class (e, &t, qrep[q], ncls, start, &next))
	  goto out;
      if (next - start == have)
	break;
      have = next - start;
      for (uint32_t q = 1; q < nq; q++)
	e->cls[qrep[q]] = ncls[qrep[q] - start];
    }
  e->nclasses = start + have;
  err = 0;
out:
  if (err)
    btfld_error (err, "out of memory");
  table_free (&t);
  free (g.rev_off);
  free (g.rev);
  free (qid);
  free (qrep);
  free (qcls);
  free (ncls);
  return err;
}

/* The classes of one round on a base.  Returns 1 when a cycle has no
   named definition (the general path is taken).  */
static int
on_base_classes (struct engine *e, struct on_base *ob,
		 const struct names *nm)
{
  int r = match_own (e, ob, nm);
  if (r)
    return r;
  btfld_debug_step ("engine: matched on the base");
  r = refine_own (e, ob);
  btfld_debug_step ("engine: own classes");
  return r;
}

/* The conflicts the general path marks from the initial classes: the
   definitions of a name and category whose own fields differ.  */
static long
mark_field_conflicts (const struct engine *e, struct on_base *ob,
		      const struct names *nm)
{
  long marked = 0;
  for (size_t lo = 0, hi; lo < nm->ndefs; lo = hi)
    {
      hi = run_end (nm->defs, nm->ndefs, lo);
      for (unsigned cat = CAT_STRUCT; cat <= CAT_ENUM; cat <<= 1)
	{
	  uint32_t first = 0;
	  bool differ = false;
	  for (size_t i = lo; i < hi && !differ; i++)
	    {
	      uint32_t id = nm->defs[i].id;
	      if (def_cat (btfld_type_by_id (e->btf, id)) != cat)
		continue;
	      if (!first)
		first = id;
	      else
		differ = !same_fields (e, ob, first, id, true);
	    }
	  if (differ && !(nm->conflict[lo] & cat))
	    {
	      nm->conflict[lo] |= cat;
	      marked++;
	    }
	}
    }
  return marked;
}

/* fixed_point on a base.  Returns 1 to have the general path run.  */
static int
fixed_point_on_base (struct engine *e, struct names *nm)
{
  struct on_base ob = { .n = e->cnt - e->start };
  size_t n = ob.n ? ob.n : 1;
  int r;
  ob.match = malloc (n * sizeof *ob.match);
  ob.hyp = calloc (n, sizeof *ob.hyp);
  ob.hlist = malloc (n * sizeof *ob.hlist);
  ob.index = malloc (n * sizeof *ob.index);
  ob.low = malloc (n * sizeof *ob.low);
  ob.frame_k = malloc (n * sizeof *ob.frame_k);
  ob.frames = malloc (n * sizeof *ob.frames);
  ob.sstack = malloc (n * sizeof *ob.sstack);
  ob.on_stack = calloc (n, 1);
  ob.ka = malloc (e->kcap * 4);
  ob.kb = malloc (e->kcap * 4);
  if (!ob.match || !ob.hyp || !ob.hlist || !ob.index
      || !ob.low || !ob.frame_k || !ob.frames || !ob.sstack
      || !ob.on_stack || !ob.ka || !ob.kb)
    {
      r = btfld_error (-ENOMEM, "out of memory");
      goto out;
    }
  if ((r = base_index (e, &ob.ix)))
    goto out;
  long early = mark_field_conflicts (e, &ob, nm);
  if (getenv ("BTFLD_DEBUG"))
    fprintf (stderr, "btfld: engine: on a base; %ld names conflicting by "
	     "their own fields\n", early);
  for (;;)
    {
      assign_fwds (e, nm->decls, nm->ndecls, nm->defs, nm->conflict);
      if ((r = on_base_classes (e, &ob, nm)))
	break;
      long newly = mark_conflicts (e, nm->defs, nm->ndefs, nm->conflict);
      if (getenv ("BTFLD_DEBUG"))
	fprintf (stderr, "btfld: engine round: %u classes, %ld new "
		 "conflicting names\n", e->nclasses, newly);
      if (newly == 0)
	break;
    }
out:
  on_base_free (&ob);
  return r;
}

static struct btfld_btf *
dedup_interned (const struct btfld_btf *btf, const uint32_t *blob_of)
{
  struct engine e = { 0 };
  struct names nm = { 0 };
  struct btfld_btf *out = NULL;
  int r = engine_setup (&e, btf, blob_of, &nm);
  if (!r && e.start > 1)
    {
      r = fixed_point_on_base (&e, &nm);
      if (r == 1)
	{
	  if (getenv ("BTFLD_DEBUG"))
	    fprintf (stderr, "btfld: engine: a cycle with no named "
		     "definition; the general path\n");
	  memset (e.fwd, 0, (size_t) e.cnt * sizeof *e.fwd);
	  memset (nm.conflict, 0, nm.ndefs + 1);
	  r = fixed_point (&e, &nm);
	}
    }
  else if (!r)
    r = fixed_point (&e, &nm);
  if (!r)
    {
      out = emit (&e);
      btfld_debug_step ("engine: emitted");
    }
  names_free (&nm);
  free_engine (&e);
  return out;
}

/* The seed (btfld-int.h): what the engine found on BTF, kept.  */
struct btfld_dedup_seed
{
  uint32_t cnt, start, nclasses;
  uint32_t *cls;		/* class of each id */
  struct seed_pair *fwds;	/* the declarations that stand for a
				   definition: (id, definition), by id */
  struct seed_pair *conflicts;	/* the definitions whose names conflict:
				   (id, categories), by id */
  size_t nfwds, nconflicts;
  uint64_t *skip;		/* ids not classified (seed_skip), a bitmap */
  bool reaches_later;		/* a type it classifies refers to one
				   classified after the fixups (or to a
				   DECL_TAG): seeding checks its result */
};

/* Few of a seed's types are declarations or conflicting definitions:
   what they say is kept by id, not in arrays of every type.  */
struct seed_pair { uint32_t id, val; };

static int
by_pair_id (const void *a, const void *b)
{
  return btfld_cmp_u32 (&((const struct seed_pair *) a)->id,
			&((const struct seed_pair *) b)->id);
}

/* The value of ID in V (N pairs by id), 0 when absent.  */
static uint32_t
pair_val (const struct seed_pair *v, size_t n, uint32_t id)
{
  struct seed_pair key = { id, 0 };
  const struct seed_pair *p = bsearch (&key, v, n, sizeof *v, by_pair_id);
  return p ? p->val : 0;
}

void
btfld_dedup_seed_free (struct btfld_dedup_seed *sd)
{
  if (!sd)
    return;
  free (sd->cls);
  free (sd->fwds);
  free (sd->conflicts);
  free (sd->skip);
  free (sd);
}

/* The own types a seed leaves unclassified, as their classes after the
   fixups are found by their keys anyway: FUNCs, VARs, DATASECs, and
   the FUNC_PROTOs only FUNCs refer to (a kernel's are a third of its
   types, with a third of the graph's edges).  NULL when out of
   memory.  *REACHES_LATER: a type the seed classifies (but a tag on a
   FUNC or VAR) refers to a FUNC, VAR, DATASEC or DECL_TAG.  */
static uint64_t *
seed_skip (const struct btfld_btf *btf, bool *reaches_later)
{
  uint32_t cnt = btfld_type_cnt (btf), start = btfld_start_id (btf);
  uint8_t *skip = btfld_huge_calloc (cnt, 1);
  uint64_t *map = calloc (cnt / 64 + 1, sizeof *map);
  enum { FUNC_SIDE = 1, PROTO = 2, NON_FUNC_USER = 4 };
  if (!skip || !map)
    {
      free (skip);
      free (map);
      return NULL;
    }
  for (uint32_t id = start; id < cnt; id++)
    {
      const uint32_t *w = (const uint32_t *) btfld_type_by_id (btf, id);
      unsigned kind = BTF_INFO_KIND (w[1]);
      unsigned n = nrefs (kind, BTF_INFO_VLEN (w[1]));
      if (kind == BTF_KIND_FUNC || kind == BTF_KIND_VAR
	  || kind == BTF_KIND_DATASEC)
	{
	  skip[id] |= FUNC_SIDE;
	  continue;
	}
      if (kind == BTF_KIND_FUNC_PROTO)
	skip[id] |= PROTO;
      for (unsigned k = 0; k < n; k++)
	{
	  uint32_t to = w[ref_word (kind, k)];
	  if (to < start || to >= cnt)
	    continue;
	  skip[to] |= NON_FUNC_USER;
	  unsigned tk = btfld_kind (btfld_type_by_id (btf, to));
	  if (((tk == BTF_KIND_FUNC || tk == BTF_KIND_VAR)
	       && kind != BTF_KIND_DECL_TAG)
	      || tk == BTF_KIND_DATASEC || tk == BTF_KIND_DECL_TAG)
	    *reaches_later = true;
	}
    }
  for (uint32_t id = start; id < cnt; id++)
    if ((skip[id] & FUNC_SIDE)
	|| (skip[id] & (PROTO | NON_FUNC_USER)) == PROTO)
      btfld_set_bit (map, id);
  free (skip);
  return map;
}

struct btfld_dedup_seed *
btfld_dedup_seed_new (const struct btfld_btf *btf, const uint32_t *blob_of)
{
  struct engine e = { 0 };
  struct names nm = { 0 };
  struct btfld_dedup_seed *sd = NULL;
  struct btfld_btf *interned;
  if (!(btf = btfld_interned (btf, &interned)))
    return NULL;
  if (!(sd = calloc (1, sizeof *sd))
      || !(sd->skip = seed_skip (btf, &sd->reaches_later)))
    {
      btfld_error (-ENOMEM, "out of memory");
      goto fail;
    }
  e.skip = sd->skip;
  if (engine_setup (&e, btf, blob_of, &nm) || fixed_point (&e, &nm))
    goto fail;
  release_pass_arrays (&e);
  size_t nc = 0;
  for (size_t lo = 0, hi; lo < nm.ndefs; lo = hi)
    {
      hi = run_end (nm.defs, nm.ndefs, lo);
      nc += nm.conflict[lo] ? hi - lo : 0;
    }
  sd->fwds = malloc ((nm.ndecls ? nm.ndecls : 1) * sizeof *sd->fwds);
  sd->conflicts = malloc ((nc ? nc : 1) * sizeof *sd->conflicts);
  if (!sd->fwds || !sd->conflicts)
    {
      btfld_error (-ENOMEM, "out of memory");
      goto fail;
    }
  for (size_t lo = 0, hi; lo < nm.ndefs; lo = hi)
    {
      hi = run_end (nm.defs, nm.ndefs, lo);
      for (size_t i = lo; nm.conflict[lo] && i < hi; i++)
	sd->conflicts[sd->nconflicts++]
	  = (struct seed_pair) { nm.defs[i].id, nm.conflict[lo] };
    }
  qsort (sd->conflicts, sd->nconflicts, sizeof *sd->conflicts, by_pair_id);
  /* Declarations are collected in id order.  */
  for (size_t k = 0; k < nm.ndecls; k++)
    if (e.fwd[nm.decls[k].f])
      sd->fwds[sd->nfwds++]
	= (struct seed_pair) { nm.decls[k].f, e.fwd[nm.decls[k].f] };
  sd->cnt = e.cnt;
  sd->start = e.start;
  sd->nclasses = e.nclasses;
  sd->cls = e.cls;
  e.cls = NULL;
  btfld_debug_step ("engine: seed");
  goto done;
fail:
  btfld_dedup_seed_free (sd);
  sd = NULL;
done:
  names_free (&nm);
  free_engine (&e);
  btfld_btf_free (interned);
  return sd;
}

/* The id of the seed's BTF that own id ID of the BTF being deduplicated
   comes from (INV), or 0; base ids are the same in both.  */
static inline uint32_t
seed_src (const struct engine *e, const uint32_t *inv, uint32_t id)
{
  return id < e->start ? id : inv[id - e->start];
}

/* Where the type ID (own: from SRC) is classified by its key when
   seeding: 0 not (it has its seed class); else its level, every type of
   a level referring only to lower ones: the FUNC_PROTOs the seed
   skipped (and those the fixups added), then FUNCs, VARs and DATASECs
   (and any other type the fixups added), then tags on those.  */
static unsigned
seed_level (const struct engine *e, const struct btfld_dedup_seed *sd,
	    uint32_t id, uint32_t src)
{
  const struct btf_type *t = btfld_type_by_id (e->btf, id);
  unsigned k = btfld_kind (t);
  if (k == BTF_KIND_FUNC || k == BTF_KIND_VAR || k == BTF_KIND_DATASEC)
    return 2;
  /* A prototype the fixups added (a clone's FUNC's) is one only a FUNC
     uses, as those the seed skipped.  */
  if (!src)
    return k == BTF_KIND_FUNC_PROTO ? 1 : 2;
  if (src >= sd->start && btfld_bit (sd->skip, src))
    return 1;
  if (k == BTF_KIND_DECL_TAG && t->type)
    {
      unsigned tk = btfld_kind (btfld_type_by_id (e->btf, t->type));
      if (tk == BTF_KIND_FUNC || tk == BTF_KIND_VAR)
	return 3;
    }
  return 0;
}

/* The class of each pending FUNC_PROTO (CLS[id] == PENDING): that of a
   classified FUNC_PROTO with the same fields and references (a pointer
   to a function of that type somewhere), else a new one, *NEXT on.
   The key leaves out the type's own class, unlike a pass's: its
   references are all classified, so equal keys are equivalence.  */
static int
classify_protos (struct engine *e, uint32_t pending, uint32_t *next)
{
  struct table t;
  size_t nprotos = 0;
  /* The FUNC_PROTOs' ids, found once: the passes below then touch no
     other record.  */
  uint32_t *protos = malloc ((size_t) e->cnt * sizeof *protos);
  if (!protos)
    return btfld_error (-ENOMEM, "out of memory");
  for (uint32_t id = 1; id < e->cnt; id++)
    if (btfld_kind (btfld_type_by_id (e->btf, id)) == BTF_KIND_FUNC_PROTO)
      protos[nprotos++] = id;
  /* Of the classified ones, one per class is enough.  */
  uint64_t *seen = calloc (*next / 64 + 1, sizeof *seen);
  uint32_t *kb = malloc (e->kcap * 4);
  if (!seen || !kb || table_init (&t, nprotos, e->kcap))
    {
      free (kb);
      free (seen);
      free (protos);
      return btfld_error (-ENOMEM, "out of memory");
    }
  /* The classified ones first, then the pending ones, so that a pending
     one finds a classified equal wherever it is.  */
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < nprotos; i++)
      {
	uint32_t id = protos[i], c = e->cls[id];
	if ((c == pending) != (pass == 1)
	    || (pass == 0 && btfld_bit (seen, c)))
	  continue;
	if (pass == 0)
	  btfld_set_bit (seen, c);
	size_t n = make_key (e, id, t.ka) - 1, j;
	uint32_t h = (uint32_t) hash_words (t.ka, n), found = 0;
	for (j = h & (t.nslots - 1); t.slots[j]; j = (j + 1) & (t.nslots - 1))
	  {
	    uint32_t other = t.slots[j] - 1;
	    if (t.hashes[j] == h && make_key (e, other, kb) - 1 == n
		&& memcmp (t.ka, kb, n * 4) == 0)
	      {
		found = other;
		break;
	      }
	  }
	if (found)
	  {
	    if (pass == 1)
	      e->cls[id] = e->cls[found];
	    continue;
	  }
	t.slots[j] = id + 1;
	t.hashes[j] = h;
	t.used++;
	if (pass == 1)
	  e->cls[id] = (*next)++;
      }
  table_free (&t);
  free (kb);
  free (seen);
  free (protos);
  return 0;
}

/* The level a seeded E gave ID: 0, or 1 to 3 while it is pending.  */
static inline unsigned
pending_level (const struct engine *e, uint32_t id, uint32_t pending)
{
  uint32_t c = e->cls[id];
  return c > pending && c <= pending + 3 ? c - pending : 0;
}

/* Whether every pending type (level PENDING + 1 to 3) that can share
   its class refers only to types of lower levels, so that its key is
   final when its level is classified.  VARs and DATASECs are classes
   of their own, which never split.  */
static bool
levels_ordered (const struct engine *e, uint32_t pending)
{
  for (uint32_t id = e->start; id < e->cnt; id++)
    {
      unsigned level = pending_level (e, id, pending);
      const uint32_t *w = rec_of (e, id);
      if (!level || never_merged ((const struct btf_type *) w))
	continue;
      unsigned kind = BTF_INFO_KIND (w[1]);
      unsigned n = nrefs (kind, BTF_INFO_VLEN (w[1]));
      for (unsigned k = 0; k < n; k++)
	{
	  uint32_t to = w[ref_word (kind, k)];
	  if (to < e->cnt && pending_level (e, target (e, to), pending)
			     >= level)
	    return false;
	}
    }
  return true;
}

/* E's classes and declarations from seed SD, E's BTF having been made
   from SD's by the fixups (INV: the source of each own id, 0 for types
   they added).  Every other type keeps its seed class; those of
   seed_level's levels are then classified by their keys, level by
   level, as a refinement pass would.  Returns 1 when the seed does not
   fit (a declaration resolves otherwise).  */
static int
seed_classes (struct engine *e, struct names *nm,
	      const struct btfld_dedup_seed *sd, const uint32_t *inv)
{
  const uint32_t PENDING = UINT32_MAX - 8;	/* + level */
  uint32_t *ren = NULL, next = 1;
  int err = 0;
  if (e->start != sd->start)
    return 1;
  for (uint32_t id = e->start; id < e->cnt; id++)
    if (inv[id - e->start] >= sd->cnt)
      return 1;
  /* The conflicts found on the seed's BTF, by the definitions'
     sources.  */
  for (size_t lo = 0, hi; lo < nm->ndefs; lo = hi)
    {
      hi = run_end (nm->defs, nm->ndefs, lo);
      for (size_t i = lo; i < hi; i++)
	nm->conflict[lo] |= pair_val (sd->conflicts, sd->nconflicts,
				      seed_src (e, inv, nm->defs[i].id));
    }
  assign_fwds (e, nm->decls, nm->ndecls, nm->defs, nm->conflict);
  for (size_t k = 0; k < nm->ndecls; k++)
    {
      uint32_t f = nm->decls[k].f, to = e->fwd[f];
      if ((to ? seed_src (e, inv, to) : 0)
	  != pair_val (sd->fwds, sd->nfwds, seed_src (e, inv, f)))
	return 1;
    }
  /* A seed class's first kind: the fixups change no seeded type but
     for making gcc 12's 8-byte ENUMs ENUM64s, which can leave an ENUM
     made a forward enum (kept so) in the class.  */
  uint8_t *kind = calloc ((size_t) sd->nclasses + 1, 1);
  if (!(ren = calloc ((size_t) sd->nclasses + 1, sizeof *ren)) || !kind)
    {
      free (ren);
      free (kind);
      return btfld_error (-ENOMEM, "out of memory");
    }
  bool one_kind = true;
  e->cls[0] = 0;
  for (uint32_t id = 1; id < e->cnt; id++)
    {
      uint32_t src = seed_src (e, inv, id);
      unsigned level = seed_level (e, sd, id, src);
      if (level)
	{
	  e->cls[id] = PENDING + level;
	  continue;
	}
      uint32_t c = sd->cls[src];
      uint8_t k = BTF_INFO_KIND (rec_of (e, id)[1]) + 1;
      if (!ren[c])
	{
	  ren[c] = next++;
	  kind[c] = k;
	}
      one_kind &= kind[c] == k;
      e->cls[id] = ren[c];
    }
  free (ren);
  free (kind);
  /* Each seeded type's key is its seed key, renamed: its class and
     those of the types it refers to are seed classes, and only the
     ENUM64s differ from the seed's records.  */
  e->stable = one_kind && !sd->reaches_later && levels_ordered (e, PENDING);
  /* The skipped FUNC_PROTOs, among the others; then each further level
     by its keys (written apart, as keys are compared), then made the
     level's classes.  */
  if ((err = classify_protos (e, PENDING + 1, &next)))
    return err;
  for (unsigned level = 2; level <= 3 && !err; level++)
    {
      if (alloc_pass_arrays (e, 1024))
	return -ENOMEM;
      for (uint32_t id = 1; id < e->cnt && !err; id++)
	if (e->cls[id] == PENDING + level
	    && !table_class (e, &e->tab, id, e->ncls, 0, &next))
	  err = btfld_error (-ENOMEM, "out of memory");
      for (uint32_t id = 1; id < e->cnt && !err; id++)
	if (e->cls[id] == PENDING + level)
	  e->cls[id] = e->ncls[id];
    }
  e->nclasses = next;
  btfld_debug_step ("engine: seeded");
  return err;
}

struct btfld_btf *
btfld_dedup_engine_seeded (const struct btfld_btf *btf,
			   const uint32_t *blob_of,
			   const struct btfld_dedup_seed *sd,
			   const uint32_t *inv)
{
  struct engine e = { 0 };
  struct names nm = { 0 };
  struct btfld_btf *out = NULL, *interned;
  bool split = false, again = false;
  int r;
  if (!(btf = btfld_interned (btf, &interned)))
    return NULL;
  if (engine_setup (&e, btf, blob_of, &nm)
      || (r = seed_classes (&e, &nm, sd, inv)) < 0)
    goto done;
  /* Made stable (a seed class only splits, where a FUNC's tag follows
     its FUNC), it is the engine's result when its names conflict as
     found; otherwise the engine starts over.  */
  if (r == 0 && !verify (&e, &split)
      && mark_conflicts (&e, nm.defs, nm.ndefs, nm.conflict) == 0)
    {
      out = emit (&e);
      btfld_debug_step ("engine: emitted");
    }
  else
    {
      again = true;
      if (getenv ("BTFLD_DEBUG"))
	fprintf (stderr, "btfld: engine: the seed does not fit; from the "
		 "start\n");
    }
done:
  names_free (&nm);
  free_engine (&e);
  if (again)
    out = dedup_interned (btf, blob_of);
  btfld_btf_free (interned);
  return out;
}

struct btfld_btf *
btfld_dedup_engine (const struct btfld_btf *btf, const uint32_t *blob_of)
{
  /* Names are compared by string offset: a parsed blob may hold a string
     twice (libbpf's "strings deduplication" selftest), so it is interned
     first.  Merged objects are interned already.  */
  struct btfld_btf *interned;
  if (!(btf = btfld_interned (btf, &interned)))
    return NULL;
  struct btfld_btf *res = dedup_interned (btf, blob_of);
  btfld_btf_free (interned);
  return res;
}
