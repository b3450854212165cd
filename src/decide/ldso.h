/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the dynamic loader would do with a preloaded library's name: expand
 * its tokens and find the file it loads. sandbox-run has no loader to ask
 * (it is a static PIE), so these follow glibc's rules. */
#ifndef SR_LDSO_H
#define SR_LDSO_H

/* text with $LIB and $PLATFORM expanded, and $ORIGIN when origin_dir is
 * given (else left as written); ${NAME} is $NAME. Allocated. */
char *ldso_expand(const char *text, const char *origin_dir);
/* The real path of the file ld.so loads for lib, or NULL if none: a name
 * with a slash as it stands, a bare name from LD_LIBRARY_PATH, then the
 * directories of /etc/ld.so.conf (what ld.so.cache indexes), then the
 * loader's default directories. An unknown token finds nothing. */
char *ldso_resolve(const char *lib, const char *origin_dir);
/* The first directory of ld.so.conf file conf (with its includes, in
 * ldconfig's order) that has a file name; its path, or NULL. */
char *ldso_search_conf(const char *conf, const char *name);

#endif
