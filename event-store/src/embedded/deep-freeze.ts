/** Freezes a JSON value and everything inside it; returns the same value. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    // for-in rather than Object.keys: no array of names per object, and a JSON value's objects inherit no enumerable members
    for (const key in value) {
      const member = value[key];
      if (typeof member === 'object' && member !== null) deepFreeze(member);
    }
  }
  return value;
}
