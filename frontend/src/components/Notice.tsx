/** A form outcome under the form: green for success, red for errors (spec section 2). */
export function Notice({ ok, text }: { ok: boolean; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className={ok ? 'notice notice-ok' : 'notice notice-error'} role={ok ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
