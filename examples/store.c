#include "inventory.h"

struct warehouse main_warehouse = { "main", NULL, { 0 }, 0 };
static unsigned long adds;

struct item *
inv_add (struct warehouse *w, struct item *it)
{
  it->home = w;
  it->next = w->items;
  w->items = it;
  adds++;
  return it;
}

size_t
inv_count (const struct warehouse *w)
{
  size_t n = 0;
  for (const struct item *it = w->items; it; it = it->next)
    n += it->count;
  return n;
}
