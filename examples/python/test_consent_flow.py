"""
A consent flow against xs2a-kit, as a Python client would run it, and the request journal checked
afterwards: what the sandbox received (headers, body, query) and what it answered.
"""

import uuid

REDIRECT = "https://tpp.example/callback"


def annas_iban(sandbox) -> str:
    customers = sandbox.control("GET", "/customers").json()
    anna = next(customer for customer in customers if customer["psuId"] == "anna")
    return anna["accounts"][0]["iban"]


def headers(**extra) -> dict:
    # Every XS2A request carries a fresh X-Request-ID (a UUID).
    return {"X-Request-ID": str(uuid.uuid4()), **extra}


def approved_consent(sandbox, xs2a, iban: str) -> str:
    """Creates a consent on balances and transactions of the IBAN and approves it as Anna."""
    created = xs2a.post(
        sandbox.api_url + "/v1/consents",
        headers=headers(**{"TPP-Redirect-URI": REDIRECT}),
        json={
            "access": {"balances": [{"iban": iban}], "transactions": [{"iban": iban}]},
            "recurringIndicator": True,
            "frequencyPerDay": 4,
        },
    )
    assert created.status_code == 201, created.text
    consent = created.json()
    assert consent["consentStatus"] == "received"
    # The control API does what Anna does on the SCA page: log in, enter the code, approve.
    approval = sandbox.control(
        "POST", "/authorisations/" + consent["authorisationId"], json={"psuId": "anna", "decision": "approve"}
    )
    assert approval.status_code == 200, approval.text
    assert approval.json()["scaStatus"] == "finalised"
    return consent["consentId"]


def test_a_consent_approved_by_anna_reads_her_balances(sandbox, xs2a):
    iban = annas_iban(sandbox)
    consent_id = approved_consent(sandbox, xs2a, iban)

    status = xs2a.get(sandbox.api_url + f"/v1/consents/{consent_id}/status", headers=headers())
    assert status.json() == {"consentStatus": "valid"}

    accounts = xs2a.get(sandbox.api_url + "/v1/accounts", headers=headers(**{"Consent-ID": consent_id}))
    assert accounts.status_code == 200, accounts.text
    account = next(account for account in accounts.json()["accounts"] if account["iban"] == iban)

    balances = xs2a.get(
        sandbox.api_url + f"/v1/accounts/{account['resourceId']}/balances", headers=headers(**{"Consent-ID": consent_id})
    )
    assert balances.status_code == 200, balances.text
    types = sorted(balance["balanceType"] for balance in balances.json()["balances"])
    assert types == ["closingBooked", "interimAvailable"]


def test_the_journal_shows_what_the_client_sent_and_what_it_was_answered(sandbox, xs2a):
    iban = annas_iban(sandbox)
    consent_id = approved_consent(sandbox, xs2a, iban)
    request_id = str(uuid.uuid4())
    xs2a.get(
        sandbox.api_url + "/v1/accounts",
        params={"withBalance": "false"},
        headers={"X-Request-ID": request_id, "Consent-ID": consent_id},
    )

    # Everything this test sent to the XS2A API, newest first (the control API calls are not in it).
    journal = sandbox.journal()
    assert [(entry["request"]["method"], entry["request"]["path"]) for entry in journal["requests"]] == [
        ("GET", "/v1/accounts"),
        ("POST", "/v1/consents"),
    ]
    assert journal["dropped"] == 0

    # The consent creation as it arrived: the headers (names in lower case) and the JSON body.
    [created] = sandbox.journal(method="POST", path="/v1/consents")["requests"]
    assert created["request"]["headers"]["tpp-redirect-uri"] == REDIRECT
    assert created["request"]["body"]["access"]["balances"] == [{"iban": iban}]
    assert created["response"]["status"] == 201
    assert created["response"]["body"]["consentId"] == consent_id
    assert created["provider"] == "PSDDE-BAFIN-123456"  # the organizationIdentifier of tpp.crt
    # The journal is filtered by that provider too: another provider's requests are not in it.
    assert len(sandbox.journal(provider="PSDDE-BAFIN-123456")["requests"]) == 2

    # The account list: the query decoded, the X-Request-ID echoed in the answer.
    [listed] = sandbox.journal(path="/v1/accounts", limit=1)["requests"]
    assert listed["request"]["query"] == {"withBalance": "false"}
    assert listed["request"]["headers"]["consent-id"] == consent_id
    assert listed["response"]["headers"]["x-request-id"] == request_id


def test_the_journal_finds_a_refused_request_by_status_and_endpoint_template(sandbox, xs2a):
    # No Consent-ID: the sandbox refuses it, and the journal says with which code.
    refused = xs2a.get(sandbox.api_url + "/v1/accounts/unknown-account/balances", headers=headers())
    assert refused.status_code == 400

    [entry] = sandbox.journal(status="4xx", path="/v1/accounts/{account_id}/balances")["requests"]
    assert entry["request"]["path"] == "/v1/accounts/unknown-account/balances"
    assert entry["code"] == refused.json()["tppMessages"][0]["code"]
    assert sandbox.journal(status="2xx")["requests"] == []


def test_a_filter_the_journal_cannot_read_is_400_format_error_naming_it(sandbox):
    for name, value in [("status", "abc"), ("limit", "-1"), ("since", "yesterday")]:
        answer = sandbox.control("GET", "/requests", params={name: value})
        assert answer.status_code == 400
        [message] = answer.json()["tppMessages"]
        assert (message["category"], message["code"], message["path"]) == ("ERROR", "FORMAT_ERROR", name)


def test_clearing_the_journal_empties_it(sandbox, xs2a):
    xs2a.get(sandbox.api_url + "/v1/accounts", headers=headers())
    assert sandbox.control("DELETE", "/requests").json() == {"cleared": 1}
    assert sandbox.journal()["requests"] == []
