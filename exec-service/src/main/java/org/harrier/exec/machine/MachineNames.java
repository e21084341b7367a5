package org.harrier.exec.machine;

/**
 * The machine's names a startd would detect (Machine, Arch, OpSys, OpSysAndVer,
 * FileSystemDomain), as pinned in the settings; null means detect.
 */
public record MachineNames(String machine, String arch, String opSys, String opSysAndVer, String fileSystemDomain) {
}
