import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The SSLContext that speaks mutual TLS with the sandbox: trust the sandbox CA (ca.crt, it issued the
 * server's certificate for localhost), present the provider's QWAC (tpp.crt with tpp.key). Either
 * straight from the PEM files serve wrote, or from PKCS#12 key stores made from them with openssl and
 * keytool (convert-certificates.sh).
 */
final class MutualTls {
    private MutualTls() {}

    /** From the certificate folder serve printed: ca.crt, tpp.crt and tpp.key (PKCS#8 PEM), no conversion. */
    static SSLContext fromPemFolder(Path certs) throws Exception {
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        Certificate ca;
        Certificate qwac;
        try (InputStream in = Files.newInputStream(certs.resolve("ca.crt"))) {
            ca = x509.generateCertificate(in);
        }
        try (InputStream in = Files.newInputStream(certs.resolve("tpp.crt"))) {
            qwac = x509.generateCertificate(in);
        }
        PrivateKey key = privateKey(Files.readString(certs.resolve("tpp.key")));

        char[] password = "in-memory".toCharArray();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("tpp", key, password, new Certificate[] {qwac});
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("xs2a-kit-ca", ca);
        return context(keys, password, trust);
    }

    /** From tpp.p12 (the QWAC and its key) and trust.p12 (the sandbox CA), as convert-certificates.sh makes them. */
    static SSLContext fromKeyStores(Path keyStore, Path trustStore, char[] password) throws Exception {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            keys.load(in, password);
        }
        KeyStore trust = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(trustStore)) {
            trust.load(in, password);
        }
        return context(keys, password, trust);
    }

    private static SSLContext context(KeyStore keys, char[] password, KeyStore trust) throws Exception {
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, password);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
        return context;
    }

    /** A "BEGIN PRIVATE KEY" PEM (PKCS#8), RSA or EC: serve writes RSA, `xs2a-kit certs tpp --key-type ec` EC. */
    private static PrivateKey privateKey(String pem) throws GeneralSecurityException {
        String base64 = pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64));
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(spec);
        } catch (GeneralSecurityException notRsa) {
            return KeyFactory.getInstance("EC").generatePrivate(spec);
        }
    }
}
