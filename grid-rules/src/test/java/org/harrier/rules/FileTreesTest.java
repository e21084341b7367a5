package org.harrier.rules;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {
    @TempDir
    Path dir;

    @Test
    void aTreeIsRemovedWithEverythingBelowIt() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root/a/b"));
        Files.writeString(root.resolve("f"), "x");
        Files.writeString(dir.resolve("root/g"), "y");

        FileTrees.delete(dir.resolve("root"));

        assertFalse(Files.exists(dir.resolve("root"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aSymbolicLinkIsRemovedButNotWhatItPointsTo() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "x");
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.createSymbolicLink(root.resolve("link"), outside);

        FileTrees.delete(root);

        assertFalse(Files.exists(root, LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.exists(outside.resolve("keep")));
    }

    @Test
    void nothingThereIsNothingToDo() throws IOException {
        FileTrees.delete(dir.resolve("absent"));

        assertFalse(Files.exists(dir.resolve("absent")));
    }
}
