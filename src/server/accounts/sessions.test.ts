import { describe, expect, test } from 'bun:test';
import { hashToken } from './sessions';

describe('hashToken', () => {
  // Stored sessions, reset tokens and device cookies are looked up by this hash: it must stay
  // SHA-256 as lowercase hex, whatever computes it.
  test('is SHA-256 in lowercase hex (the FIPS 180-2 test vectors)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('hashes the UTF-8 bytes of the text', () => {
    expect(hashToken('é')).toBe(new Bun.CryptoHasher('sha256').update(new Uint8Array([0xc3, 0xa9])).digest('hex'));
  });
});
