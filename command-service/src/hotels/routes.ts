/** Hotels and rooms over HTTP (spec section 7, "Hotels and rooms"): owners only, ownership checked. */
import type { Context } from 'koa';
import {
  createHotelRequest, createRoomRequest, limits, messages, routes, updateHotelRequest, updateRoomRequest,
} from '@stays/contracts';
import { ConflictError, authOf, bodyFields, multipartBody, respond, validate } from '@stays/service-kit';
import type { CommandContext } from '../command-context.ts';
import { discardImages, refuseUnexpectedFiles, storeUploadedImages, type ImageRules } from '../uploads.ts';
import * as hotels from './service.ts';
import * as rooms from '../rooms/service.ts';

const IMAGE_MEGABYTES = 8;
const IMAGE_BYTES = IMAGE_MEGABYTES * 1024 * 1024;

const hotelImages = (required: boolean): ImageRules => ({
  field: 'imageURLs', required, min: limits.hotelImages.min, max: limits.hotelImages.max,
  maxBytes: IMAGE_BYTES, maxWidth: 1600, maxHeight: 1200,
  noneMessage: messages.ui.uploadImages, tooFewMessage: messages.ui.uploadMoreThanFive, tooManyMessage: messages.ui.uploadMaximumTen,
  tooLargeMessage: messages.server.imageTooLarge(IMAGE_MEGABYTES),
});

const roomImages = (required: boolean): ImageRules => ({
  field: 'imageURLs', required, min: limits.roomImages.min, max: limits.roomImages.max,
  maxBytes: IMAGE_BYTES, maxWidth: 1280, maxHeight: 960,
  noneMessage: messages.ui.uploadImages, tooFewMessage: messages.ui.uploadImages, tooManyMessage: messages.ui.uploadAtMostTwo,
  tooLargeMessage: messages.server.imageTooLarge(IMAGE_MEGABYTES),
});

/** Accepts one file more than allowed so the count check can answer with the spec's own message. */
const imageUpload = (rules: ImageRules) => multipartBody({
  maxFileBytes: rules.maxBytes, maxFiles: rules.max + 1, jsonLimit: '200kb',
  fileTooLargeMessage: rules.tooLargeMessage, tooManyFilesMessage: rules.tooManyMessage,
});

/** Stores the request's images (when any are sent or required), runs `command`, and discards them if it fails. */
async function withImages<T>(ctx: Context, context: CommandContext, rules: ImageRules, command: (imageURLs: string[] | undefined) => Promise<T>): Promise<T> {
  refuseUnexpectedFiles(ctx, [rules.field]);
  const stored = await storeUploadedImages(ctx, context.deps.media, rules);
  try {
    return await command(stored.length > 0 ? stored : undefined);
  } catch (error) {
    await discardImages(context.deps.media, stored);
    throw error;
  }
}

export function mountHotelRoutes(context: CommandContext): void {
  const { deps, mount, auth, committed } = context;
  const hotelDeps = { store: deps.eventStore, now: deps.now ?? (() => new Date()) };

  mount(routes.createHotel, auth('hotel-owner'), imageUpload(hotelImages(true)), async (ctx) => {
    const ownerId = authOf(ctx).accountId;
    const input = validate(createHotelRequest, bodyFields(ctx));
    if ((await hotels.hotelIdOfOwner(deps.eventStore, ownerId)) !== null) throw new ConflictError(messages.server.hotelExists);
    const { value, position } = await withImages(ctx, context, hotelImages(true),
      (imageURLs) => hotels.createHotel(hotelDeps, ownerId, input, imageURLs ?? []));
    await committed(ctx, position);
    respond(ctx, 201, messages.server.hotelCreated, { _id: value.hotelId });
  });

  mount(routes.updateHotel, auth('hotel-owner'), imageUpload(hotelImages(false)), async (ctx) => {
    const input = validate(updateHotelRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, context, hotelImages(false),
      (imageURLs) => hotels.updateHotel(hotelDeps, authOf(ctx).accountId, ctx.params.hotelID!, input, imageURLs));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.hotelUpdated, { _id: value.hotelId });
  });

  mount(routes.createRoom, auth('hotel-owner'), imageUpload(roomImages(true)), async (ctx) => {
    const input = validate(createRoomRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, context, roomImages(true),
      (imageURLs) => rooms.addRoom(hotelDeps, authOf(ctx).accountId, input, imageURLs ?? []));
    await committed(ctx, position);
    respond(ctx, 201, messages.server.roomAdded, { _id: value.roomId });
  });

  mount(routes.updateRoom, auth('hotel-owner'), imageUpload(roomImages(false)), async (ctx) => {
    const input = validate(updateRoomRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, context, roomImages(false),
      (imageURLs) => rooms.updateRoom(hotelDeps, authOf(ctx).accountId, ctx.params.hotelID!, ctx.params.roomID!, input, imageURLs));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.roomUpdated, { _id: value.roomId });
  });
}
