/**
 * A seam for fault campaigns and tests: a log file whose writes and syncs fail, as a full
 * or failing disk makes them, while a control file exists. The file holds the error code
 * (`ENOSPC` or `EIO`), optionally followed by the part whose disk it is (`events` or
 * `notary`: a disk of their own under DATA_DIR), else every part's; removing it is the disk
 * taking writes again. Checked before each write and sync, which are few (group commit), so
 * the cost is one stat per round.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { LogFile } from './log-file.ts';

const INJECTABLE = { ENOSPC: 'no space left on device', EIO: 'i/o error', EDQUOT: 'disk quota exceeded' } as const;

/** Throws the error the control file names while it exists and names no other part than `part`. */
export function diskFaultWhileFileExists(controlFile: string, part: 'events' | 'notary'): (operation: string) => void {
  return (operation) => {
    if (!existsSync(controlFile)) return;
    const [named = '', only] = readFileSync(controlFile, 'utf8').trim().toUpperCase().split(/\s+/);
    if (only !== undefined && only !== part.toUpperCase()) return;
    const code = named in INJECTABLE ? (named as keyof typeof INJECTABLE) : 'ENOSPC';
    throw Object.assign(new Error(`${code}: ${INJECTABLE[code]}, ${operation} (injected by ${controlFile})`), { code });
  };
}

export function failingWhileFileExists(file: LogFile, controlFile: string): LogFile {
  const check = diskFaultWhileFileExists(controlFile, 'events');
  return {
    size: () => file.size(),
    read: (...args) => file.read(...args),
    close: () => file.close(),
    ...(file.reopen && { reopen: () => file.reopen!() }),
    // Cutting frees space on a full disk, so it is allowed: recovery cuts before it probes.
    truncate: (length) => file.truncate(length),
    write: async (data, position) => {
      check('write');
      return file.write(data, position);
    },
    datasync: async () => {
      check('fdatasync');
      return file.datasync();
    },
  };
}
