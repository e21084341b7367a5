package org.harrier.console;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a class file's string concatenations ({@code invokedynamic} to
 * {@code StringConcatFactory}, javac's default since Java 9) as the {@code StringBuilder} calls
 * javac emits with {@code -XDstringConcat=inline}. Each new shape of concatenation otherwise has
 * the JVM spin method-handle classes the first time it runs, which the startup archive cannot
 * hold: Qpid JMS's connection set-up spun some forty of them in every command
 * (benchmarks/README.md, "Starting a command"). The result is the same string: each argument
 * goes through {@code String.valueOf} in order, as the bootstrap method's recipe lays out.
 *
 * <p>The arguments, on the operand stack, are stored into new locals above the method's own, then
 * appended. No branch is added, so the class file's stack map frames stay valid (a frame that
 * names fewer locals leaves the new ones unused); the maximum stack and locals are recomputed.
 * A call site whose recipe holds a constant other than a string is left as it is.
 */
final class ConcatInlining {
    private static final String FACTORY = "java/lang/invoke/StringConcatFactory";
    private static final String BUILDER = "java/lang/StringBuilder";
    private static final char ARGUMENT = '\u0001';
    private static final char CONSTANT = '\u0002';

    private ConcatInlining() {
    }

    /** Whether the class file refers to the concatenation factory at all (its constant pool names it). */
    static boolean applies(byte[] classFile) {
        return new String(classFile, StandardCharsets.ISO_8859_1).contains(FACTORY);
    }

    static byte[] rewrite(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        Map<String, Integer> maxLocals = new HashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMaxs(int maxStack, int locals) {
                        maxLocals.put(name + descriptor, locals);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG);
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                Integer locals = maxLocals.get(name + descriptor);
                return locals == null ? next : new Site(next, locals);
            }
        }, 0);
        return writer.toByteArray();
    }

    /** One method: each concatenation site rewritten with locals from {@code firstFree} up. */
    private static final class Site extends MethodVisitor {
        private final int firstFree;

        Site(MethodVisitor next, int firstFree) {
            super(Opcodes.ASM9, next);
            this.firstFree = firstFree;
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            String recipe = recipe(descriptor, bootstrap, arguments);
            if (recipe == null) {
                super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
                return;
            }
            Type[] types = Type.getArgumentTypes(descriptor);
            int[] slots = new int[types.length];
            int next = firstFree;
            for (int i = 0; i < types.length; i++) {
                slots[i] = next;
                next += types[i].getSize();
            }
            for (int i = types.length - 1; i >= 0; i--) { // the last argument is on top
                super.visitVarInsn(types[i].getOpcode(Opcodes.ISTORE), slots[i]);
            }
            super.visitTypeInsn(Opcodes.NEW, BUILDER);
            super.visitInsn(Opcodes.DUP);
            super.visitMethodInsn(Opcodes.INVOKESPECIAL, BUILDER, "<init>", "()V", false);
            StringBuilder text = new StringBuilder();
            int argument = 0;
            int constant = 1;
            for (char c : recipe.toCharArray()) {
                if (c == ARGUMENT) {
                    appendText(text);
                    Type t = types[argument];
                    super.visitVarInsn(t.getOpcode(Opcodes.ILOAD), slots[argument++]);
                    super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "append", "(" + appended(t) + ")L" + BUILDER + ";", false);
                } else if (c == CONSTANT) {
                    text.append((String) arguments[constant++]);
                } else {
                    text.append(c);
                }
            }
            appendText(text);
            super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "toString", "()Ljava/lang/String;", false);
        }

        private void appendText(StringBuilder text) {
            if (!text.isEmpty()) {
                super.visitLdcInsn(text.toString());
                super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, BUILDER, "append", "(Ljava/lang/String;)L" + BUILDER + ";", false);
                text.setLength(0);
            }
        }

        /**
         * The recipe of a concatenation site (an argument's place marked \1, a constant's \2), or
         * null for any other call site or one this rewrite does not take.
         */
        private static String recipe(String descriptor, Handle bootstrap, Object[] arguments) {
            if (!bootstrap.getOwner().equals(FACTORY)) {
                return null;
            }
            if (bootstrap.getName().equals("makeConcat")) {
                return String.valueOf(ARGUMENT).repeat(Type.getArgumentTypes(descriptor).length);
            }
            if (!bootstrap.getName().equals("makeConcatWithConstants") || arguments.length == 0
                    || !(arguments[0] instanceof String recipe)) {
                return null;
            }
            for (int i = 1; i < arguments.length; i++) {
                if (!(arguments[i] instanceof String)) {
                    return null;
                }
            }
            return recipe;
        }

        /** The append overload String.valueOf would pick: arrays and other objects as Object (a char[] too). */
        private static String appended(Type t) {
            return switch (t.getSort()) {
                case Type.BOOLEAN -> "Z";
                case Type.CHAR -> "C";
                case Type.BYTE, Type.SHORT, Type.INT -> "I";
                case Type.LONG -> "J";
                case Type.FLOAT -> "F";
                case Type.DOUBLE -> "D";
                default -> t.getDescriptor().equals("Ljava/lang/String;") ? "Ljava/lang/String;" : "Ljava/lang/Object;";
            };
        }
    }
}
