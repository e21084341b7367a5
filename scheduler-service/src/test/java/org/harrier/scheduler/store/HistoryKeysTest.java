package org.harrier.scheduler.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.harrier.classad.Expr;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which jobs a history constraint can select, read from its text: always a superset of what it
 * selects, and named clusters only when every way for it to be true names one.
 */
class HistoryKeysTest {
    private static final List<int[]> JOBS = List.of(new int[] {12, 0}, new int[] {12, 3}, new int[] {13, 2},
            new int[] {13, 0}, new int[] {14, 0});

    /** The jobs of {@link #JOBS} admitted, as "12.0 13.2", or "any" when the keys name no cluster. */
    private static String admitted(String constraint) {
        HistoryKeys keys = HistoryKeys.of(Expr.parse(constraint));
        StringBuilder s = new StringBuilder(keys.named() ? "" : "any:");
        for (int[] j : JOBS) {
            if (keys.admits(j[0], j[1])) {
                s.append(s.length() == 0 || s.toString().endsWith(":") ? "" : " ").append(j[0]).append('.').append(j[1]);
            }
        }
        return s.toString();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ';', value = {
        "ClusterId == 12                                    ; 12.0 12.3",
        "ClusterId == 12 && ProcId == 3                     ; 12.3",
        "clusterid =?= 13 && procid == 2                    ; 13.2",
        "12 == ClusterId                                    ; 12.0 12.3",
        "(ClusterId == 12 && ProcId == 0) || ClusterId == 13 ; 12.0 13.2 13.0",
        "(ClusterId == 12 || ClusterId == 14) && Owner == \"alice\" ; 12.0 12.3 14.0",
        "ProcId == 0 && ClusterId == 13                     ; 13.0",
        "ClusterId == 12 && ClusterId == 13                 ; ''",
        "ClusterId == 5000000000                            ; ''",
        "Owner == \"alice\"                                 ; any:12.0 12.3 13.2 13.0 14.0",
        "ClusterId == 12 || Owner == \"alice\"              ; any:12.0 12.3 13.2 13.0 14.0",
        "ProcId == 0                                        ; any:12.0 13.0 14.0",
        "ClusterId != 12                                    ; any:12.0 12.3 13.2 13.0 14.0",
        "MY.ClusterId == 12                                 ; any:12.0 12.3 13.2 13.0 14.0",
        "ClusterId == 12.0                                  ; any:12.0 12.3 13.2 13.0 14.0",
    })
    void aConstraintAdmitsEveryJobItCanSelect(String constraint, String admitted) {
        assertEquals(admitted, admitted(constraint));
    }
}
