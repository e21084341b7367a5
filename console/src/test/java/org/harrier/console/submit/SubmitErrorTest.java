package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad submit files: each is refused whole, with the file, the line and the problem named. */
class SubmitErrorTest {
    @TempDir
    Path dir;

    static Stream<Arguments> badFiles() {
        return Stream.of(
            bad("executable = /bin/echo\n",
                "bad.sub: no 'queue' statement, so no job to submit"),
            bad("# nothing yet\nqueue\n",
                "bad.sub:2: no executable given before this queue statement"),
            bad("executable = /no/such/program\nqueue\n",
                "bad.sub:1: executable /no/such/program does not exist"),
            bad("executable = /bin\nqueue\n",
                "bad.sub:1: executable /bin is a directory"),
            bad("executable = /bin/echo\nrequest_memory = 12Q\nqueue\n",
                "bad.sub:2: request_memory '12Q' is neither a number (a size such as 1024, 512M or 1G, in MiB"
                + " without a unit) nor a ClassAd expression"),
            bad("executable = /bin/echo\nrequest_cpus = two\nrequest_cpus = 2 +\nqueue\n",
                "bad.sub:3: request_cpus '2 +' is neither a number nor a ClassAd expression"),
            bad("executable = /bin/echo\nrequest_cpu = 2\nqueue\n",
                "bad.sub:2: request_cpu is not a submit command; did you mean request_cpus?"),
            bad("executable = /bin/echo\nrequest_x = 2\nqueue\n",
                "bad.sub:2: request_x: a custom resource name has at least two letters, digits or '_' and does not"
                + " start with '_'"),
            bad("executable /bin/echo\nqueue\n",
                "bad.sub:1: expected 'name = value', '+Attribute = value' or 'queue', got 'executable /bin/echo'"),
            bad("executable = /bin/echo\nqueue 3 from list.txt\n",
                "bad.sub:2: cannot read the items of 'queue ... from list.txt': no such file"),
            bad("executable = /bin/echo\nqueue from\n",
                "bad.sub:2: 'queue ... from' needs a file name or a '(' list of rows"),
            bad("executable = /bin/echo\nqueue from make-items.sh |\n",
                "bad.sub:2: 'queue ... from make-items.sh |' runs a command for its items, which harrier submit does"
                + " not do; write the items to a file and queue from that"),
            bad("executable = /bin/echo\nqueue in\n",
                "bad.sub:2: 'queue ... in' needs a list of items after 'in'"),
            bad("executable = /bin/echo\nqueue matching\n",
                "bad.sub:2: 'queue ... matching' needs file name patterns after 'matching'"),
            bad("executable = /bin/echo\nqueue x, y in (a, b)\n",
                "bad.sub:2: 'queue ... in' takes one variable name, got x, y; use 'from' to set several variables"
                + " per item"),
            bad("executable = /bin/echo\nqueue in (a, b) c\n",
                "bad.sub:2: unexpected 'c' after the item list's ')'"),
            bad("executable = /bin/echo\nqueue x in (\n  a\n  b\n",
                "bad.sub:2: the item list opened with '(' on this line is never closed by a line starting with ')'"),
            bad("executable = /bin/echo\nqueue in [1:2:0] (a, b)\n",
                "bad.sub:2: slice step must be positive, got 0"),
            bad("executable = /bin/echo\nqueue in [a] (a, b)\n",
                "bad.sub:2: '[a]' is not a slice such as [1:10] or [::2]"),
            bad("executable = /bin/echo\nqueue matching */x.dat\n",
                "bad.sub:2: 'queue ... matching */x.dat': wildcards are only supported in the last part of a path"),
            bad("executable = /bin/echo\nqueue many\n",
                "bad.sub:2: queue count 'many' is not a whole number; expected 'queue [N] [vars] [in|from|matching ...]'"),
            bad("executable = /bin/echo\nqueue -1\n",
                "bad.sub:2: queue count must not be negative, got -1"),
            bad("queuecount\n",
                "bad.sub:1: expected 'queue', 'queue N' or 'queue [N] [vars] in|from|matching ...', got 'queuecount'"),
            bad("executable = /bin/echo\nqueue 2000000\n",
                "bad.sub:2: more than 1000000 jobs in one submit file"),
            bad("executable = /bin/echo\nqueue 600000\nqueue 500000\n",
                "bad.sub:3: more than 1000000 jobs in one submit file"),
            bad("universe = grid\nexecutable = /bin/echo\nqueue\n",
                "bad.sub:1: universe 'grid' is not supported; harrier runs vanilla and local jobs"),
            bad("universe = docker\nexecutable = /bin/echo\nqueue\n",
                "bad.sub:1: universe 'docker' is not supported; harrier runs vanilla and local jobs"),
            bad("executable = /bin/echo\n+Owner = \"mallory\"\nqueue\n",
                "bad.sub:2: Owner is set by harrier submit and cannot be given as +Owner"),
            bad("executable = /bin/echo\nMY.JobStatus = 5\nqueue\n",
                "bad.sub:2: JobStatus is set by harrier submit and cannot be given as +JobStatus"),
            bad("executable = /bin/echo\n+ = 1\nqueue\n",
                "bad.sub:2: expected '+Name = value' with Name a ClassAd attribute name, got '+ = 1'"),
            bad("executable = /bin/echo\narguments = \"unterminated\nqueue\n",
                "bad.sub:2: arguments starts with a double quote but does not end with one"),
            bad("executable = /bin/echo\narguments = \"say \"hi\"\"\nqueue\n",
                "bad.sub:2: arguments: inside double-quoted arguments a double quote must be written twice (\"\")"),
            bad("executable = /bin/echo\narguments = \"it's\"\nqueue\n",
                "bad.sub:2: arguments: unbalanced single quote starting at ''s'"),
            bad("executable = /bin/echo\narguments = say \"hi\"\nqueue\n",
                "bad.sub:2: arguments: a double quote in old-syntax arguments must be written \\\"; or put the whole"
                + " value in double quotes for the new syntax"),
            bad("executable = /bin/echo\nenvironment = A=1;B\nqueue\n",
                "bad.sub:2: environment: entry 'B' is not name=value"),
            bad("executable = /bin/echo\nenvironment = \"A=1 =2\"\nqueue\n",
                "bad.sub:2: environment: entry '=2' is not name=value"),
            bad("executable = /bin/echo\ngetenv = PATH, $HOME\nqueue\n",
                "bad.sub:2: getenv member '$HOME' is not an environment variable name or pattern (letters, digits,"
                + " '_' and '*', optionally after '!')"),
            bad("executable = /bin/echo\nhold = maybe\nqueue\n",
                "bad.sub:2: hold = maybe is not a boolean (true or false)"),
            bad("executable = /bin/echo\npriority = high\nqueue\n",
                "bad.sub:2: priority = high is not an integer"),
            bad("executable = /bin/echo\nnotification = sometimes\nqueue\n",
                "bad.sub:2: notification = sometimes is not Never, Always, Complete or Error"),
            bad("executable = /bin/echo\nmax_retries = -1\nqueue\n",
                "bad.sub:2: max_retries = -1 must not be negative"),
            bad("executable = /bin/echo\nsuccess_exit_code = zero\nqueue\n",
                "bad.sub:2: success_exit_code = zero is not an integer"),
            bad("executable = /bin/echo\naccounting_group = physics theory\nqueue\n",
                "bad.sub:2: accounting_group 'physics theory' is not a group name: names of letters, digits, '_' and"
                + " '-', joined by '.' (e.g. physics.theory)"),
            bad("executable = /bin/echo\naccounting_group = .physics\nqueue\n",
                "bad.sub:2: accounting_group '.physics' is not a group name: names of letters, digits, '_' and"
                + " '-', joined by '.' (e.g. physics.theory)"),
            bad("executable = /bin/echo\naccounting_group = cms\naccounting_group_user = \"bob\"\nqueue\n",
                "bad.sub:3: accounting_group_user '\"bob\"' is not a user name: letters, digits, '_', '-', '.' and"
                + " '@', not starting with a punctuation mark"),
            bad("executable = /bin/echo\nmax_job_retirement_time = -5\nqueue\n",
                "bad.sub:2: max_job_retirement_time = -5 is not a number of seconds (0 or more) or an expression"),
            bad("executable = /bin/echo\nmax_job_retirement_time = \"an hour\"\nqueue\n",
                "bad.sub:2: max_job_retirement_time = \"an hour\" is not a number of seconds (0 or more) or an"
                + " expression"),
            bad("executable = /bin/echo\nmax_job_retirement_time = 60 +\nqueue\n",
                "bad.sub:2: max_job_retirement_time is not a valid ClassAd expression: line 1, column 5: expected an"
                + " expression after '+' but found end of input"),
            bad("executable = /bin/echo\nkill_sig = SIGNOPE\nqueue\n",
                "bad.sub:2: kill_sig = SIGNOPE is not a signal (a name such as SIGUSR1 or USR1, or a number from 1 to 31)"),
            bad("executable = /bin/echo\njob_max_vacate_time = -1\nqueue\n",
                "bad.sub:2: job_max_vacate_time = -1 is not a number of seconds (0 or more) or an expression"),
            bad("executable = /bin/echo\nconcurrency_limits = db:lots\nqueue\n",
                "bad.sub:2: invalid concurrency limit 'db:lots': expected a name, optionally ':' and a positive amount"),
            bad("executable = /bin/echo\nconcurrency_limits = db:0\nqueue\n",
                "bad.sub:2: invalid concurrency limit 'db:0': expected a name, optionally ':' and a positive amount"),
            bad("executable = /bin/echo\nconcurrency_limits = db\nconcurrency_limits_expr = \"db\"\nqueue\n",
                "bad.sub:3: concurrency_limits and concurrency_limits_expr can't be used together"),
            bad("executable = /bin/echo\nshould_transfer_files = MAYBE\nqueue\n",
                "bad.sub:2: should_transfer_files = MAYBE is not YES, NO or IF_NEEDED"),
            bad("executable = /bin/echo\nshould_transfer_files = NO\ntransfer_output_files = out\nqueue\n",
                "bad.sub:2: transfer_output_files names files to transfer, but should_transfer_files = NO"),
            bad("executable = /bin/echo\nshould_transfer_files = NO\nwhen_to_transfer_output = ON_EXIT\nqueue\n",
                "bad.sub:3: when_to_transfer_output = ON_EXIT contradicts should_transfer_files = NO"),
            bad("executable = /bin/echo\nshould_transfer_files = IF_NEEDED\n"
                + "when_to_transfer_output = ON_EXIT_OR_EVICT\nqueue\n",
                "bad.sub:3: when_to_transfer_output = ON_EXIT_OR_EVICT and should_transfer_files = IF_NEEDED are"
                + " incompatible; set should_transfer_files = YES"),
            bad("executable = /bin/echo\nwhen_to_transfer_output = ON_SUCCESS\nqueue\n",
                "bad.sub:2: when_to_transfer_output = ON_SUCCESS needs success_exit_code (even for the default 0)"),
            bad("executable = /bin/echo\ntransfer_input_files = /no/such/input\nqueue\n",
                "bad.sub:2: transfer_input_files: cannot read /no/such/input"),
            bad("a = $(b)\nb = $(a)\nexecutable = /bin/echo\narguments = $(a)\nqueue\n",
                "bad.sub:4: macros nest more than 32 deep; does a macro refer to itself?"),
            bad("executable = /bin/echo\noutput = $(oops\nqueue\n",
                "bad.sub:2: '$(' without a closing ')' in '$(oops'"),
            bad("executable = /bin/echo\noutput = $()\nqueue\n",
                "bad.sub:2: empty macro name in '$()'"),
            bad("executable = /bin/echo\narguments = $RANDOM_CHOICE(a, b)\nqueue\n",
                "bad.sub:2: $RANDOM_CHOICE(...) is not a macro function harrier submit knows; it knows $ENV(name)"),
            bad("executable = /bin/echo\ninitialdir = /no/such/dir\nqueue\n",
                "bad.sub:2: initialdir /no/such/dir is not a directory"),
            bad("executable = /bin/echo\nqueue\nexecutable = /no/such/program\nqueue\n",
                "bad.sub:3: executable /no/such/program does not exist"),
            bad("executable = $(x)\nqueue x in (/bin/echo, /bin/true, /no/such/program)\n",
                "bad.sub:1: executable /no/such/program does not exist"));
    }

    private static Arguments bad(String file, String message) {
        return Arguments.of(file, message);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badFiles")
    void badSubmitFileIsRefusedWithFileLineAndProblem(String file, String message) {
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertEquals(message, e.getMessage());
    }

    @Test
    void badExpressionNamesTheStatementWhereItStartsAndTheParsersProblem() {
        String file = "executable = /bin/echo\nrequirements = Memory > \\\n    \nqueue\n";
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("bad.sub:2: requirements is not a valid ClassAd expression: "),
                e.getMessage());
    }

    @Test
    void badCustomAttributeIsNamedWithItsPlus() {
        String file = "executable = /bin/echo\n+Weight = 1 +\nqueue\n";
        SubmitException e = assertThrows(SubmitException.class,
                () -> SubmitFile.parse("bad.sub", file).jobs(context(), 1));
        assertTrue(e.getMessage().startsWith("bad.sub:2: +Weight is not a valid ClassAd expression: "), e.getMessage());
    }

    @Test
    void missingSubmitFileIsNamed() {
        SubmitException e = assertThrows(SubmitException.class, () -> SubmitFile.read(dir.resolve("gone.sub")));
        assertEquals(dir.resolve("gone.sub") + ": cannot read the submit file: no such file", e.getMessage());
    }

    private SubmitContext context() {
        return TestContexts.alice(dir);
    }
}
