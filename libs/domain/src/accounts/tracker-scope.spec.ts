import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { TRACKER_SCOPE_MESSAGE } from '@propfolio/core';
import { privateOperations } from '../operations.js';
import { createDomainServices } from '../services.js';

describe('the tracker key’s 403', () => {
  it('names every operation a tracker key may run (it said only "register accounts and push daily reports")', () => {
    const trackerOperations = privateOperations(createDomainServices({} as never)).filter((op) => op.tracker === true);
    expect(trackerOperations.length).toBeGreaterThanOrEqual(4);
    expect(trackerOperations.filter((op) => !TRACKER_SCOPE_MESSAGE.includes(op.name)).map((op) => op.name)).toEqual([]);
  });
});
