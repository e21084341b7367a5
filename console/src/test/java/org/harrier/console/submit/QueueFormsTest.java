package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every form of the queue statement (condor_submit man page, "queue"): each row a submit file
 * whose procs echo what they see, and the Args of every proc in order, joined by " | ". The
 * submit directory holds {@code a.dat}, {@code b.dat}, {@code c.txt}, {@code .hidden.dat}, a
 * directory {@code d.dat}, {@code data/x.dat} and {@code items.txt}.
 */
class QueueFormsTest {
    @TempDir
    Path dir;

    @BeforeEach
    void files() throws IOException {
        for (String f : List.of("a.dat", "b.dat", "c.txt", ".hidden.dat", "data/x.dat")) {
            Files.createDirectories(dir.resolve(f).getParent());
            Files.writeString(dir.resolve(f), f);
        }
        Files.createDirectories(dir.resolve("d.dat"));
        Files.writeString(dir.resolve("items.txt"), "1 one\n\n2  two words, and more\n3\n");
    }

    static Stream<Arguments> forms() {
        return Stream.of(
            row("queue", "queue", "item= index=0 step=0 proc=0"),
            row("queue N", "queue 3", "item= index=0 step=0 proc=0 | item= index=0 step=1 proc=1 | item= index=0 step=2 proc=2"),
            row("queue an expression", "n = 2\nqueue $(n) * 1", "item= index=0 step=0 proc=0 | item= index=0 step=1 proc=1"),
            row("queue 0 queues nothing", "queue 0\nqueue", "item= index=0 step=0 proc=0"),
            row("queue in, items separated by commas and/or spaces", "queue in (a, b c)",
                "item=a index=0 step=0 proc=0 | item=b index=1 step=0 proc=1 | item=c index=2 step=0 proc=2"),
            row("queue in without parentheses", "queue in a,b",
                "item=a index=0 step=0 proc=0 | item=b index=1 step=0 proc=1"),
            row("queue N var in: N procs per item, Step counting within the item", "arguments = x=$(x) $(Step)/$(Process)\n"
                + "queue 2 x in (a, b)", "x=a 0/0 | x=a 1/1 | x=b 0/2 | x=b 1/3"),
            row("a multi-line in list ends at a line starting with ')'", "queue in (\n  a\n  # not an item\n  b, c\n)",
                "item=a index=0 step=0 proc=0 | item=b index=1 step=0 proc=1 | item=c index=2 step=0 proc=2"),
            row("a slice picks items and keeps their ItemIndex and Row", "arguments = $(Item) $(ItemIndex) $(Row)\n"
                + "queue in [1:] (a, b, c)", "b 1 1 | c 2 2"),
            row("a slice with a step and negative bounds", "arguments = $(Item)\nqueue in [-4:-1:2] (a, b, c, d, e)",
                "b | d"),
            row("queue from a file: fields split until the last variable takes the rest",
                "arguments = [$(n)] [$(word)]\nqueue n, word from items.txt",
                "[1] [one] | [2] [two words, and more] | [3] []"),
            row("queue from a file into Item", "arguments = $(Item)\nqueue from items.txt",
                "1 one | 2 two words, and more | 3"),
            row("queue from an inline list, '#' lines skipped", "arguments = $(a)-$(b)\nqueue a b from (\n  x 1\n"
                + "  # comment\n  y 2, 3\n)", "x-1 | y-2, 3"),
            row("queue from with a slice", "arguments = $(Item)\nqueue from [::2] (\n one\n two\n three\n)", "one | three"),
            row("queue matching: files and directories, sorted, hidden ones left out", "arguments = $(Item)\n"
                + "queue matching *.dat", "a.dat | b.dat | d.dat"),
            row("queue matching files", "arguments = $(f)\nqueue f matching files *.dat", "a.dat | b.dat"),
            row("queue matching dirs", "arguments = $(Item)\nqueue matching dirs *", "d.dat | data"),
            row("queue matching several globs, each name once, in a subdirectory too",
                "arguments = $(Item)\nqueue matching (*.txt, data/*.dat, c.*)", "c.txt | items.txt | data/x.dat"),
            row("queue matching with a count", "arguments = $(Item) $(Step)\nqueue 2 matching files [1:] *.dat",
                "b.dat 0 | b.dat 1"),
            row("queue matching nothing queues nothing", "arguments = $(Item)\nqueue matching *.none\nqueue", ""),
            row("a Step the file sets itself is not changed", "Step = nine\narguments = $(Step)\nqueue 2", "nine | nine"),
            row("item variables are gone after their queue statement", "arguments = [$(x)]\nqueue x in (a)\nqueue",
                "[a] | []"),
            row("macros in the queue line are expanded", "list = p q\nwhich = in\narguments = $(Item)\n"
                + "queue $(which) ($(list))", "p | q"));
    }

    private static Arguments row(String name, String queue, String args) {
        return Arguments.of(name, queue, args);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void queueFormMakesOneProcPerItemAndCount(String name, String queue, String args) {
        String file = "executable = /bin/echo\narguments = item=$(Item) index=$(ItemIndex) step=$(Step) proc=$(Process)\n"
                + queue + "\n";
        List<String> got = new ArrayList<>();
        for (ClassAd job : SubmitFile.parse("q.sub", file).jobs(TestContexts.alice(dir), 1)) {
            String a = job.lookup("Args") instanceof StringValue s ? s.value()
                    : job.lookup("Arguments") instanceof StringValue s2 ? s2.value() : "?";
            got.add(a);
        }
        assertEquals(args, String.join(" | ", got));
    }
}
