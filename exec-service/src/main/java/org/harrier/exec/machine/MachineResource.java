package org.harrier.exec.machine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.harrier.rules.Resources;

/**
 * A custom resource an execute node declares (HTCondor's {@code MACHINE_RESOURCE_<name>}): a
 * count of something fungible ({@code Licenses = 4}), or a list of named devices
 * ({@code GPUs = GPU-0, GPU-1}) whose count is the length of the list and whose ids are handed
 * to the dynamic slots and jobs that get them. Immutable; the name is a custom resource name
 * ({@link Resources#checkCustomName}), the ids unique.
 */
public record MachineResource(String name, long count, List<String> ids) {
    public MachineResource {
        Resources.checkCustomName(name);
        ids = List.copyOf(ids);
        if (count < 0) {
            throw new IllegalArgumentException("resource " + name + " must not be negative, got " + count);
        }
        if (!ids.isEmpty() && ids.size() != count) {
            throw new IllegalArgumentException("resource " + name + " has " + ids.size() + " devices but a count of " + count);
        }
        Set<String> seen = new LinkedHashSet<>();
        for (String id : ids) {
            if (id.isBlank() || !seen.add(Objects.requireNonNull(id, "id"))) {
                throw new IllegalArgumentException("resource " + name + " names device '" + id + "' "
                        + (id.isBlank() ? "blank" : "twice"));
            }
        }
    }

    public static MachineResource count(String name, long count) {
        return new MachineResource(name, count, List.of());
    }

    public static MachineResource devices(String name, List<String> ids) {
        return new MachineResource(name, ids.size(), ids);
    }

    /** True when the resource is named devices rather than a plain count. */
    public boolean named() {
        return !ids.isEmpty();
    }

    /**
     * HTCondor's value forms: a whole number is a count; anything else is a list of device ids
     * separated by commas and/or white space. IllegalArgumentException naming the resource if
     * the value is empty or not one of these.
     */
    public static MachineResource parse(String name, String value) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            throw new IllegalArgumentException("resource " + name + " needs a count or a list of device ids");
        }
        if (v.chars().allMatch(Character::isDigit)) {
            try {
                return count(name, Long.parseLong(v));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("resource " + name + " count " + v + " is too large");
            }
        }
        if (v.startsWith("-") && v.substring(1).chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("resource " + name + " must not be negative, got " + v);
        }
        List<String> ids = new ArrayList<>();
        for (String id : v.split("[\\s,]+")) {
            if (!id.isEmpty()) {
                ids.add(id);
            }
        }
        return devices(name, ids);
    }
}
