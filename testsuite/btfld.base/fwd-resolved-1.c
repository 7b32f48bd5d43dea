/* Only a declaration here: the list refers to a FWD.  */
struct node;
struct list { struct node *head; int len; };
struct list the_list;
