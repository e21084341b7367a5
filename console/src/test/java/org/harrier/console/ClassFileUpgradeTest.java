package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** picocli's jar as the build upgrades it for the startup archive. */
@Timeout(60)
class ClassFileUpgradeTest {
    @TempDir
    Path dir;

    @Test
    void picocliBecomesJava8ClassFilesThatTheVerifierAcceptsAndASecondRunLeavesAlone() throws Exception {
        Path original = Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = dir.resolve("picocli.jar");
        Files.copy(original, jar);

        int upgraded = ClassFileUpgrade.upgrade(jar);

        List<String> classes = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile()); ZipFile before = new ZipFile(original.toFile())) {
            assertEquals(before.size(), zip.size(), "every entry kept");
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                byte[] bytes = zip.getInputStream(e).readAllBytes();
                if (e.getName().endsWith(".class") && !e.getName().endsWith("module-info.class")) {
                    assertEquals(52, ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff), e.getName());
                    classes.add(e.getName().replace('/', '.').substring(0, e.getName().length() - ".class".length()));
                } else {
                    assertArrayEquals(before.getInputStream(before.getEntry(e.getName())).readAllBytes(), bytes,
                            e.getName() + " is copied as it was");
                }
            }
        }
        assertEquals(classes.size(), upgraded);
        assertTrue(upgraded > 100, "picocli has well over a hundred classes, got " + upgraded);

        // Initialising links each class, and linking runs the type-checking verifier on its frames.
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            for (String name : classes) {
                Class.forName(name, true, loader);
            }
        }

        byte[] once = Files.readAllBytes(jar);
        assertEquals(0, ClassFileUpgrade.upgrade(jar), "nothing left to upgrade");
        assertArrayEquals(once, Files.readAllBytes(jar), "and the jar is left as it was");
    }
}
