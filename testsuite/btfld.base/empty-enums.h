/* Enums gcc 12 leaves without enumerators (every value needs more than
   32 bits) or with some of them, shared by two objects.  */
enum { EE_MASK = 0xffffffffULL, EE_CPU = 0xffffffffULL, EE_CTX = 0xfffffULL << 32 };
enum { EE_HIGH = 0x80000000u };
enum ee_big { EE_BIG = 1ULL << 40 };
enum ee_mixed { EE_ONE = 1, EE_WIDE = 1ULL << 40 };
struct ee_holder
{
  enum { EE_FIELD = 0xffffffffu } field;
  enum ee_big big;
  enum ee_big *big_ptr;
  enum ee_mixed mixed;
};
typedef enum { EE_T = 1ULL << 41 } ee_t;
enum ee_fwd;
int ee_take (enum ee_fwd *p, enum ee_big b);
extern struct ee_holder ee_holder;
unsigned long ee_flags (unsigned long x);
