// The plan display rules of spec sections 2 and 4.
import { describe, expect, test } from 'bun:test';
import { FREE_PLAN_STATUS } from '../../../shared/free-plan';
import type { SubscriptionDetails } from '../../../shared/plans';
import { describeForManagePage, showTrialEndedBanner, showTrialEnds, subscribeButton } from './logic';

describe('subscribeButton', () => {
  test('never had a trial: the trial offer', () => {
    expect(subscribeButton(FREE_PLAN_STATUS)).toEqual({ label: 'Start 7-Day Free Trial', to: '/subscribe' });
  });
  test('trial already used: straight to checkout for the paid plan', () => {
    expect(subscribeButton({ trialActive: false, hasUsedFreeTrial: true })).toEqual({
      label: 'Subscribe to Premium ($2.99/month)',
      to: '/subscribe?payment=true',
    });
  });
  test('during a trial: upgrade', () => {
    expect(subscribeButton({ trialActive: true, hasUsedFreeTrial: true })).toEqual({
      label: 'Upgrade to Premium ($2.99/month)',
      to: '/subscribe?payment=true',
    });
  });
});

describe('trial lines', () => {
  test("'Trial ends' only while a trial runs without a subscription", () => {
    expect(showTrialEnds({ trialActive: true, hasSubscription: false })).toBe(true);
    expect(showTrialEnds({ trialActive: true, hasSubscription: true })).toBe(false);
    expect(showTrialEnds({ trialActive: false, hasSubscription: false })).toBe(false);
  });
  test('the banner only when the trial expired and there is no subscription', () => {
    expect(showTrialEndedBanner({ trialExpired: true, hasSubscription: false })).toBe(true);
    expect(showTrialEndedBanner({ trialExpired: true, hasSubscription: true })).toBe(false);
    expect(showTrialEndedBanner({ trialExpired: false, hasSubscription: false })).toBe(false);
  });
});

describe('describeForManagePage', () => {
  const base: SubscriptionDetails = {
    nextBilling: null,
    status: 'trialing',
    trialActive: true,
    trialEndsAt: '2026-03-17T12:00:00.000Z',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    hasPaymentMethod: false,
    amountCents: 0,
    provider: 'demo',
  };
  test("a trial without next billing: 'Free Trial', '$0.00 (Trial)', Add Payment Method instead of cancel", () => {
    expect(describeForManagePage(base)).toEqual({
      statusLabel: 'Free Trial',
      amount: '$0.00 (Trial)',
      action: 'addPaymentMethod',
      trial: true,
    });
  });
  test('a trial with a card can be cancelled', () => {
    expect(describeForManagePage({ ...base, nextBilling: base.trialEndsAt, hasPaymentMethod: true }).action).toBe(
      'cancel',
    );
  });
  test("paid: 'Active', '$2.99/month', cancel; once cancelling nothing more to do", () => {
    const paid = {
      ...base,
      trialActive: false,
      status: 'active',
      nextBilling: '2026-04-10T12:00:00.000Z',
      amountCents: 299,
    };
    expect(describeForManagePage(paid)).toEqual({
      statusLabel: 'Active',
      amount: '$2.99/month',
      action: 'cancel',
      trial: false,
    });
    expect(describeForManagePage({ ...paid, cancelAtPeriodEnd: true, nextBilling: null })).toMatchObject({
      statusLabel: 'Cancelling',
      action: 'none',
    });
  });
});

describe('subscription-status cache', () => {
  test('fresh for 10 minutes, kept 15, never retried (spec section 7)', async () => {
    const { PLAN_STATUS_CACHE } = await import('./plan-status-cache');
    expect(PLAN_STATUS_CACHE).toEqual({ staleTime: 10 * 60_000, gcTime: 15 * 60_000, retry: false });
  });
});
