package org.harrier.protocol.method;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A QMF method of one schema class: its input and output arguments, and how its request record
 * {@code Q} and answer {@code R} become argument maps and back. Both ends use the same
 * declaration: a console writes the request and reads the answer, an agent reads the request
 * and writes the answer, so a wire key is spelled in one place. {@code MethodArgumentsTest}
 * checks every declaration against the schema file (names, types, directions, optionality).
 */
public final class Method<Q extends Request<R>, R> {
    private final String className;
    private final String name;
    private final List<Arg<?>> inputs;
    private final List<Arg<?>> outputs;
    private final Function<MethodArguments, Q> readRequest;
    private final Function<Q, MethodArguments.Writer> writeRequest;
    private final Function<MethodArguments, R> readAnswer;
    private final Function<R, MethodArguments.Writer> writeAnswer;

    private Method(Builder<Q, R> b) {
        this.className = b.className;
        this.name = b.name;
        this.inputs = List.copyOf(b.inputs);
        this.outputs = List.copyOf(b.outputs);
        this.readRequest = Objects.requireNonNull(b.readRequest, "request reader");
        this.writeRequest = Objects.requireNonNull(b.writeRequest, "request writer");
        this.readAnswer = Objects.requireNonNull(b.readAnswer, "answer reader");
        this.writeAnswer = Objects.requireNonNull(b.writeAnswer, "answer writer");
    }

    /** A method of {@code className} (the schema's class name) called {@code name}. */
    public static <Q extends Request<R>, R> Builder<Q, R> of(String className, String name) {
        return new Builder<>(className, name);
    }

    public String className() {
        return className;
    }

    public String name() {
        return name;
    }

    public List<Arg<?>> inputs() {
        return inputs;
    }

    public List<Arg<?>> outputs() {
        return outputs;
    }

    /** The request an agent received; a missing or wrong argument is an IllegalArgumentException naming it. */
    public Q readRequest(Map<String, ?> arguments) {
        return readRequest.apply(new MethodArguments(name, arguments));
    }

    /**
     * The argument map of {@code request}, which must be this method's request record (the
     * {@link Request#method()} of a request returns the method that writes it).
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> writeRequest(Request<R> request) {
        return writeRequest.apply((Q) request).map();
    }

    /** The answer a console received; a missing or wrong output is an IllegalArgumentException naming it. */
    public R readAnswer(Map<String, ?> arguments) {
        return readAnswer.apply(new MethodArguments(name, arguments));
    }

    public Map<String, Object> writeAnswer(R answer) {
        return writeAnswer.apply(answer).map();
    }

    @Override
    public String toString() {
        return className + "." + name;
    }

    /** Declares a method: its arguments, then how its request and answer are read and written. */
    public static final class Builder<Q extends Request<R>, R> {
        private final String className;
        private final String name;
        private List<Arg<?>> inputs = List.of();
        private List<Arg<?>> outputs = List.of();
        private Function<MethodArguments, Q> readRequest;
        private Function<Q, MethodArguments.Writer> writeRequest;
        private Function<MethodArguments, R> readAnswer;
        private Function<R, MethodArguments.Writer> writeAnswer;

        private Builder(String className, String name) {
            this.className = Objects.requireNonNull(className, "className");
            this.name = Objects.requireNonNull(name, "name");
        }

        public Builder<Q, R> inputs(Arg<?>... args) {
            this.inputs = List.of(args);
            return this;
        }

        public Builder<Q, R> outputs(Arg<?>... args) {
            this.outputs = List.of(args);
            return this;
        }

        public Builder<Q, R> request(Function<MethodArguments, Q> read, Function<Q, MethodArguments.Writer> write) {
            this.readRequest = read;
            this.writeRequest = write;
            return this;
        }

        public Builder<Q, R> answer(Function<MethodArguments, R> read, Function<R, MethodArguments.Writer> write) {
            this.readAnswer = read;
            this.writeAnswer = write;
            return this;
        }

        /** For a method without outputs: the answer is {@link Done}. */
        @SuppressWarnings("unchecked")
        public Method<Q, R> done() {
            this.readAnswer = a -> (R) Done.DONE;
            this.writeAnswer = d -> MethodArguments.writer();
            return build();
        }

        public Method<Q, R> build() {
            return new Method<>(this);
        }
    }
}
