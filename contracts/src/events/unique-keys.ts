/**
 * Unique-key streams keep a key unique without locks: the stream of a key is created
 * with `no_stream`, so of two concurrent claims exactly one wins; a released key is
 * claimed again at the stream's current revision. The stream name says what is reserved:
 * `customeremail-{keyed digest}`, `owneremail-{keyed digest}`, `ownerhotel-{ownerId}`,
 * `roomlisting-{hotelId}-{sha256(type|standard)}`, and `streamnamekey-{keyed check}`, which
 * ties the log to the key its names are made with.
 */
import { z } from 'zod';
import type { EventOf } from './define.ts';

export const uniqueKeyEventSchemas = {
  KeyReserved: z.object({ holder: z.string().describe('The id of what holds the key (an account, a hotel, a room).') }),
  KeyReleased: z.object({ holder: z.string().describe('The id of what held the key.') }),
};

export type KeyReserved = EventOf<'KeyReserved', typeof uniqueKeyEventSchemas.KeyReserved>;
export type KeyReleased = EventOf<'KeyReleased', typeof uniqueKeyEventSchemas.KeyReleased>;

export type UniqueKeyEvent = KeyReserved | KeyReleased;
