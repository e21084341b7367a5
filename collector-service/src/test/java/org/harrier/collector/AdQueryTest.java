package org.harrier.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.harrier.protocol.AdMaps;
import org.harrier.protocol.collector.Query;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** collector.Query: AdType, a ClassAd Constraint per ad, a Projection of attribute names. */
class AdQueryTest {
    private final AdStore store = new AdStore(Duration.ofSeconds(15));

    @BeforeEach
    void pool() {
        Instant now = Instant.parse("2026-11-21T10:00:00Z");
        store.apply(DataIndication.slot("slot1@a").with("Cpus", 4L).with("Memory", 8192L).with("State", "Unclaimed")
                .withExpr("Start", "KeyboardIdle > 15 * 60").data(), now);
        store.apply(DataIndication.slot("slot2@a").with("Cpus", 1L).with("Memory", 1024L).with("State", "Claimed").data(), now);
        store.apply(DataIndication.slot("slot1@b").with("Cpus", 2L).with("State", "Owner").data(), now);
        store.apply(DataIndication.submitter("alice@s").with("IdleJobs", 3L).data(), now);
    }

    /** The query as the collector object reads its arguments; the ads in the native map form, as answered. */
    private List<Map<String, Object>> query(Map<String, Object> arguments) {
        return store.query(read(arguments)).stream().map(AdMaps::toNative).toList();
    }

    private static AdQuery read(Map<String, Object> arguments) {
        return AdQuery.of(Query.METHOD.readRequest(arguments));
    }

    private static Map<String, Object> args(String type, String constraint, List<?> projection) {
        Map<String, Object> m = new HashMap<>();
        m.put("AdType", type);
        if (constraint != null) {
            m.put("Constraint", constraint);
        }
        if (projection != null) {
            m.put("Projection", projection);
        }
        return m;
    }

    private static List<Object> names(List<Map<String, Object>> ads) {
        return ads.stream().map(a -> a.get("Name")).toList();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
            "Cpus >= 2                              | slot1@a slot1@b",
            "State == \"claimed\"                   | slot2@a",
            "Memory > 2000                          | slot1@a",
            "NoSuchAttribute > 1                    | ''",
            "NoSuchAttribute =?= undefined          | slot1@a slot1@b slot2@a",
            "Cpus                                   | slot1@a slot1@b slot2@a",
            "\"text is not true\"                   | ''",
            "regexp(\"^slot1\", Name)               | slot1@a slot1@b",
            "''                                     | slot1@a slot1@b slot2@a",
    })
    void theConstraintSelectsAdsForWhichItIsTrue(String constraint, String expected) {
        List<Object> want = expected.isEmpty() ? List.of() : List.copyOf(Arrays.asList((Object[]) expected.split(" ")));
        assertEquals(want, names(query(args("slot", constraint, null))));
    }

    @Test
    void withoutAConstraintEveryAdOfTheTypeComesBackWhole() {
        List<Map<String, Object>> ads = query(args("Machine", null, null));

        assertEquals(List.of("slot1@a", "slot1@b", "slot2@a"), names(ads));
        Map<String, Object> first = ads.get(0);
        assertEquals(4L, first.get("Cpus"));
        assertEquals("KeyboardIdle > 15 * 60", first.get("Start"));
        assertEquals(Map.of("Start", "com.redhat.grid.Expression"), first.get("!!descriptors"));
    }

    @Test
    void theProjectionKeepsOnlyTheNamedAttributesInAnyCase() {
        List<Map<String, Object>> ads = query(args("slot", "Name == \"slot1@a\"", List.of("name", "CPUS", "Missing")));

        assertEquals(List.of(Map.of("Name", "slot1@a", "Cpus", 4L)), ads);
    }

    @Test
    void otherTypesAreQueriedByTheirOwnName() {
        assertEquals(List.of("alice@s"), names(query(args("submitter", "IdleJobs > 0", null))));
        assertEquals(List.of(), query(args("Schedd", null, null)));
    }

    static Stream<Arguments> badConstraints() {
        return Stream.of(
                Arguments.of("Cpus >=", "line 1, column 8"),
                Arguments.of("(Cpus > 2", "line 1, column 10"),
                Arguments.of("Cpus > 2 &&\nMemory >", "line 2, column 9"),
                Arguments.of("Cpus > 2 ]", "line 1, column 10"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("badConstraints")
    void aConstraintThatDoesNotParseIsABadParameterNamingLineAndColumn(String constraint, String where) {
        CollectorFailure e = assertThrows(CollectorFailure.Invalid.class, () -> read(args("slot", constraint, null)));

        assertTrue(e.getMessage().startsWith("Constraint is not a valid ClassAd expression: " + where), e.getMessage());
    }

    @Test
    void anUnknownAdTypeIsABadParameterListingTheTypes() {
        CollectorFailure e = assertThrows(CollectorFailure.Invalid.class, () -> read(args("job", null, null)));

        assertTrue(e.getMessage().contains("slot") && e.getMessage().contains("'job'"), e.getMessage());
    }

    @Test
    void aProjectionItemThatIsNotANameIsABadParameter() {
        // A bad argument is an IllegalArgumentException, which the collector object answers as BAD_PARAMETER.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> read(args("slot", null, List.of("Name", 7L))));

        assertTrue(e.getMessage().contains("Projection item 2"), e.getMessage());
    }

    @Test
    void aMissingAdTypeIsABadParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(Map.of()));
        assertTrue(e.getMessage().contains("AdType"), e.getMessage());
    }
}
