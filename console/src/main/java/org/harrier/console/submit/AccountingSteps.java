package org.harrier.console.submit;

import org.harrier.classad.ClassAd;

/**
 * The steps that say whom a job is charged to and how long it may keep running once preempted
 * (submit_utils.cpp {@code SetAccountingGroup}, {@code SetMaxJobRetirementTime}):
 * <ul>
 *   <li>{@code accounting_group = physics.theory}: AcctGroup "physics.theory", AcctGroupUser
 *       (from {@code accounting_group_user}, else the Owner) and AccountingGroup
 *       {@code "<group>.<user>"}, the name the negotiator's accountant charges
 *       (docs/protocols.md "Fair share, limits and preemption"); {@code accounting_group_user}
 *       alone sets only AcctGroupUser, so the job is still charged to its Owner;
 *   <li>{@code max_job_retirement_time}: MaxJobRetirementTime, seconds (or an expression) a
 *       preempted job may run on before it is evicted.
 * </ul>
 */
final class AccountingSteps {
    /** Dot-separated names of letters, digits, '_' and '-' (a group and its subgroups). */
    private static final String GROUP = "[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*";
    /** A user name as Unix and HTCondor allow it: letters, digits, '_', '-', '.' and '@'. */
    private static final String USER = "[A-Za-z0-9_][A-Za-z0-9_.@-]*";

    private AccountingSteps() {
    }

    static void group(ProcCommands c, ClassAd.Builder ad) {
        String group = c.text("accounting_group");
        String user = c.text("accounting_group_user");
        if (group != null && !group.matches(GROUP)) {
            throw c.error("accounting_group", "accounting_group '" + group + "' is not a group name: names of"
                    + " letters, digits, '_' and '-', joined by '.' (e.g. physics.theory)");
        }
        if (user != null && !user.matches(USER)) {
            throw c.error("accounting_group_user", "accounting_group_user '" + user + "' is not a user name: letters,"
                    + " digits, '_', '-', '.' and '@', not starting with a punctuation mark");
        }
        if (group != null) {
            String charged = user != null ? user : c.context().owner();
            ad.set("AcctGroup", group);
            ad.set("AcctGroupUser", charged);
            ad.set("AccountingGroup", group + "." + charged);
        } else if (user != null) {
            ad.set("AcctGroupUser", user);
        }
    }

    static void retirement(ProcCommands c, ClassAd.Builder ad) {
        VacateSteps.seconds(c, "max_job_retirement_time", "MaxJobRetirementTime", ad);
    }
}
