package org.harrier.protocol;

import java.util.Objects;

/**
 * An agent's name, {@code vendor:product:instance}. Its request address replaces each dot inside
 * a part with '_' (QMF "keyify"), because '.' separates words in Artemis addresses.
 */
public record AgentName(String vendor, String product, String instance) {
    public static final String DOMAIN = "grid";

    public AgentName {
        check(vendor, "vendor");
        check(product, "product");
        check(instance, "instance");
    }

    private static void check(String part, String what) {
        Objects.requireNonNull(part, what);
        if (part.isEmpty() || part.contains(":") || part.contains("::") || part.contains("#") || part.contains("*")) {
            throw new IllegalArgumentException("agent " + what + " must be non-empty without ':', '#' or '*', got '" + part + "'");
        }
    }

    /** A Harrier service's agent: vendor {@code harrier}. */
    public static AgentName harrier(String product, String instance) {
        return new AgentName("harrier", product, instance);
    }

    public static AgentName parse(String name) {
        String[] parts = name.split(":", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("agent name must be vendor:product:instance, got '" + name + "'");
        }
        return new AgentName(parts[0], parts[1], parts[2]);
    }

    public String name() {
        return vendor + ":" + product + ":" + instance;
    }

    /** The ANYCAST address requests to this agent are sent to. */
    public String requestAddress() {
        return "qmf." + DOMAIN + ".agent." + addressPart();
    }

    /** {@code vendor.product.instance} with dots inside each part replaced by '_'. */
    public String addressPart() {
        return keyify(vendor) + "." + keyify(product) + "." + keyify(instance);
    }

    public static String keyify(String part) {
        return part.replace('.', '_');
    }

    @Override
    public String toString() {
        return name();
    }
}
