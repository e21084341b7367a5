package org.harrier.console;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the class files of a library jar for the startup archive, in place; the classes behave
 * as before. Run at package time on jars in {@code console/target/lib}, before
 * {@link StartupTraining} (benchmarks/README.md, "Starting a command"):
 * <ul>
 *   <li>a class file older than Java 8 becomes a Java 8 class file, with the stack map frames the
 *       JVM's type-checking verifier needs, computed by ASM. picocli is compiled for Java 5, and
 *       class-data sharing keeps no class older than Java 6 nor one that needs the old verifier,
 *       so every command read and verified its 170 classes anew (about 0.07 s of CPU); upgraded,
 *       they go into the archive like every other class, already parsed and verified;
 *   <li>string concatenation by {@code invokedynamic} becomes {@code StringBuilder} calls
 *       ({@link ConcatInlining}): Qpid JMS's otherwise spins method-handle classes, which no
 *       archive holds, on the connecting thread of every command.
 * </ul>
 *
 * <p>The jar is replaced whole (written beside it, then renamed), and one with nothing left to
 * rewrite is left alone, so a build that changed nothing neither rewrites it nor invalidates the
 * archive. It runs only in the build (its ASM is not among the command's jars). Single-threaded.
 */
public final class ClassFileUpgrade {
    /** Class files before this version have no stack map frames. */
    private static final int TARGET = Opcodes.V1_8;

    private ClassFileUpgrade() {
    }

    /** {@code ClassFileUpgrade JAR...}: upgrades each JAR in place. */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: ClassFileUpgrade JAR... (rewritten in place)");
        }
        for (String arg : args) {
            Path jar = Path.of(arg).toAbsolutePath();
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("no jar at " + jar);
            }
            int upgraded = upgrade(jar);
            System.out.println(jar.getFileName() + ": " + (upgraded == 0 ? "nothing to upgrade (done already)"
                    : upgraded + " class files upgraded (Java 8 with stack map frames, string concatenation inlined)"));
        }
    }

    /** Upgrades {@code jar} in place; returns how many class files were rewritten (0: the jar is untouched). */
    static int upgrade(Path jar) throws IOException {
        Path next = jar.resolveSibling(jar.getFileName() + ".upgrading");
        int upgraded = 0;
        // Frames merge types at branches, which needs their common superclass: the jar's own
        // classes and the JDK's platform modules are all it refers to.
        try (URLClassLoader types = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
             ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             OutputStream file = Files.newOutputStream(next);
             ZipOutputStream out = new ZipOutputStream(file)) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                byte[] bytes = in.readAllBytes();
                boolean old = isClassBelowTarget(e.getName(), bytes);
                if (old) {
                    bytes = upgrade(bytes, types);
                }
                boolean concat = isClass(e.getName(), bytes) && ConcatInlining.applies(bytes);
                if (concat) {
                    bytes = ConcatInlining.rewrite(bytes);
                }
                if (old || concat) {
                    upgraded++;
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        }
        if (upgraded == 0) {
            Files.delete(next);
        } else {
            Files.move(next, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return upgraded;
    }

    /** A class file (not a module descriptor) whose major version is below {@link #TARGET}. */
    private static boolean isClassBelowTarget(String name, byte[] bytes) {
        if (!isClass(name, bytes)) {
            return false;
        }
        int major = ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
        return major < TARGET;
    }

    private static boolean isClass(String name, byte[] bytes) {
        return name.endsWith(".class") && !name.endsWith("module-info.class") && bytes.length >= 8;
    }

    private static byte[] upgrade(byte[] classFile, ClassLoader types) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return types;
            }
        };
        ClassVisitor version = new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int v, int access, String name, String signature, String superName, String[] interfaces) {
                super.visit(TARGET, access, name, signature, superName, interfaces);
            }
        };
        new ClassReader(classFile).accept(version, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
