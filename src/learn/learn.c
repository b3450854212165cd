/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --learn=FILE (learn.h): checks the file being merged into and where the
 * profile goes, then starts the observer (observe.c) and installs its
 * filter; the rest happens in the observer. */
#include "learn/learn.h"

#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "apply/caps.h"
#include "learn/learner.h"
#include "supervise/sidecar.h"

/* ---- the file being merged into ---- */

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "re");
	char *text = NULL;
	size_t size = 0;
	FILE *m = open_memstream(&text, &size);
	char buf[4096];
	size_t got;
	while (f && m && (got = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, got, m);
	if (!f || !m || ferror(f) || fclose(m) != 0)
		die("--learn=%s: cannot read it: %s", path, strerror(errno));
	fclose(f);
	if (strlen(text) != size)
		die("--learn=%s: a NUL byte in it: not a profile to merge into", path);
	return text;
}

static void load_old(struct learner *l)
{
	if (access(l->in->out, F_OK) != 0)
		return;
	struct strlist errors = { 0 };
	if (profile_load(NULL, l->in->out, &l->old, &errors) == 0)
		profile_validate(&l->old, &errors);
	if (errors.n)
		die("--learn=%s merges into that file, and it has errors: %s; fix or remove it",
		    l->in->out, errors.item[0]);
	l->merging = true;
	l->old_text = read_text(l->in->out);
	l->last_text = xstrdup(l->old_text);
}

static void check_preloads(const struct preloads *pl)
{
	for (size_t i = 0; i < pl->libs.n; i++)
		if (rule_of(pl, i) && rule_of(pl, i)->unsupported)
			die("%s (%s) is preloaded: %s", pl->libs.item[i], pl->libs.origin[i],
			    rule_of(pl, i)->unsupported);
}

/* Found out now rather than after the run: where the profile goes, and
 * whether a profile could be used from there at all (a draft in /tmp is
 * one that others could replace before it is reviewed or used). */
static void check_writable(const char *out)
{
	char *dir = xpath_dir(out);
	if (access(dir, W_OK | X_OK) < 0)
		die("--learn=%s: cannot write in %s: %s", out, dir, strerror(errno));
	free(dir);
	struct strlist errors = { 0 };
	if (profile_check_directory(out, &errors))
		die("--learn=%s", errors.item[0]);
}

void learn_start(const struct learn_input *in)
{
	static struct learner l; /* lives on in the observer */
	l.in = in;
	l.pid = getpid();
	check_writable(in->out);
	load_old(&l);
	check_preloads(in->preloads);
	msg_verbose("--learn: running %s permissively; every call is allowed and recorded",
		    in->target->path);
	scmp_filter_ctx ctx = learn_observing_filter();
	learn_start_observer(&l);
	/* As in a confined run, minus Landlock and enforcement. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		die("cannot set no_new_privs: %s", strerror(errno));
	caps_drop();
	int r = seccomp_load(ctx);
	int listener = r < 0 ? -1 : seccomp_notify_fd(ctx);
	if (r < 0 || listener < 0)
		die("--learn: cannot load the observing filter: %s", strerror(r < 0 ? -r : errno));
	sidecar_handoff(listener);
	seccomp_release(ctx);
}
