/** How one table's columns are classified for the data export (decision record 046; server/domains/privacy/personal-data/index.ts). */
export type TableClass = {
  file?: string;
  exported?: readonly string[];
  notPersonal?: readonly string[];
  withheld?: Readonly<Record<string, string>>;
};

/** Why a column written by staff is withheld. */
export const STAFF = 'written by staff about the institute’s work';
