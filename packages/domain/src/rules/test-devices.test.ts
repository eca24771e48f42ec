import { describe, expect, it } from 'vitest';
import { testDeviceMayReceive } from './test-devices.ts';

describe('test devices of a bot before launch', () => {
  it('when the network is RBM then only an accepted tester receives', () => {
    expect(testDeviceMayReceive('rbm', 'ACCEPTED')).toBe(true);
    expect(testDeviceMayReceive('rbm', 'PENDING')).toBe(false);
    expect(testDeviceMayReceive('rbm', 'DECLINED')).toBe(false);
    expect(testDeviceMayReceive('rbm', null)).toBe(false);
  });

  it('when the network is GSMA MaaP then a registered test device receives without any invite', () => {
    expect(testDeviceMayReceive('maap', null)).toBe(true);
  });

  it('when the network is WhatsApp then a number on the allowed list receives without any invite', () => {
    expect(testDeviceMayReceive('whatsapp', null)).toBe(true);
  });
});
