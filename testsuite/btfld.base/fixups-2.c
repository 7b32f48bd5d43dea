int shared_total = 2;
int tick (int by);
int main (void) { return tick (1) - 5; }
