package org.harrier.console.submit;

import org.harrier.classad.ClassAd;

/**
 * One of condor_submit's {@code SetXxx} stages (submit_utils.cpp): reads some submit commands
 * and sets the job attributes they become. A step only writes, never reads the ad it builds,
 * and reads its inputs only through {@link ProcCommands}; so a step that read no per-proc
 * variable gives the same attributes for every proc of a queue statement and runs once for
 * all of them ({@link JobAdBuilder}).
 */
@FunctionalInterface
interface AdStep {
    void apply(ProcCommands commands, ClassAd.Builder ad);
}
