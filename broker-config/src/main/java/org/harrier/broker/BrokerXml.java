package org.harrier.broker;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.FileConfiguration;
import org.apache.activemq.artemis.utils.XMLUtil;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The canonical {@code broker.xml} on the classpath, turned into an Artemis configuration for one
 * embedded broker.
 *
 * <p>Artemis itself fills {@code ${name:default}} placeholders from system properties, which are
 * global to the JVM; two brokers in one JVM (tests, or a grid and its benchmark) need different
 * ports and directories. So this class fills the {@code harrier.broker.*} placeholders from the
 * broker's own {@link BrokerSettings} first and leaves any other placeholder to Artemis.
 */
final class BrokerXml {
    static final String RESOURCE = "/broker.xml";
    static final String HOST = "harrier.broker.host";
    static final String PORT = "harrier.broker.port";
    static final String DATA = "harrier.broker.data";
    static final String SECURITY = "harrier.broker.security";
    static final String SASL = "harrier.broker.sasl";
    static final String SASL_SCOPE = "harrier.broker.saslScope";
    static final String TLS = "harrier.broker.tls";
    static final String KEY_STORE = "harrier.broker.keyStore";
    static final String KEY_STORE_PASSWORD = "harrier.broker.keyStorePassword";
    /** broker.xml's default scope: the one a stock Artemis's login.config names (README.md). */
    static final String STOCK_SASL_SCOPE = "amqp-sasl-scram";

    /** Artemis's placeholder syntax (XMLUtil.replaceSystemPropsInString): ${name} or ${name:default}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{\\s*([^:}\\s]+)\\s*(?::[^}]*)?}");

    private BrokerXml() {
    }

    static Map<String, String> values(BrokerSettings settings) {
        String host = settings.host();
        // The acceptor is a URI: an IPv6 literal needs its brackets there.
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        BrokerKeyStore keyStore = settings.keyStore();
        return Map.ofEntries(
                Map.entry(HOST, host),
                Map.entry(PORT, Integer.toString(settings.port())),
                Map.entry(DATA, settings.dataDirectory().toString()),
                Map.entry(SECURITY, Boolean.toString(settings.securityEnabled())),
                Map.entry(SASL, String.join(",", saslMechanisms(settings))),
                Map.entry(SASL_SCOPE, settings.securityEnabled() ? ScramLoginScopes.name(settings.securityDirectory()) : STOCK_SASL_SCOPE),
                Map.entry(TLS, Boolean.toString(keyStore != null)),
                Map.entry(KEY_STORE, keyStore == null ? "" : uriValue(keyStore.path().toString())),
                Map.entry(KEY_STORE_PASSWORD, keyStore == null ? "" : uriValue(keyStore.password())));
    }

    /**
     * The SASL mechanisms the acceptor offers. With security on: SCRAM, which never sends the
     * password, and PLAIN, which does, only where nobody can read it on the way: over TLS or on
     * loopback. Debian's python3-qpid-proton has no SCRAM (no Cyrus SASL), so PLAIN is how it
     * logs in there; elsewhere a client needs SCRAM (Qpid JMS picks it itself). With security
     * off, PLAIN and ANONYMOUS as Artemis offers by default: a SCRAM exchange would need a user.
     */
    static List<String> saslMechanisms(BrokerSettings settings) {
        if (!settings.securityEnabled()) {
            return List.of("PLAIN", "ANONYMOUS");
        }
        if (settings.tlsEnabled() || isLoopback(settings.host())) {
            return List.of("SCRAM-SHA-512", "SCRAM-SHA-256", "PLAIN");
        }
        return List.of("SCRAM-SHA-512", "SCRAM-SHA-256");
    }

    /** A name that does not resolve is not loopback; the broker then fails to listen on it anyway. */
    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * A key store path or password as an acceptor parameter, whatever characters it holds.
     * Artemis decodes parameters twice (java.net.URI's query, then URLDecoder on each value,
     * after splitting at '&' and ';'), so they are encoded twice. BrokerXmlTest checks the trip.
     */
    private static String uriValue(String text) {
        return URLEncoder.encode(URLEncoder.encode(text, StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    /**
     * Replaces each placeholder whose name is in {@code values} with that value, escaped for XML
     * text; other placeholders are left as they are.
     */
    static String resolve(String xml, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(xml);
        StringBuilder out = new StringBuilder(xml.length());
        while (m.find()) {
            String value = values.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : escape(value)));
        }
        m.appendTail(out);
        return out.toString();
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;").replace("'", "&apos;");
    }

    static String text() {
        try (InputStream in = BrokerXml.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the classpath (harrier-broker jar incomplete?)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** Parses and schema-validates the file as Artemis's FileDeploymentManager does for etc/broker.xml. */
    static Configuration configuration(BrokerSettings settings) throws Exception {
        Element root = XMLUtil.stringToElement(resolve(text(), values(settings)));
        FileConfiguration configuration = new FileConfiguration();
        NodeList cores = root.getElementsByTagName(configuration.getRootElement());
        if (cores.getLength() != 1) {
            throw new IllegalStateException(RESOURCE + " must hold exactly one <core> element, found " + cores.getLength());
        }
        Element core = (Element) cores.item(0);
        XMLUtil.validate(core, configuration.getSchema());
        URL source = BrokerXml.class.getResource(RESOURCE);
        configuration.parse(core, source);
        // No reload scanner: a reload would re-read the file with system properties, not these settings.
        configuration.setConfigurationUrl(null);
        configuration.setConfigurationFileRefreshPeriod(-1);
        return configuration;
    }
}
