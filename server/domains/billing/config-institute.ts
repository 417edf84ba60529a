import { gstinProblem, stateName } from '../../../contract/gst.ts';

/**
 * The institute's details printed on invoices and emails (INSTITUTE_* and INVOICE_PREFIX), part of the
 * configuration (server/config.ts).
 */

/** Invoice number prefixes: 1 to 4 capital letters or digits, so that every number fits in 16 characters. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

export type Institute = {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  invoicePrefix: string;
  email: string;
  phone: string;
};

/** What demo mode prints on invoices and emails (a fictitious company with a GSTIN that passes the checksum). */
export const DEMO_INSTITUTE: Institute = {
  legalName: 'Credit Careers Institute Private Limited',
  address: '4th Floor, Trade Centre, Bandra Kurla Complex, Bandra (East), Mumbai 400051',
  gstin: '27AAHCC4321K1ZO',
  stateCode: '27',
  invoicePrefix: 'CCI',
  email: 'admissions@creditcareers.example.in',
  phone: '+91 22 4000 1234',
};

const INSTITUTE_ENV: Record<keyof Institute, string> = {
  legalName: 'INSTITUTE_LEGAL_NAME',
  address: 'INSTITUTE_ADDRESS',
  gstin: 'INSTITUTE_GSTIN',
  stateCode: 'INSTITUTE_STATE_CODE',
  invoicePrefix: 'INVOICE_PREFIX',
  email: 'INSTITUTE_EMAIL',
  phone: 'INSTITUTE_PHONE',
};

/** The environment variables a payment needs and that are not set (empty list: payments may start). */
export function missingInvoiceSettings(config: { institute: Institute }): string[] {
  const required: (keyof Institute)[] = ['legalName', 'address', 'gstin', 'stateCode', 'invoicePrefix'];
  return required.filter((key) => !config.institute[key]).map((key) => INSTITUTE_ENV[key]);
}

/** The institute's details from the environment (demo mode fills what is not set), checked. */
export function institute(env: NodeJS.ProcessEnv, demo: boolean): Institute {
  const out = {} as Institute;
  for (const [key, name] of Object.entries(INSTITUTE_ENV) as [keyof Institute, string][]) {
    out[key] = env[name]?.trim() || (demo ? DEMO_INSTITUTE[key] : '');
  }
  if (out.gstin) {
    const problem = gstinProblem(out.gstin, out.stateCode || undefined);
    if (problem) throw new Error(`INSTITUTE_GSTIN "${out.gstin}": ${problem}`);
  }
  if (out.stateCode && !stateName(out.stateCode)) {
    throw new Error(`INSTITUTE_STATE_CODE must be a GST state code such as 27, got "${out.stateCode}".`);
  }
  if (out.invoicePrefix && !INVOICE_PREFIX_PATTERN.test(out.invoicePrefix)) {
    throw new Error(`INVOICE_PREFIX must be 1 to 4 capital letters or digits, got "${out.invoicePrefix}".`);
  }
  return out;
}
