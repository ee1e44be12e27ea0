/** Dotted-path helpers with MongoDB's update semantics (numeric segments index arrays). */

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A plain object whose keys are query or update operators, e.g. `{ $lt: 5 }`. */
export function isOperatorObject(value: unknown): value is PlainObject {
  if (!isPlainObject(value)) return false;
  for (const key in value) return key.startsWith('$');
  return false;
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/** The container holding the last segment of a path, and that segment. */
export interface PathSlot {
  readonly container: PlainObject | unknown[];
  readonly key: string;
}

/**
 * Containers a write may change in place: those created or copied for the new version of
 * a document. `null` means all of them (a document being built from scratch).
 */
export type OwnedContainers = Set<object> | null;

/**
 * Finds the slot a path ends in. With `create`, missing intermediate objects are created
 * (MongoDB's update behaviour); without it, a missing intermediate gives `undefined`.
 * A path that runs through a scalar, or names a field of an array, throws as MongoDB does.
 *
 * Path copying: every existing container the path descends into that is not `owned` is
 * replaced by a shallow copy first, so the returned slot can be written without touching
 * the previous version of the document, which shares all other subtrees.
 */
export function locateSlot(root: PlainObject, path: string, create: boolean, owned: OwnedContainers = null): PathSlot | undefined {
  if (!path.includes('.')) return { container: root, key: path };
  const segments = path.split('.');
  let container: PlainObject | unknown[] = root;
  const last = segments.length - 1;
  for (let i = 0; i < last; i++) {
    const segment = segments[i]!;
    if (Array.isArray(container) && !ARRAY_INDEX.test(segment)) {
      if (!create) return undefined;
      throw cannotCreate(segment, path);
    }
    let next = readSlot(container, segment, path);
    if (next === undefined || next === null) {
      if (!create) return undefined;
      if (next === null) throw cannotCreate(segments[i + 1]!, path);
      const created = {};
      owned?.add(created);
      writeSlot(container, segment, created, path);
      next = created;
    } else if (Array.isArray(next)) {
      if (owned && !owned.has(next)) {
        const copy = next.slice();
        owned.add(copy);
        writeSlot(container, segment, copy, path);
        next = copy;
      }
    } else if (isPlainObject(next)) {
      if (owned && !owned.has(next)) {
        const copy = { ...next };
        owned.add(copy);
        writeSlot(container, segment, copy, path);
        next = copy;
      }
    } else {
      if (!create) return undefined;
      throw cannotCreate(segments[i + 1]!, path);
    }
    container = next as PlainObject | unknown[];
  }
  const key = segments[last]!;
  if (Array.isArray(container) && !ARRAY_INDEX.test(key)) {
    if (!create) return undefined;
    throw cannotCreate(key, path);
  }
  return { container, key };
}

export function readSlot(container: PlainObject | unknown[], key: string, path = key): unknown {
  if (Array.isArray(container)) {
    if (!ARRAY_INDEX.test(key)) throw cannotCreate(key, path);
    return container[Number(key)];
  }
  return Object.prototype.hasOwnProperty.call(container, key) ? container[key] : undefined;
}

export function writeSlot(container: PlainObject | unknown[], key: string, value: unknown, path = key): void {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
    throw new Error(`invalid field name '${key}' in '${path}'`);
  }
  if (!Array.isArray(container)) {
    container[key] = value;
    return;
  }
  const index = Number(key);
  while (container.length < index) container.push(null);
  container[index] = value;
}

/** Removes the slot's value: deletes an object field, sets an array element to null (as MongoDB). */
export function clearSlot(slot: PathSlot): void {
  if (Array.isArray(slot.container)) slot.container[Number(slot.key)] = null;
  else delete slot.container[slot.key];
}

export function hasSlotValue(slot: PathSlot): boolean {
  return readSlot(slot.container, slot.key) !== undefined;
}

/** Sets a dotted path on a plain object, creating intermediate objects. */
export function setPath(root: PlainObject, path: string, value: unknown): void {
  const slot = locateSlot(root, path, true)!;
  writeSlot(slot.container, slot.key, value, path);
}

function cannotCreate(field: string, path: string): Error {
  return new Error(`Cannot create field '${field}' along the path '${path}'`);
}
