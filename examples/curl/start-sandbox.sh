#!/usr/bin/env bash
# Starts `xs2a-kit serve` in the background on free ports, waits for its ready line, and prints the
# variables a test run in any language reads (and the scripts beside this one), as shell exports:
#
#   eval "$(examples/curl/start-sandbox.sh CERTS_DIR LOG_FILE [SERVE_FLAGS...])"
#   mvn test                          # or gradle test, go test, dotnet test, pytest: reads XS2A_*
#   kill "$XS2A_KIT_PID"              # SIGTERM: serve stops (and writes any --client-report)
#
# XS2A_KIT is the command that runs xs2a-kit (default: node bin/xs2a-kit.js of this clone);
# XS2A_KIT_PID is serve's own process, also when XS2A_KIT starts it through npx.
# Exit 1, with the log, when serve stops or prints no ready line within 60 seconds.
set -euo pipefail

CERTS=${1:?usage: start-sandbox.sh CERTS_DIR LOG_FILE [SERVE_FLAGS...]}
LOG=${2:?usage: start-sandbox.sh CERTS_DIR LOG_FILE [SERVE_FLAGS...]}
shift 2
read -r -a XS2A_KIT_COMMAND <<<"${XS2A_KIT:-node $(dirname "$0")/../../bin/xs2a-kit.js}"

# Port 0: the system gives each server a free port, so parallel jobs never collide; serve prints them.
: >"$LOG"
"${XS2A_KIT_COMMAND[@]}" serve --port 0 --portal-port 0 --certs "$CERTS" "$@" >>"$LOG" 2>&1 &
PID=$!

# The ready line comes once both servers listen, followed by the URLs:
#   xs2a-kit sandbox ready in 412 ms
#     XS2A API (mutual TLS)  https://localhost:41887   ({base_url}: every path carries /v1)
#     Control API            http://localhost:35647/sandbox
for _ in $(seq 1 600); do
  grep -q '^  Control API ' "$LOG" && break
  kill -0 "$PID" 2>/dev/null || { echo "serve stopped:" >&2; cat "$LOG" >&2; exit 1; }
  sleep 0.1
done
grep -q '^xs2a-kit sandbox ready in [0-9]* ms$' "$LOG" || {
  kill "$PID" 2>/dev/null || true
  echo "serve printed no ready line in 60 seconds:" >&2
  cat "$LOG" >&2
  exit 1
}
# Under npx, serve is a child of npm (through sh), which does not pass SIGTERM on: the process id
# handed out is serve's own, the last of the chain below the command started here, so that
# `kill "$XS2A_KIT_PID"` stops serve and waiting for it waits for its client report.
while child=$(pgrep -P "$PID" 2>/dev/null | head -n 1) && [ -n "$child" ]; do PID=$child; done
API=$(sed -n 's/^  XS2A API (mutual TLS) *\(https:[^ ]*\).*/\1/p' "$LOG")
CONTROL=$(sed -n 's/^  Control API *\(http:[^ ]*\).*/\1/p' "$LOG")

printf 'export XS2A_API_URL=%q XS2A_CONTROL_URL=%q XS2A_CERTS=%q XS2A_KIT_PID=%q\n' \
  "$API" "$CONTROL" "$(cd "$CERTS" && pwd)" "$PID"
