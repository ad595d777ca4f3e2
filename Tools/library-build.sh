#!/usr/bin/env bash
# Builds BadgeKit and BadgeTerminal with library evolution and module interfaces in a scratch path of their
# own (.build/api), beside the usual build, and prints the folder of the built products.
# Usage: Tools/library-build.sh   (Tools/api-check.sh and Tools/docs.sh share this build, so in make test
# the second of them finds it done)
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=.build/api
build() {
    "$swift" build --scratch-path "$scratch" --target BadgeTerminal -Xswiftc -enable-library-evolution \
        -Xswiftc -emit-module-interface -Xswiftc -no-verify-emitted-module-interface
}
# Quiet when it builds, the whole log when it does not.
build >/dev/null 2>&1 || build >&2
"$swift" build --scratch-path "$scratch" --show-bin-path
