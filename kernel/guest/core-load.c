// SPDX-License-Identifier: GPL-2.0
/*
 * core-load: the guest's loader for the CO-RE corpus (kernel/core/).
 *
 *   core-load FILE.bpf.o...
 *
 * For each object: bpf_object__open_file() and bpf_object__load() with
 * libbpf (linked statically), so that libbpf relocates the programs
 * against the running kernel's BTF (/sys/kernel/btf/vmlinux) and the
 * kernel verifies them.  Prints one line per object,
 *
 *   core-load: NAME: loaded N programs (PROG PROG ...)
 *   core-load: NAME: FAILED open|load: ERROR
 *
 * preceded on failure by libbpf's messages ("core-load: libbpf: ..."),
 * the verifier log included.  Exit status: the number of objects that
 * failed (at most 125).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

static char msgs[1 << 16];
static size_t msgs_len;

static int keep_msg(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	int n;

	if (level == LIBBPF_DEBUG || msgs_len >= sizeof(msgs) - 1)
		return 0;
	n = vsnprintf(msgs + msgs_len, sizeof(msgs) - msgs_len, fmt, ap);
	if (n > 0)
		msgs_len += (size_t)n < sizeof(msgs) - msgs_len
			? (size_t)n : sizeof(msgs) - msgs_len - 1;
	return 0;
}

static void show_msgs(void)
{
	char *line, *save = NULL;

	for (line = strtok_r(msgs, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		printf("core-load: libbpf: %s\n", line);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static int load_one(const char *path)
{
	struct bpf_object *obj;
	struct bpf_program *prog;
	char names[512] = "";
	int n = 0, err;

	msgs_len = 0;
	msgs[0] = 0;
	obj = bpf_object__open_file(path, NULL);
	err = libbpf_get_error(obj);
	if (err) {
		show_msgs();
		printf("core-load: %s: FAILED open: %s\n", base_name(path),
		       strerror(-err));
		return 1;
	}
	err = bpf_object__load(obj);
	if (err) {
		show_msgs();
		printf("core-load: %s: FAILED load: %s\n", base_name(path),
		       strerror(-err));
		bpf_object__close(obj);
		return 1;
	}
	bpf_object__for_each_program(prog, obj) {
		size_t len = strlen(names);

		snprintf(names + len, sizeof(names) - len, "%s%s",
			 n ? " " : "", bpf_program__name(prog));
		n++;
	}
	printf("core-load: %s: loaded %d program%s (%s)\n", base_name(path),
	       n, n == 1 ? "" : "s", names);
	bpf_object__close(obj);
	return 0;
}

int main(int argc, char **argv)
{
	int i, failed = 0;

	libbpf_set_print(keep_msg);
	for (i = 1; i < argc; i++)
		failed += load_one(argv[i]);
	return failed > 125 ? 125 : failed;
}
