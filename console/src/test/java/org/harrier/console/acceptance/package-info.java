/**
 * Issue 3's acceptance tests, at the level a user meets the grid: a real personal grid (or real
 * service processes) on a real broker, real job processes, harrier commands, the Python
 * examples, and a console listening on the bus.
 *
 * <pre>
 *   Submit -> Idle -> Running -> Completed, exit code, output  JobLifecycleTest (and PersonalGridTest)
 *   1,000 jobs in one cluster all complete                      JobLifecycleTest
 *   a console sees every status change                          JobLifecycleTest
 *   a job no machine satisfies stays Idle; rm of idle/running   grid.PersonalGridTest
 *   the collector drops a slot after its lifetime               SlotLifetimeTest (exec service as its own JVM)
 *   agents recover after the broker restarts                    BrokerRestartTest
 *   the Python examples pass                                    PythonExamplesTest
 *   each service its own process (and one JVM: PersonalGrid)    ServiceProcessesTest
 *   bad input: _exception naming the problem, grid keeps going  BadInputTest; broker down: cli.HarrierCommandLineTest
 *   on_exit_remove reruns a job; periodic_remove; user logs     JobPolicyAndUserLogTest (issue 4)
 * </pre>
 *
 * Waiting is always for a condition with a deadline ({@link org.harrier.console.acceptance.Eventually});
 * nothing asserts how long anything took.
 */
package org.harrier.console.acceptance;
