/**
 * A record one click from its JSON: as stored (what the Merkle leaf is over, personal fields
 * encrypted) or decrypted (the data the server revealed with the page, a read already in the
 * auditor's trail), in a dialog with a Copy button.
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { auditMessages, type AuditEntry } from '@stays/contracts';
import { useState } from 'react';

const texts = auditMessages;
type View = 'stored' | 'decrypted';

/** The JSON a view shows: the record as stored, or the same record with its data decrypted. */
export const recordJson = (entry: AuditEntry, view: View): string =>
  JSON.stringify(view === 'stored' ? entry.record : { ...entry.record, data: entry.data }, null, 2);

export function RecordJson({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState<View | null>(null);
  const [copied, setCopied] = useState(false);
  const show = (view: View | null) => {
    setCopied(false);
    setOpen(view);
  };
  const title = open === null ? '' : texts.jsonOf(open === 'stored' ? texts.storedJson : texts.decryptedJson, entry.record.type, entry.leafIndex);
  const text = open === null ? '' : recordJson(entry, open);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // no clipboard (an insecure page, or one without focus): select the JSON so the auditor copies it by hand
      const shown = document.querySelector('.audit-json-dialog pre.audit-json');
      if (shown) window.getSelection()?.selectAllChildren(shown);
    }
  };
  return (
    <div className="audit-json-buttons">
      <Button size="small" variant="outlined" text={texts.storedJson} onClick={() => show('stored')} />
      <Button size="small" variant="outlined" text={texts.decryptedJson} onClick={() => show('decrypted')} />
      <Dialog isOpen={open !== null} onClose={() => show(null)} title={title} className="audit-json-dialog">
        <DialogBody>
          <p>{open === 'stored' ? texts.storedJsonNote : texts.decryptedJsonNote}</p>
          {/* it scrolls on a phone: focusable, so a keyboard can scroll it too */}
          <pre className="audit-json" aria-label={title} tabIndex={0}>
            {text}
          </pre>
        </DialogBody>
        <DialogFooter actions={<Button icon={copied ? 'tick' : undefined} text={copied ? texts.copied : texts.copyJson} onClick={() => void copy()} />} />
      </Dialog>
    </div>
  );
}
