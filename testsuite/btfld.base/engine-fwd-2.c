struct node { int value; struct node *next; };
enum dma_attr { DMA_NONE, DMA_COHERENT };
struct node the_node;
enum dma_attr the_attr;
int main (void) { return the_node.value + the_attr; }
