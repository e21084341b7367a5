package org.harrier.rules;

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
 *
 * <p>An entry may name a directory: as HTCondor's condor_submit has it (transfer_input_files,
 * transfer_output_files), {@code dir} transfers the directory and its contents recursively,
 * {@code dir/} (a trailing slash) only its contents, into the top of the destination.
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

    /** Whether the entry ends in a slash: a directory whose contents, not itself, transfer. */
    public static boolean contentsOnly(String entry) {
        return entry.endsWith("/") && entry.length() > 1;
    }

    /** The entry without its trailing slash: the path the submit or execute side reads or writes. */
    public static String withoutSlash(String entry) {
        return contentsOnly(entry) ? entry.substring(0, entry.length() - 1) : entry;
    }

    /**
     * Whether {@code relative} is a path of plain names ({@code a/b/c}: no empty part, no
     * {@code .} or {@code ..}, no leading slash, no NUL): a file inside a transferred directory,
     * which can therefore never leave it.
     */
    public static boolean plainRelative(String relative) {
        if (relative.isEmpty() || relative.length() > 4096 || relative.indexOf('\0') >= 0) {
            return false;
        }
        for (String part : relative.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..") || part.length() > 255) {
                return false;
            }
        }
        return true;
    }
}
