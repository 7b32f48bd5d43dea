/* Thread-local variables: in a linked file a TLS symbol's value is its
   offset in the TLS segment (.tdata, then .tbss), not an address.  */
__thread int tls_a = 1;
__thread long tls_c = 3;
__thread int tls_z;
int plain;
int main (void) { tls_z++; return tls_a + (int) tls_c + plain + tls_z - 5; }
