// SPDX-License-Identifier: GPL-2.0
/* socket filter: keep IPv4 packets, drop the rest. */
#include "common.h"
#include <bpf/bpf_endian.h>

#define ETH_P_IP 0x0800

SEC("socket")
int keep_ipv4(struct __sk_buff *skb)
{
	struct ethhdr eth;

	if (bpf_skb_load_bytes(skb, 0, &eth, sizeof(eth)) < 0)
		return 0;
	return eth.h_proto == bpf_htons(ETH_P_IP) ? skb->len : 0;
}
