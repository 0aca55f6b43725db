#!/usr/bin/env bash
# An instant SEPA credit transfer against a running `xs2a-kit serve`, with curl and jq only: the
# provider initiates it, Anna approves it through the control API, and the sandbox clock is moved
# 10 seconds so the payment settles (ACSP, then ACSC) without waiting.
#
#   examples/curl/payment-initiation.sh [API_URL] [CONTROL_URL] [CERTS_DIR]
#
# Defaults (or the environment): XS2A_API_URL=https://localhost:8443,
# XS2A_CONTROL_URL=http://localhost:8080/sandbox, XS2A_CERTS=certs (the folder `serve` printed).
set -euo pipefail

# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
PRODUCT=instant-sepa-credit-transfers

payment_status() {
  call 200 "${TLS[@]}" "$API/v1/payments/$PRODUCT/$PAYMENT_ID/status" -H "X-Request-ID: $(new_request_id)" |
    jq -r '"transactionStatus \(.transactionStatus)"'
}

step "1. Anna's current account, from the control API"
IBAN=$(annas_iban)
echo "IBAN $IBAN"

step "2. the provider initiates 12.30 EUR to a merchant at another bank"
# X-Request-ID is the idempotency key: sending this request again with the same id returns this payment.
PAYMENT=$(call 201 "${TLS[@]}" -X POST "$API/v1/payments/$PRODUCT" \
  -H "X-Request-ID: $(new_request_id)" -H 'Content-Type: application/json' \
  -H 'TPP-Redirect-URI: https://tpp.example/callback' \
  -d "$(jq -n --arg iban "$IBAN" '{debtorAccount: {iban: $iban},
    instructedAmount: {currency: "EUR", amount: "12.30"},
    creditorAccount: {iban: "DE89370400440532013000"}, creditorName: "Merchant GmbH"}')")
PAYMENT_ID=$(jq -r .paymentId <<<"$PAYMENT")
AUTHORISATION_ID=$(jq -r .authorisationId <<<"$PAYMENT")
echo "paymentId $PAYMENT_ID ($(jq -r .transactionStatus <<<"$PAYMENT")), authorisationId $AUTHORISATION_ID"

step "3. Anna approves it (the control API does what the SCA page does)"
approve "$AUTHORISATION_ID"
payment_status

step "4. an instant transfer settles 10 seconds after acceptance: move the sandbox clock instead of waiting"
call 200 -X POST "$CONTROL/clock" -H 'Content-Type: application/json' -d '{"advance":"PT10S"}' | jq -r '"clock \(.now)"'
payment_status
