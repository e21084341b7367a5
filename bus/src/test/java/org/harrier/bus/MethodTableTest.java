package org.harrier.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.AdMaps;
import org.harrier.protocol.scheduler.SubmitCluster;
import org.junit.jupiter.api.Test;

/** A method table reads the request record, answers the handler's result, and translates failures once. */
class MethodTableTest {
    private static final ClassAd JOB = ClassAd.parse("[ Cmd = \"/bin/true\"; Owner = \"u\" ]");

    private final MethodTable table = new MethodTable("scheduler", t -> new QmfException(QmfException.WRONG_STATE, "domain: " + t.getMessage()))
            .on(SubmitCluster.METHOD, (request, context) -> {
                if (request.count() == 13) {
                    return CompletableFuture.failedFuture(new IllegalStateException("unlucky"));
                }
                return CompletableFuture.completedFuture(new SubmitCluster.Submitted(request.count() + request.itemData().size()));
            });

    @Test
    void theHandlerReceivesTheRecordAndItsAnswerIsWrittenAsOutputArguments() throws Exception {
        Map<String, Object> args = SubmitCluster.METHOD.writeRequest(new SubmitCluster(JOB, 3, List.of(JOB)));
        Map<String, Object> out = table.invoke("SubmitCluster", args, RequestContext.LOCAL).toCompletableFuture().get();
        assertEquals(Map.of("ClusterId", 4L), out);
        assertEquals(new SubmitCluster.Submitted(4), SubmitCluster.METHOD.readAnswer(out));
    }

    @Test
    void aMissingArgumentIsABadParameterNamingIt() {
        QmfException e = failure(table.invoke("SubmitCluster", Map.of("Ad", AdMaps.toNative(JOB)), RequestContext.LOCAL));
        assertEquals(QmfException.BAD_PARAMETER, e.code());
        assertTrue(e.getMessage().contains("'Count'"), e.getMessage());
    }

    @Test
    void anItemThatIsNotAMapIsABadParameterNamingTheItem() {
        QmfException e = failure(table.invoke("SubmitCluster",
                Map.of("Ad", AdMaps.toNative(JOB), "Count", 1L, "ItemData", List.of("x")), RequestContext.LOCAL));
        assertEquals(QmfException.BAD_PARAMETER, e.code());
        assertTrue(e.getMessage().contains("ItemData[0]"), e.getMessage());
    }

    @Test
    void aDomainFailureIsTranslatedByTheServicesOneMapping() {
        QmfException e = failure(table.invoke("SubmitCluster", Map.of("Ad", AdMaps.toNative(JOB), "Count", 13L), RequestContext.LOCAL));
        assertEquals(QmfException.WRONG_STATE, e.code());
        assertEquals("domain: unlucky", e.getMessage());
    }

    @Test
    void aMethodTheTableDoesNotServeIsUnknown() {
        assertEquals(QmfException.UNKNOWN_METHOD, failure(table.invoke("Hold", Map.of(), RequestContext.LOCAL)).code());
    }

    @Test
    void aMethodOfAnotherClassCannotBeServed() {
        assertThrows(IllegalArgumentException.class, () -> new MethodTable("slot", QmfException::unexpected)
                .on(SubmitCluster.METHOD, (r, c) -> CompletableFuture.completedFuture(new SubmitCluster.Submitted(1))));
    }

    private static QmfException failure(java.util.concurrent.CompletionStage<?> stage) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> stage.toCompletableFuture().get());
        return assertInstanceOf(QmfException.class, e.getCause());
    }
}
