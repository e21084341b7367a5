package org.harrier.benchmarks.grid;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A benchmark's printed report, as the smoke tests read it: figure lines by name. */
final class Report {
    interface Run {
        void to(PrintStream out) throws Exception;
    }

    private final String text;

    private Report(String text) {
        this.text = text;
    }

    static Report of(Run run) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        run.to(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new Report(bytes.toString(StandardCharsets.UTF_8));
    }

    String text() {
        return text;
    }

    /** Every value printed on a line that starts with the figure's name. */
    List<Double> figures(String name) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+([0-9.]+|NaN|n/a)").matcher(text);
        List<Double> values = new ArrayList<>();
        while (m.find()) {
            values.add(m.group(1).equals("n/a") ? Double.NaN : Double.parseDouble(m.group(1)));
        }
        return values;
    }

    /** The whole line of the one figure {@code name}. */
    String line(String name) {
        return text.lines().filter(l -> l.startsWith(name + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no figure " + name + " in:\n" + text));
    }
}
