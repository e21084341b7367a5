package org.harrier.console.submit;

import java.util.List;
import java.util.Objects;

/** One logical line of a submit description, continuation lines already joined. */
sealed interface Statement {
    /** 1-based line the statement starts on. */
    int line();

    /** {@code name = value}: a submit command or, when the name is no command, a macro. */
    record Command(String name, String value, int line) implements Statement {
        public Command {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code +Name = value} or {@code MY.Name = value}: a job ad attribute given as ClassAd text. */
    record Attribute(String name, String value, int line) implements Statement {
        public Attribute {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * {@code queue [N] [vars] [in|from|matching ...]}: {@code arguments} is the text after the
     * keyword, still unexpanded (condor_submit expands macros in it when it reaches the
     * statement); {@code listLines} the lines of an item list opened with {@code (} and closed
     * by a later line starting with {@code )}, without either parenthesis line.
     */
    record Queue(String arguments, List<ListLine> listLines, int line) implements Statement {
        public Queue {
            Objects.requireNonNull(arguments, "arguments");
            listLines = List.copyOf(listLines);
        }
    }

    /** A line of a multi-line queue item list and where it is. */
    record ListLine(String text, int line) {
        public ListLine {
            Objects.requireNonNull(text, "text");
        }
    }
}
