import { EngineError } from '@roomcraft/engine';
import { describe, expect, it } from 'vitest';
import { refundedGenerationError } from '../http/errors';
import { failureMessage, failureOf } from './engine-tasks';

describe('an engine refusal crossing the queue', () => {
  it('keeps its kind, its code and its message, and the answer carries the code (issue 10)', () => {
    const refusal = new EngineError(
      'invalid_input',
      'Too little bare floor is visible around the rugs: lay the new floor over the rugs instead',
      'floor_under_rugs',
    );
    const crossed = failureOf(failureMessage(refusal));
    expect(crossed).toMatchObject({
      kind: 'invalid_input',
      refusal: 'floor_under_rugs',
      message: refusal.message,
    });
    const answer = refundedGenerationError(crossed, false);
    expect(answer.status).toBe(422);
    expect(answer.extra).toEqual({ code: 'floor_under_rugs' });
    expect(answer.message).toBe(`${refusal.message}. Your credits were refunded`);
  });

  it('keeps a colon in the message and drops a code it does not know', () => {
    const crossed = failureOf('invalid_input/made_up:The mask: wrong size');
    expect(crossed).toMatchObject({ kind: 'invalid_input', message: 'The mask: wrong size' });
    expect(crossed.refusal).toBeUndefined();
    expect(refundedGenerationError(crossed, false).extra).toEqual({});
    expect(failureOf('nonsense').kind).toBe('failed');
  });
});
