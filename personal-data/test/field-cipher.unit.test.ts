import { createCipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { FieldIntegrityError, decryptField, encryptField, isEncryptedField } from '../src/field-cipher.ts';

const key = randomBytes(32);
const place = { subject: 'customer-4f1c', type: 'BookingPlaced', field: 'customerName' };

function refused(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected decryption to refuse');
}

/** Flips one bit of the decoded ciphertext part and encodes it again. */
function flipBit(stored: string, byte: number): string {
  const [prefix, iv, sealed] = stored.split('.');
  const bytes = Buffer.from(sealed!, 'base64url');
  bytes[byte]! ^= 0x01;
  return [prefix, iv, bytes.toString('base64url')].join('.');
}

describe('personal data field cipher', () => {
  it('stores pd1.<iv>.<ciphertext+tag> with a fresh 12-byte IV and gives back the JSON value', () => {
    for (const value of ['Asha Rao', 'asha@example.in', '', { nested: ['x', 1] }, 42]) {
      const stored = encryptField(key, place, value);
      const [prefix, iv, sealed] = stored.split('.');
      expect(prefix).to.equal('pd1');
      expect(Buffer.from(iv!, 'base64url')).to.have.length(12);
      expect(Buffer.from(sealed!, 'base64url').length).to.equal(Buffer.byteLength(JSON.stringify(value)) + 16);
      expect(isEncryptedField(stored)).to.equal(true);
      expect(decryptField(key, place, stored)).to.deep.equal(value);
    }
    expect(encryptField(key, place, 'Asha Rao')).to.not.equal(encryptField(key, place, 'Asha Rao'));
    expect(isEncryptedField('Asha Rao')).to.equal(false);
  });

  it('refuses a tampered ciphertext or tag', () => {
    const stored = encryptField(key, place, 'Asha Rao');
    const length = Buffer.from(stored.split('.')[2]!, 'base64url').length;
    for (const byte of [0, length - 1]) expect(refused(() => decryptField(key, place, flipBit(stored, byte)))).to.be.instanceOf(FieldIntegrityError);
    expect(refused(() => decryptField(key, place, stored.slice(0, -4)))).to.be.instanceOf(FieldIntegrityError);
  });

  it('refuses a value moved to another subject, event type or field (the additional data)', () => {
    const stored = encryptField(key, place, 'Asha Rao');
    for (const other of [
      { ...place, subject: 'customer-9a9a' },
      { ...place, type: 'AccountRegistered' },
      { ...place, field: 'customerEmail' },
    ]) {
      expect(
        refused(() => decryptField(key, other, stored)),
        JSON.stringify(other),
      ).to.be.instanceOf(FieldIntegrityError);
    }
  });

  it('refuses another key', () => {
    const stored = encryptField(key, place, 'Asha Rao');
    expect(refused(() => decryptField(randomBytes(32), place, stored))).to.be.instanceOf(FieldIntegrityError);
  });
});

describe('personal data field cipher: the stored format and its refusals', () => {
  it('binds the ciphertext to subject, event type and field, one per line (the additional data)', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${place.subject}\n${place.type}\n${place.field}`, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify('Asha Rao'), 'utf8'), cipher.final(), cipher.getAuthTag()]);
    expect(decryptField(key, place, `pd1.${iv.toString('base64url')}.${body.toString('base64url')}`)).to.equal('Asha Rao');
  });

  it('says which field of whom is refused, and why', () => {
    const stored = encryptField(key, place, 'Asha Rao');
    expect((refused(() => decryptField(key, place, 'Asha Rao')) as Error).message).to.equal(
      'BookingPlaced.customerName of customer-4f1c is not an encrypted field',
    );
    expect((refused(() => decryptField(randomBytes(32), place, stored)) as Error).message).to.equal(
      'BookingPlaced.customerName of customer-4f1c does not decrypt: altered, moved from another field, or another key',
    );
  });

  it('tells the encrypted format from other values', () => {
    const stored = encryptField(key, place, 'Asha Rao');
    for (const other of [undefined, 42, 'pd1.', `x${stored}`, `${stored}!`, stored.replace('pd1.', 'pd2.'), stored.slice(0, 4 + 15) + stored.slice(4 + 16)]) {
      expect(isEncryptedField(other), String(other)).to.equal(false);
      if (typeof other === 'string') {
        const error = refused(() => decryptField(key, place, other)) as Error;
        expect(error, other).to.be.instanceOf(FieldIntegrityError);
        expect(error.name).to.equal('FieldIntegrityError');
        expect(error.message, other).to.equal('BookingPlaced.customerName of customer-4f1c is not an encrypted field');
      }
    }
  });
});
