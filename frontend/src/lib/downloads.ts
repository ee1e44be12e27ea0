/** Files the API answers as downloads (a person's copy of their data): the name to save under, and saving. */

/** The file name a `Content-Disposition: attachment; filename="…"` answer gives, or `fallback`. */
export function attachmentName(contentDisposition: string | null | undefined, fallback: string): string {
  const name = /filename="([^"/\\]+)"/i.exec(contentDisposition ?? '')?.[1];
  return name ?? fallback;
}

/** How long the object URL outlives the click: the browser reads it when the download starts, not at the click. */
const REVOKE_AFTER_MS = 60_000;

/** Hands `blob` to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
