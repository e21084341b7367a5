package org.harrier.console;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** String concatenation as ClassFileUpgrade rewrites it in the command's libraries (Qpid JMS). */
@Timeout(120)
class ConcatInliningTest {
    /** Every kind of argument javac's recipe can hold, and text that looks like the recipe's own markers. */
    private static final String SOURCE = """
            public class Shapes {
                public static String all(boolean z, char c, byte b, short s, int i, long j, float f, double d,
                        String text, Object none, char[] chars, Object thing) {
                    return "z=" + z + " c=" + c + " b=" + b + " s=" + s + " i=" + i + " j=" + j + " f=" + f
                            + " d=" + d + " text=" + text + " none=" + none + " chars=" + (chars.length > 0 ? "some" : "")
                            + " thing=" + thing + " marks=\\u0001\\u0002";
                }

                public static String many(int i, long j) {
                    long k = j * 2;
                    String local = "l" + k;
                    return i + "" + j + local + i + j;
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void rewrittenConcatenationGivesTheSameStringsWithoutTheFactory() throws Exception {
        Path jar = compiledJar();
        byte[] before = Files.readAllBytes(jar);
        Path original = dir.resolve("original.jar");
        Files.write(original, before);

        assertEquals(1, ClassFileUpgrade.upgrade(jar));

        try (ZipFile zip = new ZipFile(jar.toFile())) {
            byte[] bytes = zip.getInputStream(zip.getEntry("Shapes.class")).readAllBytes();
            assertFalse(ConcatInlining.applies(bytes), "no call site is left for the factory");
        }
        Object thing = new Object() {
            @Override
            public String toString() {
                return "thing";
            }
        };
        Object[] arguments = {true, 'c', (byte) -3, (short) 300, 42, 1L << 40, 1.5f, -2.25, "text", null,
            new char[] {'x'}, thing};
        assertEquals(call(original, "all", arguments), call(jar, "all", arguments));
        assertEquals(call(original, "many", 7, 9L), call(jar, "many", 7, 9L));
        assertEquals("79l1879", call(jar, "many", 7, 9L));

        byte[] once = Files.readAllBytes(jar);
        assertEquals(0, ClassFileUpgrade.upgrade(jar), "nothing left to rewrite");
        assertArrayEquals(once, Files.readAllBytes(jar), "and the jar is left as it was");
    }

    @Test
    void qpidJmsClassesStillPassTheVerifier() throws Exception {
        // By name: the console does not import the AMQP client, even in a test.
        Class<?> factory = Class.forName("org.apache.qpid.jms.JmsConnectionFactory");
        Path original = Path.of(factory.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = dir.resolve("qpid-jms-client.jar");
        Files.copy(original, jar);

        assertTrue(ClassFileUpgrade.upgrade(jar) > 50, "Qpid JMS concatenates strings in well over fifty classes");

        List<String> classes = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                String name = e.getName();
                if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
                    classes.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
                }
            }
        }
        // Qpid JMS's own classes from the rewritten jar, its dependencies from the test's class path;
        // initialising a class links it, and linking runs the verifier on the rewritten code.
        try (URLClassLoader loader = new QpidFirst(jar)) {
            for (String name : classes) {
                try {
                    Class.forName(name, true, loader);
                } catch (VerifyError | ClassFormatError e) {
                    throw new AssertionError(name + " no longer passes the verifier", e);
                } catch (LinkageError e) {
                    // a static initialiser or an optional dependency a test does not have: not the rewrite's
                }
            }
        }
    }

    private Path compiledJar() throws Exception {
        Path src = dir.resolve("Shapes.java");
        Files.writeString(src, SOURCE, StandardCharsets.UTF_8);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d", dir.toString(),
                src.toString());
        assertEquals(0, status, "javac");
        Path jar = dir.resolve("shapes.jar");
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream out = new ZipOutputStream(file)) {
            out.putNextEntry(new ZipEntry("Shapes.class"));
            out.write(Files.readAllBytes(dir.resolve("Shapes.class")));
            out.closeEntry();
        }
        assertTrue(ConcatInlining.applies(Files.readAllBytes(dir.resolve("Shapes.class"))), "javac's default concatenation");
        return jar;
    }

    private static String call(Path jar, String method, Object... arguments) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> shapes = Class.forName("Shapes", true, loader);
            for (Method m : shapes.getMethods()) {
                if (m.getName().equals(method)) {
                    return (String) m.invoke(null, arguments);
                }
            }
            throw new AssertionError("no method " + method);
        }
    }

    /** Loads org.apache.qpid.jms classes from one jar, everything else from the test's class path. */
    private static final class QpidFirst extends URLClassLoader {
        QpidFirst(Path jar) throws Exception {
            super(new URL[] {jar.toUri().toURL()}, ConcatInliningTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.apache.qpid.jms.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }
    }
}
