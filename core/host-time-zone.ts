/**
 * For tests: runs `fn` with the process in another time zone (Bun applies a changed TZ at once),
 * then puts the zone back, also when `fn` throws or its promise rejects. It lives in core so that
 * the tests of core and of the browser side (which may not import src/) share it.
 */
export function inHostTimeZone<T>(zone: string, fn: () => T): T {
  const saved = process.env.TZ;
  const restore = () => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  };
  process.env.TZ = zone;
  let result: T;
  try {
    result = fn();
  } catch (error) {
    restore();
    throw error;
  }
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}
