/** The profile image of a customer: one image, re-encoded within 512×512, at most `limits.profileImageMegabytes`. */
import { limits, messages } from '@stays/contracts';
import { multipartBody } from '@stays/service-kit';
import type { ImageRules } from '../uploads.ts';

const PROFILE_IMAGE_BYTES = limits.profileImageMegabytes * 1024 * 1024;

export const profileImageRules = (required: boolean): ImageRules => ({
  field: 'profileImage',
  required,
  min: 1,
  max: 1,
  maxBytes: PROFILE_IMAGE_BYTES,
  maxWidth: 512,
  maxHeight: 512,
  noneMessage: messages.server.profileImageRequired,
  tooFewMessage: messages.server.profileImageRequired,
  tooManyMessage: messages.server.oneProfileImage,
  tooLargeMessage: messages.ui.profileImageTooLarge,
});

/** The multipart body of a request that may carry the profile image. */
export const profileUpload = () => multipartBody({ maxFileBytes: PROFILE_IMAGE_BYTES, maxFiles: 1, fileTooLargeMessage: messages.ui.profileImageTooLarge });
