package org.harrier.console.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {
    @ParameterizedTest(name = "request_memory = {0} asks for {1} MiB")
    @CsvSource(delimiter = '|', value = {
        "1024     | 1024",
        "1G       | 1024",
        "1g       | 1024",
        "1GB      | 1024",
        "512M     | 512",
        "512 MB   | 512",
        "1.5G     | 1536",
        "2T       | 2097152",
        "1024K    | 1",
        "1536K    | 2",
        "1K       | 1",
        "0        | 0",
        ".5G      | 512",
        "3.       | 3",
        "0.1      | 1",
    })
    void memorySizesAreMebibytesRoundedUp(String text, long mib) {
        assertEquals(mib, ByteSize.MIB.parse(text).getAsLong());
    }

    @ParameterizedTest(name = "request_disk = {0} asks for {1} KiB")
    @CsvSource(delimiter = '|', value = {
        "4096  | 4096",
        "1M    | 1024",
        "1G    | 1048576",
        "100K  | 100",
        "0.5K  | 1",
    })
    void diskSizesAreKibibytes(String text, long kib) {
        assertEquals(kib, ByteSize.KIB.parse(text).getAsLong());
    }

    @ParameterizedTest(name = "''{0}'' is not a size")
    @ValueSource(strings = {"", "G", "1Q", "1 GiB", "-1", "1e3", "MemoryUsage * 2", "1G2", "99999999999999999999T"})
    void otherTextIsNoSize(String text) {
        assertTrue(ByteSize.MIB.parse(text).isEmpty());
    }
}
