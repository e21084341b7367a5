package org.harrier.scheduler.userlog;

/**
 * The text of each event as HTCondor's condor_event.cpp formats it (the events' formatBody),
 * after the header's date. The terminated event's byte counts are the job's file transfer totals;
 * the evicted events write 0. Run and total usage are the same numbers: the job ad keeps the last
 * run's CPU times only.
 */
final class EventText {
    private EventText() {
    }

    static String submitted(String host) {
        return "Job submitted from host: <" + host + ">";
    }

    static String executing(String host, String slotName) {
        String first = "Job executing on host: <" + host + ">";
        return slotName == null ? first : first + "\n\tSlotName: " + slotName;
    }

    /** 004 of a job that left its machine without exiting (condor_event.cpp's JobEvictedEvent, not checkpointed). */
    static String evicted(Usage run) {
        return "Job was evicted.\n\t(0) Job was not checkpointed.\n" + runUsage(run) + runBytes();
    }

    /** 004 of a job whose exit on_exit_remove did not accept: it runs again. */
    static String requeued(Usage run, Exit exit, String reason) {
        String text = "Job was evicted.\n\t(0) Job terminated and was requeued\n" + runUsage(run) + runBytes() + "\n"
                + exit.lines();
        return reason == null || reason.isBlank() ? text : text + "\n\t" + oneLine(reason);
    }

    /** 024: the shadow gave the job's claim up (JobReconnectFailedEvent); the job runs again elsewhere. */
    static String reconnectFailed(String reason, String startd) {
        return "Job reconnection failed\n\t" + oneLine(reason) + "\n\tCan not reconnect to " + oneLine(startd)
                + ", rescheduling job";
    }

    static String terminated(Usage run, Exit exit) {
        return terminated(run, exit, 0, 0);
    }

    /**
     * With the bytes its file transfers moved ({@code sent} output, {@code received} input: the
     * job's BytesSent and BytesRecvd, counted over all its runs, which stand for this run too).
     */
    static String terminated(Usage run, Exit exit, long sent, long received) {
        return "Job terminated.\n" + exit.lines() + "\n"
                + "\t\t" + run.format() + "  -  Run Remote Usage\n"
                + "\t\t" + Usage.NONE.format() + "  -  Run Local Usage\n"
                + "\t\t" + run.format() + "  -  Total Remote Usage\n"
                + "\t\t" + Usage.NONE.format() + "  -  Total Local Usage\n"
                + "\t" + sent + "  -  Run Bytes Sent By Job\n"
                + "\t" + received + "  -  Run Bytes Received By Job\n"
                + "\t" + sent + "  -  Total Bytes Sent By Job\n"
                + "\t" + received + "  -  Total Bytes Received By Job";
    }

    static String aborted(String reason) {
        return reason == null || reason.isBlank() ? "Job was aborted." : "Job was aborted.\n\t" + oneLine(reason);
    }

    /** HTCondor cannot tell how many processes it stopped either without the starter saying; a job is at least one. */
    static String suspended(int processes) {
        return "Job was suspended.\n\tNumber of processes actually suspended: " + processes;
    }

    static String unsuspended() {
        return "Job was unsuspended.";
    }

    static String held(String reason, long code, long subCode) {
        return "Job was held.\n\t" + (reason == null || reason.isBlank() ? "Reason unspecified" : oneLine(reason))
                + "\n\tCode " + code + " Subcode " + subCode;
    }

    static String released(String reason) {
        return reason == null || reason.isBlank() ? "Job was released." : "Job was released.\n\t" + oneLine(reason);
    }

    private static String runUsage(Usage run) {
        return "\t\t" + run.format() + "  -  Run Remote Usage\n\t\t" + Usage.NONE.format() + "  -  Run Local Usage\n";
    }

    private static String runBytes() {
        return "\t0  -  Run Bytes Sent By Job\n\t0  -  Run Bytes Received By Job";
    }

    /** A reason is one line in the log: HTCondor turns newlines into '|' (ULogEvent::set_reason_member). */
    static String oneLine(String reason) {
        return reason.replace("\r", " ").replace('\n', '|').strip();
    }

    /** CPU seconds in user and system mode, written "Usr 0 00:01:21, Sys 0 00:00:00" (days, then h:m:s). */
    record Usage(double user, double system) {
        static final Usage NONE = new Usage(0, 0);

        String format() {
            return "Usr " + dhms(user) + ", Sys " + dhms(system);
        }

        private static String dhms(double seconds) {
            long s = seconds > 0 ? (long) seconds : 0;
            return String.format("%d %02d:%02d:%02d", s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
        }
    }

    /** How the process ended: a normal exit with its code, or a signal. */
    record Exit(boolean bySignal, long code, long signal) {
        /** Tab-indented, HTCondor's "(1) Normal termination" or "(0) Abnormal termination" and core-file lines. */
        String lines() {
            return bySignal ? "\t(0) Abnormal termination (signal " + signal + ")\n\t(0) No core file"
                    : "\t(1) Normal termination (return value " + code + ")";
        }
    }
}
