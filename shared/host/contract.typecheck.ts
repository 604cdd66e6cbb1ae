// Compile-time checks of the derived HostApi, run by `npm run typecheck`. Each call marked
// as an expected error must fail to compile, or the type-check fails.
import type { HostApi } from './contract.js';

export function hostApiShapeChecks(host: HostApi): void {
  void host.app.info();
  void host.scenarios.listBundled();
  void host.scenarios.getBundled({ id: 'example' });
  void host.library.list();
  void host.library.list({ limit: 10 });
  // @ts-expect-error getBundled needs an id
  void host.scenarios.getBundled();
  // @ts-expect-error ids are strings
  void host.scenarios.getBundled({ id: 7 });
  // @ts-expect-error app.info takes no payload
  void host.app.info({ verbose: true });
  // @ts-expect-error there is no such channel
  void host.app.shutdown();
}
