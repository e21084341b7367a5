package org.harrier.scheduler.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.harrier.scheduler.ScheddFailure;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files inside transferred directories on the submit side: listed, read and written without following a symbolic link. */
class DirectoryTreeTest {
    @TempDir
    Path dir;
    Path iwd;
    Path outside;

    @BeforeEach
    void tree() throws IOException {
        iwd = Files.createDirectories(dir.resolve("iwd"));
        outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret"), "secret");
        Files.createDirectories(iwd.resolve("data/sub/empty"));
        Files.writeString(iwd.resolve("data/a.txt"), "aa");
        Files.writeString(iwd.resolve("data/sub/b.txt"), "bbb");
    }

    @Test
    void aDirectoryIsListedParentsFirstWithItsEmptyDirectories() throws IOException {
        assertEquals(List.of(new DirectoryTree.Entry("a.txt", 2, false), new DirectoryTree.Entry("sub", 0, true),
                new DirectoryTree.Entry("sub/b.txt", 3, false), new DirectoryTree.Entry("sub/empty", 0, true)),
                DirectoryTree.list(iwd.resolve("data")));
        assertEquals(List.of(new DirectoryTree.Entry("", 2, false)), DirectoryTree.list(iwd.resolve("data/a.txt")));
    }

    @Test
    void aSymbolicLinkInAListedDirectoryIsRefusedByName() throws IOException {
        Files.createSymbolicLink(iwd.resolve("data/sub/leak"), outside.resolve("secret"));
        ScheddFailure.Refused e = assertThrows(ScheddFailure.Refused.class, () -> DirectoryTree.list(iwd.resolve("data")));
        assertTrue(e.getMessage().contains("sub/leak"), e.getMessage());
    }

    @Test
    void aDirectoryThatIsASymbolicLinkIsNeitherListedNorReadThrough() throws IOException {
        Files.createSymbolicLink(iwd.resolve("data/away"), outside);
        Files.createSymbolicLink(iwd.resolve("linked"), outside);
        assertThrows(ScheddFailure.Refused.class, () -> DirectoryTree.list(iwd.resolve("linked")));
        assertThrows(ScheddFailure.Refused.class,
                () -> DirectoryTree.forReading(new TransferNames.Target(iwd.resolve("data"), "away/secret")));
        assertEquals(iwd.resolve("data/sub/b.txt"),
                DirectoryTree.forReading(new TransferNames.Target(iwd.resolve("data"), "sub/b.txt")));
    }

    @Test
    void writingMakesMissingParentsButNeverWritesThroughALink() throws IOException {
        Path made = DirectoryTree.forWriting(new TransferNames.Target(iwd, "results/deep/r.csv"));
        assertEquals(iwd.resolve("results/deep/r.csv"), made);
        assertTrue(Files.isDirectory(iwd.resolve("results/deep")));
        Files.createSymbolicLink(iwd.resolve("escape"), outside);
        assertThrows(ScheddFailure.Refused.class,
                () -> DirectoryTree.forWriting(new TransferNames.Target(iwd, "escape/new/x")));
        assertFalse(Files.exists(outside.resolve("new")), "nothing was made outside Iwd");
    }
}
