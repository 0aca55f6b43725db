# Shared by the scripts beside it (sourced, not run): the arguments, the tools, and one helper per
# kind of request. Bash 3.2 (macOS) or later.

API=${1:-${XS2A_API_URL:-https://localhost:8443}}
CONTROL=${2:-${XS2A_CONTROL_URL:-http://localhost:8080/sandbox}}
CERTS=${3:-${XS2A_CERTS:-certs}}
# The default provider's QWAC for mutual TLS, and the sandbox CA that issued the server's certificate.
TLS=(--cacert "$CERTS/ca.crt" --cert "$CERTS/tpp.crt" --key "$CERTS/tpp.key")

for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install $tool, brew install $tool)" >&2; exit 2; }
done
[ -r "$CERTS/tpp.key" ] || { echo "no certificates in $CERTS: give the folder serve printed as the third argument" >&2; exit 2; }

# A fresh X-Request-ID (a UUID) for every XS2A request.
new_request_id() {
  if [ -r /proc/sys/kernel/random/uuid ]; then cat /proc/sys/kernel/random/uuid
  elif command -v uuidgen >/dev/null; then uuidgen | tr 'A-Z' 'a-z'
  else node -p 'crypto.randomUUID()'
  fi
}

# call STATUS CURL_ARGS...: the answer's body on stdout; any other status, or no answer, stops the script.
call() {
  local expected=$1 answer status
  shift
  answer=$(curl -sS -w '\n%{http_code}' "$@") || {
    echo "no answer: is xs2a-kit serve running at $API and $CONTROL?" >&2
    exit 1
  }
  status=${answer##*$'\n'}
  if [ "$status" != "$expected" ]; then
    printf 'expected HTTP %s, got %s: %s\n' "$expected" "$status" "${answer%$'\n'*}" >&2
    exit 1
  fi
  printf '%s' "${answer%$'\n'*}"
}

step() { printf '\n== %s\n' "$*"; }

# The IBAN of Anna's first account (her Girokonto), read from the control API rather than copied.
annas_iban() {
  call 200 "$CONTROL/customers" | jq -r '.[] | select(.psuId == "anna") | .accounts[0].iban'
}

# approve AUTHORISATION_ID: Anna logs in, enters her one-time code and approves, as on the SCA page.
approve() {
  call 200 -X POST "$CONTROL/authorisations/$1" -H 'Content-Type: application/json' \
    -d '{"psuId":"anna","decision":"approve"}' | jq -c '{scaStatus}'
}
