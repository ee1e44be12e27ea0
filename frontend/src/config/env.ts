/**
 * Build-time configuration (Vite `VITE_*` variables). Read defensively so the DOM-free
 * modules that import it also load under Node in unit tests, where `import.meta.env` is absent.
 */
import { API_PREFIX_DEFAULT } from '@stays/contracts';

const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

export const config = {
  /** `{host}{api_prefix}`: every API call is relative to this. */
  apiBaseUrl: `${env.VITE_API_BASE ?? ''}${API_PREFIX_DEFAULT}`,
  /** Google Identity Services client id; without it the Google button explains it is not configured. */
  googleClientId: env.VITE_GOOGLE_CLIENT_ID ?? '',
  /** Below this width the header hides 'List your property' and tables hide secondary columns. */
  largeScreenMinPx: 768,
} as const;
