package org.harrier.console.submit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.harrier.classad.ClassAd;

/**
 * The file transfer commands, checked and defaulted as condor_submit does (submit_utils.cpp
 * {@code SetTransferFiles}): should_transfer_files YES, NO or IF_NEEDED (default),
 * when_to_transfer_output ON_EXIT (default), ON_EXIT_OR_EVICT or ON_SUCCESS (which needs
 * success_exit_code); NO with transfer lists, NO with a when, ON_EXIT_OR_EVICT with IF_NEEDED
 * are refused, except that NO alone means "never" and ON_EXIT_OR_EVICT alone means YES.
 * transfer_input_files and transfer_output_files are comma-separated lists ({@code ""} is an
 * empty one); input files must be readable (relative to Iwd) unless skip_filechecks is true.
 * A job that may run without transfer (not YES) carries this machine's FileSystemDomain for
 * the default Requirements to compare. The lists become TransferInput and TransferOutput,
 * {@code transfer_executable = false} TransferExecutable = false (HTCondor's attribute names).
 */
record FileTransfer(String should, String when, List<String> inputs, List<String> outputs) {
    FileTransfer {
        inputs = List.copyOf(inputs);
        outputs = outputs == null ? null : List.copyOf(outputs);
    }

    static FileTransfer of(ProcCommands c) {
        List<String> inputs = inputFiles(c);
        List<String> outputs = list(c.text("transfer_output_files"));
        String shouldText = c.text("should_transfer_files");
        String should = shouldText == null ? "IF_NEEDED" : shouldText.toUpperCase(Locale.ROOT);
        if (!List.of("YES", "NO", "IF_NEEDED").contains(should)) {
            throw c.error("should_transfer_files", "should_transfer_files = " + shouldText
                    + " is not YES, NO or IF_NEEDED");
        }
        if (should.equals("NO") && (!inputs.isEmpty() || outputs != null)) {
            throw c.error("should_transfer_files", (inputs.isEmpty() ? "transfer_output_files" : "transfer_input_files")
                    + " names files to transfer, but should_transfer_files = NO");
        }
        String whenText = c.text("when_to_transfer_output");
        String when = whenText == null ? (shouldText != null && should.equals("NO") ? "NEVER" : "ON_EXIT")
                : whenText.toUpperCase(Locale.ROOT);
        if (!List.of("ON_EXIT", "ON_EXIT_OR_EVICT", "ON_SUCCESS", "NEVER").contains(when)) {
            throw c.error("when_to_transfer_output", "when_to_transfer_output = " + whenText
                    + " is not ON_EXIT, ON_EXIT_OR_EVICT or ON_SUCCESS");
        }
        if (should.equals("NO") != when.equals("NEVER")) {
            throw c.error("when_to_transfer_output", "when_to_transfer_output = " + when + " contradicts"
                    + " should_transfer_files = " + should);
        }
        if (when.equals("ON_EXIT_OR_EVICT") && should.equals("IF_NEEDED")) {
            if (shouldText != null) {
                throw c.error("when_to_transfer_output", "when_to_transfer_output = ON_EXIT_OR_EVICT and"
                        + " should_transfer_files = IF_NEEDED are incompatible; set should_transfer_files = YES");
            }
            should = "YES";
        }
        if (when.equals("ON_SUCCESS") && c.text("success_exit_code") == null) {
            throw c.error("when_to_transfer_output", "when_to_transfer_output = ON_SUCCESS needs success_exit_code"
                    + " (even for the default 0)");
        }
        return new FileTransfer(should, when, inputs, outputs);
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        FileTransfer t = of(c);
        ad.set("ShouldTransferFiles", t.should());
        if (!t.should().equals("NO")) {
            ad.set("WhenToTransferOutput", t.when());
        }
        if (!t.should().equals("YES")) {
            ad.set("FileSystemDomain", c.context().fileSystemDomain());
        }
        if (!t.should().equals("NO")) {
            checkReadable(c, t.inputs());
            // HTCondor's job attributes for transfer_input_files and transfer_output_files.
            if (!t.inputs().isEmpty()) {
                ad.set("TransferInput", String.join(",", t.inputs()));
            }
            if (t.outputs() != null) {
                ad.set("TransferOutput", String.join(",", t.outputs()));
            }
            if (!c.bool("transfer_executable", true)) {
                ad.set("TransferExecutable", false);
            }
        }
    }

    /** transfer_input_files as a list; empty when not given or {@code ""}. */
    static List<String> inputFiles(ProcCommands c) {
        List<String> in = list(c.text("transfer_input_files"));
        return in == null ? List.of() : in;
    }

    /** A comma-separated list; null when not given, empty for {@code ""}. */
    private static List<String> list(String text) {
        if (text == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        if (!text.equals("\"\"")) {
            for (String s : text.split(",")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
        }
        return out;
    }

    static boolean isUrl(String name) {
        return name.matches("[A-Za-z][A-Za-z0-9+.-]*://.*");
    }

    /** The URL schemes among the input files, for the file transfer plugin clause of Requirements. */
    List<String> urlSchemes() {
        List<String> out = new ArrayList<>();
        for (String in : inputs) {
            if (isUrl(in)) {
                String scheme = in.substring(0, in.indexOf(':')).toLowerCase(Locale.ROOT);
                if (!out.contains(scheme)) {
                    out.add(scheme);
                }
            }
        }
        out.sort(null);
        return out;
    }

    private static void checkReadable(ProcCommands c, List<String> inputs) {
        if (inputs.isEmpty() || c.bool("skip_filechecks", false)) {
            return;
        }
        Path iwd = ProgramSteps.initialDir(c);
        for (String name : inputs) {
            if (isUrl(name)) {
                continue;
            }
            Path p = ProgramSteps.resolve(c, iwd, "transfer_input_files", name);
            if (!Files.isReadable(p)) {
                throw c.error("transfer_input_files", "transfer_input_files: cannot read " + p);
            }
        }
    }
}
