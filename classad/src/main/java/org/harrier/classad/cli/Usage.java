package org.harrier.classad.cli;

/** The text of {@code classad-eval --help}. */
final class Usage {
    private Usage() {
    }

    static final String TEXT = """
            classad-eval: evaluate ClassAd expressions and match ads (after HTCondor's classad_eval)

            Usage:
              java -jar classad.jar [-my-ad AD] [-target-ad AD] [-syntax old|new] [--] EXPR...
              java -jar classad.jar --match JOBAD MACHINEAD
              java -jar classad.jar --jsonl < requests.jsonl
              java -jar classad.jar --help

            Evaluating expressions
              Each EXPR is evaluated as part of the -my-ad ad (MY), matched against the -target-ad
              ad (TARGET); both ads are optional. An unscoped name is looked up in MY, then in
              TARGET, as HTCondor does by default. Each value is printed on its own line in new
              ClassAd syntax, for example
                  3    3.5    "abc"    true    undefined    error    { 1,2 }    [ a = 1 ]
              Evaluation itself never fails: a type mismatch or a division by zero prints error.
              All expressions are parsed before any is evaluated, so a parse error prints nothing.

            Ads (AD, JOBAD, MACHINEAD)
              The ad's text in either syntax,
                  new:  '[ Memory = 2048; Cpus = 4 ]'
                  old:  one 'Name = expr' per line, as condor_q -long and condor_status -long print
              or @FILE to read the ad from a file (UTF-8), or @- to read it from standard input.
              New syntax is recognised by its leading '['; -syntax forces one syntax.

            Options (one dash or two: -my-ad and --my-ad are the same; --name=value also works)
              -my-ad AD            the ad the expressions belong to (MY.)
              -target-ad AD        the ad they are matched against (TARGET.)
              -syntax old|new      parse ads and expressions in this syntax
                                   (default: ads in either syntax, expressions in new syntax)
              --match JOBAD MACHINEAD
                                   match a job ad with a machine ad and print one line
                                       match=<true|false> job_rank=<n> machine_rank=<n>
                                   match is true when each ad's Requirements evaluates to true
                                   against the other (missing or undefined Requirements: false).
                                   job_rank is the job's Rank evaluated against the machine and
                                   machine_rank the machine's Rank against the job, each printed
                                   as a ClassAd real: 0.0, 2048.0, 0.5, -3.25, 1E+20. Booleans
                                   count 1.0 and 0.0; a missing or non-numeric Rank counts 0.0.
              --jsonl              batch mode, see below
              -h, --help           print this text
              --                   every argument after it is an expression, even one starting
                                   with '-' (an argument is otherwise an option when it is a dash
                                   followed by a letter, so '-1 + x' needs no '--')

            Batch mode (--jsonl)
              Reads one JSON object per line from standard input,
                  {"ad": "...", "target": "...", "expr": "...", "syntax": "old"}
              Only "expr" is required. "ad" and "target" are ad text (never @file), "syntax" is
              "old" or "new" and applies to ad, target and expr, defaulting as above. Every member
              is a JSON string; anything else, or an unknown member, is an error.
              Writes one JSON line for each non-blank input line, in order:
                  {"value": "3"}        the value, in new syntax as above
                  {"error": "line 4: expr: line 1, column 3: ..."}
                                        a line that cannot be used; the batch goes on
              Input and output are UTF-8.

            Exit status
              0  success (--jsonl: every line gave a value)
              1  an ad or expression did not parse (the message names its line and column), an
                 ad file could not be read, or (--jsonl) some line gave an error
              2  an unknown option, a missing argument, or options that do not go together

            Examples
              $ java -jar classad.jar '1 + 2' '7 / 2.0' '"abc"' 'x' '1 / 0' '{ 1, 2 }'
              3
              3.5
              "abc"
              undefined
              error
              { 1,2 }

              $ java -jar classad.jar -my-ad '[ Memory = 2048 ]' -target-ad '[ RequestMemory = 1024 ]' \\
                    'Memory >= TARGET.RequestMemory' 'RequestMemory'
              true
              1024

              $ printf 'Memory = 2048\\nCpus = 4\\n' > slot.ad
              $ java -jar classad.jar -my-ad @slot.ad 'Memory / Cpus'
              512

              $ java -jar classad.jar --match \\
                    '[ Owner = "alice"; Requirements = TARGET.Memory >= 1024; Rank = TARGET.Memory ]' \\
                    '[ Memory = 2048; Requirements = TARGET.Owner == "alice"; Rank = 1 ]'
              match=true job_rank=2048.0 machine_rank=1.0

              $ echo '{"ad": "[ a = 1 ]", "expr": "a + 1"}' | java -jar classad.jar --jsonl
              {"value": "2"}
            """;
}
