/* Same name, different layout: both definitions must survive.  */
struct conf { long mask; char tag; };
struct conf *cur;
int get_level (void *c);
int main (void) { return cur ? (int) cur->mask + get_level (cur) : 0; }
