import { expect } from 'chai';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImage, pngImages, strongPassword, uniqueEmail } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { daysFromToday } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** Bad bodies on real routes: a 400 whose message names the field as the form labels it, in plain words. */
describe('validation messages over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  const refusal = (response: { status: number; body: Record<string, unknown> }) => [response.status, response.body];
  const failure = (message: string, field?: string) => ({ success: false, statusCode: 400, message, ...(field !== undefined && { field }) });

  it('a customer sign-up with a short password', async () => {
    const response = await api.multipart(
      'POST',
      '/user/register',
      { username: 'asha', name: 'Asha Rao', email: uniqueEmail(), password: 'short' },
      { profileImage: await pngImage() },
    );
    expect(refusal(response)).to.deep.equal([400, failure('Password must be at least 8 characters.', 'password')]);
  });

  it("an owner sign-up without a name, or with an email that is not one, in the owner form's labels", async () => {
    const nameless = await api.post('/hotel/owner/register', { email: uniqueEmail('owner'), password: strongPassword });
    expect(refusal(nameless)).to.deep.equal([400, failure('Owner name is required.', 'name')]);
    const notAnEmail = await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email: 'ravi.example.in', password: strongPassword });
    expect(refusal(notAnEmail)).to.deep.equal([400, failure('Owner email is not a valid email address.', 'email')]);
  });

  it('a sign-in without its password, and a body that is not a set of fields', async () => {
    expect(refusal(await api.post('/user/login', { email: 'asha@example.in' }))).to.deep.equal([400, failure('Password is required.', 'password')]);
    expect(refusal(await api.post('/user/login', ['asha@example.in']))).to.deep.equal([
      400,
      failure('The request body must be a set of fields (a JSON object or a form).'),
    ]);
  });

  it('a hotel whose name is too short, a PIN code that is not one, and a place too far', async () => {
    const owner = await signedInOwner(api);
    const create = async (overrides: Record<string, string>) =>
      api.multipart('POST', '/hotel/data/create/hotel', hotelForm(overrides), { imageURLs: await pngImages(5) }, { token: owner.token });
    expect(refusal(await create({ hotelName: 'Sahyadri' }))).to.deep.equal([400, failure('Hotel name must be 10 to 60 characters long.', 'hotelName')]);
    expect(refusal(await create({ pinCode: '4110O4' }))).to.deep.equal([400, failure('PIN code must be a number of 3 to 10 digits.', 'pinCode')]);
    expect(refusal(await create({ checkInTime: 'noon' }))).to.deep.equal([
      400,
      failure('Check-in time must be a time written as HH:MM, e.g. 14:00.', 'checkInTime'),
    ]);
    expect(refusal(await create({ restaurants: JSON.stringify([{ name: 'Vaishali', distance: '31' }]) }))).to.deep.equal([
      400,
      failure('Restaurants: distance in km must be a number from 0 to 30.', 'restaurants.0.distance'),
    ]);
  });

  it("the booking page's contact details and a search for a stay that cannot start today", async () => {
    const guest = await signedInCustomer(api);
    const otp = await api.post(
      '/hotel/booking/send/email/mobile',
      { customerName: 'Asha Rao', customerEmail: 'asha@', customerPhoneNumber: '+919822012345' },
      { token: guest.token },
    );
    expect(refusal(otp)).to.deep.equal([400, failure('Email is not a valid email address.', 'customerEmail')]);
    const today = await api.get(`/hotel/data/get/search?searchTerm=Pune&checkIn=${daysFromToday(0)}&nights=2`);
    expect(refusal(today)).to.deep.equal([400, failure('Choose a check-in date from tomorrow up to a year ahead.', 'checkIn')]);
    const rooms = await api.get(`/hotel/data/get/search?searchTerm=Pune&checkIn=${daysFromToday(3)}&rooms=11`);
    expect(refusal(rooms)).to.deep.equal([400, failure('Rooms must be a whole number from 1 to 10.', 'rooms')]);
  });
});
