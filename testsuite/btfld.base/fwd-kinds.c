/* Forward declarations only, never defined in the link: gcc 12 writes
   its CTF kind of each forward into the FWD's type field, which the
   kernel rejects; the enum, used by value, must become a forward ENUM
   (a FWD has no size).  */
struct opaque;
union opaque_u;
enum stage;

struct ops
{
  int (*check) (struct opaque *o, union opaque_u *u, enum stage s);
};

struct ops the_ops;

int
main (void)
{
  return 0;
}
