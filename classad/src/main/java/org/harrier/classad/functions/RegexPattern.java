package org.harrier.classad.functions;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ClassAd regular expression: HTCondor hands patterns to PCRE, here they run on
 * java.util.regex after {@link RegexDialect} rewrites the few PCRE forms Java reads differently.
 * The options string is the manual's: {@code i} ignore case, {@code m} multi-line {@code ^ $},
 * {@code s} dot matches newline, {@code x} extended (white space and comments ignored), and for
 * substitutions {@code f} (return the whole target) and {@code g} (replace every match); either
 * case, other characters ignored. As in PCRE's default build, only {@code \n} ends a line.
 *
 * <p>Compiled patterns are cached by text and flags, so an expression evaluated for every slot
 * compiles its pattern once. Immutable and thread-safe.
 */
final class RegexPattern {
    private static final int CACHE_LIMIT = 1024;
    /** Longer patterns are compiled every time, so hostile ads cannot fill memory through the cache. */
    private static final int CACHED_PATTERN_LENGTH = 4096;
    /** Steps a pattern may take between reads before each read is charged extra (see {@link RegexWorkEstimate}). */
    private static final long FREE_STEPS_PER_READ = 16;
    private static final Map<String, Optional<Compiled>> CACHE = new ConcurrentHashMap<>();

    private final Compiled compiled;
    private final boolean fullTarget;
    private final boolean global;

    /** A compiled pattern and what each character it reads is charged. */
    private record Compiled(Pattern pattern, long readWeight) {
    }

    private RegexPattern(Compiled compiled, boolean fullTarget, boolean global) {
        this.compiled = compiled;
        this.fullTarget = fullTarget;
        this.global = global;
    }

    /** The pattern, or null if it is not a valid regular expression. */
    static RegexPattern compile(String pcre, String options) {
        int flags = Pattern.UNIX_LINES;
        boolean full = false;
        boolean global = false;
        for (int i = 0; i < options.length(); i++) {
            switch (options.charAt(i)) {
                case 'i', 'I' -> flags |= Pattern.CASE_INSENSITIVE;
                case 'm', 'M' -> flags |= Pattern.MULTILINE;
                case 's', 'S' -> flags |= Pattern.DOTALL;
                case 'x', 'X' -> flags |= Pattern.COMMENTS;
                case 'f', 'F' -> full = true;
                case 'g', 'G' -> global = true;
                default -> {
                    // ignored, for forward compatibility (manual)
                }
            }
        }
        Optional<Compiled> compiled = cached(pcre, flags);
        return compiled.isPresent() ? new RegexPattern(compiled.get(), full, global) : null;
    }

    private static Optional<Compiled> cached(String pcre, int flags) {
        String key = flags + ":" + pcre;
        Optional<Compiled> hit = CACHE.get(key);
        if (hit != null) {
            return hit;
        }
        Optional<Compiled> compiled = compileJava(RegexDialect.toJava(pcre), flags);
        if (pcre.length() <= CACHED_PATTERN_LENGTH) {
            if (CACHE.size() >= CACHE_LIMIT) {
                CACHE.clear();
            }
            CACHE.put(key, compiled);
        }
        return compiled;
    }

    /**
     * Null for an invalid pattern, and for one that could spin without reading (more steps than
     * a whole budget between two reads), which PCRE would also abandon at its match limit.
     */
    private static Optional<Compiled> compileJava(String java, int flags) {
        if (java == null) {
            return Optional.empty();
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(java, flags);
        } catch (IllegalArgumentException | StackOverflowError e) {
            return Optional.empty(); // an invalid (or absurdly nested) pattern: the functions return error
        }
        long steps = RegexWorkEstimate.emptySteps(java, (flags & Pattern.COMMENTS) != 0);
        if (steps > RegexBudget.BASE_READS) {
            return Optional.empty();
        }
        return Optional.of(new Compiled(pattern, 1 + steps / FREE_STEPS_PER_READ));
    }

    /** True if the pattern matches anywhere in {@code target} (PCRE's unanchored search). */
    boolean find(String target, RegexBudget budget) {
        return compiled.pattern().matcher(budget.guard(target, compiled.readWeight())).find();
    }

    /**
     * The substitution of {@code regexps}: {@code replacement} with {@code \0}..{@code \9}
     * replaced by the match and its groups, for the first match or (option {@code g}) every
     * match; with option {@code f} the rest of the target is kept around the replacements. No
     * match gives "" (or the whole target with {@code f}). Null when the replacement names a
     * group the match did not reach, which libclassad reports as error.
     *
     * <p>After an empty match the search moves on one character, as Perl and Java do. (The PCRE
     * loop in libclassad instead copies that character into the output even without {@code f},
     * and a global replacement whose pattern matches the empty string at the end of the target
     * comes out as error there; both are plainly bugs and are not reproduced.)
     */
    String substitute(String target, String replacement, RegexBudget budget) {
        Matcher m = compiled.pattern().matcher(budget.guard(target, compiled.readWeight()));
        StringBuilder out = new StringBuilder();
        int copied = 0;
        while (m.find()) {
            if (fullTarget) {
                out.append(target, copied, m.start());
            }
            if (!expand(replacement, m, out)) {
                return null;
            }
            copied = m.end();
            if (!global) {
                break;
            }
        }
        if (fullTarget) {
            out.append(target, copied, target.length());
        }
        return out.toString();
    }

    /**
     * libclassad's backslash expansion: {@code \N} (one digit) is group N, any other backslash
     * is kept as it is. PCRE reports groups up to the highest one that took part in the match,
     * so a reference beyond that is an error and an unset group below it is "".
     */
    private static boolean expand(String replacement, Matcher m, StringBuilder out) {
        int reached = 0;
        for (int g = m.groupCount(); g > 0; g--) {
            if (m.start(g) >= 0) {
                reached = g;
                break;
            }
        }
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length() && isDigit(replacement.charAt(i + 1))) {
                int group = replacement.charAt(++i) - '0';
                if (group > reached) {
                    return false;
                }
                String text = m.group(group);
                out.append(text == null ? "" : text);
            } else {
                out.append(c);
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
