/**
 * 'Download my data' on the profile screens: the caller's copy of everything Stays holds
 * about them, saved as a JSON file; a failure is told in a toast, since the button sits
 * among others and has no line of its own for it.
 */
import { Button, Intent } from '@blueprintjs/core';
import { messages } from '@stays/contracts';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { appToaster } from '../../../lib/toaster.ts';
import { selectDataExport } from '../session.selectors.ts';
import { sessionActions } from '../session.slice.ts';

const ui = messages.ui;

export function DownloadMyDataButton() {
  const dispatch = useDispatch();
  const { status, error } = useSelector(selectDataExport);

  useEffect(() => {
    if (status !== 'failed') return;
    void appToaster().then((toaster) => toaster.show({ intent: Intent.DANGER, icon: 'error', message: error ?? ui.downloadMyDataFailed }));
  }, [status, error]);

  return (
    <Button
      icon="download"
      variant="outlined"
      text={ui.downloadMyData}
      title={ui.downloadMyDataHint}
      loading={status === 'loading'}
      onClick={() => dispatch(sessionActions.dataExportRequested())}
    />
  );
}
