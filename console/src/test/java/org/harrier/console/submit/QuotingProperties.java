package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.exec.run.starter.JobArguments;
import org.harrier.exec.run.starter.JobEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.quicktheories.core.Gen;

/**
 * Whatever arguments or environment a user means, writing them in the submit language and
 * submitting gives the starter exactly those back: the submit file is read here, the job ad's
 * Arguments/Args/Environment split by exec-service's own parsers (what the job will see).
 */
class QuotingProperties {
    /** Characters that matter to the quoting rules, and a few that do not. */
    private static final String TRICKY = " \t'\"\\=;,#ab";

    @TempDir
    Path dir;

    private static Gen<String> text(String alphabet, int max) {
        return lists().of(integers().between(0, alphabet.length() - 1)).ofSizeBetween(0, max).map(ix -> {
            StringBuilder s = new StringBuilder();
            ix.forEach(i -> s.append(alphabet.charAt(i)));
            return s.toString();
        });
    }

    @Test
    void newSyntaxArgumentsReachTheJobUnchanged() {
        qt().withExamples(300).forAll(lists().of(text(TRICKY, 6)).ofSizeBetween(0, 5)).checkAssert(args -> {
            ClassAd job = submit("arguments = " + quotedV2(args));
            assertEquals(args, JobArguments.parseNew(string(job, "Arguments")), () -> quotedV2(args));
        });
    }

    @Test
    void oldSyntaxArgumentsReachTheJobUnchanged() {
        Gen<String> word = text("'\"\\=;,#ab", 6).assuming(w -> !w.isEmpty());
        qt().withExamples(300).forAll(lists().of(word).ofSizeBetween(0, 5)).assuming(QuotingProperties::noTrailingBackslash)
                .checkAssert(args -> {
                    String v1 = String.join(" ", args.stream().map(a -> a.replace("\"", "\\\"")).toList());
                    ClassAd job = submit("arguments = " + v1);
                    List<String> got = job.lookup("Args") != null ? JobArguments.parseOld(string(job, "Args")) : List.of();
                    assertEquals(args, got, v1);
                });
    }

    @Test
    void newSyntaxEnvironmentReachesTheJobUnchanged() {
        Gen<String> name = text("ABC_x", 4).assuming(n -> !n.isEmpty() && !Character.isDigit(n.charAt(0)));
        qt().withExamples(300).forAll(lists().of(name).ofSizeBetween(0, 4), lists().of(text(TRICKY, 6)).ofSize(4))
                .checkAssert((names, values) -> {
                    Map<String, String> env = new LinkedHashMap<>();
                    for (int i = 0; i < names.size(); i++) {
                        env.put(names.get(i), values.get(i));
                    }
                    List<String> entries = new ArrayList<>();
                    env.forEach((k, v) -> entries.add(k + "=" + v));
                    ClassAd job = submit("environment = " + quotedV2(entries));
                    assertEquals(env, JobEnvironment.parseNew(string(job, "Environment")), () -> quotedV2(entries));
                });
    }

    private ClassAd submit(String line) {
        return SubmitFile.parse("p.sub", "executable = /bin/echo\n" + line + "\nqueue\n").jobs(TestContexts.alice(dir), 1)
                .get(0);
    }

    /** The new-syntax spelling of {@code args}: each in single quotes, the whole in double quotes. */
    static String quotedV2(List<String> args) {
        List<String> quoted = new ArrayList<>();
        for (String a : args) {
            quoted.add("'" + a.replace("'", "''") + "'");
        }
        return "\"" + String.join(" ", quoted).replace("\"", "\"\"") + "\"";
    }

    private static boolean noTrailingBackslash(List<String> args) {
        return args.isEmpty() || !args.get(args.size() - 1).endsWith("\\");
    }

    private static String string(ClassAd job, String name) {
        return ((StringValue) job.lookup(name)).value();
    }
}
