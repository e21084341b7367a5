package org.harrier.console.cli;

import org.harrier.console.ConsoleFailure;

/** How a listing is printed: the familiar table, {@code -long} (old ClassAd syntax) or {@code --json}. */
enum OutputForm {
    TABLE, LONG, JSON;

    static OutputForm of(boolean longForm, boolean json) {
        if (longForm && json) {
            throw new ConsoleFailure("choose one of -long and --json");
        }
        return longForm ? LONG : json ? JSON : TABLE;
    }
}
