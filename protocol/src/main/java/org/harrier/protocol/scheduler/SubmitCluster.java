package org.harrier.protocol.scheduler;

import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.protocol.method.Arg;
import org.harrier.protocol.method.Method;
import org.harrier.protocol.method.MethodArguments;
import org.harrier.protocol.method.Request;

/**
 * {@code scheduler.SubmitCluster}: queue {@code count} procs of one cluster in one transaction,
 * proc i with the common {@code ad} plus {@code itemData[i]}'s attributes when items are given.
 * The scheduler decides what a valid submission is (docs/protocols.md); this record only carries it.
 */
public record SubmitCluster(ClassAd ad, long count, List<ClassAd> itemData) implements Request<SubmitCluster.Submitted> {
    private static final Arg<ClassAd> AD = Arg.ad("Ad");
    private static final Arg<Long> COUNT = Arg.uint32("Count");
    private static final Arg<List<ClassAd>> ITEM_DATA = Arg.ads("ItemData").optional();
    private static final Arg<Long> CLUSTER_ID = Arg.uint32("ClusterId");

    public static final Method<SubmitCluster, Submitted> METHOD = Method.<SubmitCluster, Submitted>of("scheduler", "SubmitCluster")
            .inputs(AD, COUNT, ITEM_DATA)
            .outputs(CLUSTER_ID)
            .request(a -> new SubmitCluster(a.get(AD), a.get(COUNT), a.get(ITEM_DATA, List.of())),
                    q -> MethodArguments.writer().put(AD, q.ad()).put(COUNT, q.count())
                            .put(ITEM_DATA, q.itemData().isEmpty() ? null : q.itemData()))
            .answer(a -> new Submitted(a.get(CLUSTER_ID)), r -> MethodArguments.writer().put(CLUSTER_ID, r.clusterId()))
            .build();

    public SubmitCluster {
        java.util.Objects.requireNonNull(ad, "ad");
        itemData = itemData == null ? List.of() : List.copyOf(itemData);
    }

    /** The new cluster's id. */
    public record Submitted(long clusterId) {
    }

    @Override
    public Method<SubmitCluster, Submitted> method() {
        return METHOD;
    }
}
