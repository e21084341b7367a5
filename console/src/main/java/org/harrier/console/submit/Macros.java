package org.harrier.console.submit;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The submit variables set so far and their expansion, as condor_submit does it: names in any
 * case, values expanded when used (so a later definition changes what earlier statements mean
 * for the jobs queued after it), {@code $(name:default)}, an unknown name expanding to nothing,
 * {@code $(DOLLAR)}, {@code $ENV(name)} (also spelled {@code $(ENV(name))}), and {@code $$(name)}
 * left alone for match time. A definition that refers to itself ({@code foo = $(foo) bar})
 * takes the previous value at once, as the manual's "recursive definition" example shows.
 *
 * <p>Automatic variables (manual, "Submit Variables"): {@code Cluster}/{@code ClusterId},
 * {@code Process}/{@code ProcId}, {@code JobId}, {@code Step}, {@code ItemIndex}/{@code Row},
 * {@code Item} or the queue statement's own variable names, and {@code ARCH}, {@code OPSYS},
 * {@code SUBMIT_FILE}, {@code IsLinux}, {@code IsWindows}. All but Cluster differ from proc to
 * proc; an expansion that reads one of those is recorded ({@link #liveRead}) so that a job
 * attribute built without any is built once per queue statement, not once per proc. As in
 * condor_submit, a Step, ItemIndex or Row the file sets itself wins over the automatic one.
 *
 * <p>Mutable; owned by the thread that reads one submit description.
 */
final class Macros {
    /** Nesting beyond this is taken for a loop such as {@code a = $(b)} and {@code b = $(a)}. */
    private static final int MAX_DEPTH = 32;

    private final String file;
    private final Map<String, Setting> settings = new HashMap<>();
    private final Map<String, String> env;
    private final Map<String, String> predefined;
    private Position at = new Position(0, 0, 0, 0, Map.of());
    private boolean liveRead;

    /** A variable as written (name spelled as set, raw value) and the line that set it. */
    record Setting(String name, String value, int line) {
    }

    /** An expanded value and the line its statement is on, for messages. */
    record Expanded(String text, int line) {
    }

    /**
     * Which proc the values are expanded for: its cluster and proc ids, its step within the
     * queue count, the index of its item, and the item's variables (names lower-cased).
     */
    record Position(long cluster, long process, long step, long itemIndex, Map<String, String> vars) {
        Position {
            vars = Map.copyOf(vars);
        }
    }

    Macros(String file, SubmitContext context) {
        this.file = Objects.requireNonNull(file, "file");
        this.env = context.env();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("arch", context.arch());
        p.put("opsys", context.opSys());
        p.put("submit_file", file);
        p.put("islinux", context.opSys().equals("LINUX") ? "true" : "false");
        p.put("iswindows", context.opSys().equals("WINDOWS") ? "true" : "false");
        this.predefined = Map.copyOf(p);
    }

    void at(Position position) {
        this.at = Objects.requireNonNull(position, "position");
    }

    Position position() {
        return at;
    }

    /** Forgets whether a per-proc variable was read; see {@link #liveRead}. */
    void resetLiveRead() {
        liveRead = false;
    }

    /** True if an expansion since {@link #resetLiveRead} read a variable that differs between procs. */
    boolean liveRead() {
        return liveRead;
    }

    void set(String name, String value, int line) {
        String key = key(name);
        Setting old = settings.get(key);
        String own = value.indexOf('$') < 0 ? value : MacroText.replaceSelf(value, key, old == null ? null : old.value());
        settings.put(key, new Setting(name, own, line));
    }

    /** The setting of {@code name} as written, or null. */
    Setting setting(String name) {
        return settings.get(key(name));
    }

    /** Every variable the file set, in no particular order. */
    Iterable<Setting> settings() {
        return settings.values();
    }

    /** The expanded value of variable {@code name}, or null when it was never set. */
    Expanded get(String name) {
        Setting s = settings.get(key(name));
        return s == null ? null : new Expanded(expand(s.value(), s.line()), s.line());
    }

    /** {@code text} with every macro replaced; {@code line} is for messages. */
    String expand(String text, int line) {
        return expand(text, line, 0);
    }

    private String expand(String text, int line, int depth) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        if (depth > MAX_DEPTH) {
            throw new SubmitException(file, line, "macros nest more than " + MAX_DEPTH
                    + " deep; does a macro refer to itself?");
        }
        return MacroText.substitute(text, new MacroText.Resolver() {
            @Override
            public String variable(String reference) {
                return value(reference, line, depth);
            }

            @Override
            public String function(String name, String argument) {
                return call(name, argument, line, depth);
            }

            @Override
            public SubmitException unclosed(String problem) {
                return new SubmitException(file, line, problem);
            }
        });
    }

    private String value(String reference, int line, int depth) {
        if (reference.regionMatches(true, 0, "ENV(", 0, 4) && reference.endsWith(")")) {
            return call("ENV", reference.substring(4, reference.length() - 1), line, depth);
        }
        int colon = reference.indexOf(':');
        String name = (colon < 0 ? reference : reference.substring(0, colon)).strip();
        String fallback = colon < 0 ? "" : reference.substring(colon + 1);
        if (name.isEmpty()) {
            throw new SubmitException(file, line, "empty macro name in '$(" + reference + ")'");
        }
        String key = key(name);
        switch (key) {
            case "cluster", "clusterid":
                return Long.toString(at.cluster());
            case "process", "procid":
                return live(Long.toString(at.process()));
            case "jobid":
                return live(at.cluster() + "." + at.process());
            case "dollar":
                return "$";
            case "dollardollar":
                return "$$";
            default:
                break;
        }
        String item = at.vars().get(key);
        if (item != null) {
            return live(expand(item, line, depth + 1));
        }
        Setting s = settings.get(key);
        if (s != null) {
            return expand(s.value(), line, depth + 1);
        }
        switch (key) {
            case "step":
                return live(Long.toString(at.step()));
            case "itemindex", "row":
                return live(Long.toString(at.itemIndex()));
            default:
                String p = predefined.get(key);
                return p != null ? p : expand(fallback, line, depth + 1);
        }
    }

    private String call(String function, String argument, int line, int depth) {
        if (!function.equalsIgnoreCase("ENV")) {
            throw new SubmitException(file, line, "$" + function + "(...) is not a macro function harrier submit knows;"
                    + " it knows $ENV(name)");
        }
        String arg = expand(argument, line, depth + 1);
        int colon = arg.indexOf(':');
        String name = (colon < 0 ? arg : arg.substring(0, colon)).strip();
        String value = env.get(name);
        return value != null ? value : colon < 0 ? "" : arg.substring(colon + 1);
    }

    private String live(String value) {
        liveRead = true;
        return value;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
