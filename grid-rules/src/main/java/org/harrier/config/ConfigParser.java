package org.harrier.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HTCondor configuration text into definitions, in file order (HTCondor manual,
 * "Introduction to Configuration"): {@code NAME = value}; a line whose first non-blank character
 * is {@code #} is a comment (a {@code #} later in a line is part of the value); a {@code \} at the
 * end of a line continues it onto the next, and comment lines inside a continuation are skipped;
 * a line starting with {@code [} and holding no {@code =} is ignored; {@code include : path} (also
 * {@code @include}, and {@code include ifexist :}) reads another file, its path macro-expanded
 * with what is defined so far and taken relative to the including file's directory. Everything
 * else (metaknobs {@code use}, {@code if}/{@code endif}, {@code include command}, {@code @=}
 * multi-line values) is refused with its file and line rather than silently misread.
 */
final class ConfigParser {
    /** Nesting beyond this is taken as a file including itself (HTCondor limits it too). */
    static final int MAX_INCLUDE_DEPTH = 20;

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern INCLUDE = Pattern.compile("@?include\\b\\s*(\\S[^:]*)?:(.*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern UNSUPPORTED = Pattern.compile("(use|if|elif|else|endif|error|warning)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private final Definitions definitions;

    ConfigParser(Definitions definitions) {
        this.definitions = definitions;
    }

    void readFile(Path file, String includedFrom, int depth) {
        if (depth > MAX_INCLUDE_DEPTH) {
            throw new ConfigurationException(includedFrom + ": includes nest deeper than " + MAX_INCLUDE_DEPTH
                    + " (does a file include itself?)");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigurationException((includedFrom == null ? "" : includedFrom + ": ")
                    + "configuration file " + file + " does not exist");
        } catch (IOException e) {
            throw new ConfigurationException((includedFrom == null ? "" : includedFrom + ": ")
                    + "cannot read configuration file " + file + ": " + e.getMessage());
        }
        readText(text, file.toString(), file.toAbsolutePath().getParent(), depth);
    }

    void readText(String text, String source, Path directory, int depth) {
        List<String> lines = text.lines().toList();
        int i = 0;
        while (i < lines.size()) {
            int first = i + 1;
            StringBuilder logical = new StringBuilder();
            String line = lines.get(i++);
            while (continues(line)) {
                logical.append(line, 0, line.stripTrailing().length() - 1);
                line = null;
                while (i < lines.size()) {
                    String next = lines.get(i++);
                    if (!next.isBlank() && next.strip().startsWith("#")) {
                        continue;
                    }
                    line = next;
                    break;
                }
                if (line == null) {
                    line = "";
                }
            }
            logical.append(line);
            statement(logical.toString().strip(), source + ":" + first, directory, depth);
        }
    }

    private static boolean continues(String line) {
        String t = line.stripTrailing();
        return t.endsWith("\\") && !t.strip().startsWith("#");
    }

    private void statement(String s, String where, Path directory, int depth) {
        if (s.isEmpty() || s.startsWith("#")) {
            return;
        }
        int eq = s.indexOf('=');
        if (s.startsWith("[") && eq < 0) {
            return;
        }
        Matcher include = INCLUDE.matcher(s);
        if (include.matches() && (eq < 0 || eq > s.indexOf(':'))) {
            include(include.group(1), include.group(2).strip(), where, directory, depth);
            return;
        }
        if (eq < 0) {
            if (UNSUPPORTED.matcher(s).matches()) {
                throw new ConfigurationException(where + ": '" + firstWord(s) + "' is not supported by Harrier's"
                        + " configuration reader (only NAME = value and include : file)");
            }
            throw new ConfigurationException(where + ": expected NAME = value, got '" + s + "'");
        }
        String name = s.substring(0, eq).strip();
        if (name.endsWith("@")) {
            throw new ConfigurationException(where + ": multi-line values (NAME @=tag) are not supported");
        }
        if (!NAME.matcher(name).matches()) {
            throw new ConfigurationException(where + ": '" + name + "' is not a configuration name (letters, digits,"
                    + " '_' and '.', not starting with a digit)");
        }
        definitions.define(name, s.substring(eq + 1).strip(), where);
    }

    private void include(String options, String target, String where, Path directory, int depth) {
        String opts = options == null ? "" : options.strip().toLowerCase(Locale.ROOT);
        if (!opts.isEmpty() && !opts.equals("ifexist")) {
            throw new ConfigurationException(where + ": 'include " + opts + "' is not supported (only include"
                    + " [ifexist] : file)");
        }
        String expanded = definitions.expandNow(target, where);
        if (expanded.isEmpty() || expanded.endsWith("|")) {
            throw new ConfigurationException(where + ": include needs a file name"
                    + (expanded.endsWith("|") ? " (running commands is not supported)" : ""));
        }
        Path file = directory == null ? Path.of(expanded) : directory.resolve(expanded);
        if (opts.equals("ifexist") && !Files.exists(file)) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            throw new ConfigurationException(where + ": included file " + file + " does not exist");
        }
        readFile(file, where, depth + 1);
    }

    private static String firstWord(String s) {
        String[] parts = s.split("[\\s:]", 2);
        return parts[0];
    }
}
