package org.harrier.classad.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Match;
import org.harrier.classad.RealValue;

/**
 * classad-eval, the command behind {@code java -jar classad.jar}: evaluates expressions against
 * ads, matches a job ad with a machine ad, or answers a stream of JSON requests. Modelled on
 * HTCondor's {@code classad_eval}; {@code --help} ({@link Usage}) describes it for a person.
 *
 * <p>Exit status: 0 done, 1 input that cannot be used (a parse error, an unreadable file, a
 * batch line that gave an error), 2 a command line that cannot be carried out.
 */
public final class ClassAdEval {
    static final int OK = 0;
    static final int BAD_INPUT = 1;
    static final int USAGE = 2;

    private static final String NAME = "classad-eval";

    private ClassAdEval() {
    }

    public static void main(String[] args) {
        // UTF-8 whatever the platform default: ads and JSON lines are UTF-8 text.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        int status = run(args, System.in, out, err);
        out.flush();
        System.exit(status);
    }

    /** Runs the command as {@link #main} does, with its streams given; returns the exit status. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Invocation invocation;
        try {
            invocation = Invocation.parse(args);
        } catch (Invocation.UsageException e) {
            err.println(NAME + ": " + e.getMessage());
            err.println("Run '" + NAME + " --help' for usage.");
            return USAGE;
        }
        try {
            switch (invocation.mode()) {
                case HELP:
                    out.print(Usage.TEXT);
                    return OK;
                case MATCH:
                    match(invocation, new AdText(in), out);
                    return OK;
                case JSONL:
                    return new BatchEvaluation(in, out).run() ? OK : BAD_INPUT;
                default:
                    evaluate(invocation, new AdText(in), out);
                    return OK;
            }
        } catch (InputException e) {
            err.println(NAME + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException e) {
            err.println(NAME + ": cannot read standard input: " + e.getMessage());
            return BAD_INPUT;
        } finally {
            out.flush();
        }
    }

    private static void evaluate(Invocation invocation, AdText ads, PrintStream out) throws InputException {
        ClassAd my = invocation.myAd() == null ? ClassAd.EMPTY : ads.ad("-my-ad", invocation.myAd(), invocation.syntax());
        ClassAd target = invocation.targetAd() == null ? null : ads.ad("-target-ad", invocation.targetAd(), invocation.syntax());
        List<String> texts = invocation.expressions();
        List<Expr> exprs = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String role = texts.size() == 1 ? "expression '" + texts.get(i) + "'"
                    : "expression " + (i + 1) + " '" + texts.get(i) + "'";
            exprs.add(AdText.expression(role, texts.get(i), invocation.syntax()));
        }
        for (Expr e : exprs) {
            out.println(e.evaluate(my, target).unparse());
        }
    }

    private static void match(Invocation invocation, AdText ads, PrintStream out) throws InputException {
        ClassAd job = ads.ad("job ad", invocation.jobAd(), invocation.syntax());
        ClassAd machine = ads.ad("machine ad", invocation.machineAd(), invocation.syntax());
        Match m = Match.of(job, machine);
        out.println("match=" + m.matched()
                + " job_rank=" + rank(m.jobRank())
                + " machine_rank=" + rank(m.machineRank()));
    }

    /** A rank as a ClassAd real literal, so integral ranks read 2048.0 and every rank reads alike. */
    private static String rank(double rank) {
        return new RealValue(rank).unparse();
    }
}
