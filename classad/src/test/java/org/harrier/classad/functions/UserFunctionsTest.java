package org.harrier.classad.functions;

import static org.harrier.classad.Evaluation.eval;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.harrier.classad.ClassAd;
import org.harrier.classad.ClassAdFunction;
import org.harrier.classad.ClassAdValue;
import org.harrier.classad.Evaluation;
import org.harrier.classad.Expr;
import org.harrier.classad.FunctionCall;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UserFunctionsTest {
    @TempDir
    static Path dir;
    private static ClassAdFunction userHome;
    private static ClassAdFunction userHomeWithoutPasswordFile;

    private static final Map<String, List<String>> GROUPS = Map.of(
            "alice", List.of("red", "Blue"),
            "bob", List.of());
    private static final ClassAdFunction USER_MAP = UserFunctions.userMap(
            (mapSet, user) -> mapSet.equals("groups") ? Optional.ofNullable(GROUPS.get(user)) : Optional.empty());

    @BeforeAll
    static void writePasswordFile() throws IOException {
        Path passwd = dir.resolve("passwd");
        Files.writeString(passwd, String.join("\n",
                "# users of the test machine",
                "root:x:0:0:root:/root:/bin/bash",
                "alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash",
                "bob:*:1001:1001::/srv/bob:/usr/sbin/nologin",
                "short:x:1002:1002",
                "nohome:x:1003:1003:::/bin/sh",
                ""));
        userHome = UserFunctions.userHome(UserDirectory.of(passwd));
        userHomeWithoutPasswordFile = UserFunctions.userHome(UserDirectory.of(dir.resolve("missing")));
    }

    /** Calls {@code function} with the arguments of the call written in {@code call}, as part of {@code ad}. */
    private static String call(ClassAdFunction function, String call, String ad) {
        List<Expr> args = ((FunctionCall) Expr.parse(call)).arguments();
        return function.call(args, Evaluation.context(), ClassAdValue.of(ClassAd.parse(ad)).scope()).unparse();
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            userHome("alice")                   | "/home/alice"
            userHome("bob")                     | "/srv/bob"
            userHome("root", "/tmp")            | "/root"
            userHome("nohome")                  | ""
            userHome(Owner)                     | "/home/alice"
            userHome("Alice")                   | undefined
            userHome("short")                   | undefined
            userHome("carol")                   | undefined
            userHome("carol", "/home/default")  | "/home/default"
            userHome("carol", "")               | undefined
            userHome("carol", 5)                | undefined
            userHome("")                        | undefined
            userHome("# users of the test machine") | undefined
            userHome(42)                        | error
            userHome(42, "/d")                  | "/d"
            userHome(undefined)                 | undefined
            userHome(Nobody)                    | undefined
            userHome(undefined, "/d")           | "/d"
            userHome(error)                     | error
            userHome(error, "/d")               | "/d"
            userHome({ "alice" })               | error
            userHome()                          | error
            userHome("alice", "/d", "/e")       | error
            """)
    void userHomeLooksTheUserUpInThePasswordFile(String expr, String expected) {
        assertEquals(expected, call(userHome, expr, "[ Owner = \"alice\" ]"));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            userHome("alice")          | undefined
            userHome("alice", "/d")    | "/d"
            userHome(42)               | error
            """)
    void withoutAPasswordFileNobodyHasAHome(String expr, String expected) {
        assertEquals(expected, call(userHomeWithoutPasswordFile, expr, "[ ]"));
    }

    // The registered function reads /etc/passwd; these rows hold whatever users the machine has.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            userHome("no such user, surely")         | undefined
            userHome("no such user, surely", "/d")   | "/d"
            userHome(42)                             | error
            userHome()                               | error
            """)
    void theBuiltInUserHomeReadsThisMachinesUsers(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            userMap("groups", "alice")                     | `{ "red","Blue" }`
            userMap("groups", "alice", "blue")             | "Blue"
            userMap("groups", "alice", "BLUE", "dflt")     | "Blue"
            userMap("groups", "alice", "green")            | "red"
            userMap("groups", "alice", 5)                  | "red"
            userMap("groups", "alice", undefined, "dflt")  | "red"
            userMap("groups", User)                        | `{ "red","Blue" }`
            userMap("groups", "bob")                       | {  }
            userMap("groups", "bob", "red")                | undefined
            userMap("groups", "bob", "red", "dflt")        | "dflt"
            userMap("groups", "carol")                     | undefined
            userMap("groups", "carol", "red")              | undefined
            userMap("groups", "carol", "red", "dflt")      | "dflt"
            userMap("groups", "carol", "red", 7)           | 7
            userMap("other", "alice")                      | undefined
            userMap("GROUPS", "alice")                     | undefined
            userMap(5, "alice")                            | undefined
            userMap("groups", undefined)                   | undefined
            userMap("groups", undefined, "red", "dflt")    | "dflt"
            userMap(error, "alice")                        | error
            userMap("groups", error)                       | error
            userMap(error, "alice", "red", "dflt")         | error
            userMap("groups")                              | error
            userMap()                                      | error
            userMap("groups", "alice", "red", "dflt", 1)   | error
            """)
    void userMapPicksFromTheUsersGroups(String expr, String expected) {
        assertEquals(expected, call(USER_MAP, expr, "[ User = \"alice\" ]"));
    }

    // No map sets are configured in this library, so every user is unknown to the built-in userMap.
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            userMap("groups", "alice")                   | undefined
            userMap("groups", "alice", "red")            | undefined
            userMap("groups", "alice", "red", "dflt")    | "dflt"
            userMap(error, "alice")                      | error
            userMap("groups")                            | error
            """)
    void theBuiltInUserMapKnowsNoMapSets(String expr, String expected) {
        assertEquals(expected, eval(expr));
    }
}
