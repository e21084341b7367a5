package org.harrier.console.submit;

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

    /** {@code queue} or {@code queue N}; {@code count} is the text after the keyword, maybe empty. */
    record Queue(String count, int line) implements Statement {
        public Queue {
            Objects.requireNonNull(count, "count");
        }
    }
}
