/**
 * memoInRun (lib/rules/engine.ts): a value derived once per run and shared by the rules of the run, never kept
 * once the run is over (nothing of an invoice outlives its validation in a warm process).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../lib/model/invoice.js';
import { memoInRun, runRules } from '../../lib/rules/engine.js';
import type { RuleDefinition } from '../../lib/rules/types.js';
import { validInvoice } from '../fixtures/model.js';

function ruleCalling(check: (inv: Invoice) => void): RuleDefinition {
  return { id: 'TEST-MEMO', severity: 'fatal', terms: [], message: 'test', official: false, check: (inv) => check(inv) };
}

describe('memoInRun', () => {
  it('computes once per run and key, again in the next run and outside any run', () => {
    let calls = 0;
    const derived = memoInRun((inv: Invoice, key: string) => {
      calls++;
      return `${inv.number}:${key}`;
    });
    const inv = validInvoice();
    const seen: string[] = [];
    const rule = ruleCalling((i) => {
      seen.push(derived(i, 'a'), derived(i, 'a'), derived(i, 'b'));
    });
    runRules(inv, [rule, rule]);
    expect(calls).toBe(2);
    runRules(inv, [rule]);
    expect(calls).toBe(4);
    derived(inv, 'a');
    derived(inv, 'a');
    expect(calls).toBe(6);
    expect(new Set(seen)).toEqual(new Set([`${inv.number}:a`, `${inv.number}:b`]));
  });

  it('lets the values of a finished run be collected', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let ref: WeakRef<object> | undefined;
    const derived = memoInRun((_inv: Invoice) => {
      const value = { big: new Array(1000).fill(0) };
      ref = new WeakRef(value);
      return value;
    });
    runRules(validInvoice(), [ruleCalling((i) => void derived(i))]);
    expect(ref).toBeDefined();
    // WeakRef targets survive until the end of the current job: let it end before collecting.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(ref!.deref()).toBeUndefined();
  });
});
