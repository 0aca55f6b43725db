"""
A careful client under every fault of the `client-check` profile (`serve --faults client-check`): a
payment initiation whose answer is lost, a 429 with Retry-After on an account read, a consent revoked
by its customer after a read, and a 503 with Retry-After. The sandbox judges every exchange of the
client; the report it keeps (`GET /sandbox/client-report`) must show each fault provoked, and no
finding and no hint.

The client waits by moving the sandbox clock (`clock_mover`): the sandbox judges time by its clock, and
the test need not sleep through a 30-second Retry-After.
"""

import pytest

from careful_client import CarefulClient, ConsentEnded, clock_mover
from conftest import running_sandbox

REDIRECT = "https://tpp.example/callback"
CREDITOR = "DE89370400440532013000"


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    with running_sandbox(tmp_path_factory.mktemp("certs-checked"), "--faults", "client-check") as running:
        yield running


def annas_iban(sandbox) -> str:
    customers = sandbox.control("GET", "/customers").json()
    return next(customer for customer in customers if customer["psuId"] == "anna")["accounts"][0]["iban"]


def test_a_careful_client_meets_every_client_check_fault_and_the_report_stays_empty(checked):
    # The profile's 503 comes at random (5%): one more, now, so this run meets it for certain.
    added = checked.control("POST", "/faults", json={"kind": "status", "status": 503, "retryAfter": 2, "count": 1})
    assert added.status_code == 201, added.text
    iban = annas_iban(checked)
    with checked.client() as session:
        client = CarefulClient(session, checked.api_url, REDIRECT, wait=clock_mover(checked))

        consent = client.create_consent({"accounts": [{"iban": iban}], "balances": [{"iban": iban}]})
        approval = checked.control(
            "POST", "/authorisations/" + consent["authorisationId"], json={"psuId": "anna", "decision": "approve"}
        )
        assert approval.status_code == 200, approval.text
        consent_id = consent["consentId"]

        # Account reads: one meets the 429 and is waited out; after one the customer revokes the consent.
        # The client stops using it as soon as the bank says so, whichever read that is.
        with pytest.raises(ConsentEnded):
            account = next(one for one in client.accounts(consent_id) if one["iban"] == iban)
            for _ in range(3):
                client.balances(consent_id, account["resourceId"])
        assert client.consent_status(consent_id) == "revokedByPsu"
        with pytest.raises(ConsentEnded):
            client.accounts(consent_id)

        # A payment whose answer is lost: sent again under the same key, the bank answers the one payment.
        payment = client.initiate_payment(
            {
                "debtorAccount": {"iban": iban},
                "instructedAmount": {"currency": "EUR", "amount": "12.50"},
                "creditorAccount": {"iban": CREDITOR},
                "creditorName": "Merchant GmbH",
                "remittanceInformationUnstructured": "Invoice 4711",
            }
        )
        assert payment["transactionStatus"] == "RCVD"

    report = checked.control("GET", "/client-report").json()
    provoked = {one["fault"] for one in report["provoked"]}
    assert {"lost-answer", "too-many-requests", "revoke-consent", "status"} <= provoked, report["provoked"]
    assert report["judged"] > 0
    assert report["findings"] == []
    assert report["hints"] == []
