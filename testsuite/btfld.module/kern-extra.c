/* Linked first into the perturbed kernel: more types, so every id the
   module knew moves.  */
struct timer { unsigned long expires; void (*fn) (struct timer *); };
struct futex_key { unsigned long word; int offset; };
struct timer timers[2];
struct futex_key fkey;
