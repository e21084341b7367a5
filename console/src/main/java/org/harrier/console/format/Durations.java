package org.harrier.console.format;

import java.util.Locale;

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
        return String.format(Locale.ROOT, "%" + dayWidth + "d+%02d:%02d:%02d",
                s / 86_400, s / 3_600 % 24, s / 60 % 60, s % 60);
    }
}
