package org.harrier.classad;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where attribute references find their values, per the manual ("Attribute References"): an
 * unscoped name in MY, then TARGET, then the environment ({@code CurrentTime}), else UNDEFINED;
 * {@code MY.} and {@code TARGET.} look in one ad only; a reference to an attribute that is being
 * evaluated is ERROR. Nested records, PARENT and ROOT follow libclassad's LookupInScope.
 */
class ScopingTest {
    @ParameterizedTest(name = "{0} in {1} against {2} is {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            x               | [x = 1]                   | [x = 2]               | 1
            y               | [x = 1]                   | [y = 2]               | 2
            z               | [x = 1]                   | [y = 2]               | undefined
            MY.x            | [x = 1]                   | [x = 2]               | 1
            MY.y            | [x = 1]                   | [y = 2]               | undefined
            TARGET.x        | [x = 1]                   | [x = 2]               | 2
            TARGET.y        | [y = 1]                   | [x = 2]               | undefined
            my.x            | [x = 1]                   | [x = 2]               | 1
            My.X            | [x = 1]                   | [x = 2]               | 1
            target.x        | [x = 1]                   | [x = 2]               | 2
            Target.X        | [x = 1]                   | [x = 2]               | 2
            MEMORY          | [Memory = 128]            | [Memory = 64]         | 128
            memory          | [x = 1]                   | [MeMoRy = 64]         | 64
            TARGET.memory   | [x = 1]                   | [MeMoRy = 64]         | 64
            'a b'           | [ 'A B' = 3 ]             | [x = 1]               | 3
            TARGET.z        | [x = 1]                   | [z = w; w = 7]        | 7
            TARGET.z        | [x = 1; w = 9]            | [z = w]               | 9
            TARGET.z        | [x = 1; w = 9]            | [z = MY.w]            | undefined
            TARGET.z        | [x = 1; w = 9]            | [z = TARGET.w]        | 9
            TARGET.TARGET.x | [x = 1]                   | [y = 2]               | 1
            MY              | [x = 1]                   | [y = 2]               | [ x = 1 ]
            TARGET          | [x = 1]                   | [y = 2]               | [ y = 2 ]
            TARGET.x + x    | [x = 1]                   | [x = 2]               | 3
            """)
    void unscopedNamesLookInMyThenTarget(String expr, String my, String target, String expected) {
        assertEquals(expected, eval(expr, my, target));
    }

    @ParameterizedTest(name = "{0} with no target is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            TARGET.x        | undefined
            TARGET          | undefined
            x + TARGET.x    | undefined
            MY.x            | 1
            """)
    void targetIsUndefinedWhenEvaluatingInOneAd(String expr, String expected) {
        assertEquals(expected, eval(expr, "[x = 1]"));
    }

    // Manual: "all ClassAds have an implicit CurrentTime attribute, with a value of time()";
    // libclassad answers it at any ad a lookup starts from, unless the ad defines CurrentTime.
    // The fixture's clock reads 2024-01-31T10:15:30Z, 1706696130.
    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            CurrentTime               | [x = 1]                  | 1706696130
            currenttime               | [x = 1]                  | 1706696130
            MY.CurrentTime            | [x = 1]                  | 1706696130
            TARGET.CurrentTime        | [x = 1]                  | 1706696130
            CurrentTime - 30          | [x = 1]                  | 1706696100
            CurrentTime               | [CurrentTime = 5]        | 5
            r.t                       | [r = [t = CurrentTime]]  | 1706696130
            """)
    void everyAdHasAnImplicitCurrentTime(String expr, String my, String expected) {
        assertEquals(expected, eval(expr, my, "[y = 1]"));
    }

    // Nested records: an unscoped name is looked up in the record, then its enclosing records,
    // then the target; PARENT, ROOT (alias TOPLEVEL) and SELF name the enclosing scopes.
    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            r.y         | [x = 1; r = [y = x]]                                  | 1
            r.y         | [x = 1; r = [x = 2; y = x]]                           | 2
            r.y         | [x = 1; r = [y = PARENT.x]]                           | 1
            r.y         | [x = 1; r = [x = 2; y = PARENT.x]]                    | 1
            r.y         | [x = 1; r = [x = 2; y = parent.x]]                    | 1
            r.s.y       | [x = 1; r = [x = 2; s = [y = PARENT.PARENT.x]]]       | 1
            r.s.y       | [x = 1; r = [x = 2; s = [y = PARENT.x]]]              | 2
            r.s.y       | [x = 1; r = [s = [y = x]]]                            | 1
            r.y         | [x = 1; r = [x = 2; y = ROOT.x]]                      | 1
            r.y         | [x = 1; r = [x = 2; y = TOPLEVEL.x]]                  | 1
            r.y         | [x = 1; r = [x = 2; y = .x]]                          | 1
            r.y         | [x = 1; r = [x = 2; y = SELF.x]]                      | 2
            r.y         | [x = 1; r = [x = 2; y = MY.x]]                        | 2
            PARENT      | [x = 1]                                               | undefined
            PARENT.x    | [x = 1]                                               | undefined
            .x          | [x = 1]                                               | 1
            ROOT.x      | [x = 1]                                               | 1
            SELF        | [x = 1]                                               | [ x = 1 ]
            r           | [x = 1; r = [y = 2]]                                  | [ y = 2 ]
            Self.rank   | [Self = [one = "foo"; two = "bar"; rank = Other["foobar"]]; Other = [one = 1; two = 2; foobar = 15]] | 15
            a[0]        | [a = { x }; x = 1]                                    | 1
            b           | [a = !b; b = true]                                    | true
            a           | [a = !b; b = true]                                    | false
            """)
    void nestedRecordsSeeTheirEnclosingScopes(String expr, String my, String expected) {
        assertEquals(expected, eval(expr, my));
    }

    // No row pins an unscoped name that a nested record cannot find lexically: libclassad gives
    // the alternate scope (the target) only to top-level ads, so it is undefined there, while
    // Scope.resolve falls back to the target from nested records too.
    @ParameterizedTest(name = "{0} against {2} is {3}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            r.y     | [r = [y = TARGET.x]]          | [x = 5]     | 5
            r.y     | [x = 1; r = [y = x]]          | [x = 5]     | 1
            r.y     | [r = [y = x]; x = 2]          | [x = 5]     | 2
            """)
    void nestedRecordsReachTheTargetThroughTarget(String expr, String my, String target, String expected) {
        assertEquals(expected, eval(expr, my, target));
    }

    // tests.txt, "Motherboard": records that refer to each other through their enclosing ad.
    @ParameterizedTest(name = "{0} is true")
    @ValueSource(strings = {
            "job_enclosure.job.Requirements",
            "machine_enclosure.job.Requirements",
            "storage_enclosure.storage.Requirements",
            "have_match"})
    void recordsReferToEachOtherThroughTheirEnclosingAd(String expr) {
        String motherboard = """
                [
                  have_match = machine_enclosure.machine.Requirements
                            && job_enclosure.job.Requirements
                            && storage_enclosure.storage.Requirements;
                  machine_enclosure = [
                    job = job_enclosure.job;
                    storage = storage_enclosure.storage;
                    machine = [ Type = "Machine"; RAM = 6000; Requirements = (job.MemoryNeeded <= RAM) ];
                  ];
                  job_enclosure = [
                    machine = machine_enclosure.machine;
                    storage = storage_enclosure.storage;
                    job = [ Type = "Job"; MemoryNeeded = 6000; DiskSpaceNeeded = 8000;
                            Requirements = (machine.RAM >= MemoryNeeded
                                         && storage.FreeDiskSpace > DiskSpaceNeeded) ];
                  ];
                  storage_enclosure = [
                    job = job_enclosure.job;
                    machine = machine_enclosure.machine;
                    storage = [ Type = "Storage"; FreeDiskSpace = 10000;
                                Requirements = job.DiskSpaceNeeded < FreeDiskSpace ];
                  ];
                ]
                """;
        assertEquals("true", eval(expr, motherboard));
    }

    @Test
    void aJobExpressionSeesTheMachineWithMyAndTargetSwapped() {
        String job = "[Owner = \"alice\"; Wanted = TARGET.Offer; Me = MY.Owner]";
        String machine = "[Offer = TARGET.Owner + \"@host\"; Owner = \"root\"]";
        assertEquals("error", eval("Wanted", job, machine)); // string + string is error
        assertEquals("\"alice\"", eval("TARGET.Owner", machine, job));
        assertEquals("\"root\"", eval("MY.Owner", machine, job));
        assertEquals("\"alice\"", eval("TARGET.Me", machine, job));
    }

    // Manual: "if the reference refers to an expression that is itself in the process of being
    // evaluated, there is a circular dependency in the evaluation. The value of the reference is
    // ERROR."
    @ParameterizedTest(name = "{0} in {1} is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            a           | [a = a]                                   | error
            a           | [a = a + 1]                               | error
            a           | [a = b; b = a]                            | error
            b           | [a = b; b = c; c = a]                     | error
            `true || a` | [a = b; b = a]                            | true
            `a || true` | [a = b; b = a]                            | error
            a           | [a = b ?: 1; b = a]                       | error
            y           | [r = [x = y]; y = r.x]                    | error
            r.x         | [r = [x = PARENT.y]; y = r.x]             | error
            l[0]        | [l = {l[0]}]                              | error
            a           | [a = {a, 1}]                              | { error,1 }
            a           | [a = b + c; b = 1; c = b]                 | 2
            """)
    void circularReferencesAreError(String expr, String my, String expected) {
        assertEquals(expected, eval(expr, my));
    }

    @Test
    void circularReferencesThroughTheTargetAreError() {
        String job = "[Requirements = TARGET.x > 0; x = TARGET.y; y = 1]";
        String machine = "[Requirements = true; x = MY.y; y = TARGET.x]";
        assertEquals("error", eval("TARGET.x", job, machine));
        assertEquals("error", eval("x", job, machine));
        assertEquals("false", eval("Requirements =?= true", job, machine));
    }

    @ParameterizedTest(name = "a chain of {0} references ends in {1}")
    @CsvSource(delimiter = '|', textBlock = """
            10      | 11
            100     | 101
            500     | 501
            1000    | error
            3000    | error
            100000  | error
            """)
    void longChainsOfReferencesEndInAValueNotAStackOverflow(int length, String expected) {
        ClassAd.Builder chain = ClassAd.builder();
        for (int i = 0; i < length; i++) {
            chain.setExpr("a" + i, "a" + (i + 1) + " + 1");
        }
        chain.set("a" + length, 1L);
        assertEquals(expected, Evaluation.context().evaluate(Expr.parse("a0"), chain.build(), null).unparse());
    }

    @Test
    void longChainsThroughTheTargetEndInError() {
        ClassAd.Builder job = ClassAd.builder();
        ClassAd.Builder machine = ClassAd.builder();
        for (int i = 0; i < 20_000; i++) {
            job.setExpr("j" + i, "TARGET.m" + i);
            machine.setExpr("m" + i, "TARGET.j" + (i + 1));
        }
        assertEquals("error", Evaluation.context().evaluate(Expr.parse("j0"), job.build(), machine.build()).unparse());
    }

    // Chained ads (proc ad -> cluster ad, HTCondor's chained_parent_ad): Lookup falls through to
    // the parent, and the inherited expression is evaluated in the child, so it sees the child's
    // own values.
    @ParameterizedTest(name = "{0} in a proc ad is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            Owner                   | "alice"
            ProcId                  | 3
            RequestMemory           | 200
            Total                   | 203
            MY.Owner                | "alice"
            MY.Total                | 203
            Missing                 | undefined
            """)
    void chainedAdsInheritAndOverride(String expr, String expected) {
        ClassAd cluster = ClassAd.parse("[Owner = \"alice\"; RequestMemory = 100; Total = RequestMemory + ProcId; ProcId = -1]");
        ClassAd proc = ClassAd.parse("[ProcId = 3; RequestMemory = 200]").chainedTo(cluster);
        assertEquals(expected, Evaluation.context().evaluate(Expr.parse(expr), proc, null).unparse());
        assertEquals(expected, Evaluation.context().evaluate(Expr.parse(expr.replace("MY.", "TARGET.")), ClassAd.EMPTY, proc).unparse(),
                "seen from a target");
    }

    @Test
    void aChainedAdLooksLikeTheFlattenedAd() {
        ClassAd cluster = ClassAd.parse("[Owner = \"alice\"; Cmd = \"/bin/sleep\"; RequestMemory = 100]");
        ClassAd proc = ClassAd.parse("[ProcId = 3; RequestMemory = 200]").chainedTo(cluster);
        ClassAd flat = ClassAd.parse("[ProcId = 3; RequestMemory = 200; Owner = \"alice\"; Cmd = \"/bin/sleep\"]");
        assertEquals(4, proc.size());
        assertEquals(flat, proc);
        assertEquals(flat, proc.flatten());
        assertEquals("100", Evaluation.context().evaluate(Expr.parse("RequestMemory"), cluster, null).unparse());
    }
}
