package org.harrier.exec;

import org.harrier.classad.ClassAd;
import org.harrier.exec.starter.RunningJob;

/** A job running on a claim: its id, the scheduler it reports to, its process and its ad. */
record ClaimRun(String jobId, String scheduler, RunningJob process, ClassAd job) {
}
