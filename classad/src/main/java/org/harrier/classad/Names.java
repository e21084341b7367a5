package org.harrier.classad;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Attribute names. Names compare ignoring ASCII case (HTCondor uses {@code strcasecmp}), so
 * every ad and every reference holds the folded form as its lookup key. Keys and spellings are
 * interned in a bounded pool: thousands of ads then share one copy of each name, and lookups
 * usually succeed on the identity check alone.
 */
final class Names {
    /** Past this many distinct spellings (hostile input) names are simply not shared any more. */
    private static final int POOL_LIMIT = 200_000;
    private static final ConcurrentHashMap<String, Name> POOL = new ConcurrentHashMap<>();

    /** A name as spelled, its lookup key, and its letters (to recognise it in source text). */
    record Name(String spelling, String key, char[] letters) {
        Name(String spelling, String key) {
            this(spelling, key, spelling.toCharArray());
        }
    }

    /**
     * Direct-mapped cache from source characters to names, so the parser can resolve an
     * identifier without first cutting it out as a string. Slots are overwritten freely; a slot
     * holds an immutable Name or null, so racy reads and writes are safe.
     */
    private static final Name[] BY_TEXT = new Name[8192];

    private Names() {
    }

    /** The shared {@link Name} spelled by {@code src[start, end)}. */
    static Name of(String src, int start, int end) {
        int h = 0;
        for (int i = start; i < end; i++) {
            h = 31 * h + src.charAt(i);
        }
        return of(src, null, start, end, h);
    }

    /** As {@link #of(String, int, int)}, with the text's hash (String.hashCode's formula) already known. */
    static Name of(String src, char[] buf, int start, int end, int h) {
        int n = end - start;
        int slot = (h ^ (h >>> 13)) & (BY_TEXT.length - 1);
        Name cached = BY_TEXT[slot];
        if (cached != null && cached.letters().length == n
                && (buf != null ? Arrays.equals(cached.letters(), 0, n, buf, start, end) : src.startsWith(cached.spelling(), start))) {
            return cached;
        }
        Name name = of(src.substring(start, end));
        BY_TEXT[slot] = name;
        return name;
    }

    /**
     * The shared {@link Name} for {@code spelling}. A hit costs one hash lookup and allocates
     * nothing, which matters: parsing an ad looks up every attribute name it mentions.
     */
    static Name of(String spelling) {
        Name name = POOL.get(spelling);
        if (name != null) {
            return name;
        }
        String folded = foldCase(spelling);
        Name byKey = folded == spelling ? null : POOL.get(folded);
        String key = byKey != null ? byKey.key() : folded;
        name = new Name(spelling, key);
        if (POOL.size() >= POOL_LIMIT) {
            return name;
        }
        if (byKey == null && folded != spelling) {
            // Make the folded spelling itself resolve to the same key instance.
            Name canonical = POOL.putIfAbsent(folded, new Name(folded, folded));
            if (canonical != null) {
                name = new Name(spelling, canonical.key());
            }
        }
        Name raced = POOL.putIfAbsent(spelling, name);
        return raced == null ? name : raced;
    }

    /** The lookup key for {@code name}: ASCII-lower-cased and shared. */
    static String key(String name) {
        return of(name).key();
    }

    /** The shared copy of a name as spelled. */
    static String spelling(String name) {
        return of(name).spelling();
    }

    /** ASCII lower case, returning {@code s} itself when it has no upper-case letters. */
    static String foldCase(String s) {
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                break;
            }
            i++;
        }
        if (i == n) {
            return s;
        }
        char[] out = s.toCharArray();
        for (; i < n; i++) {
            char c = out[i];
            if (c >= 'A' && c <= 'Z') {
                out[i] = (char) (c + ('a' - 'A'));
            }
        }
        return new String(out);
    }

    /** True if {@code name} can be written bare: {@code [A-Za-z_][A-Za-z0-9_]*} and not a keyword. */
    static boolean isPlainIdentifier(String name) {
        if (name.isEmpty()) {
            return false;
        }
        char first = name.charAt(0);
        if (!(isLetter(first) || first == '_')) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(isLetter(c) || (c >= '0' && c <= '9') || c == '_')) {
                return false;
            }
        }
        return !isKeyword(name);
    }

    static boolean isKeyword(String name) {
        switch (foldCase(name)) {
            case "true", "false", "undefined", "error", "is", "isnt":
                return true;
            default:
                return false;
        }
    }

    static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static void requireValid(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("attribute name must not be empty");
        }
        if (name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("attribute name must not contain a NUL character");
        }
    }
}
