/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "filter/filtercache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

#define KEY_DESCRIPTION "sandbox-run:filter-cache"
#define MAGIC "SRFCACHE"
/* Larger than any filter the kernel accepts (BPF_MAXINSNS = 4096) plus its id. */
#define MAX_ENTRY (1024 * 1024)

struct header {
	char magic[8];
	uint64_t tag; /* SipHash of everything after it */
	uint32_t idlen;
	uint32_t ninsns;
};

/* The directory "auto" means: the per-login runtime directory (tmpfs,
 * emptied at boot), root's /run, or else the XDG cache directory. */
static char *auto_dir(void)
{
	const char *run = getenv("XDG_RUNTIME_DIR");
	if (run && run[0] == '/')
		return xstrjoin(run, "/sandbox-run", NULL);
	if (geteuid() == 0)
		return xstrdup("/run/sandbox-run");
	const char *cache = getenv("XDG_CACHE_HOME");
	if (cache && cache[0] == '/')
		return xstrjoin(cache, "/sandbox-run", NULL);
	const char *home = getenv("HOME");
	if (home && home[0] == '/')
		return xstrjoin(home, "/.cache/sandbox-run", NULL);
	return NULL;
}

/* The user's own directory, closed to everybody else; created if missing
 * (not its parents). */
static int open_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			msg_verbose("filter cache %s: cannot create it: %s", path, strerror(errno));
			return -1;
		}
		fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	}
	struct stat st;
	if (fd < 0 || fstat(fd, &st) < 0) {
		msg_verbose("filter cache %s: cannot open it: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (st.st_uid != geteuid() || (st.st_mode & 077)) {
		msg_verbose("filter cache %s: not used: it must be owned by uid %u and closed to "
			    "others (mode 0700)",
			    path, (unsigned)geteuid());
		close(fd);
		return -1;
	}
	return fd;
}

/* The tag key, from the user keyring; made on first use. */
static bool keyring_key(uint8_t key[SIPHASH_KEY_SIZE])
{
	long id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user", KEY_DESCRIPTION,
			  0);
	if (id >= 0)
		return syscall(SYS_keyctl, KEYCTL_READ, id, key, SIPHASH_KEY_SIZE) ==
		       SIPHASH_KEY_SIZE;
	if (errno != ENOKEY) {
		msg_verbose("filter cache: no kernel keyring (%s): not used", strerror(errno));
		return false;
	}
	if (getrandom(key, SIPHASH_KEY_SIZE, 0) != SIPHASH_KEY_SIZE)
		return false;
	/* Two launchers racing here both succeed; the later key wins, and the
	 * entries the earlier one writes are merely rebuilt once. */
	return syscall(SYS_add_key, "user", KEY_DESCRIPTION, key, SIPHASH_KEY_SIZE,
		       KEY_SPEC_USER_KEYRING) >= 0;
}

bool fcache_open(const char *setting, struct fcache *c)
{
	c->dirfd = -1;
	/* Built with --disable-filter-cache: every run compiles its filter,
	 * as with filter-cache = none. */
	if (!ENABLE_FILTER_CACHE) {
		msg_verbose("filter cache: not built in (configure --disable-filter-cache)");
		return false;
	}
	if (setting && strcmp(setting, "none") == 0)
		return false;
	char *path = !setting || strcmp(setting, "auto") == 0 ? auto_dir() : xstrdup(setting);
	if (!path)
		return false;
	c->dirfd = open_dir(path);
	free(path);
	if (c->dirfd >= 0 && keyring_key(c->key))
		return true;
	fcache_close(c);
	return false;
}

void fcache_close(struct fcache *c)
{
	if (c->dirfd >= 0)
		close(c->dirfd);
	c->dirfd = -1;
	explicit_bzero(c->key, sizeof c->key);
}

static void entry_name(const struct fcache *c, const void *id, size_t idlen, char name[32])
{
	/* "%016llx.bpf", without printf (util.h, xstrjoin): the hash's bytes,
	 * most significant first. */
	uint64_t h = siphash24(c->key, id, idlen);
	unsigned char be[8];
	for (int i = 7; i >= 0; i--, h >>= 8)
		be[i] = (unsigned char)h;
	strcpy(put_hex(name, be, sizeof be), ".bpf");
}

static uint64_t tag_of(const struct fcache *c, const char *entry, size_t size)
{
	size_t skip = offsetof(struct header, idlen);
	return siphash24(c->key, entry + skip, size - skip);
}

static char *read_entry(int fd, size_t *size)
{
	struct stat st;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_size < (off_t)sizeof(struct header) || st.st_size > MAX_ENTRY)
		return NULL;
	char *buf = xmalloc((size_t)st.st_size);
	size_t got = 0;
	ssize_t n;
	while (got < (size_t)st.st_size && (n = read(fd, buf + got, (size_t)st.st_size - got)) > 0)
		got += (size_t)n;
	if (got != (size_t)st.st_size) {
		free(buf);
		return NULL;
	}
	*size = got;
	return buf;
}

bool fcache_load(const struct fcache *c, const void *id, size_t idlen, struct sock_fprog *prog)
{
	char name[32];
	entry_name(c, id, idlen, name);
	int fd = openat(c->dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	size_t size = 0;
	char *entry = read_entry(fd, &size);
	close(fd);
	if (!entry)
		return false;
	struct header h;
	memcpy(&h, entry, sizeof h);
	size_t insns = (size_t)h.ninsns * sizeof(struct sock_filter);
	bool ok = memcmp(h.magic, MAGIC, sizeof h.magic) == 0 && h.idlen == idlen && h.ninsns > 0 &&
		  h.ninsns <= BPF_MAXINSNS && sizeof h + idlen + insns == size &&
		  memcmp(entry + sizeof h, id, idlen) == 0 && h.tag == tag_of(c, entry, size);
	if (!ok) {
		msg_verbose("filter cache: entry %s is stale or not ours: rebuilt", name);
		free(entry);
		return false;
	}
	prog->len = (unsigned short)h.ninsns;
	prog->filter = xmalloc(insns);
	memcpy(prog->filter, entry + sizeof h + idlen, insns);
	free(entry);
	return true;
}

static bool write_all(int fd, const char *buf, size_t size)
{
	while (size) {
		ssize_t n = write(fd, buf, size);
		if (n <= 0)
			return false;
		buf += n;
		size -= (size_t)n;
	}
	return true;
}

/* Each build of sandbox-run, libseccomp version and kernel release names
 * entries of its own, and the old ones would stay in ~/.cache for good:
 * entries written PRUNE_DAYS ago or more are removed when a new one is
 * written (a miss: a hit costs nothing more), and the directory is looked
 * through at most once a day (PRUNED_MARK's time). An entry still in use
 * is merely compiled again once. */
#define PRUNE_DAYS 30
#define DAY_SECONDS (24 * 60 * 60)
#define PRUNED_MARK ".pruned"

/* An entry's name, "%016llx.bpf", or a writer's leftover ".NAME.PID.tmp":
 * nothing else in the directory is ours to remove. */
static bool is_entry_name(const char *name)
{
	size_t len = strlen(name);
	if (name[0] == '.' && len > 25 && strcmp(name + len - 4, ".tmp") == 0)
		name++, len = 20;
	return len == 20 && strspn(name, "0123456789abcdef") == 16 &&
	       strncmp(name + 16, ".bpf", 4) == 0;
}

static bool due_for_pruning(int dirfd, time_t now)
{
	struct stat st;
	if (fstatat(dirfd, PRUNED_MARK, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    now - st.st_mtime < DAY_SECONDS)
		return false;
	int mark = openat(dirfd, PRUNED_MARK, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (mark < 0)
		return false;
	bool touched = futimens(mark, NULL) == 0;
	close(mark);
	return touched;
}

static void prune(const struct fcache *c)
{
	time_t now = time(NULL);
	if (!due_for_pruning(c->dirfd, now))
		return;
	int fd = openat(c->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *e;
	struct stat st;
	while ((e = readdir(d)))
		if (is_entry_name(e->d_name) &&
		    fstatat(c->dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode) && now - st.st_mtime >= PRUNE_DAYS * DAY_SECONDS &&
		    unlinkat(c->dirfd, e->d_name, 0) == 0)
			msg_verbose("filter cache: removed %s, unused for %d days or more",
				    e->d_name, PRUNE_DAYS);
	closedir(d);
}

void fcache_store(const struct fcache *c, const void *id, size_t idlen,
		  const struct sock_fprog *prog)
{
	size_t insns = (size_t)prog->len * sizeof(struct sock_filter);
	size_t size = sizeof(struct header) + idlen + insns;
	char *entry = xmalloc(size);
	struct header h = { MAGIC, 0, (uint32_t)idlen, prog->len };
	memcpy(entry, &h, sizeof h);
	memcpy(entry + sizeof h, id, idlen);
	memcpy(entry + sizeof h + idlen, prog->filter, insns);
	h.tag = tag_of(c, entry, size);
	memcpy(entry, &h, sizeof h);

	char name[32], tmp[64];
	entry_name(c, id, idlen, name);
	snprintf(tmp, sizeof tmp, ".%s.%d.tmp", name, (int)getpid());
	/* Written aside and renamed: a concurrent reader sees the old entry
	 * or the new one, never half of one. */
	int fd = openat(c->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	bool ok = fd >= 0 && write_all(fd, entry, size);
	if (fd >= 0 && close(fd) < 0)
		ok = false;
	if (ok && renameat(c->dirfd, tmp, c->dirfd, name) < 0)
		ok = false;
	if (!ok) {
		msg_verbose("filter cache: cannot record %s: %s", name, strerror(errno));
		unlinkat(c->dirfd, tmp, 0);
	}
	free(entry);
	prune(c);
}
