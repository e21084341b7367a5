package org.harrier.scheduler;

import org.harrier.classad.ClassAd;

/** Job ads for tests: a valid minimal one and variations. */
final class JobAds {
    private JobAds() {
    }

    /** A job the QMF submit path accepts: Cmd, Requirements, Owner, Iwd. */
    static ClassAd.Builder valid() {
        return valid("alice");
    }

    static ClassAd.Builder valid(String owner) {
        return ClassAd.builder()
                .set("Cmd", "/bin/true")
                .setExpr("Requirements", "TARGET.Memory >= RequestMemory")
                .set("Owner", owner)
                .set("Iwd", "/tmp")
                .set("RequestMemory", 64);
    }
}
