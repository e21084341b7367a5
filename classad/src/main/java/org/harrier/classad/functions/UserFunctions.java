package org.harrier.classad.functions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.harrier.classad.ClassAdFunction;
import org.harrier.classad.FunctionTable;
import org.harrier.classad.ListValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * {@code userHome} and {@code userMap} (manual, "ClassAd built-in functions"; HTCondor defines
 * them in {@code compat_classad.cpp}).
 *
 * <p>HTCondor answers userHome with {@code getpwnam()} only when the configuration sets
 * {@code CLASSAD_ENABLE_USER_HOME}; this library has no configuration, so userHome always looks
 * the user up, in the password file ({@code /etc/passwd}). userMap's map sets also come from
 * HTCondor's configuration ({@code CLASSAD_USER_MAPFILE_<name>}); none are configured here, so
 * every userMap call behaves as for a user no map set knows. {@link #userHome(UserDirectory)}
 * and {@link #userMap(UserMapSets)} take other sources, which is how the tests supply them and
 * how a registration API could later.
 */
final class UserFunctions {
    private UserFunctions() {
    }

    static void register(FunctionTable.Builder b) {
        b.add("userHome", userHome(UserDirectory.of(Path.of("/etc/passwd"))));
        b.add("userMap", userMap(UserMapSets.NONE));
    }

    /** Groups of a user in a named map set, in map order; empty if the set or the user is unknown. */
    @FunctionalInterface
    interface UserMapSets {
        UserMapSets NONE = (mapSet, user) -> Optional.empty();

        Optional<List<String>> groups(String mapSet, String user);
    }

    /**
     * userHome(name [, default]), as {@code userHome_func}: the home directory of {@code name};
     * {@code default} (when it is a non-empty string) if the user is unknown or {@code name} is not
     * a string; otherwise undefined for an unknown user or an undefined name, error for a name
     * that is not a string.
     */
    static ClassAdFunction userHome(UserDirectory directory) {
        return (exprs, ctx, scope) -> {
            if (exprs.size() != 1 && exprs.size() != 2) {
                return Value.ERROR;
            }
            String fallback = exprs.size() == 2 ? Args.string(ctx.evaluate(exprs.get(1), scope)) : null;
            if (fallback != null && fallback.isEmpty()) {
                fallback = null;
            }
            Value name = ctx.evaluate(exprs.get(0), scope);
            String user = Args.string(name);
            if (user == null) {
                if (fallback != null) {
                    return new StringValue(fallback);
                }
                return name == Value.UNDEFINED ? Value.UNDEFINED : Value.ERROR;
            }
            Optional<String> home = directory.home(user);
            if (home.isPresent()) {
                return new StringValue(home.get());
            }
            return fallback != null ? new StringValue(fallback) : Value.UNDEFINED;
        };
    }

    /**
     * userMap(mapSet, user [, preferred [, default]]), as {@code userMap_func}. Two arguments give
     * the list of the user's groups; three give the preferred group if the user is in it
     * (compared ignoring case), else the first group; four also fall back to {@code default}
     * when the user has no group. An unknown user is undefined, or {@code default}. A map-set
     * name or user that is not a string is error if either is error, else undefined - or
     * {@code default}, whatever its value, with four arguments.
     */
    static ClassAdFunction userMap(UserMapSets maps) {
        return (exprs, ctx, scope) -> {
            if (exprs.size() < 2 || exprs.size() > 4) {
                return Value.ERROR;
            }
            Args args = new Args(exprs, ctx, scope);
            Value[] v = args.values();
            Value otherwise = v.length == 4 ? v[3] : Value.UNDEFINED;
            String mapSet = Args.string(v[0]);
            String user = Args.string(v[1]);
            if (mapSet == null || user == null) {
                return v[0] == Value.ERROR || v[1] == Value.ERROR ? Value.ERROR : otherwise;
            }
            Optional<List<String>> groups = maps.groups(mapSet, user);
            if (groups.isEmpty()) {
                return otherwise;
            }
            if (v.length == 2) {
                List<Value> items = new ArrayList<>();
                groups.get().forEach(g -> items.add(new StringValue(g)));
                return new ListValue(items);
            }
            return chosen(groups.get(), Args.string(v[2])).map(g -> (Value) new StringValue(g)).orElse(otherwise);
        };
    }

    private static Optional<String> chosen(List<String> groups, String preferred) {
        if (preferred != null) {
            String wanted = preferred.toLowerCase(Locale.ROOT);
            for (String g : groups) {
                if (g.toLowerCase(Locale.ROOT).equals(wanted)) {
                    return Optional.of(g);
                }
            }
        }
        return groups.stream().findFirst();
    }
}
