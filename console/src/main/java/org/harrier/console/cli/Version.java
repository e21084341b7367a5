package org.harrier.console.cli;

import picocli.CommandLine.IVersionProvider;

/** The version from the jar's manifest (Implementation-Version), or "development" when run from classes. */
final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Version.class.getPackage().getImplementationVersion();
        return new String[] {"harrier " + (v == null ? "(development build)" : v)};
    }
}
