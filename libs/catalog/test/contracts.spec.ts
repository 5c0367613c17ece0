import { describe, expect, it } from '@jest/globals';
import { contractSchema, parseInput } from '@propfolio/core';
import Value from 'typebox/value';
import { ArticleQuery, ArticleSlugParams, PlanQuery, PlanRulesSchema } from '../src/index.js';

describe('query contracts', () => {
  it('derive JSON Schemas with documented fields', () => {
    const plans = contractSchema(PlanQuery) as { properties: Record<string, Record<string, unknown>> };
    expect(plans.properties['phases']).toMatchObject({ type: 'integer', minimum: 0, maximum: 3 });
    expect(plans.properties['billing']).toMatchObject({ enum: ['one_time', 'monthly'] });
    expect(plans.properties['firm']?.['description']).toEqual(expect.any(String));
    const articles = contractSchema(ArticleQuery) as { properties: Record<string, Record<string, unknown>> };
    expect(articles.properties['q']).toMatchObject({ type: 'string', maxLength: 200 });
    expect(contractSchema(ArticleSlugParams)).toMatchObject({ required: ['slug'] });
  });

  it('convert query-string numbers and upper-case currencies, with defaults', async () => {
    const query = await parseInput(PlanQuery, { phases: '2', size: '100000', currency: 'eur' });
    expect(query).toMatchObject({ phases: 2, size: 100000, currency: 'EUR', limit: 20 });
    await expect(parseInput(PlanQuery, { colour: 'red' })).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('keep the rule schema strict', () => {
    expect(Value.Check(PlanRulesSchema, { profitTargetsPercent: [] })).toBe(false);
  });
});
