package org.harrier.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.BooleanValue;
import org.harrier.classad.Value;

/**
 * An HTCondor-style configuration (grid-rules/README.md): knobs by name, case-insensitive, read from a
 * file with {@link #read(Path)} (syntax in {@link ConfigParser}, macros in {@link Definitions}).
 * Values are text until a reader asks for a type; every typed reader's error names the knob and
 * where it was defined ("NUM_CPUS must be a whole number, got 'four' (/etc/harrier.conf:3)").
 * Command-line options override the file through {@link #with}.
 *
 * <p>Immutable and safe to share.
 */
public final class Configuration {
    public static final Configuration EMPTY = new Configuration(new Definitions());

    private final Definitions definitions;

    private Configuration(Definitions definitions) {
        this.definitions = definitions;
    }

    /** Reads {@code file} and what it includes; ConfigurationException naming file and line if it cannot. */
    public static Configuration read(Path file) {
        Definitions d = new Definitions();
        new ConfigParser(d).readFile(file, null, 0);
        return new Configuration(d);
    }

    /**
     * Reads configuration text; {@code source} names it in errors, and includes are relative to
     * {@code directory} (the working directory if null).
     */
    public static Configuration parse(String text, String source, Path directory) {
        Definitions d = new Definitions();
        new ConfigParser(d).readText(text, source, directory, 0);
        return new Configuration(d);
    }

    /** A copy with {@code name} set to {@code value} (later than anything read), e.g. from the command line. */
    public Configuration with(String name, String value) {
        Definitions d = new Definitions(definitions);
        d.define(name, value, "command line");
        return new Configuration(d);
    }

    /** The knob's value with macros expanded, if it is defined. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(definitions.expanded(name));
    }

    public boolean defined(String name) {
        return definitions.get(name) != null;
    }

    /** Every defined name, as first spelled, sorted ignoring case. */
    public Set<String> names() {
        Set<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        definitions.all().values().forEach(d -> out.add(d.name()));
        return Collections.unmodifiableSet(out);
    }

    /** Where the knob was last defined ("file:line", "command line"), if it is. */
    public Optional<String> origin(String name) {
        Definitions.Definition d = definitions.get(name);
        return d == null ? Optional.empty() : Optional.of(d.origin());
    }

    /**
     * The knobs whose names start with {@code prefix} (ignoring case), by the rest of their
     * names as spelled, with values expanded: {@code withPrefix("MACHINE_RESOURCE_")} gives
     * {@code {GPUs: "GPU-0, GPU-1"}}.
     */
    public Map<String, String> withPrefix(String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        String lower = prefix.toLowerCase(Locale.ROOT);
        for (String name : names()) {
            if (name.length() > prefix.length() && name.toLowerCase(Locale.ROOT).startsWith(lower)) {
                out.put(name.substring(prefix.length()), definitions.expanded(name));
            }
        }
        return out;
    }

    public String string(String name, String otherwise) {
        return get(name).orElse(otherwise);
    }

    /**
     * A whole number: digits, or a ClassAd expression of constants ({@code 60 * 5}), as HTCondor
     * allows for numeric knobs.
     */
    public long integer(String name, long otherwise) {
        Optional<String> text = get(name);
        if (text.isEmpty()) {
            return otherwise;
        }
        String t = text.get().strip();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException notDigits) {
            Value v = constant(name, t, "a whole number");
            if (v instanceof IntegerValue i) {
                return i.value();
            }
            throw wrong(name, t, "a whole number");
        }
    }

    /** true/false (any case), yes/no, 1/0, or a ClassAd expression of constants that is a boolean. */
    public boolean bool(String name, boolean otherwise) {
        Optional<String> text = get(name);
        if (text.isEmpty()) {
            return otherwise;
        }
        String t = text.get().strip();
        switch (t.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1":
                return true;
            case "false", "no", "0":
                return false;
            default:
                Value v = constant(name, t, "true or false");
                if (v instanceof BooleanValue b) {
                    return b.value();
                }
                throw wrong(name, t, "true or false");
        }
    }

    /** A whole number of seconds, at least 1 (HTCondor's intervals are in seconds). */
    public Duration seconds(String name, Duration otherwise) {
        if (!defined(name)) {
            return otherwise;
        }
        long s = integer(name, 0);
        if (s < 1) {
            throw wrong(name, get(name).orElse(""), "a positive number of seconds");
        }
        return Duration.ofSeconds(s);
    }

    /** The knob as a ClassAd expression (START, SLOT_WEIGHT, CONSUMPTION_CPUS, ...), if defined. */
    public Optional<Expr> expression(String name) {
        Optional<String> text = get(name);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Expr.parse(text.get()));
        } catch (ClassAdParseException e) {
            throw new ConfigurationException(name + " is not a ClassAd expression (" + where(name) + "): "
                    + e.getMessage());
        }
    }

    private Value constant(String name, String text, String wanted) {
        try {
            return Expr.parse(text).evaluate();
        } catch (ClassAdParseException e) {
            throw wrong(name, text, wanted);
        }
    }

    private ConfigurationException wrong(String name, String text, String wanted) {
        return new ConfigurationException(name + " must be " + wanted + ", got '" + text + "' (" + where(name) + ")");
    }

    private String where(String name) {
        return origin(name).orElse("not defined");
    }

    @Override
    public String toString() {
        return "Configuration" + names();
    }
}
