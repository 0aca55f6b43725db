#!/usr/bin/env bash
# The sandbox's PEM certificates as the PKCS#12 key stores a JVM client (Java, Kotlin, Scala) loads,
# with openssl and the JDK's keytool:
#
#   examples/java/convert-certificates.sh CERTS_DIR OUT_DIR [PASSWORD]
#
# CERTS_DIR is the folder serve printed (ca.crt, tpp.crt, tpp.key); OUT_DIR receives
#   tpp.p12    the provider's QWAC with its key: the key store (javax.net.ssl.keyStore)
#   trust.p12  the sandbox CA: the trust store (javax.net.ssl.trustStore)
# both under PASSWORD (default changeit). Made again on every run, so a new certificate folder is
# picked up. .NET loads tpp.p12 as well (new X509Certificate2("tpp.p12", "changeit")).
set -euo pipefail

CERTS=${1:?usage: convert-certificates.sh CERTS_DIR OUT_DIR [PASSWORD]}
OUT=${2:?usage: convert-certificates.sh CERTS_DIR OUT_DIR [PASSWORD]}
PASSWORD=${3:-changeit}
for file in ca.crt tpp.crt tpp.key; do
  [ -r "$CERTS/$file" ] || { echo "no $file in $CERTS: give the folder serve printed" >&2; exit 2; }
done
mkdir -p "$OUT"
rm -f "$OUT/tpp.p12" "$OUT/trust.p12"

# The key store: the QWAC and its private key in one PKCS#12 file.
openssl pkcs12 -export -in "$CERTS/tpp.crt" -inkey "$CERTS/tpp.key" -name tpp \
  -out "$OUT/tpp.p12" -passout "pass:$PASSWORD"

# The trust store: the sandbox CA as a trusted certificate entry.
keytool -importcert -noprompt -alias xs2a-kit-ca -file "$CERTS/ca.crt" \
  -keystore "$OUT/trust.p12" -storetype PKCS12 -storepass "$PASSWORD"

echo "Created in $OUT: tpp.p12 (key store), trust.p12 (trust store)"
