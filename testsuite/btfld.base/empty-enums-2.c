#include "empty-enums.h"

int
ee_take (enum ee_fwd *p, enum ee_big b)
{
  return p != 0 && b == EE_BIG && ee_holder.field == EE_FIELD;
}

int
main (void)
{
  return ee_take (0, EE_BIG) + (int) (ee_flags (EE_CPU) >> 40);
}
