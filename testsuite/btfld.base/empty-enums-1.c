#include "empty-enums.h"

struct ee_holder ee_holder;
ee_t ee_value;

unsigned long
ee_flags (unsigned long x)
{
  return (x & EE_MASK) | (x & EE_CTX ? EE_HIGH : 0);
}
