package org.harrier.exec.claim;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * When a slot entered its current State and Activity, and the seconds it spent in each State and
 * Activity before (HTCondor's EnteredCurrentState, EnteredCurrentActivity and
 * TotalTime&lt;State&gt;&lt;Activity&gt;, e.g. TotalTimeClaimedBusy). Totals count finished
 * stays only, so an ad changes at transitions, not every second (HTCondor adds the current
 * stay when it publishes; readers add {@code now - EnteredCurrentActivity} for it).
 */
public record StateTimes(long enteredCurrentState, long enteredCurrentActivity, Map<String, Long> totals) {
    public StateTimes {
        totals = Map.copyOf(Objects.requireNonNull(totals, "totals"));
        if (enteredCurrentActivity < enteredCurrentState) {
            throw new IllegalArgumentException("the activity (" + enteredCurrentActivity
                    + ") cannot have been entered before the state (" + enteredCurrentState + ")");
        }
    }

    /** A slot that has just entered its first State and Activity. */
    public static StateTimes since(long now) {
        return new StateTimes(now, now, Map.of());
    }

    /**
     * The times after moving from {@code fromState}/{@code fromActivity} to {@code toState}/
     * {@code toActivity} at {@code now}: the stay just ended is added to its total; the state's
     * entry time changes only with the state. No move, no change.
     */
    public StateTimes moved(String fromState, String fromActivity, String toState, String toActivity, long now) {
        if (fromState.equals(toState) && fromActivity.equals(toActivity)) {
            return this;
        }
        Map<String, Long> next = new TreeMap<>(totals);
        next.merge(fromState + fromActivity, Math.max(0, now - enteredCurrentActivity), Long::sum);
        long state = fromState.equals(toState) ? enteredCurrentState : Math.max(now, enteredCurrentState);
        return new StateTimes(state, Math.max(now, state), next);
    }
}
