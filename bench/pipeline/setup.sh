#!/usr/bin/env bash
# Set-up for the pipeline bench (idempotent): the native peers it compares against.
#  - Debian's `assimp` command (package assimp-utils) and GNU `time` (for wall time and peak RSS);
#  - the gltf-transform CLI, a devDependency of bench (@gltf-transform/cli), or GLTF_TRANSFORM_CLI.
set -euo pipefail

missing=()
command -v assimp >/dev/null 2>&1 || missing+=(assimp-utils)
[ -x /usr/bin/time ] || missing+=(time)

if [ ${#missing[@]} -gt 0 ]; then
  echo "pipeline bench set-up: installing ${missing[*]} (apt)"
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; then
    "${sudo[@]}" apt-get update
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  fi
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ -n "${GLTF_TRANSFORM_CLI:-}" ]; then
  [ -f "$GLTF_TRANSFORM_CLI" ] || { echo "GLTF_TRANSFORM_CLI=$GLTF_TRANSFORM_CLI does not exist" >&2; exit 1; }
# The package exports no package.json: resolve its entry.
elif ! (cd "$here" && node -e "require.resolve('@gltf-transform/cli')" >/dev/null 2>&1); then
  echo "The gltf-transform CLI is missing: add @gltf-transform/cli@4.5.1 to bench's devDependencies and run npm install," >&2
  echo "or point GLTF_TRANSFORM_CLI at its bin/cli.js." >&2
  exit 1
fi
echo "pipeline bench set-up: $(assimp version 2>/dev/null | grep -m1 -i 'version' || echo 'assimp present'), gltf-transform CLI found"
