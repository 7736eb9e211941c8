import { actionName, formatDesignDate, formatMoney, type LedgerEntry } from '@roomcraft/contracts';
import { i18n } from '@/lib/i18n';
import { creditsLabel } from './credits-label';

const nameOf = (id: LedgerEntry['action']) => (id === null ? null : actionName(id));

/**
 * What a ledger entry was, in words: "Signup bonus", "Purchase of 200 credits", "Wall paint,
 * 1 design", "Refund: Wall paint, 1 design (the generation failed)"…
 */
export function describeLedgerEntry(entry: LedgerEntry): string {
  const t = i18n.t.bind(i18n);
  const action = nameOf(entry.action);
  const designs = t('credits.ledger.designs', { count: entry.designs ?? 1 });
  switch (entry.reason) {
    case 'signup_bonus':
      return t('credits.ledger.signup_bonus');
    case 'purchase':
      return t('credits.ledger.purchase', { credits: creditsLabel(entry.delta) });
    case 'generation':
      return action === null
        ? t('credits.ledger.generationUnknown')
        : t('credits.ledger.generation', { action, designs });
    case 'refund':
      return action === null
        ? t('credits.ledger.refundUnknown')
        : t('credits.ledger.refund', { action, designs });
    case 'purchase_refund':
      return t('credits.ledger.purchase_refund', { credits: creditsLabel(-entry.delta) });
    case 'adjustment':
      return t('credits.ledger.adjustment');
  }
}

/** "+200" or "−3": a change of credits with its sign. */
export function formatCreditChange(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '0';
}

/** The entry's date as the app writes dates (DD-MM-YYYY, spec §9) and its time of day. */
export function formatLedgerDate(at: string): string {
  const date = new Date(at);
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDesignDate(date)} ${time}`;
}

/** What one credit costs in a package, rounded to the currency's minor unit. */
export function pricePerCredit(price: number, credits: number, currency: string): string {
  return formatMoney(price / credits, currency);
}
