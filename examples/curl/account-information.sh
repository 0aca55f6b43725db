#!/usr/bin/env bash
# An account-information flow against a running `xs2a-kit serve`, with curl and jq only:
# Anna's consent, approved through the control API, then her account list, balances and transactions.
#
#   examples/curl/account-information.sh [API_URL] [CONTROL_URL] [CERTS_DIR]
#
# Defaults (or the environment): XS2A_API_URL=https://localhost:8443,
# XS2A_CONTROL_URL=http://localhost:8080/sandbox, XS2A_CERTS=certs (the folder `serve` printed).
set -euo pipefail

# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"

step "1. Anna's current account, from the control API"
IBAN=$(annas_iban)
echo "IBAN $IBAN"

step "2. the provider asks for a consent on it: balances and transactions, 4 unattended reads a day"
CONSENT=$(call 201 "${TLS[@]}" -X POST "$API/v1/consents" \
  -H "X-Request-ID: $(new_request_id)" -H 'Content-Type: application/json' \
  -H 'TPP-Redirect-URI: https://tpp.example/callback' \
  -d "$(jq -n --arg iban "$IBAN" \
    '{access: {balances: [{iban: $iban}], transactions: [{iban: $iban}]}, recurringIndicator: true, frequencyPerDay: 4}')")
CONSENT_ID=$(jq -r .consentId <<<"$CONSENT")
AUTHORISATION_ID=$(jq -r .authorisationId <<<"$CONSENT")
echo "consentId $CONSENT_ID ($(jq -r .consentStatus <<<"$CONSENT")), authorisationId $AUTHORISATION_ID"
echo "a customer would open $(jq -r ._links.scaRedirect.href <<<"$CONSENT")"

step "3. Anna approves it, without a browser (the control API does what the SCA page does)"
approve "$AUTHORISATION_ID"
call 200 "${TLS[@]}" "$API/v1/consents/$CONSENT_ID/status" -H "X-Request-ID: $(new_request_id)" | jq -c .

step "4. the account list gives the account's resourceId"
RESOURCE_ID=$(call 200 "${TLS[@]}" "$API/v1/accounts" -H "X-Request-ID: $(new_request_id)" \
  -H "Consent-ID: $CONSENT_ID" | jq -r --arg iban "$IBAN" '.accounts[] | select(.iban == $iban) | .resourceId')
echo "resourceId $RESOURCE_ID"

step "5. balances"
call 200 "${TLS[@]}" "$API/v1/accounts/$RESOURCE_ID/balances" -H "X-Request-ID: $(new_request_id)" \
  -H "Consent-ID: $CONSENT_ID" |
  jq -r '.balances[] | "\(.balanceType) \(.balanceAmount.amount) \(.balanceAmount.currency)"'

step "6. transactions: the first page of booked ones, newest first"
TRANSACTIONS=$(call 200 "${TLS[@]}" "$API/v1/accounts/$RESOURCE_ID/transactions?bookingStatus=booked" \
  -H "X-Request-ID: $(new_request_id)" -H "Consent-ID: $CONSENT_ID")
jq -r '.transactions.booked | "\(length) booked transactions on this page"' <<<"$TRANSACTIONS"
jq -r '.transactions.booked[:5][] |
  "\(.bookingDate) \(.transactionAmount.amount) \(.transactionAmount.currency) \(.remittanceInformationUnstructured // "")"' \
  <<<"$TRANSACTIONS"
# The next page is a link in the answer (keyset paging): follow it as it is, never build it.
jq -r 'if .transactions._links.next then "next page: \(.transactions._links.next.href)" else "no more pages" end' \
  <<<"$TRANSACTIONS"
