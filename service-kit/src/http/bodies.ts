/**
 * Request body parsing with hard limits. JSON routes take JSON only; upload routes take
 * multipart (or JSON when no file is needed). Uploaded files land in temp files, are read
 * by the route, and are always deleted when the request ends.
 */
import { unlink, readFile } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import { koaBody, HttpMethodEnum } from 'koa-body';
import { messages } from '@stays/contracts';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors.ts';

// formidable's error codes (FormidableError.js)
const FORMIDABLE_FILES_TOO_BIG = 1009;
const FORMIDABLE_MAX_FILES_EXCEEDED = 1015;
const FORMIDABLE_FILE_TOO_BIG = 1016;

const PARSED_METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PATCH, HttpMethodEnum.PUT, HttpMethodEnum.DELETE];

export interface UploadedFile {
  readonly field: string;
  readonly path: string;
  readonly size: number;
  readonly originalName: string | null;
  /** What the client claimed; never trusted, images are checked by content. */
  readonly claimedType: string | null;
}

export interface JsonBodyOptions {
  /** Largest JSON body, e.g. '100kb'. */
  readonly limit?: string;
}

export function jsonBody(options: JsonBodyOptions = {}): Middleware {
  const parse = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonStrict: true,
    jsonLimit: options.limit ?? '100kb',
    parsedMethods: PARSED_METHODS,
  });
  return async (ctx, next) => {
    if (hasBody(ctx) && !ctx.is('application/json', 'application/*+json')) throw new UnsupportedMediaTypeError();
    await parse(ctx, next);
  };
}

export interface MultipartBodyOptions {
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  readonly jsonLimit?: string;
  /** Message for a file over maxFileBytes (e.g. the profile screen's own text). */
  readonly fileTooLargeMessage?: string;
  /** Message for more than maxFiles files (e.g. 'Upload maximum 10 images'). */
  readonly tooManyFilesMessage?: string;
}

export function multipartBody(options: MultipartBodyOptions): Middleware {
  const parse = koaBody({
    json: true,
    multipart: true,
    urlencoded: false,
    text: false,
    jsonStrict: true,
    jsonLimit: options.jsonLimit ?? '100kb',
    parsedMethods: PARSED_METHODS,
    formidable: {
      maxFileSize: options.maxFileBytes,
      maxTotalFileSize: options.maxFileBytes * Math.max(1, options.maxFiles),
      maxFiles: options.maxFiles,
      maxFields: 200,
      maxFieldsSize: 1024 * 1024,
      allowEmptyFiles: true,
      minFileSize: 0,
      keepExtensions: false,
    },
  });
  return async (ctx, next) => {
    if (hasBody(ctx) && !ctx.is('multipart/form-data', 'application/json', 'application/*+json')) {
      throw new UnsupportedMediaTypeError();
    }
    try {
      await parse(ctx, next);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === FORMIDABLE_MAX_FILES_EXCEEDED) {
        throw new BadRequestError(options.tooManyFilesMessage ?? messages.validation.tooManyFiles(options.maxFiles));
      }
      if (code === FORMIDABLE_FILE_TOO_BIG || code === FORMIDABLE_FILES_TOO_BIG) throw new PayloadTooLargeError(options.fileTooLargeMessage);
      throw error;
    } finally {
      await removeUploadedFiles(ctx);
    }
  };
}

/** The parsed body as a plain object of fields ({} when there was no body). */
export function bodyFields(ctx: Context): unknown {
  const body = ctx.request.body as unknown;
  return body === undefined || body === null || body === '' ? {} : body;
}

/** The files uploaded under one field name, in the order sent. */
export function uploadedFiles(ctx: Context, field: string): UploadedFile[] {
  const entry = ctx.request.files?.[field];
  if (entry === undefined) return [];
  const list = Array.isArray(entry) ? entry : [entry];
  return list.map((file) => ({
    field,
    path: file.filepath,
    size: file.size,
    originalName: file.originalFilename ?? null,
    claimedType: file.mimetype ?? null,
  }));
}

/** Every file field other than the expected ones (unexpected uploads are refused by routes). */
export function uploadedFieldNames(ctx: Context): string[] {
  return Object.keys(ctx.request.files ?? {});
}

export const readUploadedFile = (file: UploadedFile): Promise<Buffer> => readFile(file.path);

function hasBody(ctx: Context): boolean {
  const length = ctx.request.length;
  return (length !== undefined && length > 0) || ctx.get('transfer-encoding') !== '';
}

async function removeUploadedFiles(ctx: Context): Promise<void> {
  const files = ctx.request.files ?? {};
  const paths = Object.values(files)
    .flatMap((entry) => (Array.isArray(entry) ? entry : [entry]))
    .map((file) => file.filepath);
  await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
}
