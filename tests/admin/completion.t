#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion offers the options of the parser's table, the
# profiles --list-profiles finds, the values of enumerated options, and
# leaves the words after COMMAND to the command.
source "$top_srcdir/tests/lib/tap.sh"
# shellcheck source=/dev/null
source "$top_srcdir/completion/sandbox-run"

complete_line() { # complete_line WORD... (the last word is being completed)
	COMP_WORDS=("$SANDBOX_RUN" "$@")
	COMP_CWORD=$#
	COMPREPLY=()
	_sandbox_run
	printf '%s\n' "${COMPREPLY[@]}" | sort -u | tr '\n' ' '
}

is "$(complete -p sandbox-run)" "complete -F _sandbox_run sandbox-run" \
	"the file registers a completion for sandbox-run"
is "$(complete_line --list-)" "--list-profiles --list-promises " \
	"long options complete from the option table"
all=$(complete_line --)
for opt in $("$SANDBOX_RUN" --option-names); do
	[[ " $all " == *" $opt "* ]] || missing="${missing:-} $opt"
done
is "${missing:-}" "" "every option of --option-names is offered"
unlike "$all" "--option-names|--print-keys" "hidden options are not offered"

# In an empty directory, so that file names (a profile FILE) add nothing.
tmp=$(tap_tmp)
mkdir "$tmp/empty" && cd "$tmp/empty" || bail "cannot make $tmp/empty"
profiles=$("$SANDBOX_RUN" --list-profiles | awk '/^[^ ]/ { print $1 }' | sort -u | tr '\n' ' ')
[ -n "$profiles" ] || bail "--list-profiles found no profile"
is "$(complete_line --profile '')" "$profiles" "--profile completes the profile names"
first=${profiles%% *}
like "$(complete_line -p "${first:0:2}")" "(^| )$first " "-p completes a profile from its first letters"
is "$(complete_line --on-violation '')" "deny kill report " "--on-violation completes its modes"
# bash splits "--log=s" at "=" (COMP_WORDBREAKS); both forms must work.
is "$(complete_line --log = s)" "stderr syslog " "--log=VALUE completes the value (as bash splits it)"
is "$(complete_line --log =)" "both none stderr syslog " "--log= completes every value"
is "$(complete_line --log=s)" "stderr syslog " "--log=VALUE completes the value (one word)"
like "$(complete_line --list-promises = in)" "^inet $" "--list-promises= completes promise names"
is "$(complete_line --on-violation = deny fi)" "$(compgen -c -- fi | sort -u | tr '\n' ' ')" \
	"after --on-violation=VALUE, COMMAND completes from PATH"

touch "$tmp/input-one" "$tmp/input-two"
cd "$tmp" || bail "cd $tmp"
is "$(complete_line file input-)" "input-one input-two " \
	"words after COMMAND complete as the command's (files without bash-completion)"
is "$(complete_line --check input-)" "input-one input-two " "--check completes files"
PATH=$top_builddir/src:$PATH
like "$(complete_line -p file sandbox-ru)" "sandbox-run" "COMMAND completes from PATH"
like "$(complete_line -- sandbox-ru)" "sandbox-run" "after --, COMMAND completes from PATH"
done_testing
