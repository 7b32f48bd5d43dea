// SPDX-License-Identifier: GPL-2.0
/* tc (clsact classifier): count IPv4 packets, direct packet access. */
#include "common.h"
#include <bpf/bpf_endian.h>

#define ETH_P_IP 0x0800
#define TC_ACT_OK 0

__u64 ipv4;

SEC("tc")
int count_ipv4(struct __sk_buff *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *iph = data + sizeof(*eth);

	if ((void *)(iph + 1) > data_end)
		return TC_ACT_OK;
	if (eth->h_proto == bpf_htons(ETH_P_IP) && iph->ttl)
		__sync_fetch_and_add(&ipv4, 1);
	return TC_ACT_OK;
}
