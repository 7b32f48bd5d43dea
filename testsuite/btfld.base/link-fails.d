#name: a link failing before the plugin's turn (undefined symbol): no btfld message
#source: link-fails.c
#ld: exec
#status: fail
