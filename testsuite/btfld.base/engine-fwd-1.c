/* Only declarations here: a struct and (gcc 12 makes this a struct FWD)
   an enum.  */
struct node;
enum dma_attr;
struct holder { struct node *first; enum dma_attr *attr; };
struct holder the_holder;
