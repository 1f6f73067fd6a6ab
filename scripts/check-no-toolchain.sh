#!/usr/bin/env bash
# CI: the README's two commands on a machine with Node 20 and npm only. Usage: check-no-toolchain.sh "npm test"
# "npm start" (each argument one command, run in order). A copy of the repository's files runs them with a PATH that holds node, npm, npx, git and a few shell tools, and no python3,
# make or C/C++ compiler; HOME (npm's cache, pnpm's store) is new and empty, so nothing built elsewhere is reused.
# hnswlib-node (optional) then cannot build: the install must still succeed and the tests must pass without it.
set -euo pipefail
[ $# -gt 0 ] || { echo 'usage: check-no-toolchain.sh "<command>"... (the README'"'"'s commands, e.g. "npm test" "npm start")' >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/dynamic-tools-no-toolchain.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The files a clone has (tracked, plus new files not ignored), without node_modules or build output.
mkdir "$work/repo" "$work/bin" "$work/home" "$work/tmp"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf -) | tar -xf - -C "$work/repo"

# node is copied, not linked: npm and pnpm put the directory of the running node (process.execPath, links
# resolved) on the PATH of install scripts, and /usr/bin would bring python3, make and g++ back.
cp "$(command -v node)" "$work/bin/node"
for tool in npm npx git sh bash env cat ls mkdir rm cp mv ln chmod uname dirname basename readlink realpath \
  sed grep tar gzip mktemp sleep head tail tr cut sort wc id; do
  if found=$(command -v "$tool"); then ln -s "$found" "$work/bin/$tool"; fi
done
for tool in python3 python make gmake g++ gcc cc c++ clang clang++; do
  if PATH="$work/bin" command -v "$tool" >/dev/null 2>&1; then
    echo "check-no-toolchain: $tool is still on the clean PATH" >&2
    exit 1
  fi
done
# npm's cache and pnpm's store default to the new HOME (on the same file system as the copy). Node's headers come
# from the machine's nodedir when it has one, so node-gyp fails for want of the toolchain, not of a download.
nodedir=${npm_config_nodedir:-$(npm config get nodedir 2>/dev/null || true)}
[ "$nodedir" = "undefined" ] && nodedir=""
# The machine's network settings still apply (its certificate authorities and proxies): only the toolchain goes.
# npm finds its global npmrc next to node, which moved, so a CA file configured there is passed on explicitly.
cafile=${npm_config_cafile:-$(npm config get cafile 2>/dev/null || true)}
[ "$cafile" = "undefined" ] || [ "$cafile" = "null" ] && cafile=""
network=()
for name in NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy; do
  if [ -n "${!name:-}" ]; then network+=("$name=${!name}"); fi
done

clean() {
  env -i HOME="$work/home" PATH="$work/bin" LANG=C.UTF-8 CI=true TMPDIR="$work/tmp" \
    ${nodedir:+npm_config_nodedir="$nodedir"} ${cafile:+npm_config_cafile="$cafile"} "${network[@]}" "$@"
}
cd "$work/repo"
echo "check-no-toolchain: in $work/repo with PATH=$(ls "$work/bin" | tr '\n' ' ')"
for command in "$@"; do
  read -ra words <<<"$command"
  echo "check-no-toolchain: $command"
  clean "${words[@]}" 2>&1 | tee -a "$work/commands.log"
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "check-no-toolchain: $command failed" >&2; exit 1; }
done
echo "check-no-toolchain: why hnswlib-node did not build:"
grep -m 1 -E "gyp ERR! stack Error|not found: (make|python)" "$work/commands.log" || echo "(no node-gyp error in the log)"
if clean node -e 'require(require.resolve("hnswlib-node", { paths: ["packages/hnswlib"] }))' 2>/dev/null; then
  echo "check-no-toolchain: hnswlib-node loads, so it was built: this run did not prove an install without a toolchain" >&2
  exit 1
fi
echo "check-no-toolchain: $* passed without python3, make or a C/C++ compiler (hnswlib-node not built, as intended)"
