package org.harrier.mgmt;

import java.util.ArrayList;
import java.util.List;

import org.harrier.classad.ClassAd;
import org.harrier.classad.StringValue;
import org.harrier.classad.Value;

/**
 * How a job ad's file lists read (TransferInput, TransferOutput, TransferCheckpoint: condor_submit's
 * comma-separated entries) and which name an entry has in a sandbox (its last part). The one
 * reading the starter, which fetches and sends the files, and the scheduler, which decides what
 * a starter may read and write, both apply (docs/protocols.md, "File transfer").
 */
public final class TransferLists {
    private TransferLists() {
    }

    /** The entries of the comma-separated list {@code attr}, trimmed, blanks dropped; empty when it is no string. */
    public static List<String> of(ClassAd job, String attr) {
        List<String> out = new ArrayList<>();
        Value v = job.evaluate(attr);
        if (v instanceof StringValue s) {
            for (String entry : s.value().split(",")) {
                if (!entry.isBlank()) {
                    out.add(entry.strip());
                }
            }
        }
        return out;
    }

    /** The entry's last path part ({@code a/b/c} and {@code a/b/c/} are {@code c}): its name in the sandbox. */
    public static String lastPart(String entry) {
        String e = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
        int slash = e.lastIndexOf('/');
        return slash < 0 ? e : e.substring(slash + 1);
    }
}
