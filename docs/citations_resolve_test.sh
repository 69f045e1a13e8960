#!/bin/bash
# Every spec citation in the code resolves inside the repository: each
# identifier cited from one of the four NNRt fact documents (ops_catalog,
# quantization_semantics / QS, api_state_machine, conformance_anchors) has an
# entry, an HTML anchor, in docs/spec_sources.md. No file may point at the
# documents' outside location (a "shared/spec" path).
#
# Usage: citations_resolve_test.sh [ROOT]
#   ROOT is the tree to scan (default: the Bazel runfiles tree when run by
#   `bazel test //docs:citations_resolve_test`, whose data are the docs and
#   every package's :citing_sources filegroup; else the checkout holding this
#   script). Files scanned: *.cc *.h *.sh *.py *.bzl BUILD and docs/*.md, not
#   golden/data, bazel-* or third_party.
#
# Anchor names (what docs/spec_sources.md must hold, as <a id="...">):
#   ops_catalog #8            -> ops-catalog-8
#   ops_catalog 2.4           -> ops-catalog-sec-2-4     (a section number)
#   ops_catalog section 3     -> ops-catalog-sec-3
#   ops_catalog ABS XTS ...   -> an ops-catalog-N entry line naming ABS
#   quantization_semantics 4.5, QS 4.5 -> qs-4-5
#   api_state_machine 1.3.3   -> asm-1-3-3
#   api_state_machine A27     -> asm-a27
#   conformance_anchors 1.1   -> ca-1-1
# A list continues a citation: "#2/#8", "#70..#73", "#79-#107" (both ends),
# "4.6, 4.8", "4.3/4.6", "4.5-4.8" (both ends), "1.2.2, 1.3.4".
set -u

if [[ $# -ge 1 ]]; then
  root=$1
elif [[ -n "${TEST_SRCDIR:-}" ]]; then
  root="$TEST_SRCDIR/nnrt_kit"
else
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fi
page="$root/docs/spec_sources.md"
if [[ ! -f "$page" ]]; then
  echo "FAIL: $page not found" >&2
  exit 1
fi

# The files that may cite (symlinks followed: runfiles are symlinks).
mapfile -t files < <(find -L "$root" \
  \( -path "$root/golden/data" -o -path "$root/third_party" -o -name 'bazel-*' \
     -o -name external \) -prune -o \
  -type f \( -name '*.cc' -o -name '*.h' -o -name '*.sh' -o -name '*.py' \
     -o -name '*.bzl' -o -name BUILD -o -path "$root/docs/*.md" \) -print |
  grep -v '/docs/spec_sources\.md$' | grep -v '/docs/citations_resolve_test\.sh$' | sort)
if [[ ${#files[@]} -lt 50 ]]; then
  echo "FAIL: only ${#files[@]} files found under $root; the data are incomplete" >&2
  exit 1
fi

# The anchors the page defines.
declare -A have=()
while read -r id; do have[$id]=1; done < <(grep -oE '<a id="[a-z0-9-]+"' "$page" | sed -E 's/<a id="//; s/"$//')

missing=0
need() {  # need ANCHOR CITATION
  if [[ -z "${have[$1]:-}" ]]; then
    echo "unresolved: '$2' needs <a id=\"$1\"> in docs/spec_sources.md"
    missing=$((missing + 1))
  fi
}
dots() { echo "${1//./-}"; }
declare -A seen=()
cited=0

# ops_catalog entries: "#N" and its continuations.
while read -r cit; do
  for n in $(grep -oE '#[0-9]+' <<<"$cit" | tr -d '#'); do
    id="ops-catalog-$n"
    [[ -n "${seen[$id]:-}" ]] && continue
    seen[$id]=1; cited=$((cited + 1)); need "$id" "$cit"
  done
done < <(grep -hoE 'ops_catalog(\.md)? #[0-9]+(( ?(/|,|\.\.|-|and) ?)#[0-9]+)*' "${files[@]}" | sort -u)

# Section numbers of the four documents.
sections() {  # sections REGEX PREFIX
  while read -r cit; do
    for s in $(sed -E "s/^$1(\.md)? (sections? )?//" <<<"$cit" | grep -oE 'A?[0-9]+(\.[0-9]+)*'); do
      id="$2-$(dots "${s,,}")"
      [[ -n "${seen[$id]:-}" ]] && continue
      seen[$id]=1; cited=$((cited + 1)); need "$id" "$cit"
    done
  done < <(grep -hoE "\b$1(\.md)? (sections? )?A?[0-9]+(\.[0-9]+)*(( ?(/|,|-|and) ?)A?[0-9]+(\.[0-9]+)*)*" "${files[@]}" |
           sed -E 's/[.]$//' | sort -u)
}
sections ops_catalog ops-catalog-sec
sections quantization_semantics qs
sections QS qs
sections api_state_machine asm
sections conformance_anchors ca

# Catalog entries cited by operator name ("ops_catalog ABS XTS Model1").
while read -r name; do
  key="ops_catalog $name"
  [[ -n "${seen[$key]:-}" ]] && continue
  seen[$key]=1; cited=$((cited + 1))
  if ! grep -qE "<a id=\"ops-catalog-[0-9]+\"></a>.*\b(OH_NN_OPS_|NODE_TYPE_|)$name\b" "$page"; then
    echo "unresolved: 'ops_catalog $name' names no ops-catalog entry in docs/spec_sources.md"
    missing=$((missing + 1))
  fi
done < <(grep -hoE 'ops_catalog [A-Z][A-Z0-9_]+ XTS' "${files[@]}" | awk '{print $2}' | sort -u)

# No pointer to the outside documents' location.
outside=$(grep -nE '(\.\./)?shared/spec|\.\./shared' "${files[@]}" "$page" | grep -v '^[^:]*citations_resolve_test\.sh:')
if [[ -n "$outside" ]]; then
  echo "$outside"
  echo "FAIL: the lines above point outside the repository (cite docs/spec_sources.md instead)"
  missing=$((missing + 1))
fi

# Run on a checkout: every package must feed the Bazel test its sources.
if [[ -z "${TEST_SRCDIR:-}" && -f "$root/docs/BUILD" ]]; then
  while read -r build; do
    pkg=${build#"$root"/}; pkg=${pkg%BUILD}; pkg=${pkg%/}
    [[ "$pkg" == docs ]] && continue
    if ! grep -q "\"//$pkg:citing_sources\"" "$root/docs/BUILD"; then
      echo "package //$pkg: add a citing_sources filegroup to it and to //docs:citations_resolve_test's data"
      missing=$((missing + 1))
    fi
  done < <(find "$root" \( -path "$root/third_party" -o -path "$root/.git" -o -name 'bazel-*' \) -prune -o -name BUILD -type f -print)
fi

echo "scanned ${#files[@]} files; $cited distinct cited identifiers; ${#have[@]} anchors in docs/spec_sources.md"
if [[ $missing -ne 0 ]]; then
  echo "FAIL: $missing unresolved"
  exit 1
fi
echo "PASS: every citation resolves in docs/spec_sources.md"
