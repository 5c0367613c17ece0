import { describe, expect, it } from '@jest/globals';

describe('errors as stored', () => {
  it("replace the channel's own secrets with their hint", async () => {
    const { withoutSecrets } = await import('./alert-delivery.worker.js');
    expect(
      withoutSecrets('refused: https://hooks.example/T0/B0/abcdefgh is gone; token 42:SECRETTOKEN', {
        url: 'https://hooks.example/T0/B0/abcdefgh',
        token: '42:SECRETTOKEN',
      }),
    ).not.toMatch(/abcdefgh|SECRETTOKEN/);
  });
});
