package org.harrier.console.submit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdParseException;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;

/**
 * Makes the job ads of one queue statement from the submit commands in force there: the steps
 * below, in condor_submit's order, each setting the attributes of a few commands, then the
 * {@code +Name}/{@code MY.Name} attributes.
 *
 * <p>The first proc runs every step and notes which read a per-proc variable ({@code $(Process)},
 * {@code $(Item)}, ...; {@link Macros#liveRead}). Only those run again for the other procs, so
 * {@code queue 500000} without per-proc macros makes one ad, and with {@code arguments =
 * $(Process)} one small Args ad per proc ({@link ProcBatch}).
 */
final class JobAdBuilder {
    /** condor_submit's stages, in its order; Requirements last, as it reads the requests and transfer settings. */
    private static final List<AdStep> STEPS = List.of(
            ProgramSteps::identity,
            ProgramSteps::universe,
            ProgramSteps::executable,
            SubmitArguments::step,
            SubmitEnvironment::step,
            ProgramSteps::initialDir,
            ProgramSteps::stdio,
            ProgramSteps::userLog,
            ResourceRequests::step,
            DefaultRequirements::rank,
            PolicySteps::status,
            PolicySteps::priority,
            PolicySteps::notification,
            PolicySteps::periodic,
            PolicySteps::exit,
            PolicySteps::concurrencyLimits,
            AccountingSteps::group,
            AccountingSteps::retirement,
            VacateSteps::killSig,
            VacateSteps::maxVacateTime,
            FileTransfer::step,
            CheckpointSteps::step,
            DefaultRequirements::step);

    /** Set by harrier submit or the scheduler; a {@code +Name} may not replace them. */
    private static final List<String> RESERVED = List.of("ClusterId", "ProcId", "Owner", "JobStatus");

    private final ProcCommands commands;
    private final List<AdStep> steps;

    JobAdBuilder(ProcCommands commands, List<Statement.Attribute> attributes) {
        this.commands = commands;
        List<AdStep> all = new ArrayList<>(STEPS);
        for (Statement.Attribute a : attributes) {
            all.add(attribute(a));
        }
        this.steps = List.copyOf(all);
    }

    private AdStep attribute(Statement.Attribute a) {
        if (RESERVED.stream().anyMatch(r -> r.equalsIgnoreCase(a.name()))) {
            throw new SubmitException(commands.file(), a.line(), a.name() + " is set by harrier submit and cannot be"
                    + " given as +" + a.name());
        }
        return (c, ad) -> {
            String text = c.macros().expand(a.value(), a.line()).strip();
            // condor_submit: an attribute given no value is undefined.
            ad.set(a.name(), text.isEmpty() ? Value.UNDEFINED
                    : parse(c, a, text));
        };
    }

    private static Expr parse(ProcCommands c, Statement.Attribute a, String text) {
        try {
            return Expr.parse(text, Syntax.OLD);
        } catch (ClassAdParseException e) {
            throw new SubmitException(c.file(), a.line(), "+" + a.name() + " is not a valid ClassAd expression: "
                    + e.getMessage());
        }
    }

    /** {@code count} procs (at least one), proc {@code k} expanded at {@code position.apply(k)}. */
    ProcBatch batch(int count, IntFunction<Macros.Position> position) {
        Macros macros = commands.macros();
        macros.at(position.apply(0));
        ClassAd.Builder first = ClassAd.builder();
        List<AdStep> live = new ArrayList<>();
        for (AdStep step : steps) {
            macros.resetLiveRead();
            step.apply(commands, first);
            if (macros.liveRead()) {
                live.add(step);
            }
        }
        ClassAd ad = first.build();
        if (live.isEmpty()) {
            return ProcBatch.uniform(ad, count);
        }
        List<ClassAd> parts = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            macros.at(position.apply(k));
            ClassAd.Builder part = ClassAd.builder();
            for (AdStep step : live) {
                step.apply(commands, part);
            }
            parts.add(part.build());
        }
        return ProcBatch.of(ad, parts);
    }
}
