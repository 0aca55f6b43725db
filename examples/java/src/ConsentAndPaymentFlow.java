import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.net.ssl.SSLContext;

/**
 * A provider's client against `xs2a-kit serve`, with the JDK only: Anna's consent, approved through
 * the control API, then her account list, balances and every page of her transactions; an instant
 * transfer she approves, settled by moving the sandbox clock; then the request journal and the
 * client report. Every step checks the answer and stops with exit 1 at the first one that is wrong.
 *
 *   java ConsentAndPaymentFlow                      the sandbox's own PEM files (a temporary folder)
 *   java ConsentAndPaymentFlow --certs DIR --key-store tpp.p12 --trust-store trust.p12 [--store-password PW]
 *                                                   serve on DIR, the client on key stores made from it
 */
public final class ConsentAndPaymentFlow {
    static final String REDIRECT = "https://tpp.example/callback";
    static final String PRODUCT = "instant-sepa-credit-transfers";

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path certs = options.containsKey("--certs") ? Path.of(options.get("--certs")) : null;
        boolean passed = false;
        try (Sandbox sandbox = Sandbox.start(certs)) {
            try {
                SSLContext tls = options.containsKey("--key-store")
                    ? MutualTls.fromKeyStores(Path.of(options.get("--key-store")), Path.of(options.get("--trust-store")),
                        options.getOrDefault("--store-password", "changeit").toCharArray())
                    : MutualTls.fromPemFolder(sandbox.certs);
                run(sandbox, new Xs2aClient(sandbox.apiUrl, tls));
                passed = true;
            } catch (Exception | AssertionError failure) {
                System.out.println("FAILED: " + failure);
                System.out.println("serve printed:\n" + sandbox.output());
            }
        }
        // After the sandbox stopped (System.exit would skip closing it).
        if (!passed) System.exit(1);
    }

    static void run(Sandbox sandbox, Xs2aClient xs2a) throws Exception {
        step("sandbox ready: XS2A API " + sandbox.apiUrl + ", control API " + sandbox.controlUrl);
        // Each run reads only what it sent.
        expect(200, sandbox.control("DELETE", "/requests", null).status(), "DELETE /sandbox/requests");

        step("1. Anna's current account, from the control API");
        Object customers = sandbox.control("GET", "/customers", null).body();
        Object anna = Json.list(customers).stream().filter(c -> "anna".equals(Json.get(c, "psuId"))).findFirst().orElseThrow();
        String iban = Json.string(anna, "accounts", 0, "iban");
        System.out.println("IBAN " + iban);

        step("2. the provider asks for a consent: balances and transactions, recurring, 4 unattended reads a day");
        String validUntil = LocalDate.now(ZoneOffset.UTC).plusDays(90).toString();
        String consentBody = """
            {"access": {"balances": [{"iban": "%s"}], "transactions": [{"iban": "%s"}]},
             "recurringIndicator": true, "validUntil": "%s", "frequencyPerDay": 4}
            """.formatted(iban, iban, validUntil);
        Xs2aClient.Answer consent = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/consents"))
            .header("X-Request-ID", UUID.randomUUID().toString())
            .header("TPP-Redirect-URI", REDIRECT)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(consentBody)));
        expect(201, consent.status(), consent.body());
        String consentId = Json.string(consent.body(), "consentId");
        String authorisationId = Json.string(consent.body(), "authorisationId");
        check("received".equals(Json.get(consent.body(), "consentStatus")), "a new consent is received");
        System.out.println("consentId " + consentId + ", authorisationId " + authorisationId);
        System.out.println("Anna would approve at " + Json.string(consent.body(), "_links", "scaRedirect", "href"));

        step("3. Anna approves it: the control API does what she does on the SCA page");
        Sandbox.Control approval = sandbox.control("POST", "/authorisations/" + authorisationId,
            "{\"psuId\": \"anna\", \"decision\": \"approve\"}");
        expect(200, approval.status(), approval.body());
        Xs2aClient.Answer status = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/consents/" + consentId + "/status"))
            .header("X-Request-ID", UUID.randomUUID().toString()));
        expect(200, status.status(), status.body());
        check("valid".equals(Json.get(status.body(), "consentStatus")), "the approved consent is valid");
        System.out.println("consentStatus valid");

        step("4. the account list: the resourceId is the account_id of every account path (never the IBAN)");
        Xs2aClient.Answer accounts = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/accounts"))
            .header("X-Request-ID", UUID.randomUUID().toString())
            .header("Consent-ID", consentId));
        expect(200, accounts.status(), accounts.body());
        Object account = Json.list(accounts.body(), "accounts").stream()
            .filter(a -> iban.equals(Json.get(a, "iban"))).findFirst().orElseThrow();
        String accountId = Json.string(account, "resourceId");
        System.out.println("resourceId " + accountId);

        step("5. balances");
        Xs2aClient.Answer balances = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/accounts/" + accountId + "/balances"))
            .header("X-Request-ID", UUID.randomUUID().toString())
            .header("Consent-ID", consentId));
        expect(200, balances.status(), balances.body());
        for (Object balance : Json.list(balances.body(), "balances"))
            System.out.println(Json.string(balance, "balanceType") + " " + Json.string(balance, "balanceAmount", "amount")
                + " " + Json.string(balance, "balanceAmount", "currency"));
        System.out.println("unattended balances reads left today: " + balances.rateLimitRemaining());

        step("6. transactions: every page of booked ones, following _links.next as it is");
        String next = "/v1/accounts/" + accountId + "/transactions?bookingStatus=booked";
        Set<String> seen = new HashSet<>();
        int pages = 0;
        while (next != null) {
            Xs2aClient.Answer page = xs2a.send(HttpRequest.newBuilder(xs2a.uri(next))
                .header("X-Request-ID", UUID.randomUUID().toString())
                .header("Consent-ID", consentId));
            expect(200, page.status(), page.body());
            List<Object> booked = Json.list(page.body(), "transactions", "booked");
            for (Object transaction : booked)
                check(seen.add(Json.string(transaction, "transactionId")), "a transaction on two pages");
            pages++;
            System.out.println("page " + pages + ": " + booked.size() + " booked transactions");
            // The link carries every filter and the cursor; its absence is the definite end.
            Object link = Json.get(page.body(), "transactions", "_links");
            next = link instanceof Map<?, ?> links && links.get("next") != null ? Json.string(links, "next", "href") : null;
        }
        System.out.println(seen.size() + " booked transactions on " + pages + " pages");

        step("7. an instant transfer of 12.30 EUR to a merchant at another bank");
        // X-Request-ID is the idempotency key of an initiation: keep it, and send it again if the answer is lost.
        String paymentRequestId = UUID.randomUUID().toString();
        String paymentBody = """
            {"debtorAccount": {"iban": "%s"},
             "instructedAmount": {"currency": "EUR", "amount": "12.30"},
             "creditorAccount": {"iban": "DE89370400440532013000"}, "creditorName": "Merchant GmbH"}
            """.formatted(iban);
        Xs2aClient.Answer payment = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/payments/" + PRODUCT))
            .header("X-Request-ID", paymentRequestId)
            .header("TPP-Redirect-URI", REDIRECT)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(paymentBody)));
        expect(201, payment.status(), payment.body());
        check(paymentRequestId.equals(payment.requestId()), "X-Request-ID is echoed");
        String paymentId = Json.string(payment.body(), "paymentId");
        System.out.println("paymentId " + paymentId + " " + Json.string(payment.body(), "transactionStatus"));

        step("8. Anna approves it; an instant transfer settles 10 seconds later: move the sandbox clock");
        Sandbox.Control payApproval = sandbox.control("POST", "/authorisations/" + Json.string(payment.body(), "authorisationId"),
            "{\"psuId\": \"anna\", \"decision\": \"approve\"}");
        expect(200, payApproval.status(), payApproval.body());
        System.out.println("transactionStatus " + paymentStatus(xs2a, paymentId));
        expect(200, sandbox.control("POST", "/clock", "{\"advance\": \"PT10S\"}").status(), "POST /sandbox/clock");
        String settled = paymentStatus(xs2a, paymentId);
        check("ACSC".equals(settled), "the transfer settles (ACSC), not " + settled);
        System.out.println("transactionStatus " + settled);

        step("9. the request journal: what the sandbox received");
        Object created = Json.get(sandbox.journal(Map.of("method", "POST", "path", "/v1/consents", "limit", "1")), "requests", 0);
        check(REDIRECT.equals(Json.get(created, "request", "headers", "tpp-redirect-uri")), "the journal holds TPP-Redirect-URI");
        check(iban.equals(Json.get(created, "request", "body", "access", "balances", 0, "iban")), "the journal holds the body");
        check(consentId.equals(Json.get(created, "response", "body", "consentId")), "the journal holds the answer");
        Object refused = sandbox.journal(Map.of("status", "4xx"));
        check(Json.list(refused, "requests").isEmpty(), "no request was refused: " + refused);
        Object all = sandbox.journal(Map.of());
        System.out.println(Json.get(all, "matched") + " requests, none refused");

        step("10. the client report: the sandbox judged every exchange against the client rules");
        Object report = sandbox.control("GET", "/client-report", null).body();
        check(Json.list(report, "findings").isEmpty(), "the client report has findings: " + report);
        System.out.println(Json.get(report, "judged") + " exchanges judged, no findings");
    }

    static String paymentStatus(Xs2aClient xs2a, String paymentId) throws Exception {
        Xs2aClient.Answer status = xs2a.send(HttpRequest.newBuilder(xs2a.uri("/v1/payments/" + PRODUCT + "/" + paymentId + "/status"))
            .header("X-Request-ID", UUID.randomUUID().toString()));
        expect(200, status.status(), status.body());
        return Json.string(status.body(), "transactionStatus");
    }

    static void step(String what) {
        System.out.println("\n== " + what);
    }

    static void expect(int expected, int status, Object body) {
        check(status == expected, "expected HTTP " + expected + ", got " + status + ": " + body);
    }

    static void check(boolean holds, String what) {
        if (!holds) throw new AssertionError(what);
    }

    private static Map<String, String> options(String[] args) {
        Set<String> known = Set.of("--certs", "--key-store", "--trust-store", "--store-password");
        Map<String, String> options = new java.util.HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!known.contains(args[i]) || i + 1 == args.length) usage("unknown option or no value: " + args[i]);
            options.put(args[i], args[i + 1]);
        }
        if (options.containsKey("--key-store") != options.containsKey("--trust-store"))
            usage("--key-store and --trust-store go together");
        return options;
    }

    private static void usage(String problem) {
        System.err.println(problem + "\nusage: java ConsentAndPaymentFlow [--certs DIR --key-store FILE --trust-store FILE [--store-password PW]]");
        System.exit(2);
    }
}
