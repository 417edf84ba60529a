import type { Config } from './config.ts';
import type { ClaimedAccount } from './platform/db/subquery-rules.ts';
import type { Db, Dialect } from './platform/db/connect.ts';
import type { UserRow } from './platform/db/schema.ts';
import type { HttpError } from './platform/lib/errors.ts';
import type { MailEvents } from './domains/accounts/mail.ts';
import type { PaymentEvents } from './domains/payments/effects.ts';
import type { EnrollmentService } from './domains/enrollments/service.ts';
import type { PaymentService } from './domains/payments/service.ts';
import type { TokenService } from './domains/accounts/tokens.ts';
import type { CatalogueCache } from './domains/catalogue/cache.ts';
import type { PaymentGateway } from './domains/payments/gateway/port.ts';
import type { GatewayEventService } from './domains/payments/gateway-events.ts';
import type { ReconciliationService } from './domains/payments/reconciliation.ts';
import type { RefundService } from './domains/payments/refunds.ts';
import type { InstalmentService } from './domains/pricing/instalments.ts';
import type { MfaFactors } from './domains/accounts/mfa/factors.ts';
import type { MfaLogin } from './domains/accounts/mfa/login.ts';
import type { Passkeys } from './domains/accounts/mfa/passkeys.ts';

/** What every route may use, decorated once on the root instance. */
export type Deps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  tokens: TokenService;
  payments: PaymentService;
  /** Invoices, credit notes and the emails of events, written in the caller's transaction. */
  mail: MailEvents & PaymentEvents;
  enrollments: EnrollmentService;
  /** Public catalogue answers kept in memory (services/catalogue-cache.ts). */
  catalogue: CatalogueCache;
  gateway: PaymentGateway;
  gatewayEvents: GatewayEventService;
  refunds: RefundService;
  reconciliation: ReconciliationService;
  /** Instalment plans and schedules (services/instalments.ts, decision record 054). */
  instalments: InstalmentService;
  /** The second factor (services/mfa/): factors of a user, and the login's second step. */
  mfa: { factors: MfaFactors; login: MfaLogin; passkeys: Passkeys };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** The caller, when a valid access token came with the request. */
    user: UserRow | null;
    /** Why a presented token was refused; answered only where a login is required. */
    authError: HttpError | null;
    /** The login (refresh family) the access token belongs to; null without one. */
    login: string | null;
    /**
     * On a route whose statement proves the account (`config.accountInStatement`, decision record 103): the
     * account a valid token names, not read by the auth hook (`user` stays null there).
     */
    claim: ClaimedAccount | null;
  }
  interface FastifyContextConfig {
    /**
     * The route proves the caller's account active in its own statement instead of the auth hook reading it
     * (decision record 103); its handler runs in `withProvenAccount`.
     */
    accountInStatement?: boolean;
  }
}
