enum colour { RED, GREEN, BLUE };
enum colour paint = GREEN;
long two (enum colour c, long n) { return c * n + paint; }
