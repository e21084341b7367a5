package org.harrier.classad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reference nodes cache where they last found their attribute (PositionHint). Whatever the
 * order of ads, shapes and threads, a cached position must never name the wrong attribute.
 */
class PositionHintTest {
    /** Ads of different shapes: x at different positions, or absent, or inherited from a chain. */
    private static List<ClassAd> shapes() {
        List<ClassAd> ads = new ArrayList<>();
        ads.add(ClassAd.parse("[ x = 1 ]"));
        ads.add(ClassAd.parse("[ a = 0; x = 2 ]"));
        ads.add(ClassAd.parse("[ a = 0; b = 0; c = 0; X = 3 ]"));
        ads.add(ClassAd.parse("[ a = 0 ]"));
        ads.add(ClassAd.parse("[ a = 0 ]").chainedTo(ClassAd.parse("[ x = 5 ]")));
        return ads;
    }

    private static final String[] EXPECTED_TARGET_X = {"1", "2", "3", "undefined", "5"};

    @Test
    void aScopedReferenceFindsTheRightAttributeWhateverShapeCameBefore() {
        Expr targetX = Expr.parse("TARGET.x");
        List<ClassAd> ads = shapes();
        for (int round = 0; round < 3; round++) {
            for (int i = ads.size() - 1; i >= 0; i--) {
                assertEquals(EXPECTED_TARGET_X[i], targetX.evaluate(ClassAd.EMPTY, ads.get(i)).unparse());
            }
            for (int i = 0; i < ads.size(); i++) {
                assertEquals(EXPECTED_TARGET_X[i], targetX.evaluate(ClassAd.EMPTY, ads.get(i)).unparse());
            }
        }
    }

    @Test
    void anUnscopedReferenceFallsBackToTheTargetAcrossShapes() {
        Expr x = Expr.parse("x");
        List<ClassAd> ads = shapes();
        ClassAd ownWithX = ClassAd.parse("[ q = 0; x = 9 ]");
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < ads.size(); i++) {
                // x is missing from the own ad, so it comes from the target (or is undefined).
                assertEquals(EXPECTED_TARGET_X[i], x.evaluate(ClassAd.parse("[ q = 0 ]"), ads.get(i)).unparse());
                // The own ad's x wins when it has one, whatever the target is.
                assertEquals("9", x.evaluate(ownWithX, ads.get(i)).unparse());
                // Evaluated in the target's own scope, the same node finds the target's x.
                assertEquals(EXPECTED_TARGET_X[i], x.evaluate(ads.get(i)).unparse());
            }
        }
    }

    @Test
    @Timeout(60)
    void sharedExpressionsGiveTheRightAnswersFromManyThreadsAtOnce() throws Exception {
        Expr sum = Expr.parse("TARGET.x + y");
        List<ClassAd> targets = shapes();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int offset = t;
                results.add(pool.submit(() -> {
                    int wrong = 0;
                    for (int i = 0; i < 50_000; i++) {
                        int which = (i + offset) % targets.size();
                        ClassAd my = ClassAd.builder().set("pad" + (i % 3), 0).set("y", i % 7).build();
                        String expected = which == 3 ? "undefined"
                                : Long.toString(Long.parseLong(EXPECTED_TARGET_X[which]) + i % 7);
                        if (!expected.equals(sum.evaluate(my, targets.get(which)).unparse())) {
                            wrong++;
                        }
                    }
                    return wrong;
                }));
            }
            for (Future<Integer> r : results) {
                assertEquals(0, r.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
