package org.harrier.console.submit;

import java.nio.file.Path;
import java.util.Map;

/** The submitter the submit-language tests pretend to be: alice on an X86_64 LINUX host in submit.example. */
final class TestContexts {
    /** Alice's environment, for getenv and $ENV(name). */
    static final Map<String, String> ENV = Map.of(
            "HOME", "/home/alice",
            "PATH", "/usr/bin:/bin",
            "CUDA_HOME", "/opt/cuda",
            "LD_LIBRARY_PATH", "/opt/cuda/lib",
            "SEMI", "a;b",
            "SPACED", "two words");

    private TestContexts() {
    }

    static SubmitContext alice(Path dir) {
        return new SubmitContext(dir, "alice", "X86_64", "LINUX", "submit.example", ENV);
    }
}
