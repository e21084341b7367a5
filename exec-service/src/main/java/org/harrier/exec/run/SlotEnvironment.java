package org.harrier.exec.run;

import java.util.LinkedHashMap;
import java.util.Map;

import org.harrier.exec.claim.DynamicSlot;

/** What the startd puts in a job's environment for the slot it runs on (HTCondor's starter). */
public final class SlotEnvironment {
    private SlotEnvironment() {
    }

    /**
     * The job's environment before its own Environment/Env: a PATH, and what HTCondor's
     * starter sets for a slot (_CONDOR_SLOT; OMP_NUM_THREADS = the slot's cores, so threaded
     * libraries stay within the claim; the devices it holds, see {@link #devices}).
     * Nothing of the startd's own environment leaks in.
     */
    public static Map<String, String> of(DynamicSlot d, Map<String, java.util.List<String>> assigned) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("_CONDOR_SLOT", d.name().substring(0, d.name().indexOf('@')));
        env.put("OMP_NUM_THREADS", Long.toString(d.resources().cpus()));
        env.putAll(devices(assigned));
        return env;
    }

    /**
     * What HTCondor's starter tells a job about the devices its slot holds: {@code
     * _CONDOR_Assigned<Name>} with the ids, comma-separated, for every named resource; and for
     * GPUs {@code CUDA_VISIBLE_DEVICES} too (HTCondor's ENVIRONMENT_FOR_AssignedGPUs), with the
     * "CUDA" prefix of ids like CUDA0 taken off as HTCondor does for that variable.
     */
    public static Map<String, String> devices(Map<String, java.util.List<String>> assigned) {
        Map<String, String> env = new LinkedHashMap<>();
        assigned.forEach((resource, ids) -> {
            env.put("_CONDOR_Assigned" + resource, String.join(",", ids));
            if (resource.equalsIgnoreCase("GPUs")) {
                env.put("CUDA_VISIBLE_DEVICES", String.join(",",
                        ids.stream().map(id -> id.startsWith("CUDA") ? id.substring(4) : id).toList()));
            }
        });
        return env;
    }
}
