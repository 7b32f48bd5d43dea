/* btf-format.h -- the on-disk BTF format as btfld reads and writes it.

   btfld defines the format itself instead of taking <linux/btf.h> from
   whatever kernel headers the build finds: those grew (kernel 7.x's
   struct btf_header is 32 bytes, with the layout section), and sizes or
   masks taken from them would change what btfld accepts and writes.
   The names are the UAPI ones, so code reads the same; the values are
   those of the BTF every kernel from 6.1 on accepts:

   - struct btf_header is the 24-byte header.  Readers accept any
     hdr_len >= 24; bytes 24..31, when present, are the 7.x layout
     section's offset and length (struct btf_header_layout); bytes after
     those must be zero, as the kernel requires.
   - kinds 1..19 (INT .. ENUM64), kind in info bits 24-28, vlen in bits
     0-15, kind_flag in bit 31; the other info bits must be zero.

   Include this (or btfld.h) before any header that includes
   <linux/btf.h> (libbpf's <bpf/btf.h>): it claims that header's include
   guards, so libbpf's inline helpers see these definitions.  */

#ifndef BTFLD_BTF_FORMAT_H
#define BTFLD_BTF_FORMAT_H

#if defined __LINUX_BTF_H__ || defined _UAPI__LINUX_BTF_H__
#error "<linux/btf.h> included before btf-format.h (include btfld.h first)"
#endif
#define __LINUX_BTF_H__ 1
#define _UAPI__LINUX_BTF_H__ 1

#include <stdint.h>

#define BTF_MAGIC 0xeB9F
#define BTF_VERSION 1

/* The header btfld writes: every kernel since BTF's introduction reads
   it.  All offsets are relative to the end of the header (hdr_len).  */
struct btf_header
{
  uint16_t magic;
  uint8_t version;
  uint8_t flags;
  uint32_t hdr_len;
  uint32_t type_off;
  uint32_t type_len;
  uint32_t str_off;
  uint32_t str_len;
};

/* Kernel 7.x's header continues with the layout section.  */
struct btf_header_layout
{
  struct btf_header h;
  uint32_t layout_off;
  uint32_t layout_len;
};

/* The layout section: one record per kind 0, 1, ... known to the
   encoder, giving the bytes after struct btf_type (info_sz) and per
   vlen element (elem_sz).  */
struct btf_layout
{
  uint8_t info_sz;
  uint8_t elem_sz;
  uint16_t flags;
};

#define BTF_MAX_TYPE 0x000fffff
#define BTF_MAX_NAME_OFFSET 0x00ffffff
#define BTF_MAX_VLEN 0xffff

struct btf_type
{
  uint32_t name_off;
  uint32_t info;
  union
  {
    uint32_t size;
    uint32_t type;
  };
};

#define BTF_INFO_KIND(info) (((info) >> 24) & 0x1f)
#define BTF_INFO_VLEN(info) ((info) & 0xffff)
#define BTF_INFO_KFLAG(info) ((info) >> 31)
/* Bits of info no kind uses (bits 16-23 and 29-30).  */
#define BTF_INFO_UNUSED_MASK 0x60ff0000u

enum
{
  BTF_KIND_UNKN = 0,
  BTF_KIND_INT = 1,
  BTF_KIND_PTR = 2,
  BTF_KIND_ARRAY = 3,
  BTF_KIND_STRUCT = 4,
  BTF_KIND_UNION = 5,
  BTF_KIND_ENUM = 6,
  BTF_KIND_FWD = 7,
  BTF_KIND_TYPEDEF = 8,
  BTF_KIND_VOLATILE = 9,
  BTF_KIND_CONST = 10,
  BTF_KIND_RESTRICT = 11,
  BTF_KIND_FUNC = 12,
  BTF_KIND_FUNC_PROTO = 13,
  BTF_KIND_VAR = 14,
  BTF_KIND_DATASEC = 15,
  BTF_KIND_FLOAT = 16,
  BTF_KIND_DECL_TAG = 17,
  BTF_KIND_TYPE_TAG = 18,
  BTF_KIND_ENUM64 = 19,
  NR_BTF_KINDS,
  BTF_KIND_MAX = NR_BTF_KINDS - 1,
};

/* INT is followed by one word.  */
#define BTF_INT_ENCODING(VAL) (((VAL) & 0x0f000000) >> 24)
#define BTF_INT_OFFSET(VAL) (((VAL) & 0x00ff0000) >> 16)
#define BTF_INT_BITS(VAL) ((VAL) & 0x000000ff)

#define BTF_INT_SIGNED (1 << 0)
#define BTF_INT_CHAR (1 << 1)
#define BTF_INT_BOOL (1 << 2)

struct btf_enum
{
  uint32_t name_off;
  int32_t val;
};

struct btf_array
{
  uint32_t type;
  uint32_t index_type;
  uint32_t nelems;
};

struct btf_member
{
  uint32_t name_off;
  uint32_t type;
  /* With the struct's kind_flag: bitfield size << 24 | bit offset.  */
  uint32_t offset;
};

#define BTF_MEMBER_BITFIELD_SIZE(val) ((val) >> 24)
#define BTF_MEMBER_BIT_OFFSET(val) ((val) & 0xffffff)

struct btf_param
{
  uint32_t name_off;
  uint32_t type;
};

enum
{
  BTF_VAR_STATIC = 0,
  BTF_VAR_GLOBAL_ALLOCATED = 1,
  BTF_VAR_GLOBAL_EXTERN = 2,
};

enum btf_func_linkage
{
  BTF_FUNC_STATIC = 0,
  BTF_FUNC_GLOBAL = 1,
  BTF_FUNC_EXTERN = 2,
};

struct btf_var
{
  uint32_t linkage;
};

struct btf_var_secinfo
{
  uint32_t type;
  uint32_t offset;
  uint32_t size;
};

struct btf_decl_tag
{
  int32_t component_idx;
};

struct btf_enum64
{
  uint32_t name_off;
  uint32_t val_lo32;
  uint32_t val_hi32;
};

#endif
