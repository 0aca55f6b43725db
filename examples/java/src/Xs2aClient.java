import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/** The provider's side of the XS2A API: one HttpClient over mutual TLS, answers read as JSON. */
final class Xs2aClient {
    private final URI base;
    private final HttpClient http;

    Xs2aClient(String apiUrl, SSLContext tls) {
        this.base = URI.create(apiUrl);
        // HTTP/1.1: the sandbox speaks it, and the JDK would otherwise offer HTTP/2 first.
        this.http = HttpClient.newBuilder()
            .sslContext(tls)
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    }

    /** A path of the API ("/v1/consents"), or a link the API answered (relative or absolute: both resolve). */
    URI uri(String pathOrHref) {
        return base.resolve(pathOrHref);
    }

    Answer send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> answer = http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        Object body = answer.body().isEmpty() ? null : Json.parse(answer.body());
        return new Answer(answer.statusCode(), answer.headers().firstValue("X-Request-ID").orElse(null),
            answer.headers().firstValue("X-RateLimit-Remaining").orElse(null), body);
    }

    /** What the example reads of an answer: its status, two headers and the JSON body. */
    record Answer(int status, String requestId, String rateLimitRemaining, Object body) {}
}
