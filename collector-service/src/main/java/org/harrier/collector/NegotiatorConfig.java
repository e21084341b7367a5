package org.harrier.collector;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.harrier.collector.negotiation.ConcurrencyLimits;
import org.harrier.collector.negotiation.GroupQuotas;
import org.harrier.collector.negotiation.Preemption;
import org.harrier.collector.negotiation.SharePolicy;
import org.harrier.config.Configuration;
import org.harrier.config.ConfigurationException;

/**
 * The central manager's knobs in an HTCondor-style configuration file (grid-rules/README.md):
 * UPDATE_INTERVAL, CLASSAD_LIFETIME, NEGOTIATOR_INTERVAL, NEGOTIATOR_CYCLE_DELAY (seconds);
 * PRIORITY_HALFLIFE (seconds), DEFAULT_PRIO_FACTOR, NEGOTIATOR_POLICY ({@code pie-spin} or
 * {@code up-down}); GROUP_NAMES, GROUP_QUOTA_&lt;g&gt;, GROUP_QUOTA_DYNAMIC_&lt;g&gt;,
 * GROUP_ACCEPT_SURPLUS[_&lt;g&gt;]; &lt;NAME&gt;_LIMIT and CONCURRENCY_LIMIT_DEFAULT;
 * PREEMPTION_REQUIREMENTS and PREEMPTION_RANK; NEGOTIATOR_INFORM_STARTD (boolean). Knobs for other daemons are ignored, as
 * HTCondor's daemons share one file. Every error names the knob and where it was defined.
 */
public final class NegotiatorConfig {
    private NegotiatorConfig() {
    }

    public static CollectorSettings collector(Configuration config, CollectorSettings s) {
        CollectorSettings out = s;
        if (config.defined("UPDATE_INTERVAL")) {
            out = out.withUpdateInterval(config.seconds("UPDATE_INTERVAL", null));
        }
        if (config.defined("CLASSAD_LIFETIME")) {
            out = out.withClassAdLifetime(config.seconds("CLASSAD_LIFETIME", null));
        }
        if (config.defined("NEGOTIATOR_INTERVAL")) {
            out = out.withNegotiatorInterval(config.seconds("NEGOTIATOR_INTERVAL", null));
        }
        if (config.defined("NEGOTIATOR_CYCLE_DELAY")) {
            long ms = config.integer("NEGOTIATOR_CYCLE_DELAY", 0);
            out = out.withNegotiatorCycleDelay(java.time.Duration.ofSeconds(Math.max(0, ms)));
        }
        return out;
    }

    public static NegotiatorSettings negotiator(Configuration config, NegotiatorSettings s) {
        NegotiatorSettings out = s;
        if (config.defined("PRIORITY_HALFLIFE")) {
            out = out.withHalfLife(config.seconds("PRIORITY_HALFLIFE", null));
        }
        if (config.defined("DEFAULT_PRIO_FACTOR")) {
            double f = number(config, "DEFAULT_PRIO_FACTOR");
            out = knob(config, "DEFAULT_PRIO_FACTOR", out, o -> o.withDefaultPrioFactor(f));
        }
        if (config.defined("NEGOTIATOR_POLICY")) {
            String p = config.get("NEGOTIATOR_POLICY").orElseThrow();
            out = knob(config, "NEGOTIATOR_POLICY", out, o -> o.withPolicy(SharePolicy.named(p)));
        }
        out = knob(config, "GROUP_NAMES", out, o -> o.withGroups(groups(config)));
        out = knob(config, "CONCURRENCY_LIMIT_DEFAULT", out, o -> o.withLimits(limits(config)));
        if (config.defined("PREEMPTION_REQUIREMENTS") || config.defined("PREEMPTION_RANK")) {
            String req = config.string("PREEMPTION_REQUIREMENTS", "false");
            String rank = config.string("PREEMPTION_RANK",
                    "(RemoteUserPrio * 1000000) - ifThenElse(isUndefined(TotalJobRunTime), 0, TotalJobRunTime)");
            out = knob(config, "PREEMPTION_REQUIREMENTS", out, o -> o.withPreemption(Preemption.of(req, rank)));
        }
        return informStartd(config, out);
    }

    /** NEGOTIATOR_INFORM_STARTD: tell each matched slot's startd too (HTCondor's MATCH_INFO; default false). */
    private static NegotiatorSettings informStartd(Configuration config, NegotiatorSettings s) {
        return config.defined("NEGOTIATOR_INFORM_STARTD")
                ? s.withInformStartd(config.bool("NEGOTIATOR_INFORM_STARTD", false)) : s;
    }

    private static GroupQuotas groups(Configuration config) {
        List<String> names = new ArrayList<>();
        config.get("GROUP_NAMES").ifPresent(text -> Arrays.stream(text.split("[,\\s]+"))
                .filter(n -> !n.isBlank()).forEach(names::add));
        Map<String, Double> statics = new HashMap<>();
        Map<String, Double> dynamics = new HashMap<>();
        Map<String, Boolean> surplus = new HashMap<>();
        config.withPrefix("GROUP_QUOTA_DYNAMIC_").forEach((g, v) -> dynamics.put(g, number(config, "GROUP_QUOTA_DYNAMIC_" + g)));
        config.withPrefix("GROUP_QUOTA_").forEach((g, v) -> {
            if (!g.toUpperCase(Locale.ROOT).startsWith("DYNAMIC_")) {
                statics.put(g, number(config, "GROUP_QUOTA_" + g));
            }
        });
        config.withPrefix("GROUP_ACCEPT_SURPLUS_").forEach((g, v) -> surplus.put(g, config.bool("GROUP_ACCEPT_SURPLUS_" + g, false)));
        return new GroupQuotas(names, statics, dynamics, surplus, config.bool("GROUP_ACCEPT_SURPLUS", false));
    }

    private static ConcurrencyLimits limits(Configuration config) {
        Map<String, Double> max = new HashMap<>();
        for (String name : config.names()) {
            String upper = name.toUpperCase(Locale.ROOT);
            if (upper.endsWith("_LIMIT") && !upper.equals("CONCURRENCY_LIMIT_DEFAULT") && name.length() > "_LIMIT".length()) {
                max.put(name.substring(0, name.length() - "_LIMIT".length()), number(config, name));
            }
        }
        double otherwise = config.defined("CONCURRENCY_LIMIT_DEFAULT") ? number(config, "CONCURRENCY_LIMIT_DEFAULT")
                : ConcurrencyLimits.HTCONDOR_DEFAULT;
        return new ConcurrencyLimits(max, otherwise);
    }

    private static double number(Configuration config, String name) {
        String text = config.get(name).orElseThrow().trim();
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new ConfigurationException(name + " (" + config.origin(name).orElse("?") + "): '" + text
                    + "' is not a number");
        }
    }

    /** Applies one knob's change, naming the knob and where it was defined when the value is refused. */
    private static NegotiatorSettings knob(Configuration config, String name, NegotiatorSettings s,
            java.util.function.UnaryOperator<NegotiatorSettings> change) {
        try {
            return change.apply(s);
        } catch (ConfigurationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException(name + " (" + config.origin(name).orElse("default") + "): " + e.getMessage());
        }
    }
}
