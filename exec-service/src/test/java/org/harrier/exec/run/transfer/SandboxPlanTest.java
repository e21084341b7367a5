package org.harrier.exec.run.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.harrier.classad.ClassAd;
import org.harrier.exec.run.starter.JobCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The starter's sandbox decisions: whether files travel, which, and how the job runs in the sandbox. */
class SandboxPlanTest {
    static final Path SANDBOX = Path.of("/var/lib/harrier/execute/dir_1");

    static ClassAd job(String extra) {
        return ClassAd.parse("[ClusterId = 1; ProcId = 0; Iwd = \"/home/u/run\"; Cmd = \"bin/sim\"; " + extra + "]");
    }

    @ParameterizedTest(name = "ShouldTransferFiles {0}, job in {1}, machine in exec.org: transfers {2}")
    @CsvSource({
            "YES, exec.org, true",
            "YES, submit.org, true",
            "IF_NEEDED, submit.org, true",
            "IF_NEEDED, exec.org, false",
            "if_needed, submit.org, true",
            "NO, submit.org, false",
            "'', submit.org, false",
    })
    void filesTravelWhenAskedOrWhenTheFileSystemsDiffer(String should, String jobDomain, boolean transfers) {
        String attr = should.isEmpty() ? "" : "ShouldTransferFiles = \"" + should + "\"; ";
        assertEquals(transfers, SandboxPlan.transfers(job(attr + "FileSystemDomain = \"" + jobDomain + "\""), "exec.org"));
    }

    @ParameterizedTest(name = "{0} fetches {1}")
    @CsvSource(delimiter = '|', value = {
            "''| bin/sim>sim",
            "In = \"data/in.txt\"| bin/sim>sim, data/in.txt>in.txt",
            "TransferInput = \"a.cfg, /d/b.bin,https://x.org/c\"| bin/sim>sim, a.cfg>a.cfg, /d/b.bin>b.bin",
            "TransferExecutable = false; TransferInput = \"a.cfg\"| a.cfg>a.cfg",
            "In = \"a.cfg\"; TransferInput = \"a.cfg,dir/\"| bin/sim>sim, a.cfg>a.cfg, dir/>",
            "TransferInput = \"data, /d/lib/, x/\"| bin/sim>sim, data>data, /d/lib/>, x/>",
    })
    void inputsAreTheExecutableInAndTransferInputUnderTheirLastNames(String attrs, String expected) {
        List<String> got = SandboxPlan.inputs(job(attrs)).stream().map(i -> i.name() + ">" + i.local()).toList();
        assertEquals(List.of(expected.split(", ")), got);
    }

    @Test
    void theJobRunsInTheSandboxWithItsStreamsUnderHTCondorsNames() {
        ClassAd ad = job("In = \"in.txt\"; Out = \"o.txt\"; Err = \"o.txt\"");
        JobCommand inIwd = JobCommand.from(ad, Map.of("PATH", "/bin"));
        JobCommand c = SandboxPlan.command(ad, inIwd, SANDBOX);
        assertEquals(SANDBOX.resolve("sim"), c.executable());
        assertEquals(SANDBOX, c.iwd());
        assertEquals(SANDBOX.resolve("in.txt"), c.stdin());
        assertEquals(SANDBOX.resolve("_condor_stdout"), c.stdout());
        assertEquals(c.stdout(), c.stderr(), "Out and Err the same file stay merged");
        assertEquals(SANDBOX.toString(), c.environment().get("_CONDOR_SCRATCH_DIR"));
        assertEquals("/bin", c.environment().get("PATH"));
    }

    @Test
    void withoutStreamsAndExecutableTransferTheJobKeepsDevNullAndItsOwnExecutable() {
        ClassAd ad = job("Cmd = \"/usr/bin/sim\"; TransferExecutable = false");
        JobCommand c = SandboxPlan.command(ad, JobCommand.from(ad, Map.of()), SANDBOX);
        assertEquals(Path.of("/usr/bin/sim"), c.executable());
        assertEquals(JobCommand.NULL_FILE, c.stdin());
        assertEquals(JobCommand.NULL_FILE, c.stdout());
        assertEquals(JobCommand.NULL_FILE, c.stderr());
    }

    @ParameterizedTest(name = "{0}: sends {1}")
    @CsvSource(delimiter = '|', value = {
            "Out = \"o\"; Err = \"e\"| _condor_stdout>_condor_stdout, _condor_stderr>_condor_stderr, new.txt>new.txt, changed.txt>changed.txt",
            "''| new.txt>new.txt, changed.txt>changed.txt",
            "TransferOutput = \"same.txt,sub/r.csv\"| same.txt>same.txt, sub/r.csv>r.csv",
            "TransferOutput = \"\"; Out = \"o\"| _condor_stdout>_condor_stdout",
            "TransferOutput = \"results, deep/tree, flat/\"| results>results, deep/tree>tree, flat>",
    })
    void outputsAreTransferOutputElseEveryNewOrChangedFile(String attrs, String expected) {
        Map<String, FileTime> before = new LinkedHashMap<>();
        before.put("sim", FileTime.fromMillis(1));
        before.put("same.txt", FileTime.fromMillis(1));
        before.put("changed.txt", FileTime.fromMillis(1));
        Map<String, FileTime> after = new LinkedHashMap<>(before);
        after.put("changed.txt", FileTime.fromMillis(2));
        after.put("new.txt", FileTime.fromMillis(3));
        after.put("_condor_stdout", FileTime.fromMillis(3));
        after.put("_condor_stderr", FileTime.fromMillis(3));
        List<String> got = SandboxPlan.outputs(job(attrs), before, after).stream().map(o -> o.local() + ">" + o.name()).toList();
        assertEquals(List.of(expected.split(", ")).stream().sorted().toList(), got.stream().sorted().toList());
    }

    @ParameterizedTest(name = "input {0}: {1} goes to {2} and is fetched as {3}")
    @CsvSource({
            "data, '', data, data",
            "data, x/y.bin, data/x/y.bin, data/x/y.bin",
            "/d/lib/, m.so, m.so, /d/lib/m.so",
            "in/data, sub/f, data/sub/f, in/data/sub/f",
    })
    void filesOfAnInputDirectoryKeepTheirPathsBelowIt(String entry, String relative, String local, String wire) {
        SandboxPlan.Input in = SandboxPlan.inputs(job("TransferExecutable = false; TransferInput = \"" + entry + "\""))
                .get(0);
        assertEquals(SANDBOX.resolve(local), in.in(SANDBOX, relative));
        assertEquals(wire, in.wireName(relative));
    }

    @ParameterizedTest(name = "a listed name {0} is refused")
    @CsvSource({"../escape", "a/../../b", "/etc/passwd", "a//b"})
    void aListingThatWouldLeaveTheSandboxIsRefused(String relative) {
        SandboxPlan.Input in = new SandboxPlan.Input("data", "data", true);
        org.junit.jupiter.api.Assertions.assertThrows(TransferException.class, () -> in.in(SANDBOX, relative));
    }
}
