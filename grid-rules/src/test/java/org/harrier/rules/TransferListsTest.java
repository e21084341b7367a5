package org.harrier.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How transfer list entries read: files, directories, and directories whose contents only travel. */
class TransferListsTest {
    @Test
    void entriesAreTrimmedAndBlanksDropped() {
        assertEquals(List.of("a", "dir/", "/x/y"),
                TransferLists.of(ClassAd.parse("[TransferInput = \" a, ,dir/ ,/x/y\"]"), "TransferInput"));
    }

    @ParameterizedTest(name = "{0}: last part {1}, contents only {2}, read as {3}")
    @CsvSource({
            "a.txt, a.txt, false, a.txt",
            "data, data, false, data",
            "data/, data, true, data",
            "/abs/lib/, lib, true, /abs/lib",
            "sub/dir/file, file, false, sub/dir/file",
            "/, '', false, /",
    })
    void aTrailingSlashMeansTheDirectorysContents(String entry, String last, boolean contents, String path) {
        assertEquals(last, TransferLists.lastPart(entry));
        assertEquals(contents, TransferLists.contentsOnly(entry));
        assertEquals(path, TransferLists.withoutSlash(entry));
    }

    @ParameterizedTest(name = "''{0}'' is a relative path of plain names: {1}")
    @CsvSource({
            "a, true", "a/b/c.txt, true", "..a/b.., true", "'', false", "/a, false", "a/, false", "a//b, false",
            "./a, false", "a/../b, false", "a/., false", "'..', false",
    })
    void aRelativePathNeverLeavesItsDirectory(String relative, boolean plain) {
        assertEquals(plain, TransferLists.plainRelative(relative));
    }
}
