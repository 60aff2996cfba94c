/**
 * Driver calls in the metrics (issue 19): a driver handed out by a registry is wrapped once, so
 * every call of every service is counted and timed by driver and cluster, without each service
 * doing it.
 */
import { driverCalls, driverDuration } from './metrics.js';

/** Methods that are housekeeping, not calls to the far side. */
const NOT_CALLS = new Set<PropertyKey>(['close', 'then', 'constructor']);

/** `driver` with each of its methods (but `close`) counted in portside_driver_calls_total and timed. */
export function instrumentDriver<T extends object>(driver: T, labels: { driver: string; cluster: string }): T {
  // Keyed by the method itself, so a method replaced on the driver (a test's stand-in) is wrapped anew.
  const wrapped = new WeakMap<object, unknown>();
  return new Proxy(driver, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function' || NOT_CALLS.has(key)) return value;
      let fn = wrapped.get(value);
      if (!fn) {
        fn = function (this: unknown, ...args: unknown[]) {
          const end = driverDuration.startTimer(labels);
          const done = (outcome: 'ok' | 'error') => {
            end();
            driverCalls.inc({ ...labels, outcome });
          };
          try {
            const out = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (out instanceof Promise)
              return out.then(
                (v: unknown) => (done('ok'), v),
                (e: unknown) => {
                  done('error');
                  throw e;
                },
              );
            done('ok');
            return out;
          } catch (e) {
            done('error');
            throw e;
          }
        };
        wrapped.set(value, fn);
      }
      return fn;
    },
  });
}
