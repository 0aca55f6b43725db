"""
A careful XS2A client in Python: what the interface asks of a provider's client, and nothing
cleverer. `test_careful_client.py` runs it against `xs2a-kit serve --faults client-check` and
asserts that the sandbox's client report has no finding and no hint.

- Every request carries a new X-Request-ID (a UUID), except a payment initiation sent again: there
  the id is the idempotency key, so the resend keeps it and the bank answers the payment it made.
- Only 5xx and broken connections are retried (Errors, Rules 2), after the Retry-After the answer
  named, else after a backoff that starts at half a second and doubles. A 429 is waited out for its
  Retry-After (Rules 4). Any other 4xx is not sent again unchanged.
- A consent the bank said is over (CONSENT_EXPIRED, CONSENT_UNKNOWN, or CONSENT_INVALID with a status
  read that says it ended) is never used again: the customer has to give a new one.
"""

import math
import time
import uuid

import requests

ENDED = {"revokedByPsu", "terminatedByTpp", "expired", "rejected"}
CONSENT_CODES = {"CONSENT_INVALID", "CONSENT_EXPIRED", "CONSENT_UNKNOWN"}
FIRST_BACKOFF_SECONDS = 0.5
ATTEMPTS = 6


class ConsentEnded(Exception):
    """The bank said the consent is over: ask the customer for a new one."""


class GaveUp(Exception):
    """The bank kept failing (5xx or no answer) after every attempt."""


def _code(answer: requests.Response):
    try:
        messages = answer.json().get("tppMessages") or []
    except ValueError:
        return None
    return messages[0].get("code") if messages else None


def _retry_after(answer: requests.Response):
    value = answer.headers.get("Retry-After", "").strip()
    return int(value) if value.isdigit() else None


class CarefulClient:
    def __init__(self, session: requests.Session, api_url: str, redirect_uri: str, wait=time.sleep):
        # `wait(seconds)` is how the client pauses; a test may move the sandbox clock instead of sleeping.
        self.session = session
        self.api_url = api_url
        self.redirect_uri = redirect_uri
        self.wait = wait
        self.ended = set()

    def _send(self, method: str, path: str, *, headers=None, json=None, request_id=None) -> requests.Response:
        backoff = FIRST_BACKOFF_SECONDS
        for _ in range(ATTEMPTS):
            sent = {"X-Request-ID": request_id or str(uuid.uuid4()), **(headers or {})}
            try:
                answer = self.session.request(method, self.api_url + path, headers=sent, json=json, timeout=10)
            except (requests.ConnectionError, requests.Timeout):
                # No answer: the request may have been handled. Only a resend can tell (same key for a payment).
                self.wait(backoff)
                backoff *= 2
                continue
            if answer.status_code >= 500 or answer.status_code == 429:
                self.wait(_retry_after(answer) or backoff)
                backoff *= 2
                continue
            return answer
        raise GaveUp(f"{method} {path}: no usable answer after {ATTEMPTS} attempts")

    # Consents

    def create_consent(self, access: dict, frequency_per_day: int = 4) -> dict:
        answer = self._send(
            "POST",
            "/v1/consents",
            headers={"TPP-Redirect-URI": self.redirect_uri},
            json={"access": access, "recurringIndicator": True, "frequencyPerDay": frequency_per_day},
        )
        assert answer.status_code == 201, answer.text
        return answer.json()

    def consent_status(self, consent_id: str) -> str:
        answer = self._send("GET", f"/v1/consents/{consent_id}/status")
        assert answer.status_code == 200, answer.text
        return answer.json()["consentStatus"]

    def _read(self, path: str, consent_id: str) -> dict:
        if consent_id in self.ended:
            raise ConsentEnded(consent_id)
        answer = self._send("GET", path, headers={"Consent-ID": consent_id})
        if answer.status_code == 200:
            return answer.json()
        code = _code(answer)
        if code in ("CONSENT_EXPIRED", "CONSENT_UNKNOWN"):
            self.ended.add(consent_id)
            raise ConsentEnded(consent_id)
        if code == "CONSENT_INVALID" and self.consent_status(consent_id) in ENDED:
            self.ended.add(consent_id)
            raise ConsentEnded(consent_id)
        raise RuntimeError(f"GET {path} refused: {answer.status_code} {code}")

    def accounts(self, consent_id: str) -> list:
        return self._read("/v1/accounts", consent_id)["accounts"]

    def balances(self, consent_id: str, resource_id: str) -> list:
        return self._read(f"/v1/accounts/{resource_id}/balances", consent_id)["balances"]

    # Payments

    def initiate_payment(self, body: dict, product: str = "sepa-credit-transfers") -> dict:
        # One key for this payment, kept on every resend: the bank answers the payment it already made.
        key = str(uuid.uuid4())
        answer = self._send(
            "POST",
            f"/v1/payments/{product}",
            headers={"TPP-Redirect-URI": self.redirect_uri},
            json=body,
            request_id=key,
        )
        assert answer.status_code == 201, answer.text
        return answer.json()


def clock_mover(sandbox):
    """A `wait` that moves the sandbox clock instead of sleeping: the sandbox judges time by its clock."""

    def wait(seconds: float) -> None:
        moved = sandbox.control("POST", "/clock", json={"advance": f"PT{max(1, math.ceil(seconds))}S"})
        assert moved.status_code == 200, moved.text

    return wait
