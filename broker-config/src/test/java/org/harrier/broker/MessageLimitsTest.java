package org.harrier.broker;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The plugin's properties as broker.xml gives them; the refusals themselves are bus's HostileMessagesTest. */
class MessageLimitsTest {
    @Test
    void withoutPropertiesTheDefaultsHold() {
        MessageLimits limits = new MessageLimits();
        limits.init(Map.of());
        assertAll(() -> assertEquals(16L * 1024 * 1024, limits.maxMessageSize()),
                () -> assertEquals(64, limits.maxNesting()));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"max-message-size, 32MiB, 33554432", "max-message-size, 1048576, 1048576",
            "max-nesting, 128, 128", "max-nesting, ' 8 ', 8"})
    void eachPropertySetsItsLimit(String key, String value, long expected) {
        MessageLimits limits = new MessageLimits();
        limits.init(Map.of(key, value));
        assertEquals(expected, key.equals("max-nesting") ? limits.maxNesting() : limits.maxMessageSize());
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "max-message-size | lots  | max-message-size must be a size of at least 1KiB (e.g. 16MiB), got 'lots'",
        "max-message-size | 100   | max-message-size must be a size of at least 1KiB",
        "max-nesting      | 7     | max-nesting must be a whole number from 8 to 1000, got '7'",
        "max-nesting      | deep  | max-nesting must be a whole number from 8 to 1000, got 'deep'",
        "maxNesting       | 64    | MessageLimits has no property 'maxNesting'; it takes max-message-size and max-nesting",
    })
    void aBadPropertyIsRefusedNamingIt(String key, String value, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MessageLimits().init(Map.of(key, value)));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }
}
