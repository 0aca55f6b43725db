import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * `xs2a-kit serve` as a process of this test: started on free ports with a fresh certificate folder,
 * ready once it printed its ready line and URLs, stopped at the end. The command is XS2A_KIT (for
 * example "npx xs2a-kit" in a project that installed the tarball), else `node bin/xs2a-kit.js` of the
 * clone it runs in.
 */
final class Sandbox implements AutoCloseable {
    // What serve prints once both servers listen (port 0 takes a free port, so read them here):
    //   xs2a-kit sandbox ready in 412 ms
    //
    //     XS2A API (mutual TLS)  https://localhost:41887   ({base_url}: every path carries /v1)
    //     Customer surface       http://localhost:35647
    //     Control API            http://localhost:35647/sandbox
    private static final Pattern READY_LINE = Pattern.compile("^xs2a-kit sandbox ready in \\d+ ms$");
    private static final Pattern API_LINE = Pattern.compile("^\\s*XS2A API \\(mutual TLS\\)\\s+(https://\\S+)");
    private static final Pattern CONTROL_LINE = Pattern.compile("^\\s*Control API\\s+(http://\\S+)");
    private static final Duration STARTUP = Duration.ofSeconds(60);

    final String apiUrl;
    final String controlUrl;
    final Path certs;
    private final Process process;
    private final StringBuffer output;
    private final boolean ownCertificates;
    private final HttpClient plain = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Sandbox(Process process, StringBuffer output, Path certs, boolean ownCertificates, String apiUrl, String controlUrl) {
        this.process = process;
        this.output = output;
        this.certs = certs;
        this.ownCertificates = ownCertificates;
        this.apiUrl = apiUrl;
        this.controlUrl = controlUrl;
    }

    /** With the certificates in a folder of its own (null: a temporary one, deleted when it stops). */
    static Sandbox start(Path certificateFolder) throws Exception {
        Path certs = certificateFolder != null ? certificateFolder : Files.createTempDirectory("xs2a-certs");
        List<String> command = new java.util.ArrayList<>(xs2aKit());
        command.addAll(List.of("serve", "--port", "0", "--portal-port", "0", "--certs", certs.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        // Stopped with the JVM too, should this program end without closing it (Ctrl+C, an uncaught error).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(process)));

        // One thread reads everything serve prints, so its pipe never fills up and blocks it.
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        StringBuffer output = new StringBuffer();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    output.append(line).append('\n');
                    lines.add(line);
                }
            } catch (IOException ended) {
                // the process is gone: the loop below says so
            }
        });
        reader.setDaemon(true);
        reader.start();

        long deadline = System.nanoTime() + STARTUP.toNanos();
        boolean ready = false;
        String apiUrl = null;
        String controlUrl = null;
        while (!ready || apiUrl == null || controlUrl == null) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!process.isAlive() && lines.isEmpty()) throw new IllegalStateException("serve stopped:\n" + output);
                if (System.nanoTime() > deadline) {
                    stop(process);
                    throw new IllegalStateException("serve was not ready in " + STARTUP.toSeconds() + " s:\n" + output);
                }
                continue;
            }
            ready |= READY_LINE.matcher(line).matches();
            Matcher api = API_LINE.matcher(line);
            if (api.find()) apiUrl = api.group(1);
            Matcher control = CONTROL_LINE.matcher(line);
            if (control.find()) controlUrl = control.group(1);
        }
        return new Sandbox(process, output, certs, certificateFolder == null, apiUrl, controlUrl);
    }

    /**
     * SIGTERM, as Ctrl+C: serve closes and prints its client report. Its descendants too: under npx,
     * serve is a child of npm, which does not pass the signal on while it is still installing.
     */
    private static void stop(Process process) {
        List<ProcessHandle> all = new java.util.ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (ProcessHandle handle : all) {
            try {
                handle.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException interrupted) {
                handle.destroyForcibly();
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException stillRunning) {
                handle.destroyForcibly();
            }
        }
    }

    /** XS2A_KIT split on spaces, else node bin/xs2a-kit.js of the clone this runs in. */
    private static List<String> xs2aKit() {
        String configured = System.getenv("XS2A_KIT");
        if (configured != null && !configured.isBlank()) return Arrays.asList(configured.trim().split("\\s+"));
        if (Files.exists(Path.of("bin", "xs2a-kit.js"))) return List.of("node", Path.of("bin", "xs2a-kit.js").toString());
        throw new IllegalStateException(
            "Set XS2A_KIT to the command that runs xs2a-kit (see docs/any-language.md), or run this in the clone.");
    }

    /** Everything serve printed so far. */
    String output() {
        return output.toString();
    }

    /**
     * A control API call: plain HTTP, no certificate; a state-changing call is JSON even without a body.
     * serve inherits XS2A_CONTROL_TOKEN and then requires it, so it goes along when it is set.
     */
    Control control(String method, String path, String jsonBody) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(controlUrl + path)).timeout(Duration.ofSeconds(10));
        String token = System.getenv("XS2A_CONTROL_TOKEN");
        if (token != null && !token.isEmpty()) request.header("Authorization", "Bearer " + token);
        if (method.equals("GET")) request.GET();
        else request.method(method, HttpRequest.BodyPublishers.ofString(jsonBody == null ? "" : jsonBody))
            .header("Content-Type", "application/json");
        HttpResponse<String> answer = plain.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return new Control(answer.statusCode(), answer.body().isEmpty() ? null : Json.parse(answer.body()));
    }

    /** GET /sandbox/requests with filters: what the XS2A API received and answered, newest first. */
    Object journal(Map<String, String> filters) throws Exception {
        String query = filters.entrySet().stream()
            .map(filter -> filter.getKey() + "=" + URLEncoder.encode(filter.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
        Control answer = control("GET", "/requests" + (query.isEmpty() ? "" : "?" + query), null);
        if (answer.status() != 200) throw new IllegalStateException("journal: " + answer.status() + " " + answer.body());
        return answer.body();
    }

    record Control(int status, Object body) {}

    /** Stops serve, then a temporary certificate folder goes. */
    @Override
    public void close() throws IOException {
        stop(process);
        if (!ownCertificates) return;
        try (Stream<Path> files = Files.walk(certs)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(file);
        }
    }
}
