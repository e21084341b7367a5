package org.harrier.exec;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;
import org.harrier.exec.machine.MachineResource;
import org.harrier.exec.run.account.RunAsPolicy;

/**
 * The startd's knobs in an HTCondor-style configuration file (grid-rules/README.md), applied to
 * {@link ExecSettings}: NUM_CPUS, MEMORY (MiB), DISK (KiB), START, RANK, MAXJOBRETIREMENTTIME, UPDATE_INTERVAL (seconds),
 * EXECUTE (the execute directory), FILESYSTEM_DOMAIN, MACHINE_RESOURCE_&lt;name&gt; (a count, or
 * device ids separated by commas/white space), CONSUMPTION_POLICY, CONSUMPTION_&lt;Resource&gt;
 * and SLOT_WEIGHT; the owner policy's SUSPEND, CONTINUE, PREEMPT, KILL, WANT_SUSPEND, WANT_VACATE
 * and POLLING_INTERVAL (seconds); STARTER_UPDATE_INTERVAL (seconds between a running job's usage
 * reports) and MAXVACATETIME (seconds a vacated job has between its KillSig and SIGKILL, an
 * expression with the job as TARGET, as in HTCondor); MATCH_TIMEOUT (seconds a match notice keeps the
 * slot Matched without a claim, default 120); STARTER_ALLOW_RUNAS_OWNER, SLOT_USER and MIN_UID (which
 * account a root startd runs each job as, {@link org.harrier.exec.run.account.RunAsPolicy}). Knobs it does not know are left alone (the same file configures other
 * daemons). Every error names the knob and where it was defined.
 */
public final class ExecConfig {
    private static final String MACHINE_RESOURCE = "MACHINE_RESOURCE_";
    private static final String CONSUMPTION = "CONSUMPTION_";

    private ExecConfig() {
    }

    /** Applies {@code config}'s knobs to {@code b}; ConfigurationException naming a bad one. */
    public static ExecSettings.Builder apply(Configuration config, ExecSettings.Builder b) {
        knob(config, "NUM_CPUS", () -> b.cpus(config.integer("NUM_CPUS", 0)));
        knob(config, "MEMORY", () -> b.memoryMiB(config.integer("MEMORY", 0)));
        knob(config, "DISK", () -> b.diskKiB(config.integer("DISK", 0)));
        knob(config, "START", () -> b.start(config.get("START").orElseThrow()));
        knob(config, "UPDATE_INTERVAL", () -> b.updateInterval(config.seconds("UPDATE_INTERVAL", null)));
        knob(config, "EXECUTE", () -> b.executeDir(Path.of(config.get("EXECUTE").orElseThrow())));
        knob(config, "FILESYSTEM_DOMAIN", () -> b.fileSystemDomain(config.get("FILESYSTEM_DOMAIN").orElseThrow()));
        for (Map.Entry<String, String> e : config.withPrefix(MACHINE_RESOURCE).entrySet()) {
            String name = e.getKey();
            if (name.toUpperCase(Locale.ROOT).startsWith("INVENTORY_") || name.equalsIgnoreCase("NAMES")) {
                throw new ConfigurationException(MACHINE_RESOURCE + name + " is not supported (" + where(config,
                        MACHINE_RESOURCE + name) + "); declare MACHINE_RESOURCE_<name> = count or device ids");
            }
            knob(config, MACHINE_RESOURCE + name, () -> b.resource(MachineResource.parse(name, e.getValue())));
        }
        knob(config, "CONSUMPTION_POLICY", () -> b.consumptionPolicy(config.bool("CONSUMPTION_POLICY", false)));
        for (Map.Entry<String, String> e : config.withPrefix(CONSUMPTION).entrySet()) {
            if (!e.getKey().equalsIgnoreCase("POLICY")) {
                String resource = canonical(e.getKey());
                knob(config, CONSUMPTION + e.getKey(), () -> b.consumption(resource, e.getValue()));
            }
        }
        knob(config, "SLOT_WEIGHT", () -> b.slotWeight(config.get("SLOT_WEIGHT").orElseThrow()));
        for (String k : ExecSettings.OWNER_KNOBS) {
            knob(config, k, () -> b.ownerPolicy(k, config.get(k).orElseThrow()));
        }
        knob(config, "POLLING_INTERVAL", () -> b.pollingInterval(config.seconds("POLLING_INTERVAL", null)));
        knob(config, "STARTER_UPDATE_INTERVAL", () -> b.starterUpdateInterval(config.seconds("STARTER_UPDATE_INTERVAL", null)));
        knob(config, "MAXVACATETIME", () -> b.maxVacateTime(config.get("MAXVACATETIME").orElseThrow()));
        knob(config, "MATCH_TIMEOUT", () -> b.matchTimeout(config.seconds("MATCH_TIMEOUT", null)));
        knob(config, "RANK", () -> b.rank(config.get("RANK").orElseThrow()));
        knob(config, "MAXJOBRETIREMENTTIME", () -> b.maxJobRetirementTime(config.get("MAXJOBRETIREMENTTIME").orElseThrow()));
        for (String k : RunAsPolicy.KNOBS) {
            knob(config, k, () -> b.runAs(k, config.get(k).orElseThrow()));
        }
        return b;
    }

    /** CPUS/MEMORY/DISK in a knob's name are the slot's Cpus/Memory/Disk attributes. */
    private static String canonical(String resource) {
        return switch (resource.toLowerCase(Locale.ROOT)) {
            case "cpus" -> "Cpus";
            case "memory" -> "Memory";
            case "disk" -> "Disk";
            default -> resource;
        };
    }

    private static void knob(Configuration config, String name, Runnable apply) {
        if (!config.defined(name)) {
            return;
        }
        try {
            apply.run();
        } catch (ConfigurationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(name + " (" + where(config, name) + "): " + e.getMessage());
        }
    }

    private static String where(Configuration config, String name) {
        return config.origin(name).orElse("not defined");
    }
}
