package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The CMD column: the program's base name, then the arguments as a submit file writes them. */
class CommandColumnTest {
    static Stream<Arguments> jobs() {
        return Stream.of(
                // Arguments as condor_submit stores them (raw new syntax) -> what the column shows.
                Arguments.of("/bin/sh", "-c echo' 'hello' 'world", null, "sh -c 'echo hello world'"),
                Arguments.of("/bin/echo", "one \"two\" spacey' '''quoted''' 'argument ''", null,
                        "echo one \"two\" 'spacey ''quoted'' argument' ''"),
                Arguments.of("/bin/echo", "it''''s", null, "echo 'it''s'"),
                Arguments.of("/bin/echo", "a\tb' 'c", null, "echo a 'b c'"),
                Arguments.of("/bin/sh", "-c 'echo hello world'", null, "sh -c 'echo hello world'"),
                Arguments.of("/bin/echo", "hello from Harrier", null, "echo hello from Harrier"),
                Arguments.of("/bin/echo", "  spaced   out  ", null, "echo spaced out"),
                Arguments.of("/bin/true", "", null, "true"),
                Arguments.of("true", "", null, "true"),
                Arguments.of("/bin/echo", "unbalanced 'quote", null, "echo unbalanced 'quote"),
                // Old syntax: stored joined by single spaces, shown as stored.
                Arguments.of("/bin/sleep", null, "60", "sleep 60"),
                Arguments.of("/bin/echo", null, "say \"hi\"", "echo say \"hi\""),
                // Arguments wins over Args, as in condor_q.
                Arguments.of("/bin/echo", "new' 'style", "old style", "echo 'new style'"),
                Arguments.of("/bin/sleep", null, null, "sleep"));
    }

    @ParameterizedTest(name = "{0} [{1}] [{2}] -> {3}")
    @MethodSource("jobs")
    void theColumnShowsTheArgumentsAsTheSubmitFileWroteThem(String cmd, String arguments, String args, String shown) {
        ClassAd.Builder job = ClassAd.builder().set("Cmd", new StringValue(cmd));
        if (arguments != null) {
            job.set("Arguments", new StringValue(arguments));
        }
        if (args != null) {
            job.set("Args", new StringValue(args));
        }
        assertEquals(shown, CommandColumn.of(job.build()));
    }
}
