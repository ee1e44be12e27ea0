/**
 * An event's personal fields sealed together (`pd2`): what is stored, and every way a
 * stored record that was not sealed there, so, with this key, is refused.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { FieldIntegrityError } from '../src/field-cipher.ts';
import { SEALED_ELSEWHERE, isSealedValue, openFields, sealFields } from '../src/record-cipher.ts';

const key = randomBytes(32);
const place = { subject: 'customer-4f1c', type: 'AccountRegistered', fields: ['name', 'email', 'phone'] };
const values = ['Asha Rao', 'asha@example.in', { country: '+91', number: '98450 12345' }];

function refusal(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected opening to refuse');
}

/** A pd2 value sealed by hand with the additional data the format documents: `pd2`, subject, type and fields, one per line. */
function sealedByHand(plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `pd2.${iv.toString('base64url')}.${body.toString('base64url')}`;
}

const documentedAad = `pd2\n${place.subject}\n${place.type}\n${place.fields.join('\n')}`;

describe('personal data sealed together (pd2)', () => {
  it('stores pd2.<iv>.<ciphertext+tag> in the first field and pd2 in the others, and opens to the values', () => {
    const stored = sealFields(key, place, values);
    expect(stored.slice(1)).to.deep.equal([SEALED_ELSEWHERE, SEALED_ELSEWHERE]);
    expect(SEALED_ELSEWHERE).to.equal('pd2');
    const [prefix, iv, body] = stored[0]!.split('.');
    expect(prefix).to.equal('pd2');
    expect(Buffer.from(iv!, 'base64url')).to.have.length(12);
    expect(Buffer.from(body!, 'base64url').length).to.equal(Buffer.byteLength(JSON.stringify(values)) + 16);
    expect(isSealedValue(stored[0])).to.equal(true);
    expect(openFields(key, place, stored)).to.deep.equal(values);
    expect(sealFields(key, place, values)[0]).to.not.equal(stored[0]);
    const single = { ...place, fields: ['name'] };
    expect(openFields(key, single, sealFields(key, single, ['Asha']))).to.deep.equal(['Asha']);
  });

  it('binds the ciphertext to the format, subject, type and fields in order (the additional data)', () => {
    expect(openFields(key, place, [sealedByHand(JSON.stringify(values), documentedAad), 'pd2', 'pd2'])).to.deep.equal(values);
    const stored = sealFields(key, place, values);
    for (const other of [
      { ...place, subject: 'customer-9a9a' },
      { ...place, type: 'ProfileUpdated' },
      { ...place, fields: ['email', 'name', 'phone'] },
      { ...place, fields: ['name', 'email', 'mobile'] },
    ]) {
      expect(refusal(() => openFields(key, other, stored)).message, JSON.stringify(other)).to.equal(
        `${other.type}.${other.fields.join('+')} of ${other.subject} do not decrypt: altered, moved from another event or person, or another key`,
      );
    }
    expect(refusal(() => openFields(randomBytes(32), place, stored))).to.be.instanceOf(FieldIntegrityError);
  });

  it('refuses values that are not sealed together, with the place in the message', () => {
    const stored = sealFields(key, place, values);
    const notTogether = 'AccountRegistered.name+email+phone of customer-4f1c are not sealed together';
    for (const wrong of [
      ['Asha Rao', 'pd2', 'pd2'],
      [stored[0], 'pd2'],
      [stored[0], 'pd2', 'pd2', 'pd2'],
      [stored[0], 'asha@example.in', 'pd2'],
      [stored[0], 'pd2', 'pd1'],
      [],
    ]) {
      const error = refusal(() => openFields(key, place, wrong));
      expect(error, JSON.stringify(wrong)).to.be.instanceOf(FieldIntegrityError);
      expect(error.message, JSON.stringify(wrong)).to.equal(notTogether);
    }
  });

  it('refuses a tampered ciphertext, and a sealed value that is not one value per field', () => {
    const [sealed, ...rest] = sealFields(key, place, values);
    const [prefix, iv, body] = sealed!.split('.');
    for (const byte of [0, Buffer.from(body!, 'base64url').length - 1]) {
      const bytes = Buffer.from(body!, 'base64url');
      bytes[byte]! ^= 1;
      expect(refusal(() => openFields(key, place, [[prefix, iv, bytes.toString('base64url')].join('.'), ...rest]))).to.be.instanceOf(FieldIntegrityError);
    }
    for (const plain of [JSON.stringify(values.slice(0, 2)), JSON.stringify({ 0: 'a', 1: 'b', 2: 'c', length: 3 })]) {
      expect(refusal(() => openFields(key, place, [sealedByHand(plain, documentedAad), 'pd2', 'pd2'])).message).to.equal(
        'AccountRegistered.name+email+phone of customer-4f1c do not hold one value per field',
      );
    }
  });

  it('tells the sealed format from other values', () => {
    const sealed = sealFields(key, place, values)[0]!;
    for (const other of [
      undefined,
      42,
      'pd2',
      'Asha Rao',
      `x${sealed}`,
      `${sealed}!`,
      sealed.replace('pd2.', 'pd1.'),
      sealed.slice(0, 4 + 15) + sealed.slice(4 + 16),
    ]) {
      expect(isSealedValue(other), String(other)).to.equal(false);
    }
  });
});
