import type { ServiceCode, ServiceRow } from '#contract/schemas/checks-catalogue.ts';

/** What the picker's choice amounts to once dependencies are followed. */
export interface ServiceSelection {
  /** Every service the order will run: the picked ones and what they depend on, catalogue order. */
  services: readonly ServiceRow[];
  /** Services added because a picked one depends on them (shown with a note). */
  autoAdded: readonly ServiceRow[];
  /** Picked or needed services under maintenance: the order cannot be placed with them. */
  inMaintenance: readonly ServiceRow[];
  /** Sum of the services' prices per device, hundredths. */
  pricePerDevice: number;
}

/**
 * Follows `depends_on` (transitively) from the picked service ids. Unknown ids (a catalogue that
 * changed since the draft was made) are dropped.
 */
export function resolveSelection(
  catalogue: readonly ServiceRow[],
  picked: ReadonlySet<number>,
): ServiceSelection {
  const byCode = new Map<ServiceCode, ServiceRow>(catalogue.map((s) => [s.code, s]));
  const chosen = new Set<number>();
  const auto = new Set<number>();
  const visit = (service: ServiceRow, isPicked: boolean) => {
    if (chosen.has(service.id)) {
      if (isPicked) auto.delete(service.id);
      return;
    }
    chosen.add(service.id);
    if (!isPicked) auto.add(service.id);
    for (const code of service.depends_on) {
      const dependency = byCode.get(code);
      if (dependency) visit(dependency, picked.has(dependency.id));
    }
  };
  for (const service of catalogue) if (picked.has(service.id)) visit(service, true);
  const services = catalogue.filter((s) => chosen.has(s.id));
  return {
    services,
    autoAdded: services.filter((s) => auto.has(s.id)),
    inMaintenance: services.filter((s) => s.maintenance),
    pricePerDevice: services.reduce((sum, s) => sum + s.price, 0),
  };
}

/**
 * The order's price in hundredths: devices x sum of the service prices (domain.md "Money"), for the
 * devices that unused package checks do not pay for (one check pays for one device, whatever its
 * services; decision 0017).
 */
export function orderPrice(devices: number, pricePerDevice: number, packageChecks = 0): number {
  return (devices - coveredByPackages(devices, packageChecks)) * pricePerDevice;
}

/** How many of the order's devices unused package checks pay for. */
export function coveredByPackages(devices: number, packageChecks: number): number {
  return Math.max(0, Math.min(devices, packageChecks));
}

/** Points (hundredths) the balance lacks for `price`; 0 when it covers it. */
export function shortfall(balance: number, price: number): number {
  return Math.max(0, price - balance);
}
