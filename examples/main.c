#include <stdio.h>
#include "inventory.h"

static struct item widgets = { 1001, ITEM_NEW, { 250, "EUR" }, 0, 0,
			       &default_ops, NULL, NULL };
static struct item gadgets = { 1002, ITEM_NEW, { 1999, "EUR" }, 0, 1,
			       &default_ops, NULL, NULL };

int
main (void)
{
  char buf[64];
  inv_add (&main_warehouse, &widgets)->ops->restock (&widgets, 3);
  inv_add (&main_warehouse, &gadgets)->ops->restock (&gadgets, 2);
  gadgets.ops->describe (&gadgets, buf, sizeof buf);
  printf ("%s: %zu items; %s\n", main_warehouse.name,
	  inv_count (&main_warehouse), buf);
  return inv_count (&main_warehouse) == 5 ? 0 : 1;
}
