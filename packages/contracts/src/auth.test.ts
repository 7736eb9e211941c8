import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, resetPasswordSchema } from './auth';
import { fieldErrors } from './http';
import { messages } from './messages';
import { STORAGE_PREFIX } from './limits';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error ? fieldErrors(result.error.issues) : {});

describe('the shared form schemas', () => {
  it('reports every register error at once in the spec wording', () => {
    expect(
      errorsOf(
        registerSchema.safeParse({ email: '', first_name: ' ', password: '1234567', terms: false }),
      ),
    ).toEqual({
      email: [messages.required],
      first_name: [messages.required],
      last_name: [messages.required],
      password: [messages.passwordTooShort],
      terms: [messages.termsRequired],
    });
  });

  it('normalises the email and keeps the password as typed', () => {
    const parsed = loginSchema.parse({ email: '  Ada@Example.COM ', password: ' secret ' });
    expect(parsed).toEqual({ email: 'ada@example.com', password: ' secret ' });
  });

  it('rejects an invalid email with its own message, not "Cannot be empty"', () => {
    expect(errorsOf(loginSchema.safeParse({ email: 'ada@', password: 'x' }))).toEqual({
      email: [messages.invalidEmail],
    });
  });

  it('accepts a password of exactly the minimum length', () => {
    expect(
      resetPasswordSchema.safeParse({ email: 'a@b.co', password: '12345678', token: 't' }).success,
    ).toBe(true);
  });

  it('derives the storage prefix from the product name', () => {
    expect(STORAGE_PREFIX).toBe('roomcraft');
  });
});
