package org.harrier.console.submit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Syntax;

/**
 * What a job asks of a machine (submit_utils.cpp {@code SetRequestResources},
 * {@code SetImageSize}): RequestCpus (default 1), RequestMemory in MiB (sizes with K/M/G/T; by
 * default the job's MemoryUsage once known), RequestDisk in KiB (default DiskUsage), each a
 * number or a ClassAd expression, {@code undefined} leaving it out; DiskUsage, the executable's
 * size plus the input files' in KiB; RequestGPUs from {@code request_gpus}; and every other
 * {@code request_<name>} as {@code Request<name>}, a custom machine resource.
 */
record ResourceRequests(Expr cpus, Expr memory, Expr disk, List<Custom> custom) {
    /** condor_submit's default when request_memory is not given. */
    static final String DEFAULT_REQUEST_MEMORY = "ifthenelse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024)";

    /** One {@code request_<name>}: the machine attribute it asks for and the amount. */
    record Custom(String resource, Expr amount) {
    }

    static ResourceRequests of(ProcCommands c) {
        return new ResourceRequests(request(c, "request_cpus", null, "1"),
                request(c, "request_memory", ByteSize.MIB, DEFAULT_REQUEST_MEMORY),
                request(c, "request_disk", ByteSize.KIB, "DiskUsage"), custom(c));
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        ResourceRequests r = of(c);
        set(ad, "RequestCpus", r.cpus());
        set(ad, "RequestMemory", r.memory());
        ad.set("DiskUsage", diskUsage(c));
        set(ad, "RequestDisk", r.disk());
        for (Custom x : r.custom()) {
            ad.set("Request" + x.resource(), x.amount());
        }
    }

    private static void set(ClassAd.Builder ad, String name, Expr value) {
        if (value != null) {
            ad.set(name, value);
        }
    }

    /**
     * A request: a size with units when {@code unit} is given, else (or when the value is not a
     * size) a ClassAd expression such as {@code MemoryUsage * 2}; null for {@code undefined}.
     */
    private static Expr request(ProcCommands c, String command, ByteSize unit, String fallback) {
        String text = c.text(command);
        if (text == null) {
            return Expr.parse(fallback, Syntax.OLD);
        }
        if (text.equalsIgnoreCase("undefined")) {
            return null;
        }
        if (unit != null) {
            OptionalLong size = unit.parse(text);
            if (size.isPresent()) {
                return IntegerValue.of(size.getAsLong());
            }
        }
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            String units = unit == ByteSize.MIB ? " (a size such as 1024, 512M or 1G, in MiB without a unit)"
                    : unit == ByteSize.KIB ? " (a size such as 4096, 512M or 1G, in KiB without a unit)" : "";
            throw c.error(command, command + " '" + text + "' is neither a number" + units + " nor a ClassAd expression");
        }
    }

    private static List<Custom> custom(ProcCommands c) {
        TreeMap<String, Macros.Setting> requests = new TreeMap<>();
        for (Macros.Setting s : c.macros().settings()) {
            String lower = s.name().toLowerCase(Locale.ROOT);
            if (lower.startsWith("request_") && !List.of("request_cpus", "request_memory", "request_disk").contains(lower)) {
                requests.put(lower, s);
            }
        }
        List<Custom> out = new ArrayList<>();
        for (Macros.Setting s : requests.values()) {
            String command = s.name();
            String resource = command.substring("request_".length());
            String lower = resource.toLowerCase(Locale.ROOT);
            if (lower.equals("cpu") || lower.equals("gpu")) {
                throw c.error(command, command + " is not a submit command; did you mean " + command + "s?");
            }
            if (resource.length() < 2 || resource.startsWith("_") || !resource.matches("[A-Za-z0-9_]+")) {
                throw c.error(command, command + ": a custom resource name has at least two letters, digits or '_'"
                        + " and does not start with '_'");
            }
            String text = c.text(command);
            if (text != null) {
                out.add(new Custom(lower.equals("gpus") ? "GPUs" : resource, c.parse(command, text)));
            }
        }
        return out;
    }

    /** condor_submit's DiskUsage: the executable's and the input files' sizes in KiB, at least 1. */
    static long diskUsage(ProcCommands c) {
        long kib = kibibytes(ProgramSteps.executable(c));
        Path iwd = ProgramSteps.initialDir(c);
        List<String> inputs = new ArrayList<>(FileTransfer.inputFiles(c));
        String stdin = c.text("input");
        if (stdin != null) {
            inputs.add(stdin);
        }
        for (String name : inputs) {
            if (!FileTransfer.isUrl(name)) {
                kib += kibibytes(ProgramSteps.resolve(c, iwd, "transfer_input_files", name));
            }
        }
        return Math.max(1, kib);
    }

    private static long kibibytes(Path p) {
        try {
            return Files.isRegularFile(p) ? (Files.size(p) + 1023) / 1024 : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
