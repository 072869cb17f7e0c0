// The one plan rule, state by state, with the clock moved across every boundary.
import { describe, expect, test } from 'bun:test';
import { FREE_PLAN_STATUS } from '../../shared/free-plan';
import {
  addMonths,
  currentPeriodEnd,
  decidePlanStatus,
  describeSubscription,
  type SubscriptionRow,
} from './plan-status';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

function row(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    userId: 'u1',
    provider: 'demo',
    customerId: null,
    subscriptionId: 'demo_sub_1',
    status: 'none',
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    hasUsedTrial: false,
    hasPaymentMethod: false,
    cancelReason: null,
    canceledAt: null,
    providerUpdatedAt: null,
    trialEndingMailedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

describe('decidePlanStatus', () => {
  test('no row, or a row with no subscription yet: the free defaults', () => {
    expect(decidePlanStatus(undefined, NOW)).toEqual(FREE_PLAN_STATUS);
    expect(decidePlanStatus(row(), NOW)).toEqual(FREE_PLAN_STATUS);
  });

  test('a running trial is premium with trialActive, up to the last millisecond', () => {
    const trial = row({ status: 'trialing', trialEndsAt: at(7 * DAY), hasUsedTrial: true });
    expect(decidePlanStatus(trial, NOW)).toEqual({
      premium: true,
      trialActive: true,
      trialExpired: false,
      trialEndsAt: at(7 * DAY).toISOString(),
      hasSubscription: false,
      subscriptionStatus: 'trialing',
      hasUsedFreeTrial: true,
    });
    expect(decidePlanStatus(trial, at(7 * DAY - 1)).premium).toBe(true);
  });

  test('a trial without a payment method expires at its end: free, trialExpired (the banner)', () => {
    const trial = row({ status: 'trialing', trialEndsAt: at(7 * DAY), hasUsedTrial: true });
    expect(decidePlanStatus(trial, at(7 * DAY))).toMatchObject({
      premium: false,
      trialActive: false,
      trialExpired: true,
      hasSubscription: false,
      subscriptionStatus: 'expired',
      hasUsedFreeTrial: true,
    });
  });

  test('a trial with a payment method converts at its end', () => {
    const trial = row({ status: 'trialing', trialEndsAt: at(7 * DAY), hasUsedTrial: true, hasPaymentMethod: true });
    expect(decidePlanStatus(trial, at(7 * DAY))).toMatchObject({
      premium: true,
      trialActive: false,
      hasSubscription: true,
      subscriptionStatus: 'active',
    });
  });

  test('a paid plan is premium; cancelling keeps it to the period end, then free with no banner', () => {
    const paid = row({ status: 'active', currentPeriodEnd: at(30 * DAY), hasPaymentMethod: true });
    expect(decidePlanStatus(paid, NOW)).toMatchObject({
      premium: true,
      hasSubscription: true,
      subscriptionStatus: 'active',
    });
    const cancelling = { ...paid, cancelAtPeriodEnd: true };
    expect(decidePlanStatus(cancelling, at(30 * DAY - 1))).toMatchObject({ premium: true, hasSubscription: true });
    expect(decidePlanStatus(cancelling, at(30 * DAY))).toMatchObject({
      premium: false,
      hasSubscription: false,
      trialExpired: false,
      subscriptionStatus: 'canceled',
    });
  });

  test('a demo plan that is not cancelling renews itself; Stripe keeps premium until Stripe says otherwise', () => {
    const demo = row({ status: 'active', currentPeriodEnd: at(30 * DAY), hasPaymentMethod: true });
    expect(decidePlanStatus(demo, at(400 * DAY)).premium).toBe(true);
    const stripe = { ...demo, provider: 'stripe' };
    expect(decidePlanStatus(stripe, at(31 * DAY)).premium).toBe(true);
    expect(decidePlanStatus({ ...stripe, status: 'past_due' }, at(31 * DAY)).premium).toBe(true);
  });

  test('canceled, unpaid and incomplete subscriptions are free; a cancelled trial shows no banner', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired']) {
      expect(decidePlanStatus(row({ status, hasUsedTrial: true, trialEndsAt: at(-DAY) }), NOW)).toMatchObject({
        premium: false,
        trialExpired: false,
        hasSubscription: false,
        subscriptionStatus: status,
        hasUsedFreeTrial: true,
      });
    }
  });
});

describe('addMonths and the demo renewal', () => {
  test('clamps to the end of shorter months and never drifts', () => {
    expect(addMonths(new Date('2026-01-31T09:00:00Z'), 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T09:00:00Z'), 2).toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  test('the running period of a demo plan moves on month by month from its anchor', () => {
    const demo = row({ status: 'active', currentPeriodEnd: new Date('2026-01-31T09:00:00Z'), hasPaymentMethod: true });
    expect(currentPeriodEnd(demo, new Date('2026-01-20T00:00:00Z'))?.toISOString()).toBe('2026-01-31T09:00:00.000Z');
    expect(currentPeriodEnd(demo, new Date('2026-02-10T00:00:00Z'))?.toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(currentPeriodEnd(demo, new Date('2026-03-01T00:00:00Z'))?.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    // A cancelling plan does not renew.
    expect(
      currentPeriodEnd({ ...demo, cancelAtPeriodEnd: true }, new Date('2026-03-01T00:00:00Z'))?.toISOString(),
    ).toBe('2026-01-31T09:00:00.000Z');
  });
});

describe('describeSubscription', () => {
  test('trial without a card: no next billing, $0; with a card: billed when the trial ends', () => {
    const trial = row({ status: 'trialing', trialEndsAt: at(7 * DAY), hasUsedTrial: true });
    expect(describeSubscription(trial, NOW)).toMatchObject({
      nextBilling: null,
      amountCents: 0,
      trialActive: true,
      status: 'trialing',
    });
    expect(describeSubscription({ ...trial, hasPaymentMethod: true }, NOW).nextBilling).toBe(at(7 * DAY).toISOString());
  });

  test('paid: $2.99 and the next billing date; cancelling: no next billing, the period end stays', () => {
    const paid = row({ status: 'active', currentPeriodEnd: at(30 * DAY), hasPaymentMethod: true });
    expect(describeSubscription(paid, NOW)).toMatchObject({
      nextBilling: at(30 * DAY).toISOString(),
      amountCents: 299,
      provider: 'demo',
    });
    expect(describeSubscription({ ...paid, cancelAtPeriodEnd: true }, NOW)).toMatchObject({
      nextBilling: null,
      currentPeriodEnd: at(30 * DAY).toISOString(),
      cancelAtPeriodEnd: true,
    });
  });
});
