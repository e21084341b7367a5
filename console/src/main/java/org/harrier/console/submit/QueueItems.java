package org.harrier.console.submit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The items a queue statement iterates over (condor_submit man page, "queue"), each with its
 * index in the whole list (ItemIndex/Row) and its variables: {@code in} takes the listed words,
 * {@code from} a line (or row) each, split on commas and/or spaces until every variable has a
 * value, the last one taking the rest of the line; {@code matching} the names, relative to the
 * submit directory, that match the globs ({@code *}, {@code ?}, {@code [..]} in the last path
 * part), sorted, each once, optionally only files or only directories. The slice then picks
 * some of them, keeping their indexes.
 */
final class QueueItems {
    private static final Pattern FIELD = Pattern.compile("\\s*,\\s*|\\s+");
    private static final Pattern GLOB = Pattern.compile("[*?\\[]");

    private QueueItems() {
    }

    /** One item: its index in the list before slicing, and its variables (names lower-cased). */
    record Item(int index, Map<String, String> vars) {
        static final Item NONE = new Item(0, Map.of());
    }

    static List<Item> of(QueueArgs args, String file, int line, Path submitDir) {
        QueueArgs.Source source = args.source();
        List<List<String>> rows;
        if (source instanceof QueueArgs.Source.In in) {
            rows = single(in.items());
        } else if (source instanceof QueueArgs.Source.Matching m) {
            rows = single(matching(m, file, line, submitDir));
        } else if (source instanceof QueueArgs.Source.FromRows f) {
            rows = fields(texts(f.rows()), args.vars().size());
        } else if (source instanceof QueueArgs.Source.FromFile f) {
            rows = fields(readLines(f.path(), file, line, submitDir), args.vars().size());
        } else {
            return List.of(Item.NONE);
        }
        List<Item> items = new ArrayList<>();
        for (int index : args.slice().indexes(rows.size())) {
            Map<String, String> vars = new LinkedHashMap<>();
            List<String> values = rows.get(index);
            for (int v = 0; v < args.vars().size(); v++) {
                vars.put(Macros.key(args.vars().get(v)), v < values.size() ? values.get(v) : "");
            }
            items.add(new Item(index, Map.copyOf(vars)));
        }
        return items;
    }

    private static List<List<String>> single(List<String> words) {
        List<List<String>> out = new ArrayList<>(words.size());
        for (String w : words) {
            out.add(List.of(w));
        }
        return out;
    }

    private static List<String> texts(List<Statement.ListLine> rows) {
        List<String> out = new ArrayList<>(rows.size());
        rows.forEach(r -> out.add(r.text()));
        return out;
    }

    /** Each non-blank row split into at most {@code vars} fields, the last taking the rest. */
    private static List<List<String>> fields(List<String> rows, int vars) {
        List<List<String>> out = new ArrayList<>(rows.size());
        for (String row : rows) {
            String r = row.strip();
            if (!r.isEmpty()) {
                out.add(List.of(FIELD.split(r, Math.max(1, vars))));
            }
        }
        return out;
    }

    private static List<String> readLines(String name, String file, int line, Path submitDir) {
        try {
            return Files.readAllLines(submitDir.resolve(name), StandardCharsets.UTF_8);
        } catch (IOException | InvalidPathException e) {
            String why = e instanceof IOException io ? SubmitFile.describe(io) : "not a file name";
            throw new SubmitException(file, line, "cannot read the items of 'queue ... from " + name + "': " + why);
        }
    }

    private static List<String> matching(QueueArgs.Source.Matching m, String file, int line, Path submitDir) {
        Set<String> out = new LinkedHashSet<>();
        for (String pattern : m.patterns()) {
            int slash = pattern.lastIndexOf('/');
            String dirPart = slash < 0 ? "" : pattern.substring(0, slash + 1);
            String namePart = pattern.substring(slash + 1);
            if (GLOB.matcher(dirPart).find()) {
                throw new SubmitException(file, line, "'queue ... matching " + pattern + "': wildcards are only"
                        + " supported in the last part of a path");
            }
            Path dir;
            try {
                dir = submitDir.resolve(dirPart.isEmpty() ? "." : dirPart);
            } catch (InvalidPathException e) {
                throw new SubmitException(file, line, "'queue ... matching " + pattern + "': not a file name");
            }
            for (String name : matchingNames(dir, namePart, m.filter())) {
                out.add(dirPart + name);
            }
        }
        return new ArrayList<>(out);
    }

    private static Set<String> matchingNames(Path dir, String glob, QueueArgs.Filter filter) {
        Set<String> names = new TreeSet<>();
        if (!Files.isDirectory(dir) || glob.isEmpty()) {
            return names;
        }
        PathMatcher matcher;
        try {
            matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob.replace("{", "\\{").replace("}", "\\}"));
        } catch (IllegalArgumentException e) {
            return names;
        }
        boolean hidden = glob.startsWith(".");
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                if ((hidden || !name.startsWith(".")) && matcher.matches(p.getFileName()) && wanted(p, filter)) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            return names;
        }
        return names;
    }

    private static boolean wanted(Path p, QueueArgs.Filter filter) {
        return switch (filter) {
            case ANY -> true;
            case FILES -> Files.isRegularFile(p);
            case DIRS -> Files.isDirectory(p);
        };
    }
}
