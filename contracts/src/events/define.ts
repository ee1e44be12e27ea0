/**
 * How an event type is declared: a zod schema of its data at the current schema version,
 * and the TypeScript type read off it, so the shape is written once. Stored events never
 * change, so what a parse gives back reads as immutable all the way down.
 */
import type { z } from 'zod';

export type Immutable<T> = T extends readonly (infer Item)[]
  ? readonly Immutable<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: Immutable<T[Key]> }
    : T;

/** An event of type `Type` whose data `Schema` reads. */
export interface EventOf<Type extends string, Schema extends z.ZodType> {
  readonly type: Type;
  readonly data: Immutable<z.output<Schema>>;
}
