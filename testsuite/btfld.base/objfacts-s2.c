static float same = 2.5f;
__attribute__ ((cold, noinline)) float get_s2 (void) { return same += 1.0f; }
