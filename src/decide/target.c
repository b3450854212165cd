/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "decide/target.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_PATH "/usr/local/bin:/usr/bin:/bin"

static int check_executable(const char *path)
{
	struct stat st;
	/* Like the shell: a name that cannot be reached is not found (127);
	 * only one that exists but cannot be run is "not executable" (126). */
	if (stat(path, &st) < 0)
		return -ENOENT;
	if (S_ISDIR(st.st_mode))
		return -EACCES;
	if (access(path, X_OK) < 0)
		return -errno;
	return 0;
}

static char *search_path(const char *command, int *err)
{
	const char *path = getenv("PATH");
	if (!path)
		path = DEFAULT_PATH;
	*err = -ENOENT;
	for (;;) {
		size_t len = strcspn(path, ":");
		/* An empty entry means the current directory, as in execvp. */
		char *cand = len ? xpath_join(path, len, command) : xpath_join(".", 1, command);
		int r = check_executable(cand);
		if (r == 0)
			return cand;
		if (r == -EACCES)
			*err = r; /* remember, but keep looking like execvp */
		free(cand);
		if (!path[len])
			return NULL;
		path += len + 1;
	}
}

void target_resolve(const char *command, struct target *t)
{
	int err = 0;
	memset(t, 0, sizeof *t);
	if (!*command)
		die_status(EXIT_NOT_FOUND, "'': command not found");
	if (strchr(command, '/')) {
		err = check_executable(command);
		t->path = err ? NULL : xstrdup(command);
	} else {
		t->path = search_path(command, &err);
	}
	if (!t->path && err == -EACCES)
		die_status(EXIT_NOT_EXECUTABLE, "%s: not executable: %s", command,
			   strerror(EACCES));
	if (!t->path)
		die_status(EXIT_NOT_FOUND, "%s: command not found%s", command,
			   strchr(command, '/') ? "" : " (searched $PATH)");
	t->name = xstrdup(path_base(command));
	strlist_add(&t->exec, t->path, "the command");
	target_add_interpreters(t, t->path, "the command");
}

/* The start of a file, read once: the ELF and program headers (or a "#!"
 * line) are within it for every program a distribution ships; what lies
 * beyond is read with a pread of its own. */
struct head {
	int fd;
	unsigned char buf[4096];
	size_t len;
};

static bool read_at(const struct head *h, void *out, size_t size, uint64_t off)
{
	if (off + size <= h->len) {
		memcpy(out, h->buf + off, size);
		return true;
	}
	return pread(h->fd, out, size, (off_t)off) == (ssize_t)size;
}

/* PT_INTERP of an ELF file, or NULL. Both classes: a 32-bit target is found
 * here and then killed by the architecture check of the seccomp filter. */
static char *elf_interpreter(const struct head *h)
{
	if (h->len < EI_NIDENT || memcmp(h->buf, ELFMAG, SELFMAG) != 0)
		return NULL;
	bool is64 = h->buf[EI_CLASS] == ELFCLASS64;
	Elf64_Ehdr eh;
	Elf32_Ehdr eh32;
	uint64_t phoff;
	unsigned phnum, phentsize;
	if (is64) {
		if (!read_at(h, &eh, sizeof eh, 0))
			return NULL;
		phoff = eh.e_phoff, phnum = eh.e_phnum, phentsize = eh.e_phentsize;
	} else {
		if (!read_at(h, &eh32, sizeof eh32, 0))
			return NULL;
		phoff = eh32.e_phoff, phnum = eh32.e_phnum, phentsize = eh32.e_phentsize;
	}
	for (unsigned i = 0; i < phnum && i < 256; i++) {
		Elf64_Phdr ph;
		Elf32_Phdr ph32;
		uint64_t type, off, size;
		uint64_t at = phoff + (uint64_t)i * phentsize;
		if (is64) {
			if (!read_at(h, &ph, sizeof ph, at))
				return NULL;
			type = ph.p_type, off = ph.p_offset, size = ph.p_filesz;
		} else {
			if (!read_at(h, &ph32, sizeof ph32, at))
				return NULL;
			type = ph32.p_type, off = ph32.p_offset, size = ph32.p_filesz;
		}
		if (type != PT_INTERP)
			continue;
		if (size < 2 || size > PATH_MAX)
			return NULL;
		char *interp = xcalloc(1, size + 1);
		if (!read_at(h, interp, size, off)) {
			free(interp);
			return NULL;
		}
		interp[size] = '\0';
		return interp;
	}
	return NULL;
}

/* The interpreter of a "#!" script, without its optional argument. */
static char *script_interpreter(const struct head *h)
{
	char buf[256];
	size_t n = h->len < sizeof buf - 1 ? h->len : sizeof buf - 1;
	memcpy(buf, h->buf, n);
	if (n < 3 || buf[0] != '#' || buf[1] != '!')
		return NULL;
	buf[n] = '\0';
	char *p = buf + 2 + strspn(buf + 2, " \t");
	size_t len = strcspn(p, " \t\n");
	return len ? strndup(p, len) : NULL;
}

void target_add_interpreters(struct target *t, const char *path, const char *why)
{
	for (int depth = 0; depth < 4; depth++) { /* the kernel allows 4 levels too */
		struct head h = { .fd = open(path, O_RDONLY | O_CLOEXEC) };
		if (h.fd < 0)
			return;
		ssize_t n = pread(h.fd, h.buf, sizeof h.buf, 0);
		h.len = n > 0 ? (size_t)n : 0;
		char *interp = elf_interpreter(&h);
		/* The kernel loads an ELF interpreter's segments itself and
		 * follows no interpreter of its: the chain ends here. */
		bool last = interp != NULL;
		if (!interp)
			interp = script_interpreter(&h);
		close(h.fd);
		if (!interp || strlist_contains(&t->exec, interp)) {
			free(interp);
			return;
		}
		char *reason = xstrjoin("interpreter of ", path, " (", why, ")", NULL);
		strlist_add(&t->exec, interp, reason);
		free(reason);
		path = t->exec.item[t->exec.n - 1];
		free(interp);
		if (last)
			return;
	}
}

void target_free(struct target *t)
{
	free(t->path);
	free(t->name);
	strlist_free(&t->exec);
}
