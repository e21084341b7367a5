package org.harrier.console.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdJsonTest {
    @Test
    void adsBecomeAnArrayOfObjectsInAttributeOrder() {
        assertEquals("""
                [
                  {
                    "ClusterId": 12,
                    "ProcId": 0,
                    "Owner": "bob",
                    "QDate": 1733043900,
                    "JobStatus": 5,
                    "JobPrio": 10,
                    "MemoryUsage": 128,
                    "Cmd": "/home/bob/analyse",
                    "Arguments": "--all data.csv"
                  }
                ]
                """, AdJson.array(List.of(Fixtures.jobs().get(0))));
    }

    @Test
    void noAdsIsAnEmptyArray() {
        assertEquals("[]\n", AdJson.array(List.of()));
    }

    @ParameterizedTest(name = "{0} is written as {1}")
    @CsvSource(delimiter = '|', value = {
        "7                      | 7",
        "2.5                    | 2.5",
        "\"x \\\"q\\\" /\"      | \"x \\\"q\\\" /\"",
        "true                   | true",
        "undefined              | null",
        "{ 1, \"a\", x + 1 }    | [1,\"a\",\"/Expr(x + 1)/\"]",
        "[ c = 1; d = c ]       | {\"c\":1,\"d\":\"/Expr(c)/\"}",
        "TARGET.Memory >= 1024  | \"/Expr(TARGET.Memory >= 1024)/\"",
        "error                  | \"/Expr(error)/\"",
        "real(\"INF\")          | \"/Expr(real(\\\"INF\\\"))/\"",
    })
    void valuesAreJsonAndExpressionsAreMarked(String classAd, String json) throws Exception {
        String written = AdJson.array(List.of(ClassAd.parse("[ v = " + classAd + " ]")));
        JsonNode v = new ObjectMapper().readTree(written).get(0).get("v");
        assertEquals(json, v.toString());
    }
}
