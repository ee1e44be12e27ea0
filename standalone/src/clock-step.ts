/**
 * Fault campaigns only (CLOCK_STEP_FILE, docs/operations.md): the process's wall clock
 * stepped, as a host's is when NTP or an operator sets it. While the file exists it holds an
 * offset in milliseconds (negative: back) added to every reading of the wall clock
 * (`Date.now()`, `new Date()`, in this process and every library it loads); timers and
 * `performance.now()` run on, as the monotonic clock does through a step. The file is read
 * every 100 ms, so a step lands within that.
 */
import { readFileSync } from 'node:fs';

/** Installs the stepped clock; returns what puts the real one back. */
export function stepWallClockFrom(file: string): () => void {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch {
      offset = 0; // no file: the real clock
      return;
    }
    const named = Number(text);
    offset = Number.isFinite(named) ? named : 0;
  };
  read();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
    // `Date()` called as a function gives the time as text
    apply: (target, _this, args) => (args.length === 0 ? new RealDate(now()).toString() : Reflect.apply(target, undefined, args)),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  const timer = setInterval(read, 100).unref();
  return () => {
    clearInterval(timer);
    globalThis.Date = RealDate;
  };
}
