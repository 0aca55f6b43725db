#!/usr/bin/env bash
# Compiles and runs the Java example with the JDK alone (Java 17 or later; no Maven, no Gradle):
#
#   examples/java/run.sh [--certs DIR --key-store FILE --trust-store FILE [--store-password PW]]
#
# The example starts `xs2a-kit serve` itself; XS2A_KIT is the command that runs xs2a-kit:
#   in a clone of xs2a-kit (after npm ci && npm run build):
#     XS2A_KIT="node /path/to/xs2a-kit/bin/xs2a-kit.js"
#   in a project that installed the tarball `npm pack` writes (npm install -D ./vendor/xs2a-kit-0.1.0.tgz):
#     XS2A_KIT="npx xs2a-kit"
#   anywhere else, the same tarball run by a pinned npx (xs2a-kit is not on the npm registry):
#     XS2A_KIT="npx --yes --package=./vendor/xs2a-kit-0.1.0.tgz xs2a-kit"
#   whose first run installs its dependencies (a minute or two): once, before the tests, e.g. in CI:
#     npx --yes --package=./vendor/xs2a-kit-0.1.0.tgz xs2a-kit --version
# Unset, it is node bin/xs2a-kit.js of the clone this example sits in.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
export XS2A_KIT=${XS2A_KIT:-node $here/../../bin/xs2a-kit.js}

# The classes go to a temporary folder, so a run leaves nothing in the clone.
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac -d "$classes" "$here"/src/*.java
java -cp "$classes" ConsentAndPaymentFlow "$@"
