package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.RealValue;
import org.harrier.classad.StringValue;
import org.harrier.classad.Syntax;

/**
 * The Rank and the Requirements condor_submit writes (submit_utils.cpp {@code SetRequirements};
 * the HTCondor manual's condor_submit page), clause by clause:
 * <ol>
 *   <li>the user's expression, in parentheses;
 *   <li>{@code (TARGET.Arch == "<this machine's>")} unless the user's tests Arch, and
 *       {@code (TARGET.OpSys == "<this machine's>")} unless it tests OpSys (or OpSysAndVer,
 *       OpSysName, ...);
 *   <li>{@code (TARGET.Disk >= RequestDisk)} unless RequestDisk is a number no more than 0;
 *   <li>{@code (TARGET.Memory >= RequestMemory)} unless RequestMemory is a number no more than 1;
 *   <li>{@code (TARGET.Cpus >= RequestCpus)} unless the user tests Cpus or RequestCpus is a
 *       number no more than 1;
 *   <li>per custom request {@code (TARGET.<Res> >= Request<Res>)} (none for a number no more
 *       than 0; {@code regexp(Request<Res>, TARGET.<Res>)} for a string);
 *   <li>for vanilla jobs the file system clause: should_transfer_files NO gives
 *       {@code (TARGET.FileSystemDomain == MY.FileSystemDomain)}; IF_NEEDED
 *       {@code ((TARGET.FileSystemDomain == MY.FileSystemDomain) || (TARGET.HasFileTransfer))};
 *       YES {@code (TARGET.HasFileTransfer)}; each left out when the user's expression tests
 *       those attributes itself, and URL inputs adding
 *       {@code stringListIMember("<scheme>",TARGET.HasFileTransferPluginMethods)} to the transfer test.
 * </ol>
 */
final class DefaultRequirements {
    private static final Set<String> OPSYS = Set.of("opsys", "opsysandver", "opsyslongname", "opsysshortname",
            "opsysname", "opsyslegacy");

    private DefaultRequirements() {
    }

    /** {@code rank}: the user's expression, else 0.0 (submit_utils.cpp {@code SetRank}). */
    static void rank(ProcCommands c, ClassAd.Builder ad) {
        Expr rank = c.expression("rank");
        ad.set("Rank", rank != null ? rank : new RealValue(0.0));
    }

    static void step(ProcCommands c, ClassAd.Builder ad) {
        Expr user = c.expression("requirements");
        FileTransfer transfer = ProgramSteps.universe(c) == ProgramSteps.VANILLA ? FileTransfer.of(c) : null;
        String text = of(user, ResourceRequests.of(c), transfer, c.context().arch(), c.context().opSys());
        ad.set("Requirements", Expr.parse(text, Syntax.OLD));
    }

    /** The Requirements text; {@code transfer} null for a universe without the file system clause. */
    static String of(Expr user, ResourceRequests requests, FileTransfer transfer, String arch, String opSys) {
        Set<String> tested = user == null ? Set.of() : user.references();
        List<String> clauses = new ArrayList<>();
        if (user != null) {
            clauses.add("(" + user.unparse(Syntax.OLD) + ")");
        }
        if (!tested.contains("arch")) {
            clauses.add("(TARGET.Arch == \"" + arch + "\")");
        }
        if (tested.stream().noneMatch(OPSYS::contains)) {
            clauses.add("(TARGET.OpSys == \"" + opSys + "\")");
        }
        if (asks(requests.disk(), 0)) {
            clauses.add("(TARGET.Disk >= RequestDisk)");
        }
        if (asks(requests.memory(), 1)) {
            clauses.add("(TARGET.Memory >= RequestMemory)");
        }
        if (!tested.contains("cpus") && asks(requests.cpus(), 1)) {
            clauses.add("(TARGET.Cpus >= RequestCpus)");
        }
        for (ResourceRequests.Custom x : requests.custom()) {
            if (x.amount() instanceof StringValue) {
                clauses.add("regexp(Request" + x.resource() + ", TARGET." + x.resource() + ")");
            } else if (asks(x.amount(), 0)) {
                clauses.add("(TARGET." + x.resource() + " >= Request" + x.resource() + ")");
            }
        }
        if (transfer != null) {
            String clause = fileSystem(transfer, tested);
            if (clause != null) {
                clauses.add(clause);
            }
        }
        return String.join(" && ", clauses);
    }

    /** True unless {@code request} is absent or a number no more than {@code atMost}. */
    private static boolean asks(Expr request, double atMost) {
        if (request instanceof IntegerValue i) {
            return i.value() > atMost;
        }
        if (request instanceof RealValue r) {
            return r.value() > atMost;
        }
        return request != null;
    }

    private static String fileSystem(FileTransfer t, Set<String> tested) {
        String domain = "(TARGET.FileSystemDomain == MY.FileSystemDomain)";
        boolean testsDomain = tested.contains("filesystemdomain");
        if (t.should().equals("NO")) {
            return testsDomain ? null : domain;
        }
        if (tested.contains("hasfiletransfer")) {
            return null;
        }
        StringBuilder transfer = new StringBuilder("TARGET.HasFileTransfer");
        for (String scheme : t.urlSchemes()) {
            transfer.append(" && stringListIMember(\"").append(scheme).append("\",TARGET.HasFileTransferPluginMethods)");
        }
        if (t.should().equals("IF_NEEDED") && !testsDomain) {
            return "(" + domain + " || (" + transfer + "))";
        }
        return "(" + transfer + ")";
    }
}
