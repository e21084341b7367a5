package org.harrier.console.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * How a listing is printed: the familiar table, {@code -long} (old ClassAd syntax),
 * {@code --json}, or {@code -af} (autoformat: chosen values, one ad a line).
 */
enum OutputForm {
    TABLE, LONG, JSON, AUTOFORMAT;

    static OutputForm of(boolean longForm, boolean json) {
        return of(longForm, json, false);
    }

    static OutputForm of(boolean longForm, boolean json, boolean autoformat) {
        List<String> chosen = new ArrayList<>();
        if (longForm) {
            chosen.add("-long");
        }
        if (json) {
            chosen.add("--json");
        }
        if (autoformat) {
            chosen.add("-af");
        }
        if (chosen.size() > 1) {
            throw new CommandLineError("choose one of " + String.join(", ", chosen.subList(0, chosen.size() - 1)) + " and "
                    + chosen.get(chosen.size() - 1));
        }
        return longForm ? LONG : json ? JSON : autoformat ? AUTOFORMAT : TABLE;
    }
}
