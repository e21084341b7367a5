package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.harrier.classad.Expr;
import org.harrier.classad.IntegerValue;
import org.harrier.classad.Syntax;

/**
 * The Requirements condor_submit writes (submit_utils.cpp; htcondor-notes §3.3): the user's
 * expression, then a clause for each machine attribute the user did not already test —
 * {@code TARGET.Arch} and {@code TARGET.OpSys} of the submit machine, {@code TARGET.Disk >=
 * RequestDisk}, {@code TARGET.Memory >= RequestMemory}, and {@code TARGET.Cpus >= RequestCpus}
 * when more than one CPU is requested. A user who writes {@code Memory > 4096} has said what
 * memory the job needs, so no second memory clause contradicts it. The file-system and
 * file-transfer clauses are left out: Harrier's submit has no file transfer yet.
 */
final class DefaultRequirements {
    private DefaultRequirements() {
    }

    static String of(Expr user, Expr requestCpus, String arch, String opSys) {
        Set<String> tested = user == null ? Set.of() : user.references();
        List<String> clauses = new ArrayList<>();
        if (user != null) {
            clauses.add("(" + user.unparse(Syntax.OLD) + ")");
        }
        if (!tested.contains("arch")) {
            clauses.add("(TARGET.Arch == \"" + arch + "\")");
        }
        if (!tested.contains("opsys")) {
            clauses.add("(TARGET.OpSys == \"" + opSys + "\")");
        }
        if (!tested.contains("disk")) {
            clauses.add("(TARGET.Disk >= RequestDisk)");
        }
        if (!tested.contains("memory")) {
            clauses.add("(TARGET.Memory >= RequestMemory)");
        }
        boolean oneCpu = requestCpus instanceof IntegerValue i && i.value() <= 1;
        if (!oneCpu && !tested.contains("cpus")) {
            clauses.add("(TARGET.Cpus >= RequestCpus)");
        }
        return String.join(" && ", clauses);
    }
}
