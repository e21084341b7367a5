package org.harrier.console.cli;

import java.util.List;
import java.util.Locale;
import org.harrier.console.GridClient;

/**
 * One of condor_userprio's edit options, read and checked before the negotiator is asked:
 * {@code -setprio NAME VALUE} (real priority, at least 0.5, HTCondor's best), {@code -setfactor
 * NAME VALUE} (priority factor, at least 1), {@code -setaccum NAME VALUE} (accumulated usage in
 * weighted slot-hours, at least 0) and {@code -resetusage NAME} (usage 0 and priority 0.5, as
 * condor_userprio resets both). A bad value is a {@link CommandLineError}: exit status 2, and
 * nothing is changed.
 */
record PriorityEdit(Kind kind, String name, double value) {
    /** The lowest real priority there is (HTCondor's accountant never goes below it). */
    static final double BEST_PRIORITY = 0.5;

    enum Kind {
        PRIORITY("-setprio", "priority", BEST_PRIORITY),
        FACTOR("-setfactor", "priority factor", 1),
        USAGE("-setaccum", "accumulated usage", 0),
        RESET("-resetusage", "accumulated usage", 0);

        final String option;
        final String what;
        final double least;

        Kind(String option, String what, double least) {
            this.option = option;
            this.what = what;
            this.least = least;
        }
    }

    PriorityEdit {
        if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new CommandLineError(kind.option + " needs a submitter or group name without spaces, got '" + name
                    + "'");
        }
        if (!Double.isFinite(value) || value < kind.least) {
            throw new CommandLineError(kind.option + " " + name + ": the " + kind.what + " must be a number of at least "
                    + plain(kind.least) + ", got " + plain(value));
        }
    }

    /** Reads {@code option}'s {@code NAME VALUE} pair; VALUE must be a plain decimal number. */
    static PriorityEdit of(Kind kind, List<String> nameAndValue) {
        String text = nameAndValue.get(1).strip();
        double value;
        try {
            if (!text.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
                throw new NumberFormatException();
            }
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new CommandLineError(kind.option + " " + nameAndValue.get(0) + ": '" + text + "' is not a number");
        }
        return new PriorityEdit(kind, nameAndValue.get(0), value);
    }

    static PriorityEdit reset(String name) {
        return new PriorityEdit(Kind.RESET, name, 0);
    }

    /** Makes the change: one negotiator call, two for a reset (usage, then priority). */
    void applyTo(GridClient grid) {
        switch (kind) {
            case PRIORITY -> grid.setPriority(name, value);
            case FACTOR -> grid.setPriorityFactor(name, value);
            case USAGE -> grid.setUsage(name, value);
            case RESET -> {
                grid.setUsage(name, 0);
                grid.setPriority(name, BEST_PRIORITY);
            }
        }
    }

    /** condor_userprio's confirmation of the change. */
    String confirmation() {
        return switch (kind) {
            case PRIORITY -> "The priority of " + name + " was set to " + amount(value);
            case FACTOR -> "The priority factor of " + name + " was set to " + amount(value);
            case USAGE -> "The Accumulated Usage of " + name + " was set to " + amount(value);
            case RESET -> "The accumulated usage of " + name + " was reset";
        };
    }

    private static String plain(double d) {
        return Double.isFinite(d) ? java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
                : Double.toString(d);
    }

    /** As condor_userprio prints the value it set ({@code %f}). */
    private static String amount(double d) {
        return String.format(Locale.ROOT, "%f", d);
    }
}
