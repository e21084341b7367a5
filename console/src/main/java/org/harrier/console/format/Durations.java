package org.harrier.console.format;

/** HTCondor's way of writing a span of time in tables: {@code D+HH:MM:SS}. */
final class Durations {
    private Durations() {
    }

    /**
     * {@code seconds} as days+hh:mm:ss with the days right-aligned in {@code dayWidth}, as
     * condor_q's RUN_TIME ({@code %3d+%02d:%02d:%02d}) and condor_status's ActvtyTime do.
     * Negative spans (a clock that went back) show as zero.
     */
    static String dhms(long seconds, int dayWidth) {
        long s = Math.max(0, seconds);
        String days = Long.toString(s / 86_400);
        StringBuilder out = new StringBuilder(dayWidth + 9).append(" ".repeat(Math.max(0, dayWidth - days.length())))
                .append(days).append('+');
        twoDigits(out, s / 3_600 % 24).append(':');
        twoDigits(out, s / 60 % 60).append(':');
        return twoDigits(out, s % 60).toString();
    }

    /** {@code n} (0 to 99) as {@code %02d} writes it. */
    static StringBuilder twoDigits(StringBuilder out, long n) {
        return out.append(n < 10 ? "0" : "").append(n);
    }
}
