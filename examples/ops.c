#include <stdio.h>
#include "inventory.h"

int
inv_restock (struct item *it, unsigned count)
{
  it->count += count;
  it->state = ITEM_STOCKED;
  return (int) it->count;
}

void
inv_describe (const struct item *it, char *buf, size_t len)
{
  snprintf (buf, len, "%u x%u %u.%02u %s", (unsigned) it->sku,
	    (unsigned) it->count, it->price.cents / 100,
	    it->price.cents % 100, it->price.currency);
}

const struct item_ops default_ops = { inv_restock, inv_describe };
