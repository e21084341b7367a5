package org.harrier.console.submit;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Syntax;

/**
 * Turns the submit variables in force at a {@code queue} statement into one job ad, setting
 * the attributes condor_submit sets for these commands (htcondor-notes §3.3): MyType,
 * TargetType, ClusterId, ProcId, Owner, JobUniverse, Cmd (absolute, relative to the submit
 * directory), Arguments, Environment, Iwd, In/Out/Err (as written, relative to Iwd; /dev/null by
 * default), UserLog (absolute, relative to Iwd), RequestCpus, RequestMemory (MiB), RequestDisk
 * (KiB), DiskUsage, Rank, Requirements (the user's and the default clauses), then the
 * {@code +Name} attributes.
 */
final class JobAdBuilder {
    /** Set here from the file and the context; a {@code +Name} may not replace them. */
    private static final List<String> RESERVED = List.of("ClusterId", "ProcId", "Owner", "JobStatus");

    /** condor_submit's default when request_memory is not given. */
    static final String DEFAULT_REQUEST_MEMORY = "ifthenelse(MemoryUsage isnt undefined, MemoryUsage, (ImageSize + 1023) / 1024)";

    private final String file;
    private final SubmitContext context;
    private final Macros macros;
    private final List<Statement.Attribute> attributes;

    JobAdBuilder(String file, SubmitContext context, Macros macros, List<Statement.Attribute> attributes) {
        this.file = file;
        this.context = context;
        this.macros = macros;
        this.attributes = attributes;
    }

    ClassAd build(Macros.Position at, int queueLine) {
        ClassAd.Builder ad = ClassAd.builder();
        ad.set("MyType", "Job");
        ad.set("TargetType", "Machine");
        ad.set("ClusterId", at.cluster());
        ad.set("ProcId", at.process());
        ad.set("Owner", context.owner());
        ad.set("JobUniverse", universe(at));
        Path cmd = executable(at, queueLine);
        ad.set("Cmd", cmd.toString());
        Macros.Expanded args = macros.get("arguments", at);
        if (args != null && !args.text().isEmpty()) {
            ad.set("Arguments", v2Text(args, "arguments"));
        }
        Macros.Expanded env = macros.get("environment", at);
        if (env != null && !env.text().isEmpty()) {
            ad.set("Environment", v2Text(env, "environment"));
        }
        Path iwd = initialDir(at);
        ad.set("Iwd", iwd.toString());
        ad.set("In", fileName(at, "input"));
        ad.set("Out", fileName(at, "output"));
        ad.set("Err", fileName(at, "error"));
        Macros.Expanded log = macros.get("log", at);
        if (log != null && !log.text().isEmpty()) {
            ad.set("UserLog", resolve(iwd, log, "log").toString());
        }
        Expr cpus = request(at, "request_cpus", null, "1");
        ad.set("RequestCpus", cpus);
        ad.set("RequestMemory", request(at, "request_memory", ByteSize.MIB, DEFAULT_REQUEST_MEMORY));
        ad.set("DiskUsage", kibibytes(cmd));
        ad.set("RequestDisk", request(at, "request_disk", ByteSize.KIB, "DiskUsage"));
        ad.set("Rank", expression(at, "rank", "0.0"));
        ad.set("Requirements", requirements(at, cpus));
        for (Statement.Attribute a : attributes) {
            if (RESERVED.stream().anyMatch(r -> r.equalsIgnoreCase(a.name()))) {
                throw new SubmitException(file, a.line(), a.name() + " is set by harrier submit and cannot be given as +"
                        + a.name());
            }
            String text = macros.expand(a.value(), a.line(), at);
            ad.set(a.name(), parse(text, a.line(), "+" + a.name()));
        }
        return ad.build();
    }

    private long universe(Macros.Position at) {
        Macros.Expanded u = macros.get("universe", at);
        if (u == null || u.text().equalsIgnoreCase("vanilla")) {
            return 5;
        }
        throw new SubmitException(file, u.line(), "universe '" + u.text() + "' is not supported; harrier runs vanilla jobs");
    }

    private Path executable(Macros.Position at, int queueLine) {
        Macros.Expanded e = macros.get("executable", at);
        if (e == null || e.text().isEmpty()) {
            throw new SubmitException(file, queueLine, "no executable given before this queue statement");
        }
        Path p = resolve(context.submitDir(), e, "executable");
        if (!Files.exists(p)) {
            throw new SubmitException(file, e.line(), "executable " + p + " does not exist");
        }
        if (Files.isDirectory(p)) {
            throw new SubmitException(file, e.line(), "executable " + p + " is a directory");
        }
        return p;
    }

    private Path initialDir(Macros.Position at) {
        Macros.Expanded d = macros.get("initialdir", at);
        if (d == null || d.text().isEmpty()) {
            return context.submitDir();
        }
        Path p = resolve(context.submitDir(), d, "initialdir");
        if (!Files.isDirectory(p)) {
            throw new SubmitException(file, d.line(), "initialdir " + p + " is not a directory");
        }
        return p;
    }

    private Path resolve(Path base, Macros.Expanded name, String command) {
        try {
            return base.resolve(name.text()).normalize();
        } catch (InvalidPathException e) {
            throw new SubmitException(file, name.line(), command + " '" + name.text() + "' is not a file name");
        }
    }

    private String fileName(Macros.Position at, String command) {
        Macros.Expanded f = macros.get(command, at);
        return f == null || f.text().isEmpty() ? "/dev/null" : f.text();
    }

    /**
     * The text of an arguments or environment value. A value in double quotes is HTCondor's V2
     * form: the quotes go and a doubled quote inside stands for one.
     */
    private String v2Text(Macros.Expanded value, String command) {
        String t = value.text();
        if (!t.startsWith("\"")) {
            return t;
        }
        if (t.length() < 2 || !t.endsWith("\"")) {
            throw new SubmitException(file, value.line(), command + " starts with a double quote but does not end with one");
        }
        String inner = t.substring(1, t.length() - 1);
        if (inner.replace("\"\"", "").contains("\"")) {
            throw new SubmitException(file, value.line(), command
                    + ": inside double-quoted arguments a double quote must be written twice (\"\")");
        }
        return inner.replace("\"\"", "\"");
    }

    /**
     * A resource request: a size with units when {@code unit} is given, else (or when the value is
     * not a size) a ClassAd expression such as {@code MemoryUsage * 2}.
     */
    private Expr request(Macros.Position at, String command, ByteSize unit, String fallback) {
        Macros.Expanded r = macros.get(command, at);
        if (r == null || r.text().isEmpty()) {
            return Expr.parse(fallback, Syntax.OLD);
        }
        if (unit != null) {
            OptionalLong size = unit.parse(r.text());
            if (size.isPresent()) {
                return IntegerValue.of(size.getAsLong());
            }
        }
        try {
            return Expr.parse(r.text(), Syntax.OLD);
        } catch (ClassAdParseException e) {
            String units = unit == ByteSize.MIB ? " (a size such as 1024, 512M or 1G, in MiB without a unit)"
                    : unit == ByteSize.KIB ? " (a size such as 4096, 512M or 1G, in KiB without a unit)" : "";
            throw new SubmitException(file, r.line(), command + " '" + r.text() + "' is neither a number" + units
                    + " nor a ClassAd expression");
        }
    }

    private Expr expression(Macros.Position at, String command, String fallback) {
        Macros.Expanded e = macros.get(command, at);
        if (e == null || e.text().isEmpty()) {
            return Expr.parse(fallback, Syntax.OLD);
        }
        return parse(e.text(), e.line(), command);
    }

    private Expr parse(String text, int line, String what) {
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            throw new SubmitException(file, line, what + " is not a valid ClassAd expression: " + e.getMessage());
        }
    }

    private Expr requirements(Macros.Position at, Expr cpus) {
        Macros.Expanded r = macros.get("requirements", at);
        Expr user = r == null || r.text().isEmpty() ? null : parse(r.text(), r.line(), "requirements");
        String text = DefaultRequirements.of(user, cpus, context.arch(), context.opSys());
        return Expr.parse(text, Syntax.OLD);
    }

    /** condor_submit's DiskUsage: the executable's size in KiB, rounded up. */
    private static long kibibytes(Path p) {
        try {
            return Math.max(1, (Files.size(p) + 1023) / 1024);
        } catch (java.io.IOException e) {
            return 1;
        }
    }
}
