import { expect } from 'chai';
import { messages, type CancellationPolicy } from '@stays/contracts';
import { selectPolicySubmit } from '../../src/features/owner-hotel/owner-hotel.selectors.ts';
import { ownerHotelActions } from '../../src/features/owner-hotel/owner-hotel.slice.ts';
import { draftFromPolicy, policyFromDraft } from '../../src/features/owner-hotel/policy-draft.ts';
import type { Hotel } from '../../src/lib/models.ts';
import { httpError, stubApis, testStore, until } from './support.ts';

const texts = messages.cancellationPolicy;

describe("the owner's cancellation policy form (unit)", () => {
  it('makes a policy of the draft, or says plainly what is wrong with it', () => {
    expect(policyFromDraft({ freeUntilDaysBefore: ' 7 ', kind: 'first-night', percent: 'ignored' })).to.deep.equal({
      policy: { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } },
    });
    expect(policyFromDraft({ freeUntilDaysBefore: '3', kind: 'percentage', percent: '25' })).to.deep.equal({
      policy: { freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage', percent: 25 } },
    });
    for (const days of ['', '0', '61', '2.5', 'two']) {
      expect(policyFromDraft({ freeUntilDaysBefore: days, kind: 'first-night', percent: '' }), days).to.deep.equal({ error: texts.badDays(1, 60) });
    }
    for (const percent of ['', '0', '101', '12.5']) {
      expect(policyFromDraft({ freeUntilDaysBefore: '3', kind: 'percentage', percent }), percent).to.deep.equal({ error: texts.badPercent(1, 100) });
    }
    const policy: CancellationPolicy = { freeUntilDaysBefore: 5, lateCharge: { kind: 'percentage', percent: 40 } };
    expect(policyFromDraft(draftFromPolicy(policy))).to.deep.equal({ policy });
  });

  it('sends a good policy and shows it on the loaded hotel; refuses a bad one without a call; shows the server refusal', async () => {
    const sent: [string, CancellationPolicy][] = [];
    const store = testStore(
      stubApis({
        ownerHotel: {
          hotel: async () => ({ _id: 'h1', hotelName: 'H' }) as Hotel,
          setCancellationPolicy: async (hotelId, policy) => {
            sent.push([hotelId, policy]);
            return { message: texts.saved };
          },
        },
      }),
    );
    store.dispatch(ownerHotelActions.hotelRequested({ hotelId: 'h1' }));
    await until(store, (s) => s.ownerHotel.hotel.status === 'succeeded');

    store.dispatch(ownerHotelActions.policySubmitted({ hotelId: 'h1', draft: { freeUntilDaysBefore: '0', kind: 'first-night', percent: '' } }));
    expect(selectPolicySubmit(await until(store, (s) => s.ownerHotel.policy.status === 'failed')).error).to.equal(texts.badDays(1, 60));
    expect(sent).to.deep.equal([]);

    store.dispatch(ownerHotelActions.policySubmitted({ hotelId: 'h1', draft: { freeUntilDaysBefore: '3', kind: 'percentage', percent: '50' } }));
    const saved = await until(store, (s) => s.ownerHotel.policy.status === 'saved');
    const policy = { freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage', percent: 50 } };
    expect(sent).to.deep.equal([['h1', policy]]);
    expect(selectPolicySubmit(saved).message).to.equal(texts.saved);
    expect(saved.ownerHotel.hotel.data?.cancellationPolicy).to.deep.equal(policy);

    const refusing = testStore(
      stubApis({ ownerHotel: { setCancellationPolicy: () => Promise.reject(httpError(403, { success: false, message: messages.server.notYourHotel })) } }),
    );
    refusing.dispatch(ownerHotelActions.policySubmitted({ hotelId: 'h2', draft: { freeUntilDaysBefore: '3', kind: 'first-night', percent: '' } }));
    expect(selectPolicySubmit(await until(refusing, (s) => s.ownerHotel.policy.status === 'failed')).error).to.equal(messages.server.notYourHotel);
  });
});
