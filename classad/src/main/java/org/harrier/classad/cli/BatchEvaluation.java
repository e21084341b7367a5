package org.harrier.classad.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.harrier.classad.ClassAd;
import org.harrier.classad.Expr;
import org.harrier.classad.Syntax;
import org.harrier.classad.Value;

/**
 * {@code --jsonl}: reads one JSON object per line, {@code {"ad": "...", "target": "...",
 * "expr": "...", "syntax": "old"}} (only {@code expr} is required), and writes one line per
 * input line: {@code {"value": "<the value in new syntax>"}}, or {@code {"error": "line N: ..."}}
 * for a line that cannot be used. A bad line never stops the batch. Blank lines are skipped.
 *
 * <p>Input and output are UTF-8 whatever the platform's default. Output is flushed whenever no
 * more input is waiting, so a program can drive classad-eval as a co-process line by line and
 * a large batch still writes in big blocks.
 */
final class BatchEvaluation {
    private static final Set<String> MEMBERS = Set.of("ad", "target", "expr", "syntax");

    private final InputStream in;
    private final OutputStream out;
    private int lineNumber;
    private boolean anyError;

    BatchEvaluation(InputStream in, OutputStream out) {
        this.in = new BufferedInputStream(in);
        this.out = out;
    }

    /** Processes every line; true if every non-blank line gave a value. */
    boolean run() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        StringBuilder reply = new StringBuilder();
        int b;
        boolean pending = false;
        while ((b = in.read()) >= 0) {
            pending = true;
            if (b != '\n') {
                line.write(b);
                continue;
            }
            answer(line, reply);
            pending = false;
            if (in.available() == 0 || reply.length() > 1 << 16) {
                flush(reply);
            }
        }
        if (pending) {
            answer(line, reply);
        }
        flush(reply);
        return !anyError;
    }

    private void answer(ByteArrayOutputStream line, StringBuilder reply) {
        lineNumber++;
        byte[] bytes = line.toByteArray();
        line.reset();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            reply.append(error("not valid UTF-8")).append('\n');
            return;
        }
        if (text.isBlank()) {
            return;
        }
        reply.append(evaluate(text)).append('\n');
    }

    private String evaluate(String text) {
        try {
            Map<String, String> request = FlatJson.parseObject(text);
            for (String name : request.keySet()) {
                if (!MEMBERS.contains(name)) {
                    return error("unknown member \"" + name + "\"; the members are ad, target, expr and syntax");
                }
            }
            String exprText = request.get("expr");
            if (exprText == null) {
                return error("missing member \"expr\"");
            }
            Syntax syntax = syntax(request.get("syntax"));
            // Ad text in a request is always the ad itself: '@' names no file here.
            ClassAd my = request.containsKey("ad") ? AdText.parse("ad", request.get("ad"), syntax) : ClassAd.EMPTY;
            ClassAd target = request.containsKey("target") ? AdText.parse("target", request.get("target"), syntax) : null;
            Expr expr = AdText.expression("expr", exprText, syntax);
            Value value = expr.evaluate(my, target);
            return FlatJson.object("value", value.unparse());
        } catch (FlatJson.SyntaxError e) {
            return error("not a JSON object of strings: " + e.getMessage());
        } catch (InputException e) {
            return error(e.getMessage());
        } catch (RuntimeException e) {
            // Evaluation is meant never to throw; if a bug makes it, the batch still goes on.
            return error("internal error: " + e);
        }
    }

    private static Syntax syntax(String name) throws InputException {
        if (name == null) {
            return null;
        }
        switch (name) {
            case "old": return Syntax.OLD;
            case "new": return Syntax.NEW;
            default: throw new InputException("\"syntax\" must be \"old\" or \"new\", not \"" + name + "\"");
        }
    }

    private String error(String message) {
        anyError = true;
        return FlatJson.object("error", "line " + lineNumber + ": " + message);
    }

    private void flush(StringBuilder reply) throws IOException {
        if (reply.length() > 0) {
            out.write(reply.toString().getBytes(StandardCharsets.UTF_8));
            reply.setLength(0);
        }
        out.flush();
    }
}
