/**
 * Instalment plans' settings (decision record 054): how many days after an instalment's due date access
 * to lessons and live sessions is paused (INSTALMENT_GRACE_DAYS, default 7), and when an instalment's tax
 * invoice is issued (INSTALMENT_INVOICE_ON: `received`, the default, when it is paid; `due_date`, on its
 * due date, paid or not: CGST Act section 31(5)(a), continuous supply of services).
 */
export type InstalmentConfig = { graceDays: number; invoiceOn: 'received' | 'due_date' };

export function loadInstalmentConfig(env: NodeJS.ProcessEnv): InstalmentConfig {
  const rawGrace = env.INSTALMENT_GRACE_DAYS;
  const graceDays = rawGrace === undefined || rawGrace === '' ? 7 : Number(rawGrace);
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > 365) {
    throw new Error(`INSTALMENT_GRACE_DAYS must be a whole number of days from 0 to 365, got "${rawGrace}".`);
  }
  const invoiceOn = env.INSTALMENT_INVOICE_ON?.trim() || 'received';
  if (invoiceOn !== 'received' && invoiceOn !== 'due_date') {
    throw new Error(`INSTALMENT_INVOICE_ON must be received or due_date, got "${invoiceOn}".`);
  }
  return { graceDays, invoiceOn };
}
