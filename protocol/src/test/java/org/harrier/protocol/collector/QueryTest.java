package org.harrier.protocol.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** collector.Query as both ends write and read it. */
class QueryTest {
    @Test
    void absentConstraintAndProjectionAreLeftOutAndReadBackAsAbsent() {
        Map<String, Object> wire = Query.METHOD.writeRequest(Query.all("slot"));

        assertEquals(Map.of("AdType", "slot"), wire);
        assertEquals(Query.all("slot"), Query.METHOD.readRequest(wire));
    }

    @Test
    void projectionNamesAreTrimmedAndAnItemThatIsNotANameIsNamedByItsPosition() {
        assertEquals(List.of("Name", "Cpus"), new Query("slot", null, List.of(" Name", "Cpus ")).projection());
        assertEquals("Projection item 2 must be an attribute name, got '7'", assertThrows(IllegalArgumentException.class,
                () -> Query.METHOD.readRequest(Map.of("AdType", "slot", "Projection", List.of("Name", 7L)))).getMessage());
        assertEquals("Projection item 1 must be an attribute name, got ' '", assertThrows(IllegalArgumentException.class,
                () -> new Query("slot", null, List.of(" "))).getMessage());
    }
}
