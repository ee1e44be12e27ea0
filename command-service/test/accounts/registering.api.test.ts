import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { fakeJpeg, pngImage, strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { registerCustomer, signIn, registerOwner } from '../../../standalone/test/support/accounts.ts';

describe('registering over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('registers a customer with a profile image that is re-encoded and served by the query side', async () => {
    const customer = await registerCustomer(api);
    const { user } = await signIn(api, '/user/login', customer.email, customer.password);
    expect(user).to.include({ _id: customer.id, role: 'customer', name: 'Asha Rao', username: 'asha_r', email: customer.email });
    expect(user.profileImage)
      .to.be.a('string')
      .and.satisfy((url: string) => url.startsWith(`${stays.baseUrl}/sharma/resident/stays/media/`))
      .and.match(/\/[\w-]+\.webp$/);
    const image = await fetch(user.profileImage as string);
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/webp');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('ascii')).to.equal('WEBP');
  });

  it('requires the customer profile image, and checks it by content', async () => {
    const fields = { username: 'nitin', name: 'Nitin', email: uniqueEmail(), password: strongPassword };
    const missing = await api.multipart('POST', '/user/register', fields);
    expect(missing.status).to.equal(400);
    expect(missing.body).to.include({ success: false, statusCode: 400, field: 'profileImage' });
    const notImage = await api.multipart('POST', '/user/register', fields, { profileImage: fakeJpeg() });
    expect(notImage.status).to.equal(415);
    expect(notImage.body).to.include({ success: false, message: messages.server.notAnImage });
    const twoImages = await api.multipart('POST', '/user/register', fields, { profileImage: [await pngImage(), await pngImage()] });
    expect(twoImages.body).to.deep.equal({ success: false, statusCode: 400, message: messages.server.oneProfileImage, field: 'profileImage' });
    const stranger = await api.multipart('POST', '/user/register', fields, { profileImage: await pngImage(), extra: await pngImage() });
    expect(stranger.body).to.include({ statusCode: 400, message: messages.server.invalidField('extra', 'files are not accepted here') });
    // none of the refused sign-ups took the email
    await registerCustomer(api, fields.email);
  });

  it('refuses a profile image over the size limit with the profile screen text', async () => {
    const big = { filename: 'big.png', type: 'image/png', content: Buffer.alloc(6 * 1024 * 1024, 1) };
    const response = await api.multipart(
      'POST',
      '/user/register',
      { username: 'big', name: 'Big', email: uniqueEmail(), password: strongPassword },
      { profileImage: big },
    );
    expect(response.status).to.equal(413);
    expect(response.body).to.deep.equal({ success: false, statusCode: 413, message: messages.ui.profileImageTooLarge });
  });

  it('keeps emails unique per role, ignoring case, but lets the other role use the same email', async () => {
    const owner = await registerOwner(api);
    const again = await api.post('/hotel/owner/register', { name: 'Someone Else', email: `  ${owner.email.toUpperCase()} `, password: strongPassword });
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({ success: false, statusCode: 409, message: messages.server.emailTaken });
    await registerCustomer(api, owner.email);
  });

  it('lets exactly one of many concurrent sign-ups with one email succeed', async () => {
    const email = uniqueEmail('race');
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/hotel/owner/register', { name: `Racer ${i}`, email, password: strongPassword })),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 201)).to.have.length(1);
    expect(statuses.filter((status) => status === 409)).to.have.length(11);
    const winner = attempts.find((attempt) => attempt.status === 201)!;
    const { user } = await signIn(api, '/hotel/owner/login', email, strongPassword);
    expect(user._id).to.equal(winner.body.data._id);
  });
});
