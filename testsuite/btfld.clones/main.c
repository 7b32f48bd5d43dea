/* The program around clones.c: what its clones call.  */

int sink;
struct big { long a, b, c, d, e, f; };
static struct big shared[3] = { { 1, 2, 3, 4, 5, 6 } };
static int calls;

void expensive (int *p, int n);
void report (const char *msg, int v);
int clones_run (int x, int *buf, const struct big *bp);

void
expensive (int *p, int n)
{
  calls += n + (p != 0);
}

void
report (const char *msg, int v)
{
  calls += v + (msg != 0);
}

int
main (void)
{
  int buf[16] = { 0 };
  return clones_run (4, buf, shared) > 0 ? 0 : 1;
}
