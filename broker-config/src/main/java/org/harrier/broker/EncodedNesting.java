package org.harrier.broker;

import org.apache.qpid.proton.codec.ReadableBuffer;

/**
 * How deeply the values of an encoded AMQP 1.0 message nest, read off the type codes without
 * decoding anything (AMQP 1.0 part 1, "Types", section 1.6 and the encodings of 1.5: every
 * constructor's upper nibble says how its value is laid out).
 *
 * <p>Every AMQP decoder Harrier's peers use (proton-j under Qpid JMS, proton-c under Python)
 * decodes a list, map, array or described value by recursing into it, so a message whose values
 * nest ten thousand deep overflows the receiver's stack. This walk keeps its own stack of open
 * containers instead, bounded by the limit, so it cannot overflow itself, and it stops as soon as
 * the limit is passed. A list, map, array or described value is one level: a message's sections
 * are described values (level 1), an AmqpValue body's map is level 2, and so on.
 *
 * <p>It also refuses what no decoder could read the same way twice: a type code AMQP does not
 * define, a value running past the end, a container whose size disagrees with its elements, a
 * map with an odd number of items. Pure; each call has its own state.
 */
final class EncodedNesting {
    private static final int NONE = -1;
    private static final int DESCRIBED = 0x00;

    private final ReadableBuffer in;
    private final int limit;
    private final int maxDepth;
    /** Per open container: elements still to read, where its bytes end, whether that end is its own size. */
    private final int[] left;
    private final int[] ends;
    private final boolean[] sized;
    /** Per open array: the constructor every element shares; NONE for lists, maps and described values. */
    private final int[] elementCodes;
    private int depth;
    private int deepest;

    private EncodedNesting(ReadableBuffer encoded, int maxDepth) {
        this.in = encoded.duplicate();
        this.limit = in.limit();
        this.maxDepth = maxDepth;
        this.left = new int[maxDepth + 2];
        this.ends = new int[maxDepth + 2];
        this.sized = new boolean[maxDepth + 2];
        this.elementCodes = new int[maxDepth + 2];
        ends[0] = limit;
    }

    /** Bytes that are not a sequence of well-formed AMQP values; the message says what and where. */
    static final class Malformed extends RuntimeException {
        Malformed(String what, int at) {
            super(what + " at byte " + at, null, false, false);
        }
    }

    /**
     * The deepest nesting among the values from {@code encoded}'s position to its limit, counted
     * up to {@code maxDepth + 1} (where the walk stops); {@code encoded}'s position is left as
     * it was.
     *
     * @throws Malformed the bytes are not well-formed AMQP values
     */
    static int depth(ReadableBuffer encoded, int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1, got " + maxDepth);
        }
        return new EncodedNesting(encoded, maxDepth).walk();
    }

    private int walk() {
        while (deepest <= maxDepth) {
            if (depth == 0) {
                if (in.position() == limit) {
                    return deepest;
                }
                value(u8());
            } else if (left[depth] == 0) {
                if (sized[depth] && in.position() != ends[depth]) {
                    throw new Malformed("a list, map or array whose size says it ends at byte " + ends[depth]
                            + " but whose elements end", in.position());
                }
                depth--;
            } else {
                if (in.position() >= ends[depth]) {
                    throw new Malformed("a container with fewer elements than its count", in.position());
                }
                left[depth]--;
                value(elementCodes[depth] == NONE ? u8() : elementCodes[depth]);
            }
        }
        return deepest;
    }

    /** Reads the value after constructor {@code code}: skips a primitive, opens a container. */
    private void value(int code) {
        switch (code) {
            case DESCRIBED -> open(2, ends[depth], false, NONE);
            case 0x40, 0x41, 0x42, 0x43, 0x44, 0x45 -> { }
            case 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56 -> skip(1);
            case 0x60, 0x61 -> skip(2);
            case 0x70, 0x71, 0x72, 0x73, 0x74 -> skip(4);
            case 0x80, 0x81, 0x82, 0x83, 0x84 -> skip(8);
            case 0x94, 0x98 -> skip(16);
            case 0xa0, 0xa1, 0xa3 -> skip(u8());
            case 0xb0, 0xb1, 0xb3 -> skip(u32());
            case 0xc0, 0xc1 -> compound(code, u8(), true);
            case 0xd0, 0xd1 -> compound(code, u32(), false);
            case 0xe0 -> array(u8(), true);
            case 0xf0 -> array(u32(), false);
            default -> throw new Malformed(String.format("0x%02x, which is no AMQP type code,", code), in.position() - 1);
        }
    }

    /** A list (0xc0, 0xd0) or map (0xc1, 0xd1): its size counts the bytes after the size field. */
    private void compound(int code, int size, boolean small) {
        int end = endAfter(size);
        int count = small ? u8() : u32();
        if ((code & 0x0f) == 0x01 && count % 2 != 0) {
            throw new Malformed("a map with an odd number of items (" + count + ")", in.position());
        }
        open(count, end, true, NONE);
    }

    /**
     * An array: count elements sharing one constructor, which may be described (0x00, a symbol
     * or ulong descriptor, then the primitive code). Elements of a fixed width are skipped in one
     * step: an array of a million nulls is no loop of a million turns.
     */
    private void array(int size, boolean small) {
        int end = endAfter(size);
        int count = small ? u8() : u32();
        int code = u8();
        if (code == DESCRIBED) {
            int descriptor = u8();
            switch (descriptor) {
                case 0x44 -> { }
                case 0x53 -> skip(1);
                case 0x80 -> skip(8);
                case 0xa3 -> skip(u8());
                case 0xb3 -> skip(u32());
                default -> throw new Malformed("an array whose descriptor is not a symbol or ulong", in.position() - 1);
            }
            code = u8();
        }
        int width = fixedWidth(code);
        if (width >= 0) {
            deepest = Math.max(deepest, depth + 1);
            if ((long) count * width != end - in.position()) {
                throw new Malformed("an array of " + count + " values of " + width + " bytes in "
                        + (end - in.position()) + " bytes", in.position());
            }
            in.position(end);
            return;
        }
        if (code == DESCRIBED) {
            throw new Malformed("an array of described values whose constructor is described again", in.position() - 1);
        }
        open(count, end, true, code);
    }

    /** The width of a fixed-width value after {@code code}; -1 for variable-width and compound codes. */
    private static int fixedWidth(int code) {
        return switch (code) {
            case 0x40, 0x41, 0x42, 0x43, 0x44, 0x45 -> 0;
            case 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56 -> 1;
            case 0x60, 0x61 -> 2;
            case 0x70, 0x71, 0x72, 0x73, 0x74 -> 4;
            case 0x80, 0x81, 0x82, 0x83, 0x84 -> 8;
            case 0x94, 0x98 -> 16;
            default -> -1;
        };
    }

    private void open(int count, int end, boolean ownSize, int elementCode) {
        depth++;
        deepest = Math.max(deepest, depth);
        if (depth > maxDepth) {
            return;
        }
        left[depth] = count;
        ends[depth] = end;
        sized[depth] = ownSize;
        elementCodes[depth] = elementCode;
    }

    private int endAfter(int size) {
        long end = (long) in.position() + size;
        if (end > ends[depth]) {
            throw new Malformed("a value of " + size + " bytes running past the end of what holds it", in.position());
        }
        return (int) end;
    }

    private void skip(int n) {
        if (n > limit - in.position()) {
            throw new Malformed("a value of " + n + " bytes running past the end", in.position());
        }
        in.position(in.position() + n);
    }

    private int u8() {
        if (in.position() >= limit) {
            throw new Malformed("a value cut short", in.position());
        }
        return in.get() & 0xff;
    }

    /** An unsigned 32-bit size or count; one beyond an int's range is past any message's end. */
    private int u32() {
        if (limit - in.position() < 4) {
            throw new Malformed("a value cut short", in.position());
        }
        int v = in.getInt();
        if (v < 0) {
            throw new Malformed("a size or count of " + Integer.toUnsignedString(v) + ", beyond any message,", in.position() - 4);
        }
        return v;
    }
}
