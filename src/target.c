#include "target.h"

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
		char *cand = len ? xasprintf("%.*s/%s", (int)len, path, command)
				 : xasprintf("./%s", command);
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

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
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
		die_status(EXIT_NOT_EXECUTABLE, "%s: not executable: %s", command, strerror(EACCES));
	if (!t->path)
		die_status(EXIT_NOT_FOUND, "%s: command not found%s", command,
			   strchr(command, '/') ? "" : " (searched $PATH)");
	t->name = xstrdup(base_name(command));
	strlist_add(&t->exec, t->path, "the command");
	target_add_interpreters(t, t->path, "the command");
}

/* PT_INTERP of an ELF file, or NULL. Both classes: a 32-bit target is found
 * here and then killed by the architecture check of the seccomp filter. */
static char *elf_interpreter(int fd)
{
	unsigned char ident[EI_NIDENT];
	if (pread(fd, ident, sizeof ident, 0) != (ssize_t)sizeof ident ||
	    memcmp(ident, ELFMAG, SELFMAG) != 0)
		return NULL;
	bool is64 = ident[EI_CLASS] == ELFCLASS64;
	Elf64_Ehdr eh;
	Elf32_Ehdr eh32;
	uint64_t phoff;
	unsigned phnum, phentsize;
	if (is64) {
		if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh)
			return NULL;
		phoff = eh.e_phoff, phnum = eh.e_phnum, phentsize = eh.e_phentsize;
	} else {
		if (pread(fd, &eh32, sizeof eh32, 0) != (ssize_t)sizeof eh32)
			return NULL;
		phoff = eh32.e_phoff, phnum = eh32.e_phnum, phentsize = eh32.e_phentsize;
	}
	for (unsigned i = 0; i < phnum && i < 256; i++) {
		Elf64_Phdr ph;
		Elf32_Phdr ph32;
		uint64_t type, off, size;
		off_t at = (off_t)(phoff + (uint64_t)i * phentsize);
		if (is64) {
			if (pread(fd, &ph, sizeof ph, at) != (ssize_t)sizeof ph)
				return NULL;
			type = ph.p_type, off = ph.p_offset, size = ph.p_filesz;
		} else {
			if (pread(fd, &ph32, sizeof ph32, at) != (ssize_t)sizeof ph32)
				return NULL;
			type = ph32.p_type, off = ph32.p_offset, size = ph32.p_filesz;
		}
		if (type != PT_INTERP)
			continue;
		if (size < 2 || size > PATH_MAX)
			return NULL;
		char *interp = xcalloc(1, size + 1);
		if (pread(fd, interp, size, (off_t)off) != (ssize_t)size) {
			free(interp);
			return NULL;
		}
		interp[size] = '\0';
		return interp;
	}
	return NULL;
}

/* The interpreter of a "#!" script, without its optional argument. */
static char *script_interpreter(int fd)
{
	char buf[256];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
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
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return;
		char *interp = elf_interpreter(fd);
		if (!interp)
			interp = script_interpreter(fd);
		close(fd);
		if (!interp || strlist_contains(&t->exec, interp)) {
			free(interp);
			return;
		}
		char *reason = xasprintf("interpreter of %s (%s)", path, why);
		strlist_add(&t->exec, interp, reason);
		free(reason);
		path = t->exec.item[t->exec.n - 1];
		free(interp);
	}
}

void target_free(struct target *t)
{
	free(t->path);
	free(t->name);
	strlist_free(&t->exec);
}
