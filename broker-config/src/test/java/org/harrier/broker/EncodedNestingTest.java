package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.amqp.UnsignedInteger;
import org.apache.qpid.proton.amqp.UnsignedLong;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Footer;
import org.apache.qpid.proton.amqp.messaging.MessageAnnotations;
import org.apache.qpid.proton.amqp.messaging.Properties;
import org.apache.qpid.proton.codec.ReadableBuffer;
import org.apache.qpid.proton.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(10)
class EncodedNestingTest {
    /** A message's sections begin with a described constructor: 0x00, the descriptor, the value. */
    private static final int[] AMQP_VALUE = {0x00, 0x53, 0x77};
    private static final int[] APPLICATION_PROPERTIES = {0x00, 0x53, 0x74};

    /** A QMF method request as Qpid JMS sends one, with every kind of value a peer might add. */
    @Test
    void aRealMessageIsWalkedToItsDeepestValue() {
        Message m = Message.Factory.create();
        Properties properties = new Properties();
        properties.setCorrelationId("42");
        properties.setReplyTo("uuid.reply");
        properties.setCreationTime(new Date(1_700_000_000_000L));
        m.setProperties(properties);
        m.setMessageAnnotations(new MessageAnnotations(Map.of(Symbol.valueOf("x-opt-jms-msg-type"), (byte) 1)));
        m.setApplicationProperties(new ApplicationProperties(Map.of("qmf.opcode", "_method_request",
                "x-amqp-0-10.app-id", "qmf2")));
        Map<String, Object> typed = Map.of("TYPE", "INTEGER", "VALUE", "5");
        Map<String, Object> ad = new LinkedHashMap<>();
        ad.put("JobUniverse", typed);
        ad.put("Cmd", "/bin/sleep");
        ad.put("Data", new Binary(new byte[5000]));
        ad.put("Id", UUID.randomUUID());
        ad.put("Count", UnsignedInteger.valueOf(3));
        ad.put("Big", UnsignedLong.valueOf(1L << 40));
        ad.put("Real", 1.5);
        ad.put("Flags", new Symbol[] {Symbol.valueOf("a"), Symbol.valueOf("b")});
        ad.put("Numbers", new Integer[] {1, 2, 3});
        ad.put("Nothing", null);
        ad.put("Items", List.of(1L, "two", List.of(3L)));
        m.setBody(new AmqpValue(Map.of("_object_id", Map.of("_object_name", "scheduler:s"),
                "_method_name", "Submit", "_arguments", Map.of("Ad", ad))));
        m.setFooter(new Footer(Map.of(Symbol.valueOf("sum"), "x")));
        // the section, the body map, _arguments, Ad, Items, and the list inside Items
        assertEquals(6, EncodedNesting.depth(encoded(m), 64));
    }

    @ParameterizedTest(name = "{0} nested maps")
    @ValueSource(ints = {1, 10, 63})
    void nestedMapsCountOneLevelEachBelowTheirSection(int maps) {
        assertEquals(maps + 1, EncodedNesting.depth(wrap(concat(AMQP_VALUE, nestedMaps(maps))), 64));
    }

    @Test
    void tenThousandNestedMapsStopTheWalkPastTheLimit() {
        assertEquals(65, EncodedNesting.depth(wrap(concat(AMQP_VALUE, nestedMaps(10_000))), 64));
    }

    @Test
    void nestingInApplicationPropertiesCountsToo() {
        assertEquals(65, EncodedNesting.depth(wrap(concat(APPLICATION_PROPERTIES, nestedMaps(100))), 64));
    }

    @Test
    void describedValuesNestedInTheirDescriptorsCount() {
        byte[] chain = new byte[10_000];
        assertEquals(65, EncodedNesting.depth(wrap(chain), 64));
    }

    @Test
    void listsAndArraysOfArraysCount() {
        // list32 holding one list32 ... holding list0
        byte[] lists = new byte[100 * 9 + 1];
        ByteBuffer b = ByteBuffer.wrap(lists);
        for (int level = 100; level >= 1; level--) {
            b.put((byte) 0xd0).putInt(4 + (level - 1) * 9 + 1).putInt(1);
        }
        b.put((byte) 0x45);
        assertEquals(65, EncodedNesting.depth(wrap(lists), 64));
        // array32 of one array32 of one ... of an empty array of ints: 100 arrays; an element of an
        // array of arrays has no constructor of its own (9 bytes: size, count, shared constructor)
        ByteBuffer a = ByteBuffer.allocate(1 + 4 + 5 + 9 * 99);
        a.put((byte) 0xf0).putInt(5 + 9 * 99).putInt(1).put((byte) 0xf0);
        for (int k = 99; k >= 2; k--) {
            a.putInt(9 * k - 4).putInt(1).put((byte) 0xf0);
        }
        a.putInt(5).putInt(0).put((byte) 0x71);
        byte[] arrays = a.array();
        assertEquals(65, EncodedNesting.depth(wrap(arrays), 64));
    }

    @Test
    void anArrayOfManyFixedWidthValuesIsSkippedInOneStep() {
        ByteBuffer b = ByteBuffer.allocate(1 + 4 + 4 + 1 + 4 * 1_000_000);
        b.put((byte) 0xf0).putInt(4 + 1 + 4 * 1_000_000).putInt(1_000_000).put((byte) 0x71);
        assertEquals(1, EncodedNesting.depth(wrap(b.array()), 64));
    }

    @Test
    void theCallersPositionIsLeftAsItWas() {
        ReadableBuffer buffer = wrap(concat(AMQP_VALUE, nestedMaps(3)));
        buffer.position(3);
        EncodedNesting.depth(buffer, 64);
        assertEquals(3, buffer.position());
    }

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', value = {
        "an undefined type code            | 00 53 77 46                   | 0x46, which is no AMQP type code, at byte 3",
        "a string cut short                | a1 05 61 62                   | a value of 5 bytes running past the end at byte 2",
        "a size field cut short            | b1 00 00                      | a value cut short at byte 1",
        "a map of an odd number of items   | c1 03 01 a1 00                | a map with an odd number of items (1)",
        "a list counting more than it has  | c0 02 05 40                   | a container with fewer elements than its count",
        "a list whose size is too large    | c0 03 01 40 40                | size says it ends at byte 5 but whose elements end at byte 4",
        "a list running past its parent    | c0 03 01 c0 05 01 40 40 40    | running past the end of what holds it",
        "a count beyond any message        | d0 00 00 00 04 ff ff ff ff    | a size or count of 4294967295",
        "nulls that do not fill an array   | e0 05 7f 40 40 40 40          | an array of 127 values of 0 bytes in 3 bytes",
        "an array with a map descriptor    | e0 04 01 00 c1 01 00 71       | descriptor is not a symbol or ulong",
    })
    void malformedEncodingsAreRefusedSayingWhatAndWhere(String what, String hex, String message) {
        EncodedNesting.Malformed e = assertThrows(EncodedNesting.Malformed.class,
                () -> EncodedNesting.depth(wrap(bytes(hex)), 64));
        assertTrue(e.getMessage().contains(message.trim()), e.getMessage());
    }

    /**
     * {@code maps} maps, each but the innermost (empty) holding the next under key "a" (map32, as
     * a client encodes a deep value): written front to back, since each size counts what follows.
     */
    static byte[] nestedMaps(int maps) {
        int inner = 3;
        int wrapper = 1 + 4 + 4 + 3;
        ByteBuffer b = ByteBuffer.allocate((maps - 1) * wrapper + inner);
        for (int level = maps; level >= 2; level--) {
            b.put((byte) 0xd1).putInt(4 + 3 + (level - 2) * wrapper + inner).putInt(2);
            b.put((byte) 0xa1).put((byte) 1).put((byte) 'a');
        }
        b.put((byte) 0xc1).put((byte) 1).put((byte) 0);
        return b.array();
    }

    private static ReadableBuffer encoded(Message m) {
        byte[] buffer = new byte[1 << 16];
        int length = m.encode(buffer, 0, buffer.length);
        return ReadableBuffer.ByteBufferReader.wrap(ByteBuffer.wrap(buffer, 0, length).slice());
    }

    private static ReadableBuffer wrap(byte[] bytes) {
        return ReadableBuffer.ByteBufferReader.wrap(bytes);
    }

    private static byte[] concat(int[] head, byte[] tail) {
        byte[] all = new byte[head.length + tail.length];
        for (int i = 0; i < head.length; i++) {
            all[i] = (byte) head[i];
        }
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static byte[] bytes(String hex) {
        String[] parts = hex.trim().split("\\s+");
        byte[] b = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            b[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return b;
    }
}
