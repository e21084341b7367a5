package org.harrier.classad.cli;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * {@code harrier classad-eval} runs exactly what {@code java -jar classad.jar} runs. This class
 * sits in the classad module's CLI package (from the console jar) only because
 * {@link ClassAdEval#run} is package-private; making that method public would make this
 * bridge unnecessary.
 */
public final class ClassAdEvalEntry {
    private ClassAdEvalEntry() {
    }

    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return ClassAdEval.run(args, in, out, err);
    }
}
