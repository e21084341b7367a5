package org.harrier.console;

import org.harrier.console.grid.BrokerAddress;

/** Opens a {@link GridClient} session at a broker; the seam between the commands and the bus. */
@FunctionalInterface
public interface GridConnector {
    GridClient connect(BrokerAddress broker);
}
