import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { messages } from '@stays/contracts';
import { HolderConfirmation } from '../../src/features/session/components/HolderConfirmation.tsx';

const ui = messages.ui;
const render = (hasPassword: boolean | undefined) =>
  renderToStaticMarkup(
    createElement(HolderConfirmation, { hasPassword, currentPassword: '', onCurrentPassword: () => {}, googleConfirmed: false, onGoogleCredential: () => {} }),
  );

describe('confirming an email or password change', () => {
  it('asks a password account for its current password only', () => {
    const html = render(true);
    expect(html).to.contain(ui.currentPasswordLabel).and.to.contain('type="password"');
    expect(html).not.to.contain(ui.confirmWithGoogle);
  });

  it('asks an account that signs in only with Google for a Google confirmation only', () => {
    const html = render(false);
    expect(html).to.contain(ui.confirmWithGoogle).and.to.contain(ui.confirmWithGoogleOnlyHint);
    expect(html).not.to.contain(ui.currentPasswordLabel);
    expect(html).not.to.contain('type="password"');
  });

  it('offers both to a session kept from before the client knew the sign-in method', () => {
    const html = render(undefined);
    expect(html).to.contain(ui.currentPasswordLabel).and.to.contain(ui.confirmWithGoogle).and.to.contain(ui.confirmWithGoogleHint);
  });
});
