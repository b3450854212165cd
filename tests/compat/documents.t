#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The document and media profiles of issue 25 on real files of their kind
# from the external corpus (../shared/corpora/external: PDFs, images,
# media, archives written by other projects' test suites): each tool
# prints what it prints alone, exits the same way and reports nothing.
# The tools that write (pdftoppm, pdftocairo, pdfimages: an output
# prefix; xmllint --output, djvutxt FILE: an output file) make the same
# files, byte for byte, as they do alone.
source "$top_srcdir/tests/lib/tap.sh"
source "$top_srcdir/tests/compat/compat.sh"
export SOURCE_DATE_EPOCH=1700000000
ext=$top_srcdir/../shared/corpora/external
img=$ext/images/exiftool
[ -d "$ext/pdf" ] && [ -d "$img" ] || { echo "1..0 # SKIP no external corpus at $ext"; exit 0; }
missing=""
need=(pdftoppm pdftocairo pdfimages xmllint jq djvutxt catdoc antiword unrtf odt2txt exiv2 mediainfo
      cabextract 7z)
for tool in "${need[@]}"; do
	command -v "$tool" >/dev/null || missing="$missing $tool"
done

run_tool() { # run_tool TOOL DESC MIN ARG... -- INPUT...
	local tool=$1
	shift
	if [[ " $missing " == *" $tool "* ]]; then skip "$1" "$tool is not installed (.ci/packages)"
	else same_for_each "$@"; fi
}

mapfile -d '' pdfs < <(real_files 10 "$ext/pdf" -name '*.pdf' -size -20k)
mapfile -d '' xml < <(real_files 20 "$img" \( -name '*.xmp' -o -name '*.xml' -o -name '*.svg' \
	-o -name '*.plist' -o -name '*.html' \))
mapfile -d '' jpegs < <(real_files 20 "$img" \( -name '*.jpg' -o -name '*.tif' -o -name '*.png' \
	-o -name '*.webp' -o -name '*.jxl' \))
mapfile -d '' media < <(real_files 20 "$img" \( -name '*.mp3' -o -name '*.mkv' -o -name '*.avi' \
	-o -name '*.ogg' -o -name '*.flac' -o -name '*.wav' -o -name '*.wmv' -o -name '*.m4a' \
	-o -name '*.mov' -o -name '*.opus' -o -name '*.aif' -o -name '*.flv' -o -name '*.mts' \
	-o -name '*.rm' -o -name '*.ra' -o -name '*.dv' -o -name '*.mxf' -o -name '*.ape' \))
# (not a multi-part set: its other parts are files cabextract finds itself)
mapfile -d '' cabs < <(real_files 13 "$ext/archives" -name '*.cab' ! -name '*multi*')
mapfile -d '' sevens < <(real_files 20 "$ext/archives" -name '*.7z')

run_tool pdfimages "pdfimages -list" 10 pdfimages -list -- "${pdfs[@]}"
run_tool xmllint "xmllint --noout" 10 xmllint --noout -- "${xml[@]}"
run_tool xmllint "xmllint --format" 10 xmllint --format -- "${xml[@]}"
run_tool exiv2 "exiv2 (print summary)" 20 exiv2 -- "${jpegs[@]}"
run_tool exiv2 "exiv2 -pa" 20 exiv2 -pa -- "${jpegs[@]}"
run_tool mediainfo "mediainfo" 15 mediainfo -- "${media[@]}"
run_tool mediainfo "mediainfo --Output=JSON" 15 mediainfo --Output=JSON -- "${media[@]}"
run_tool cabextract "cabextract -l" 10 cabextract -l -- "${cabs[@]}"
run_tool cabextract "cabextract -t" 10 cabextract -t -- "${cabs[@]}"
run_tool cabextract "cabextract -p" 10 cabextract -p -- "${cabs[@]}"
run_tool 7z "7z l" 20 7z l -- "${sevens[@]}"
run_tool 7z "7z t" 20 7z t -- "${sevens[@]}"
# The corpus's only files of these kinds; antiword and catdoc have no Word
# document there: antiword is held to its verdict on OLE files that are
# not Word documents, catdoc reads the RTF document.
run_tool djvutxt "djvutxt" 1 djvutxt -- "$img/DjVu.djvu"
run_tool unrtf "unrtf --html" 1 unrtf --html -- "$img/RTF.rtf"
run_tool unrtf "unrtf --text" 1 unrtf --text -- "$img/RTF.rtf"
run_tool catdoc "catdoc (RTF)" 1 catdoc -- "$img/RTF.rtf"
run_tool antiword "antiword (OLE files that are not Word)" 2 antiword -- "$img/FlashPix.ppt" \
	"$ext/file/HWP2016.hwp.testfile"
run_tool odt2txt "odt2txt" 2 odt2txt -- "$img/OpenDoc.ods" "$img/OOXML.docx"

# jq: JSON that mediainfo writes of the media files, and the shapes of its
# command line: the filter operand, --arg, --slurpfile, --rawfile, -L.
jsons=()
if [[ " $missing " != *" mediainfo "* ]]; then
	mkdir -p "$CT/json/lib"
	for f in "${media[@]}"; do
		mediainfo --Output=JSON "$f" >"$CT/json/$(basename "$f").json" 2>/dev/null
		jsons+=("$CT/json/$(basename "$f").json")
	done
	echo 'def tracks: .media.track | length;' >"$CT/json/lib/m.jq"
	echo 'not json at all' >"$CT/json/raw.txt"
	chmod -R a+rX "$CT"
fi
run_tool jq "jq ." 15 jq . -- "${jsons[@]}"
run_tool jq "jq -c FILTER" 15 jq -c '.media.track[0]' -- "${jsons[@]}"
run_tool jq "jq --arg --argjson --slurpfile --rawfile -L" 15 jq -L "$CT/json/lib" \
	--arg n name --argjson k 2 --slurpfile s "${jsons[0]}" --rawfile r "$CT/json/raw.txt" \
	'import "m" as m; [$n, $k, ($s | length), ($r | length), (. | m::tracks)]' -- "${jsons[@]}"

# Writers: the same files, byte for byte, in a directory of their own.
# made DIR CMD...: CMD run in DIR/want and DIR/got (sandboxed); prints why
# they differ, nothing if they agree; fails if they differ.
made() {
	local dir=$1 why
	shift
	mkdir -p "$dir/want/out" "$dir/got/out"
	chmod -R a+rwX "$dir"
	(cd "$dir/want" && compat_run "$CT/want" "$@")
	(cd "$dir/got" && compat_run "$CT/got" "$SANDBOX_RUN" $SR_ARGS "$@")
	why=$(compat_why)
	[ -z "$why" ] && why=$(same_files "$dir/want" "$dir/got")
	[ -z "$why" ] || { compat_show "$why"; return 1; }
}

# same_files WANT GOT: the same names, the same bytes; a PDF's creation
# date is the clock's where the input has none (cairo's), so it is left out.
same_files() {
	local f
	[ "$(cd "$1" && find . | sort)" = "$(cd "$2" && find . | sort)" ] ||
		{ echo "not the same files: $(diff -rq "$1" "$2" | head -1)"; return; }
	for f in $(cd "$1" && find . -type f); do
		case $f in
		*.pdf) cmp -s <(grep -av CreationDate "$1/$f") <(grep -av CreationDate "$2/$f") ;;
		*) cmp -s "$1/$f" "$2/$f" ;;
		esac || { echo "$f differs"; return; }
	done
}

w=$(tap_home)
made_each() { # made_each TOOL DESC CMD-WITH-@IN@ -- INPUT...: files made by some
	local tool=$1 desc=$2 cmd=() bad=0 n=0 files=0
	shift 2
	while [ "$1" != -- ]; do cmd+=("$1"); shift; done
	shift
	if [[ " $missing " == *" $tool "* ]]; then skip "$desc" "$tool is not installed"; return; fi
	for input in "$@"; do
		n=$((n + 1))
		made "$w/m$n" "${cmd[@]//@IN@/$input}" || { bad=$((bad + 1)); diag "$input"; }
		files=$((files + $(find "$w/m$n/got" -type f | wc -l)))
		rm -rf "$w/m$n"
	done
	[ "$files" -gt 0 ] || diag "no input made a file"
	is "$bad:$((files > 0))" 0:1 "$desc: $n real inputs, $files files made, the same"
}
made_each pdftoppm "pdftoppm IN out/p (an output prefix)" pdftoppm -r 10 @IN@ out/p -- "${pdfs[@]:0:6}"
made_each pdftocairo "pdftocairo -png IN p" pdftocairo -png -r 10 @IN@ p -- "${pdfs[@]:0:6}"
made_each pdftocairo "pdftocairo -pdf IN out.pdf" pdftocairo -pdf @IN@ out.pdf -- "${pdfs[@]:0:6}"
made_each pdftocairo "pdftocairo -svg IN out.svg" pdftocairo -svg @IN@ out.svg -- "${pdfs[@]:0:6}"
made_each pdfimages "pdfimages -all IN img" pdfimages -all @IN@ img -- "${pdfs[@]}"
made_each xmllint "xmllint --format --output out.xml IN" xmllint --format --output out.xml @IN@ \
	-- "${xml[@]:0:8}"
made_each djvutxt "djvutxt IN out.txt" djvutxt @IN@ out.txt -- "$img/DjVu.djvu"
done_testing
