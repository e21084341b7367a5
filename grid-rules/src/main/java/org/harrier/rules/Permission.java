package org.harrier.rules;

/**
 * Whether a caller may do something: granted, or refused with the sentence a caller reads (it
 * names what was refused and why). A refusal is a result, not an exception, so the rules can be
 * tested as tables and each service turns it into its own failure (QMF {@code forbidden}, code
 * 6, or an ad ignored and counted) in one place.
 */
public record Permission(String refusal) {
    public static final Permission GRANTED = new Permission(null);

    public Permission {
        if (refusal != null && refusal.isBlank()) {
            throw new IllegalArgumentException("a refusal says why; use GRANTED for none");
        }
    }

    public static Permission refused(String why) {
        if (why == null) {
            throw new IllegalArgumentException("a refusal says why; use GRANTED for none");
        }
        return new Permission(why);
    }

    public boolean granted() {
        return refusal == null;
    }
}
