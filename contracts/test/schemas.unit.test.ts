import { expect } from 'chai';
import { customerRegisterRequest, customerUpdateRequest, ownerRegisterRequest } from '../src/index.ts';

describe('contracts: account request schemas', () => {
  it('accepts a complete owner registration and trims it', () => {
    const parsed = ownerRegisterRequest.parse({ name: ' Ravi ', email: ' ravi@example.in ', password: 'correct horse' });
    expect(parsed).to.deep.equal({ name: 'Ravi', email: 'ravi@example.in', password: 'correct horse' });
  });

  it('names the missing or wrong field', () => {
    const result = customerRegisterRequest.safeParse({ username: 'u', name: 'N', email: 'not-an-email', password: 'x' });
    expect(result.success).to.equal(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).to.include.members(['email', 'password']);
  });

  it('rejects non-text values instead of coercing them', () => {
    const result = ownerRegisterRequest.safeParse({ name: { $gt: '' }, email: ['a@b.in'], password: 12345678 });
    expect(result.success).to.equal(false);
    expect(result.error!.issues.map((i) => i.path[0])).to.have.members(['name', 'email', 'password']);
  });

  it('treats empty profile-update fields as not sent', () => {
    const parsed = customerUpdateRequest.parse({ username: '', email: '  ', password: '' });
    expect([parsed.username, parsed.email, parsed.password]).to.deep.equal([undefined, undefined, undefined]);
  });
});
