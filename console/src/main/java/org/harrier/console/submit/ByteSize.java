package org.harrier.console.submit;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as condor_submit reads {@code request_memory} and {@code request_disk}: a number,
 * optionally with a fraction, then an optional unit K, M, G or T (binary multiples, an optional
 * trailing B, any case). A bare number is in the command's own unit (MiB for memory, KiB for
 * disk). The result is in that unit, rounded up, so {@code 1536K} asks for 2 MiB, never less than
 * was written.
 */
enum ByteSize {
    KIB(1L << 10),
    MIB(1L << 20);

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*(?:([KMGT])B?)?",
            Pattern.CASE_INSENSITIVE);
    private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private final long bytes;

    ByteSize(long bytes) {
        this.bytes = bytes;
    }

    /**
     * The size {@code text} names in this unit; empty when it is not a size (it may then be a
     * ClassAd expression such as {@code MemoryUsage * 2}). A size too large for a long is not one.
     */
    OptionalLong parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return OptionalLong.empty();
        }
        BigDecimal number = new BigDecimal(m.group(1).endsWith(".") ? m.group(1) + "0" : m.group(1));
        long unit = m.group(2) == null ? bytes : unitBytes(m.group(2));
        BigDecimal inThisUnit = number.multiply(BigDecimal.valueOf(unit))
                .divide(BigDecimal.valueOf(bytes), 0, RoundingMode.CEILING);
        if (inThisUnit.compareTo(MAX) > 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(inThisUnit.longValueExact());
    }

    private static long unitBytes(String unit) {
        return switch (unit.toUpperCase(Locale.ROOT)) {
            case "K" -> 1L << 10;
            case "M" -> 1L << 20;
            case "G" -> 1L << 30;
            default -> 1L << 40;
        };
    }
}
