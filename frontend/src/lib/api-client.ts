/**
 * The one HTTP client of the web app. Every data-changing call (and every call made with
 * `{ bearer: true }`) carries the stored access token; a 401 from the API ends the session.
 */
import axios, { type AxiosError } from 'axios';
import { config } from '../config/env.ts';
import { unauthorized } from './api-client-hooks.ts';
import { tokenStorage } from './persist.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Send the access token on a read call too (the calls the spec marks "bearer"). */
    bearer?: boolean;
  }
}

export const apiClient = axios.create({ baseURL: config.apiBaseUrl });

apiClient.interceptors.request.use((request) => {
  const method = (request.method ?? 'get').toLowerCase();
  const token = tokenStorage.get();
  if (token !== null && (method !== 'get' || request.bearer === true)) {
    request.headers.set('Authorization', `Bearer ${token}`);
  }
  return request;
});

apiClient.interceptors.response.use(undefined, (error: AxiosError) => {
  // A failed sign-in is a 401 too; it has nothing to end, and the handler is harmless then.
  if (error.response?.status === 401 && tokenStorage.get() !== null) unauthorized();
  return Promise.reject(error);
});
