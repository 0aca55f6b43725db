"""
Fixtures for testing a client against xs2a-kit from Python: one sandbox per test session, started
as a separate process (`xs2a-kit serve` on free ports, its certificates in a temporary folder), and
the journal emptied before each test so a test sees only the requests it made.

The sandbox is the command in XS2A_KIT (default: `node bin/xs2a-kit.js` of the clone this example
sits in; `npx xs2a-kit` where the package is installed). Nothing else is needed: Python 3, pytest and
requests (Debian: `apt-get install python3-pytest python3-requests`).
"""

import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import requests

CLONE = Path(__file__).resolve().parents[2]
DEFAULT_COMMAND = ["node", str(CLONE / "bin" / "xs2a-kit.js")]
STARTUP_SECONDS = 60

# The lines `serve` prints once both servers listen, e.g.
#   XS2A API (mutual TLS)  https://localhost:8443   ({base_url}: every path carries /v1)
#   Control API            http://localhost:8080/sandbox
API_LINE = re.compile(r"^\s*XS2A API \(mutual TLS\)\s+(https://\S+)")
CONTROL_LINE = re.compile(r"^\s*Control API\s+(http://\S+)")


def _local_session() -> requests.Session:
    """
    A session that ignores the environment: REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE (set on many
    machines) would replace `session.verify`, so the sandbox CA would not be trusted, and an
    HTTPS_PROXY would send requests for localhost to the proxy.
    """
    session = requests.Session()
    session.trust_env = False
    return session


@dataclass
class Sandbox:
    api_url: str
    control_url: str
    certs: Path
    output: list = field(default_factory=list)

    def client(self) -> requests.Session:
        """A session that speaks to the XS2A API as the default provider: its QWAC, the sandbox CA."""
        session = _local_session()
        session.cert = (str(self.certs / "tpp.crt"), str(self.certs / "tpp.key"))
        session.verify = str(self.certs / "ca.crt")
        return session

    def control(self, method: str, path: str, **kwargs) -> requests.Response:
        """A call of the control API (plain HTTP on the customer surface, no certificate)."""
        # A state-changing control call needs the JSON content type, even without a body: no web
        # page can send it across sites, so a page the tester visits cannot drive the sandbox.
        if method != "GET":
            kwargs["headers"] = {"Content-Type": "application/json", **kwargs.get("headers", {})}
        with _local_session() as session:
            return session.request(method, self.control_url + path, timeout=10, **kwargs)

    def journal(self, **filters) -> dict:
        """GET /sandbox/requests: what the XS2A API received and answered, newest first."""
        answer = self.control("GET", "/requests", params=filters)
        assert answer.status_code == 200, answer.text
        return answer.json()


def _read_lines(stream, lines: "queue.Queue[str]", output: list) -> None:
    # Reads until the process ends, so a full pipe never blocks the sandbox.
    for line in stream:
        output.append(line)
        lines.put(line)


def _wait_until_ready(control_url: str, deadline: float) -> None:
    """Polls GET /sandbox/health until 200, as a CI job waits for a sandbox it started."""
    while True:
        try:
            with _local_session() as session:
                if session.get(control_url + "/health", timeout=2).status_code == 200:
                    return
        except requests.ConnectionError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the sandbox did not answer GET /sandbox/health in time")
        time.sleep(0.1)


@contextmanager
def running_sandbox(certs: Path, *flags: str):
    """`serve` on free ports with these flags, until the block ends; yields the Sandbox once it is ready."""
    command = shlex.split(os.environ["XS2A_KIT"]) if os.environ.get("XS2A_KIT") else DEFAULT_COMMAND
    process = subprocess.Popen(
        [*command, "serve", "--port", "0", "--portal-port", "0", "--certs", str(certs), *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # Its own process group: started through npx, serve is a child of npm, which does not pass
        # SIGTERM on, so the whole group is stopped at the end.
        start_new_session=True,
    )
    lines: "queue.Queue[str]" = queue.Queue()
    output: list = []
    threading.Thread(target=_read_lines, args=(process.stdout, lines, output), daemon=True).start()
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        api_url = control_url = None
        while api_url is None or control_url is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise RuntimeError("serve printed no URLs in time:\n" + "".join(output)) from None
            if process.poll() is not None and lines.empty():
                raise RuntimeError("serve stopped:\n" + "".join(output))
            api_url = api_url or (API_LINE.match(line) or [None, None])[1]
            control_url = control_url or (CONTROL_LINE.match(line) or [None, None])[1]
        _wait_until_ready(control_url, deadline)
        yield Sandbox(api_url, control_url, certs, output)
    finally:
        _stop_group(process)
        process.wait()


def _stop_group(process: subprocess.Popen) -> None:
    """Stops serve's process group (serve and any wrapper that started it): SIGTERM, then SIGKILL after 10 s."""
    group, deadline = process.pid, time.monotonic() + 10
    try:
        os.killpg(group, signal.SIGTERM)
        # serve writes its reports as it stops: the block ends when every process of the group has
        # (poll reaps the process started here, which would otherwise stay in the group as a zombie).
        while time.monotonic() < deadline:
            process.poll()
            os.killpg(group, 0)
            time.sleep(0.05)
        os.killpg(group, signal.SIGKILL)
    except ProcessLookupError:
        pass


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory):
    with running_sandbox(tmp_path_factory.mktemp("certs")) as running:
        yield running


@pytest.fixture
def xs2a(sandbox):
    """The provider's session, with an empty journal: each test reads only what it sent."""
    assert sandbox.control("DELETE", "/requests").status_code == 200
    with sandbox.client() as session:
        yield session
