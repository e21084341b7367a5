package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.harrier.classad.ArgList;
import org.harrier.classad.ClassAd;

/**
 * The {@code environment} and {@code getenv} commands, as condor_submit turns them into the job
 * ad (submit_utils.cpp {@code SetEnvironment}; man page, "environment", "getenv"):
 * <ul>
 *   <li>old syntax (no surrounding double quotes): {@code name=value} entries separated by
 *       {@code ;}, nothing quotes; stored as {@code Env} with {@code EnvDelim = ";"};
 *   <li>new syntax (in double quotes, {@code ""} for a double quote): entries separated by white
 *       space, single quotes keep white space, {@code ''} is a single quote; stored as
 *       {@code Environment} in raw V2 form;
 *   <li>{@code getenv = true} copies the submitter's whole environment, {@code getenv = false}
 *       nothing, and a match list ({@code !PATH, P*, *cuda*}: names matched ignoring case,
 *       {@code *} a wildcard, {@code !} rejecting; no positive member means every name) the
 *       matching variables; {@code environment} wins over {@code getenv} for the same name.
 *       A value the chosen syntax cannot hold (a newline; a {@code ;} in the old syntax) is
 *       left out, as condor_submit silently does.
 * </ul>
 * Nothing given at all still writes {@code Environment = ""}, as condor_submit does.
 */
final class SubmitEnvironment {
    private SubmitEnvironment() {
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        String text = c.text("environment");
        boolean v1 = text != null && !SubmitArguments.isV2Quoted(text);
        Map<String, String> vars = new LinkedHashMap<>();
        if (text != null) {
            try {
                if (v1) {
                    parseV1(text, vars);
                } else {
                    parseV2(text, vars);
                }
            } catch (IllegalArgumentException e) {
                throw c.error("environment", "environment" + e.getMessage());
            }
        }
        String getenv = c.text("getenv");
        if (getenv != null) {
            List<Member> filter = filter(c, getenv);
            for (Map.Entry<String, String> e : new TreeMap<>(c.context().env()).entrySet()) {
                if (!vars.containsKey(e.getKey()) && accepts(filter, e.getKey()) && expressible(e.getValue(), v1)) {
                    vars.put(e.getKey(), e.getValue());
                }
            }
        }
        List<String> entries = new ArrayList<>(vars.size());
        vars.forEach((k, v) -> entries.add(k + "=" + v));
        if (v1) {
            ad.set("Env", String.join(";", entries));
            ad.set("EnvDelim", ";");
        } else {
            ad.set("Environment", ArgList.join(entries));
        }
    }

    static void parseV1(String text, Map<String, String> out) {
        for (String entry : text.split(";")) {
            if (!entry.isEmpty()) {
                put(entry, out);
            }
        }
    }

    static void parseV2(String text, Map<String, String> out) {
        for (String entry : SubmitArguments.splitV2Raw(SubmitArguments.v2Unquote(text, "environment"))) {
            put(entry, out);
        }
    }

    private static void put(String entry, Map<String, String> out) {
        int eq = entry.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException(": entry '" + entry + "' is not name=value");
        }
        out.put(entry.substring(0, eq), entry.substring(eq + 1));
    }

    private static boolean expressible(String value, boolean v1) {
        return value.indexOf('\n') < 0 && value.indexOf('\r') < 0 && value.indexOf('\0') < 0
                && !(v1 && value.indexOf(';') >= 0);
    }

    /** One member of a getenv match list. */
    private record Member(Pattern pattern, boolean reject) {
    }

    /** The getenv value as members: true is every name ({@code *}), false none. */
    private static List<Member> filter(ProcCommands c, String getenv) {
        String lower = getenv.toLowerCase(Locale.ROOT);
        if (List.of("true", "yes", "t", "1").contains(lower)) {
            return List.of(new Member(glob("*"), false));
        }
        if (List.of("false", "no", "f", "0").contains(lower)) {
            return List.of();
        }
        List<Member> out = new ArrayList<>();
        for (String member : getenv.split("[,;\\s]+")) {
            if (member.isEmpty()) {
                continue;
            }
            boolean reject = member.startsWith("!");
            String name = reject ? member.substring(1) : member;
            if (!name.matches("[A-Za-z0-9_.*-]+")) {
                throw c.error("getenv", "getenv member '" + member + "' is not an environment variable name or"
                        + " pattern (letters, digits, '_' and '*', optionally after '!')");
            }
            out.add(new Member(glob(name), reject));
        }
        return out;
    }

    private static Pattern glob(String name) {
        StringBuilder re = new StringBuilder();
        for (String part : name.split("\\*", -1)) {
            if (re.length() > 0) {
                re.append(".*");
            }
            re.append(Pattern.quote(part));
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }

    /** Imported when some member accepts the name (or none is positive) and no member rejects it. */
    private static boolean accepts(List<Member> filter, String name) {
        boolean anyPositive = false;
        boolean accepted = false;
        for (Member m : filter) {
            boolean matches = m.pattern().matcher(name).matches();
            if (m.reject() && matches) {
                return false;
            }
            anyPositive |= !m.reject();
            accepted |= !m.reject() && matches;
        }
        return !filter.isEmpty() && (accepted || !anyPositive);
    }
}
