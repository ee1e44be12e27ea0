/**
 * Turns values read through the driver into the plain values the port promises:
 * ObjectId → its hex string, Long/Decimal128/Int32/Double → number, Binary → Uint8Array.
 * Dates, regexes and everything JSON-like pass through.
 */
export function toPlainValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date || value instanceof RegExp) return value;
  if (Array.isArray(value)) return value.map(toPlainValue);
  const bsonType = (value as { _bsontype?: unknown })._bsontype;
  if (typeof bsonType === 'string') return fromBsonValue(bsonType, value);
  const plain: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) plain[key] = toPlainValue(field);
  return plain;
}

function fromBsonValue(bsonType: string, value: object): unknown {
  switch (bsonType) {
    case 'ObjectId':
      return (value as { toHexString(): string }).toHexString();
    case 'Long':
      return (value as { toNumber(): number }).toNumber();
    case 'Decimal128':
      return Number(value.toString());
    case 'Int32':
    case 'Double':
      return (value as { valueOf(): number }).valueOf();
    case 'Binary':
      return (value as { buffer: Uint8Array }).buffer;
    default:
      return value;
  }
}

export function toPlainDocument<T>(document: unknown): T {
  return toPlainValue(document) as T;
}
