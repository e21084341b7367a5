package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HTCondor-style submit files and the job ads condor_submit would make of them. Each row: a
 * file, how many jobs it queues, which proc to look at, and attributes that proc must have
 * (new ClassAd syntax, {@code DIR} standing for the submit directory).
 */
class SubmitDescriptionTest {
    private static final long CLUSTER = 7;
    private static final String DEFAULT_REQUIREMENTS = "(TARGET.Arch == \"X86_64\") && (TARGET.OpSys == \"LINUX\")"
            + " && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory)";

    @TempDir
    Path dir;

    @BeforeEach
    void submitDirectory() throws IOException {
        Files.createDirectories(dir.resolve("sub"));
        Files.createDirectories(dir.resolve("bin"));
        Files.write(dir.resolve("bin/tool"), new byte[2049]);
    }

    static Stream<Arguments> files() {
        return Stream.of(
            row("the hello example", """
                executable = /bin/echo
                arguments  = hello from Harrier
                output     = hello.out
                error      = hello.err
                log        = hello.log
                queue
                """, 1, 0, """
                MyType = "Job"; TargetType = "Machine"; ClusterId = 7; ProcId = 0; Owner = "alice";
                JobUniverse = 5; Cmd = "/bin/echo"; Arguments = "hello from Harrier"; Iwd = "DIR";
                In = "/dev/null"; Out = "hello.out"; Err = "hello.err"; UserLog = "DIR/hello.log";
                RequestCpus = 1; RequestDisk = DiskUsage; Rank = 0.0;
                RequestMemory = ifthenelse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024);
                Requirements = """ + DEFAULT_REQUIREMENTS),
            row("names in any case, comments, continued lines", """
                # say hello
                Executable   = /bin/echo
                ARGUMENTS = one \\
                            two \\
                   # a comment inside a continuation is skipped
                   three
                Output = out.txt
                Queue
                """, 1, 0, """
                Cmd = "/bin/echo"; Arguments = "one two three"; Out = "out.txt"; Err = "/dev/null"
                """),
            row("CRLF line endings", "executable = /bin/echo\r\narguments = crlf\r\nqueue\r\n", 1, 0, """
                Arguments = "crlf"
                """),
            row("queue N numbers procs and expands $(Cluster) and $(Process)", """
                executable = /bin/echo
                arguments = $(Cluster).$(Process) step $(Step)
                output = job.$(ClusterId).$(ProcId).out
                queue 3
                """, 3, 2, """
                ClusterId = 7; ProcId = 2; Arguments = "7.2 step 2"; Out = "job.7.2.out"
                """),
            row("later queue statements see later settings; procs count on", """
                executable = /bin/echo
                arguments = first
                queue
                arguments = second $(Process)/$(Step)
                queue 2
                """, 3, 2, """
                ProcId = 2; Arguments = "second 2/1"
                """),
            row("resource requests with units, and the user's requirements first", """
                executable = /bin/echo
                request_cpus = 2
                request_memory = 1G
                request_disk = 1M
                requirements = TARGET.HasDocker =?= true
                queue
                """, 1, 0, """
                RequestCpus = 2; RequestMemory = 1024; RequestDisk = 1024;
                Requirements = (TARGET.HasDocker =?= true) && (TARGET.Arch == "X86_64") && (TARGET.OpSys == "LINUX")
                    && (TARGET.Disk >= RequestDisk) && (TARGET.Memory >= RequestMemory) && (TARGET.Cpus >= RequestCpus)
                """),
            row("a user who tests Memory, Arch or OpSys gets no default clause for them", """
                executable = /bin/echo
                request_memory = 512M
                requirements = Memory > 4096 && (Arch == "aarch64" || OpSys == "OSX")
                queue
                """, 1, 0, """
                RequestMemory = 512;
                Requirements = (Memory > 4096 && (Arch == "aarch64" || OpSys == "OSX")) && (TARGET.Disk >= RequestDisk)
                """),
            row("request_memory as an expression", """
                executable = /bin/echo
                request_memory = MemoryUsage * 2
                request_cpus = 1
                queue
                """, 1, 0, """
                RequestMemory = MemoryUsage * 2; RequestCpus = 1; Requirements = """ + DEFAULT_REQUIREMENTS),
            row("macros, +Attr and MY.Attr", """
                base = run
                executable = /bin/echo
                output = $(base)_$(Process).out
                +ProjectName = "physics"
                MY.Priority = 10 + 5
                +Label = "$(BASE)-$(Process)"
                queue
                """, 1, 0, """
                Out = "run_0.out"; ProjectName = "physics"; Priority = 10 + 5; Label = "run-0"
                """),
            row("a macro defined after its use counts at queue time", """
                executable = /bin/echo
                output = $(name).out
                name = late
                queue
                """, 1, 0, """
                Out = "late.out"
                """),
            row("unknown macros are empty; $(name:default); $$() is left for match time", """
                executable = /bin/echo
                arguments = $(undefined)x $(missing:fallback) $$(Memory)
                queue
                """, 1, 0, """
                Arguments = "x fallback $$(Memory)"
                """),
            row("initialdir, a relative executable, vanilla universe", """
                universe = Vanilla
                initialdir = sub
                executable = bin/tool
                log = job.log
                output = o.txt
                queue
                """, 1, 0, """
                JobUniverse = 5; Iwd = "DIR/sub"; Cmd = "DIR/bin/tool"; UserLog = "DIR/sub/job.log";
                Out = "o.txt"; DiskUsage = 3
                """),
            row("double-quoted arguments are HTCondor's V2 form", """
                executable = /bin/echo
                arguments = "one ""two"" 'three four'"
                environment = "A=1 B=two"
                queue
                """, 1, 0, """
                Arguments = "one \\"two\\" 'three four'"; Environment = "A=1 B=two"
                """),
            row("input, and a later +Attr replacing an earlier one", """
                executable = /bin/echo
                input = in.txt
                +Tag = 1
                +tag = 2
                queue
                """, 1, 0, """
                In = "in.txt"; tag = 2
                """));
    }

    private static Arguments row(String name, String file, int jobs, int proc, String attributes) {
        return Arguments.of(name, file, jobs, proc, attributes);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void submitFileMakesTheJobAdsCondorSubmitWould(String name, String file, int jobs, int proc, String attributes) {
        List<ClassAd> ads = SubmitFile.parse("test.sub", file).jobs(context(), CLUSTER);

        assertEquals(jobs, ads.size(), "number of jobs");
        ClassAd job = ads.get(proc);
        ClassAd expected = ClassAd.parse("[" + attributes.replace("DIR", dir.toString()) + "]");
        expected.forEach((attr, want) -> {
            Expr got = job.lookup(attr);
            assertNotNull(got, () -> attr + " missing from " + job);
            assertEquals(want.unparse(), got.unparse(), attr);
        });
    }

    private SubmitContext context() {
        return new SubmitContext(dir, "alice", "X86_64", "LINUX");
    }
}
