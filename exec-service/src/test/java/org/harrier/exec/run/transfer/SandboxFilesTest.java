package org.harrier.exec.run.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which files an output entry sends from a sandbox: a file, a directory's files, never anything outside it. */
class SandboxFilesTest {
    @TempDir
    Path dir;
    Path sandbox;

    @BeforeEach
    void sandbox() throws IOException {
        sandbox = Files.createDirectories(dir.resolve("dir_1"));
        Files.writeString(dir.resolve("secret"), "secret");
        Files.createDirectories(sandbox.resolve("results/deep"));
        Files.writeString(sandbox.resolve("results/a.csv"), "a");
        Files.writeString(sandbox.resolve("results/deep/b.csv"), "b");
        Files.writeString(sandbox.resolve("one.txt"), "1");
    }

    @ParameterizedTest(name = "output {0} as {1} sends {2}")
    @CsvSource(delimiter = '|', value = {
            "one.txt| one.txt| one.txt>one.txt",
            "results| results| results/a.csv>results/a.csv, results/deep/b.csv>results/deep/b.csv",
            "results| ''| results/a.csv>a.csv, results/deep/b.csv>deep/b.csv",
            "results/deep| deep| results/deep/b.csv>deep/b.csv",
    })
    void anOutputIsItsFileOrEveryFileBelowIt(String local, String name, String expected) throws IOException {
        List<String> got = SandboxFiles.of(sandbox, new SandboxPlan.Output(local, name)).stream()
                .map(s -> sandbox.relativize(s.file()) + ">" + s.name()).toList();
        assertEquals(List.of(expected.split(", ")), got);
    }

    @Test
    void aSymbolicLinkIsRefusedWhereverItIs() throws IOException {
        Files.createSymbolicLink(sandbox.resolve("results/deep/leak"), dir.resolve("secret"));
        Files.createSymbolicLink(sandbox.resolve("away"), dir);
        for (String[] c : new String[][] {{"results", "results/deep/leak"}, {"away", "away"}, {"away/secret", "away"}}) {
            TransferException e = assertThrows(TransferException.class,
                    () -> SandboxFiles.of(sandbox, new SandboxPlan.Output(c[0], "x")));
            assertTrue(e.getMessage().contains(c[1] + " is a symbolic link"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "output {0} is outside the sandbox")
    @CsvSource({"../secret", "results/../../secret", "/etc/passwd"})
    void anOutputOutsideTheSandboxIsRefused(String local) {
        TransferException e = assertThrows(TransferException.class,
                () -> SandboxFiles.of(sandbox, new SandboxPlan.Output(local, "x")));
        assertTrue(e.getMessage().contains("outside the sandbox"), e.getMessage());
    }
}
