struct node { int value; struct node *next; };
struct list { struct node *head; int len; };
extern struct list the_list;
int main (void) { return the_list.head ? the_list.head->value : the_list.len; }
