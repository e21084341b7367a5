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
 * Rewrites the class files of a jar older than Java 8 as Java 8 class files, with the stack map
 * frames the JVM's type-checking verifier needs, computed by ASM; nothing else in them changes.
 * Run at package time on {@code console/target/lib/picocli-*.jar}, before {@link StartupTraining}:
 * picocli is compiled for Java 5, and class-data sharing keeps no class older than Java 6 nor one
 * that needs the old verifier, so every command read and verified its 170 classes anew (about
 * 0.07 s of CPU; benchmarks/README.md, "Starting a command"). Upgraded, they go into the startup
 * archive like every other class, already parsed and verified.
 *
 * <p>The jar is replaced whole (written beside it, then renamed), and one already upgraded is left
 * alone, so a build that changed nothing neither rewrites it nor invalidates the archive. It runs
 * only in the build (its ASM is not among the command's jars). Single-threaded.
 */
public final class ClassFileUpgrade {
    /** Class files before this version have no stack map frames. */
    private static final int TARGET = Opcodes.V1_8;

    private ClassFileUpgrade() {
    }

    /** {@code ClassFileUpgrade JAR}: upgrades JAR in place. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ClassFileUpgrade JAR (rewritten in place)");
        }
        Path jar = Path.of(args[0]).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("no jar at " + jar);
        }
        int upgraded = upgrade(jar);
        System.out.println(jar.getFileName() + ": " + (upgraded == 0 ? "class files are Java 8 or later already"
                : upgraded + " class files upgraded to Java 8 with stack map frames"));
    }

    /** Upgrades {@code jar} in place; returns how many class files were upgraded (0: the jar is untouched). */
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
                if (isClassBelowTarget(e.getName(), bytes)) {
                    bytes = upgrade(bytes, types);
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
        if (!name.endsWith(".class") || name.endsWith("module-info.class") || bytes.length < 8) {
            return false;
        }
        int major = ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
        return major < TARGET;
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
