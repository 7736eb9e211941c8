import { z } from 'zod';
import { actionIdSchema } from './design-config';

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A credit package the operator sells; `price` is in minor units of `currency` (ISO 4217). */
export const creditPackageSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'lower-case letters, digits, - and _'),
  credits: z.number().int().positive(),
  price: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code in capitals'),
  best_value: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/**
 * The operator's list (CREDIT_PACKAGES): at least one package, ids unique, at most one marked
 * best value; `best_value` may be left out.
 */
export const creditPackagesSchema = z
  .array(creditPackageSchema.extend({ best_value: z.boolean().default(false) }))
  .min(1)
  .superRefine((packages, ctx) => {
    const ids = new Set<string>();
    for (const [index, item] of packages.entries()) {
      if (ids.has(item.id))
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `${item.id} is used twice` });
      ids.add(item.id);
    }
    if (packages.filter((item) => item.best_value).length > 1)
      ctx.addIssue({ code: 'custom', path: [], message: 'at most one package is the best value' });
  });

export const DEFAULT_CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: 'starter', credits: 50, price: 500, currency: 'EUR', best_value: false },
  { id: 'designer', credits: 200, price: 1500, currency: 'EUR', best_value: true },
  { id: 'studio', credits: 1000, price: 6000, currency: 'EUR', best_value: false },
];

/** `GET /api/credits/packages`; `meta.provider` lets the page say when no money is taken. */
export const creditPackagesAnswerSchema = z.object({
  data: z.array(creditPackageSchema),
  meta: z.object({ provider: z.enum(PAYMENT_PROVIDERS) }),
});
export type CreditPackagesAnswer = z.infer<typeof creditPackagesAnswerSchema>;

export const checkoutRequestSchema = z.object({ package_id: z.string().min(1).max(40) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The provider's session and where to send the browser. */
export const checkoutSessionSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const CHECKOUT_STATUSES = ['paid', 'pending', 'cancelled', 'refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A checkout as its owner sees it on `credits/:sessionId`. */
export const checkoutStatusSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(CHECKOUT_STATUSES),
  package_id: z.string(),
  credits: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  available_credits: z.number().int().nonnegative(),
});
export type CheckoutStatusAnswer = z.infer<typeof checkoutStatusSchema>;

/** The test-mode provider's own checkout page reads this. */
export const testCheckoutSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'cancelled']),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const LEDGER_REASONS = [
  'signup_bonus',
  'purchase',
  'generation',
  'refund',
  'purchase_refund',
  'adjustment',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/**
 * One line of a user's credit history. `action` and `designs` say what a generation (or the
 * refund of a failed one) was for; older rows may not know.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  reason: z.enum(LEDGER_REASONS),
  delta: z.number().int(),
  balance_after: z.number().int().nonnegative(),
  action: actionIdSchema.nullable(),
  designs: z.number().int().positive().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const LEDGER_PAGE_SIZE = 20;

export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const ledgerPageSchema = z.object({
  data: z.array(ledgerEntrySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** "€15.00" for 1500 EUR; the number of minor digits comes from the currency. */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
