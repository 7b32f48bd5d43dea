/* inventory.h -- types shared by every compilation unit of the example,
   as a kernel header is: each object repeats them in its own .BTF.  */
#ifndef INVENTORY_H
#define INVENTORY_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t sku_t;

enum item_state { ITEM_NEW, ITEM_STOCKED, ITEM_SOLD, ITEM_LOST = -1 };

struct price { uint32_t cents; char currency[4]; };

struct item;
struct warehouse;

struct item_ops {
  int (*restock) (struct item *it, unsigned count);
  void (*describe) (const struct item *it, char *buf, size_t len);
};

struct item {
  sku_t sku;
  enum item_state state;
  struct price price;
  unsigned count : 20;
  unsigned fragile : 1;
  const struct item_ops *ops;
  struct warehouse *home;
  struct item *next;
};

union tag { uint64_t raw; struct { uint32_t lo, hi; } parts; };

struct warehouse {
  const char *name;
  struct item *items;
  union tag tag;
  volatile unsigned long visits;
};

extern struct warehouse main_warehouse;
extern const struct item_ops default_ops;

struct item *inv_add (struct warehouse *w, struct item *it);
size_t inv_count (const struct warehouse *w);
int inv_restock (struct item *it, unsigned count);
void inv_describe (const struct item *it, char *buf, size_t len);

#endif
